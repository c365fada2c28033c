import type { Language } from '../languages';
import { word, type CatalogText } from './server-catalog';

/**
 * Activity summaries stored as a key and values (decision 015, "texts the server makes from records"):
 * `recordAudit` stores `summary_key` + `summary_values` beside the English `summary`, and the Activity
 * screen, the History panels and the Activity CSV word the entry in the reader's language when read.
 * Each key names its English sentence; the sentence and its Marathi and Hindi are entries of the server
 * catalog's `audit` section (server-catalog.ts, decision 028). `{name}` is a value put in as written
 * (names, titles, dates as DD-MM-YYYY, numbers). The English sentence is what `summary` stores, word for
 * word what the call sites wrote before keys existed. A call site without a key (or a key a later
 * version dropped) keeps working: its stored English `summary` is shown.
 */
export const AUDIT_TEXTS = {
  'account.signed_in': '{name} signed in',
  'account.signin_refused': 'Sign-in refused after too many failed tries for {account} (address {ip})',
  'account.password_changed': 'Changed their own password',
  'account.password_reset_link': 'Password set with an emailed link for {email}',
  'account.password_reset_cli': 'Password of {email} set from the command line',
  'account.profile_updated': 'Updated their own profile',
  'account.calendar_created': 'Made a new calendar address (any earlier one stopped working)',
  'account.calendar_deleted': 'Turned off their calendar address',
  'standard.created': 'Added standard {name}',
  'standard.updated': 'Updated standard {name}',
  'standard.deleted': 'Deleted standard {name}',
  'subject.created': 'Added subject {name}',
  'subject.updated': 'Updated subject {name}',
  'subject.deleted': 'Deleted subject {name}',
  'teacher.created': 'Added teacher {name}',
  'teacher.updated': 'Updated teacher {name}',
  'teacher.updated_password': 'Updated teacher {name} (new password set)',
  'teacher.deleted': 'Deleted teacher {name}',
  'student.created': 'Added student {name}',
  'student.updated': 'Updated student {name}',
  'student.updated_password': 'Updated student {name} (new password set)',
  'student.sign_in_slip': 'Set a new password for student {name} and printed their sign-in slip',
  'student.archived': 'Archived student {name}',
  'batch.created': 'Added batch {name}',
  'batch.updated': 'Updated batch {name}',
  'batch.deleted': 'Deleted batch {name}',
  'batch.enrolled': 'Enrolled {student} in {batch}',
  'batch.enrolled_moved': 'Enrolled {student} in {batch} (moved from {fromBatch})',
  'batch.moved': 'Moved {student} from {fromBatch} to {toBatch}',
  'batch.moved_dues': 'Moved {student} from {fromBatch} to {toBatch} and cancelled their unpaid dues of {fromBatch} ({count})',
  'attendance.marked': 'Marked attendance of {batch} for {date}: {present} present, {absent} absent, {late} late',
  'attendance.corrected': 'Corrected attendance of {batch} for {date}: {present} present, {absent} absent, {late} late',
  'absence.called': 'Ticked "called" for {student}, absent on {date}',
  'absence.uncalled': 'Removed the "called" tick for {student} on {date}',
  'announcement.created': 'Added announcement "{title}"',
  'announcement.updated': 'Updated announcement "{title}"',
  'announcement.deleted': 'Deleted announcement "{title}"',
  'note.uploaded': 'Uploaded note "{title}" ({file})',
  'note.updated': 'Updated note "{title}"',
  'note.updated_file': 'Updated note "{title}" (new file {file})',
  'note.deleted': 'Deleted note "{title}"',
  'homework.set': 'Set homework "{title}"',
  'homework.attached': 'Added {files} files to homework "{title}"',
  'homework.submitted': 'Handed in homework "{title}" ({pages} pages)',
  'homework.submitted_late': 'Handed in homework "{title}" late ({pages} pages)',
  'homework.checked_done': 'Checked homework "{title}" of {student}: done',
  'homework.checked_redo': 'Checked homework "{title}" of {student}: redo',
  'homework.updated': 'Changed homework "{title}"',
  'homework.deleted': 'Deleted homework "{title}"',
  'homework.ticked': 'Ticked homework "{title}" done in class by {done} students',
  'homework.settings_saved': 'Changed the homework settings',
  'homework.pages_removed': 'Removed {pages} pages of {submissions} homework submissions older than a term',
  'pay.settings_saved': 'Saved the pay settings of {name}',
  'pay.month_approved': 'Approved the payroll of {month}: {teachers} teachers, net {net}',
  'pay.month_reopened': 'Reopened the payroll of {month} (it had {teachers} teachers, net {net})',
  'pay.month_paid': 'Marked the payroll of {month} paid ({mode}, {date}, reference {reference})',
  'pay.lecture_added': 'Added a lecture of {name} in {batch} on {date}: {reason}',
  'pay.lecture_removed': 'Took away a lecture of {name} in {batch} on {date}: {reason}',
  'pay.extra_added': 'Added an extra of {amount} to the pay of {name} for {month}: {note}',
  'pay.deduction_added': 'Added a deduction of {amount} from the pay of {name} for {month}: {note}',
  'pay.leave_asked': 'Asked for leave from {from} to {to}',
  'pay.leave_approved_unpaid': 'Approved the leave of {name} from {from} to {to} (unpaid)',
  'pay.leave_approved_paid': 'Approved the leave of {name} from {from} to {to} (paid)',
  'pay.leave_rejected': 'Refused the leave of {name} from {from} to {to}',
  'pay.substitute_assigned': 'Assigned {teacher} to teach {batch} on {date}',
  'pay.payroll_settings_saved': 'Changed the payroll settings (TAN, debit account)',
  'enquiry.public_form': 'Admission enquiry from {name} (public form)',
  'enquiry.office': 'Recorded an office enquiry from {name}',
  'enquiry.contact': 'Contact message from {name}',
  'enquiry.updated': 'Updated the enquiry of {name}',
  'enquiry.deleted': 'Deleted the enquiry of {name}',
  'enquiry.converted': 'Converted the enquiry of {name} to a student',
  'backup.created': 'Made backup {name}',
  'backup.created_automatic': 'Made the automatic backup {name}',
  'backup.deleted': 'Deleted backup {name}',
  'backup.deleted_automatic': 'Removed the old automatic backup {name}',
  'backup.uploaded': 'Uploaded backup {name}',
  'backup.restored': 'Restored backup {name}',
  'backup.restored_remote': 'Restored backup {name} from the bucket off the machine',
  'backup.restored_unsigned_cli': 'Restored backup {name} from the command line although it is not signed by this server (--trust-unsigned)',
  'enquiry.status': 'Moved the enquiry of {name} from {from} to {to}',
  // Follow-ups (issue 41).
  'enquiry.follow_up': 'Updated the follow-up of the enquiry of {name}',
  'enquiry.contact_logged': 'Logged a contact with the family of {name}',
  'batch.unenrolled': 'Removed a student from {batch}',
  'batch.unenrolled_dues': 'Removed a student from {batch} and cancelled their unpaid dues ({count})',
  'parent.added': 'Added parent {name} for {student}',
  'parent.linked': 'Linked parent {name} to {student}',
  'parent.linked_on_convert': 'Linked a parent to {student} on converting their enquiry',
  'parent.unlinked': 'Unlinked a parent from a student',
  'parent_message.retried_absence': 'Sent a failed absence alert again',
  'parent_message.retried_fee_reminder': 'Sent a failed fee reminder again',
  'parent_message.retried_fee_receipt': 'Sent a failed fee receipt message again',
  'parent_message.retried_report_card': 'Sent a failed report card message again',
  'parent_message.retried': 'Sent a failed message to a parent again',
  'parent_message.sent_now': 'Sent a message held by the quiet hours now',
  'settings.updated': 'Updated the academy settings',
  'settings.academy_started': 'Started the academy {name} at the address {address}',
  'settings.parent_alerts': 'Updated the absence alerts and parent webhook',
  'settings.parent_alerts_secret': 'Updated the absence alerts and parent webhook; webhook secret changed',
  'settings.webhook_secret': 'Webhook secret changed',
  'settings.messaging': 'Updated the message settings',
  'settings.backups_offsite': 'Updated the bucket for backups off the machine',
  'settings.backups_offsite_keys': 'Updated the bucket for backups off the machine; its access keys changed',
  'settings.backups_offsite_off': 'Turned off backups off the machine',
  'settings.backups_recovery_sheet': 'Downloaded the recovery sheet of the backups off the machine',
  'settings.messaging_secret': 'Updated the message settings; a provider credential changed',
  'settings.msg91_token': 'Made a new address for MSG91 delivery reports (the old one stopped working)',
  'settings.payments': 'Updated the payment settings (UPI)',
  'settings.brand': 'Updated the brand (logo, colour, name under the icon)',
  'settings.app': 'Updated the app settings (package name, signing fingerprints)',
  'settings.tax_on': 'Saved the tax settings: GST registered with GSTIN {gstin} from {date}',
  'settings.tax_off': 'Saved the tax settings: not registered for GST from {date}',
  'settings.domain_added': 'Added the domain {domain}',
  'settings.domain_verified': 'Proved the domain {domain} is ours: the site answers there',
  'settings.domain_removed': 'Removed the domain {domain}',
  'parent.channel': 'Changed how {name} gets messages',
  'parent.whatsapp_stop': '{name} replied STOP on WhatsApp: no more WhatsApp messages',
  'conversation.reply': 'Replied to {name} on WhatsApp',
  'conversation.template': 'Sent {name} a WhatsApp template message',
  'conversation.update': 'Updated the conversation with {name}',
  'absence.reason': '{name} gave the reason for {child}’s absence on {date}',
  'absence.excused': 'Accepted {child}’s absence on {date} as excused',
  'absence.not_excused': 'Took back the excuse of {child}’s absence on {date}',
  'quick_reply.create': 'Added a quick reply',
  'quick_reply.delete': 'Removed a quick reply',
  'account.signed_in_code': '{name} signed in with a code sent to their phone',
  'account.created_cli': 'Created the {role} account {email} from the command line',
  'fee_plan.created': 'Created fee plan {name} (₹{amount}) for {batch}',
  'fee_plan.updated': 'Updated fee plan {name} for {batch}',
  'fee_plan.updated_moved': 'Updated fee plan {name} for {batch}; the future dues of enrolled students follow ({count})',
  'fee_plan.deleted': 'Deleted fee plan {name}',
  'fee_receipt.created': 'Recorded payment {number} of ₹{amount} ({mode}) from {student}',
  'fee_receipt.cancelled': 'Cancelled receipt {number} (₹{amount}): {reason}',
  'fee_receipt.revised': 'Issued revised invoice {invoice} for receipt {number} (₹{amount})',
  'fee_due_invoice.issued': 'Issued tax invoice {number} (₹{amount}) on the due date of {due}',
  'fee_due_invoice.cancelled': 'Cancelled invoice {number} (₹{amount}) with credit note {creditNote}: {reason}',
  'fee_concession.amount': 'Gave {student} a concession of ₹{amount}: {reason}',
  'fee_concession.percent': 'Gave {student} a concession of ₹{amount} ({percent}%): {reason}',
  'fee_reminder.sent': 'Sent fee reminders: {dues} dues of {students} students',
  'bank_statement.imported': 'Uploaded the bank statement {file}: {credits} new credits',
  'import.students': 'Imported the register {file}: {created} new students, {updated} updated',
  'import.undone': 'Undid the import of the register {file} ({created} students removed)',
  'academic_year.rolled_over': 'Began the academic year {to}: {promoted} students moved up, {alumni} left as alumni',
  'academic_year.rollover_undone': 'Undid the start of the academic year {to}; back to {from}',
  'settings.statement_mapping': 'Saved the columns of the bank statement',
  'payment_claim.created': 'Reported a UPI payment of ₹{amount} (UTR {utr})',
  'payment_claim.rejected': 'Rejected the report of a UPI payment of ₹{amount} (UTR {utr}): {reason}',
  'payment_claim.superseded': 'The office recorded the UPI payment of ₹{amount} (UTR {utr}) itself; the report was closed',
  'bank_statement.credit_set_aside': 'Set aside the bank credit of ₹{amount} of {date}: {note}',
  'bank_statement.credit_put_back': 'Put back the bank credit of ₹{amount} of {date}',
  'test.created': 'Created test {name} ({date}, out of {max}) in {batch}',
  'test.updated': 'Updated test {name} in {batch}',
  'test.corrected': 'Corrected published test {name} in {batch}',
  'test.deleted': 'Deleted test {name} ({date}) of {batch}',
  'test.marks_entered': 'Entered marks of {name} ({batch}): {marked} with marks, {absent} absent',
  'test.marks_imported': 'Entered marks of {name} ({batch}) from a CSV file: {marked} with marks, {absent} absent',
  'test.marks_corrected': 'Corrected published marks of {name} ({batch}): {marked} with marks, {absent} absent',
  'test.marks_corrected_imported': 'Corrected published marks of {name} ({batch}) from a CSV file: {marked} with marks, {absent} absent',
  'test.published': 'Published results of {name} ({batch})',
  'test.report_cards_mailed': 'Queued report cards of {count} students of {batch} for mailing',
  'test.remark_written': 'Wrote the report card remark of {student} in {batch}',
  'test.remark_removed': 'Removed the report card remark of {student} in {batch}',
  'export.academy_workbook': 'Downloaded the whole academy as an Excel workbook ({file})',
  'enquiry.demo_booked': 'Booked a demo class for {name} in {batch} on {date}',
  'enquiry.demo_cancelled': 'Cancelled the demo class of {name} in {batch} on {date}',
  'enquiry.demo_present': 'Marked {name} present at the demo class of {batch} on {date}',
  'enquiry.demo_absent': 'Marked {name} absent at the demo class of {batch} on {date}',
  'question.created': 'Added a question to the bank ({subject}, {chapter})',
  'question.updated': 'Updated a question of the bank ({subject}, {chapter})',
  'question.deleted': 'Deleted a question from the bank ({subject}, {chapter})',
  'question.hidden': 'Removed a question from the bank ({subject}, {chapter}); the tests that use it keep it',
  'question.imported': 'Imported {created} questions from {file}',
  'online_test.created': 'Created online test {title} ({count} questions)',
  'online_test.updated': 'Updated online test {title}',
  'online_test.deleted': 'Deleted online test {title}',
  'online_test.published': 'Published online test {title} to its batches',
  // The platform operator (issue 55): recorded in the academy's own log, so its admin sees it.
  'academy.suspended_by_operator': 'Platform operator {operator} suspended the academy (site and sign-ins closed, records kept)',
  'academy.resumed_by_operator': 'Platform operator {operator} opened the academy again',
  'academy.closed_by_operator': 'Platform operator {operator} closed the academy (records and files removed after {days} days unless it is resumed)',
} as const satisfies Record<string, CatalogText<'audit'>>;

export type AuditTextKey = keyof typeof AUDIT_TEXTS;
export type AuditText = { key: AuditTextKey; values?: Record<string, string | number> };

/**
 * Values that are the product's own words, not names: stored as their code ('contacted', 'upi',
 * 'teacher') under these placeholder names; the code's English is worded in the reader's language by
 * the catalog's `auditValues` section (the glossary's words).
 */
const ENQUIRY_STATUS_WORDS = { new: 'new', contacted: 'contacted', admitted: 'admitted', rejected: 'rejected' } as const;
const WORDED_VALUES: Record<string, Record<string, CatalogText<'auditValues'>>> = {
  from: ENQUIRY_STATUS_WORDS,
  to: ENQUIRY_STATUS_WORDS,
  mode: { cash: 'cash', upi: 'UPI', cheque: 'cheque', bank_transfer: 'bank transfer', card: 'card' },
  role: { admin: 'admin', teacher: 'teacher', student: 'student', parent: 'parent' },
};

/**
 * An Activity entry's summary in a language, from its stored key and values; null for an unknown key
 * (the caller then shows the stored English summary). Values are put in as written, except the
 * product's own words in WORDED_VALUES (a status, a payment mode, a role).
 */
export function wordAuditSummary(key: string, values: Record<string, unknown> | null | undefined, language: Language): string | null {
  const text = (AUDIT_TEXTS as Record<string, CatalogText<'audit'>>)[key];
  if (!text) return null;
  const worded: Record<string, string> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    const own = WORDED_VALUES[name]?.[String(value)];
    worded[name] = own ? word('auditValues', own, language) : String(value);
  }
  return word('audit', text, language, worded);
}
