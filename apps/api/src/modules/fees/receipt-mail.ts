import { academyInLanguage } from '@academy/shared/schemas/settings';
import { and, eq } from 'drizzle-orm';
import { formatDate } from '@academy/shared/calendar';
import type { Language } from '@academy/shared/languages';
import { formatPaise } from '@academy/shared/money';
import type { ReceiptRecipient } from '@academy/shared/schemas/fees';
import type { DbExecutor } from '../../db/client';
import { students, users } from '../../db/schema';
import type { Jobs } from '../../events/catalog';
import { feeReceiptMail, feeReceiptParentMessages, type FeeReceiptFacts } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { linkedParentsOf, notifyParents, reachOfParents } from '../family-outbox';
import { academyHeaderLogo, academyMailBrand, getAcademySettings } from '../../academy-settings';
import { printableReceipt, type PrintableReceipt } from './payments.service';
import { renderReceiptPdf } from './receipt-pdf';
import { renderCreditNotePdf } from './credit-note-pdf';
import { joinOn, thisAcademy } from '../../db/same-academy';

/** The job that mails a new receipt to the family (queued by POST /api/students/{id}/payments). */
export const FEE_RECEIPT_JOB = 'fee-receipt';
const RECEIPT_NOTE_CHANNELS = ['webhook', 'push', 'whatsapp', 'sms'] as const;

/**
 * Where a new receipt goes (issue 42: the office tells the family at the counter): each parent with
 * the channels deliverFeeReceipt will use (their email with the PDF, and their app, WhatsApp or SMS
 * note), or the student's own email when no parent is linked. Empty: nobody can be reached.
 */
export async function receiptRecipients(db: DbExecutor, studentId: string): Promise<ReceiptRecipient[]> {
  const parents = await reachOfParents(db, studentId, 'fee-receipt', RECEIPT_NOTE_CHANNELS, true);
  if (parents.length > 0) return parents.filter((parent) => parent.channels.length > 0);
  const [student] = await db.select({ name: users.name, email: users.email }).from(students).innerJoin(users, joinOn(users.id, students.userId)).where(and(eq(students.id, studentId), thisAcademy(students), thisAcademy(users))).limit(1);
  return student?.email ? [{ name: student.name, channels: ['email'] }] : [];
}

/** Rupees with at most two decimals (as the API gives them) back to whole paise for the Indian grouping. */
const toPaise = (rupees: number) => Math.round(rupees * 100);

/** The receipt's PDF in a language, with the academy's header from Settings (the download and the mail print the same file). */
export async function receiptPdfIn(db: DbExecutor, receipt: PrintableReceipt, language: Language): Promise<Buffer> {
  // The address in the reader's language when the office wrote one (issue 42).
  const settings = academyInLanguage(await getAcademySettings(db), language);
  const header = { name: settings.name, address: settings.address, phones: settings.phones, email: settings.email, logo: await academyHeaderLogo(db), colour: settings.brand.colour };
  return renderReceiptPdf({ header, receipt, language });
}

/** A credit note's PDF in a reader's language, the academy's header as on its receipt. */
export async function creditNotePdfIn(db: DbExecutor, receipt: PrintableReceipt, language: Language): Promise<Buffer> {
  const settings = academyInLanguage(await getAcademySettings(db), language);
  const header = { name: settings.name, address: settings.address, phones: settings.phones, email: settings.email, logo: await academyHeaderLogo(db), colour: settings.brand.colour };
  return renderCreditNotePdf({ header, receipt, language });
}

/** "receipt-2026-27-0001.pdf" */
export const receiptFileName = (number: string) => `receipt-${number.replace('/', '-')}.pdf`;

/**
 * THE one place a receipt leaves the academy (the `fee-receipt` job, with the runner's retries): to
 * each parent linked to the student, on their email with the PDF attached, mail and receipt in the
 * parent's language; and a short note through the parents' webhook (SMS/WhatsApp, when Settings has
 * one) via `notifyParents`, so the office's "Messages to parents today" shows it. A student without
 * linked parents gets it on their own account email instead; without either, nothing is sent. A
 * receipt cancelled before the job ran is not sent.
 */
export async function deliverFeeReceipt(deps: { db: DbExecutor; mailer: Mailer; jobs?: Jobs }, receiptId: string): Promise<void> {
  const receipt = await printableReceipt(deps.db, receiptId);
  if (!receipt || receipt.cancelled) return;
  const [[student], parents, settings] = await Promise.all([
    deps.db.select({ email: users.email, language: users.language }).from(students).innerJoin(users, joinOn(users.id, students.userId)).where(eq(students.id, receipt.student._id)).limit(1),
    linkedParentsOf(deps.db, receipt.student._id),
    getAcademySettings(deps.db),
  ]);
  if (!student) return;
  const facts: FeeReceiptFacts = {
    academyName: settings.name,
    studentName: receipt.student.name,
    number: receipt.number,
    date: formatDate(receipt.date),
    amount: formatPaise(toPaise(receipt.amount)),
    balanceAfter: formatPaise(toPaise(receipt.balanceAfter)),
  };
  const toStudent = parents.length === 0;
  // A parent with only a phone gets no mail: their WhatsApp/SMS note below still goes.
  const readers = (toStudent ? [{ email: student.email, language: student.language }] : parents).flatMap((reader) => (reader.email ? [{ email: reader.email, language: reader.language }] : []));
  // One PDF per language the readers need (a Marathi mother and an English father: two files).
  const pdfs = new Map<Language, Buffer>();
  const brand = readers.length > 0 ? await academyMailBrand(deps.db) : undefined;
  for (const reader of readers) {
    if (!pdfs.has(reader.language)) pdfs.set(reader.language, await receiptPdfIn(deps.db, receipt, reader.language));
    const mail = feeReceiptMail({ ...facts, language: reader.language, toStudent, brand });
    await deps.mailer.send({ ...mail, to: reader.email, attachments: [{ filename: receiptFileName(receipt.number), content: pdfs.get(reader.language)!, contentType: 'application/pdf' }] });
  }
  if (toStudent) return;
  await notifyParents(deps.db, deps.jobs, {
    studentId: receipt.student._id,
    kind: 'fee-receipt',
    key: `fee-receipt:${receipt._id}`,
    date: receipt.date,
    // The mail above carries the PDF; WhatsApp/SMS and the webhook carry a short note.
    channels: RECEIPT_NOTE_CHANNELS,
    messages: feeReceiptParentMessages(facts),
    payload: { child: { _id: receipt.student._id, name: receipt.student.name }, receipt: { number: receipt.number, date: receipt.date, amount: receipt.amount, balanceAfter: receipt.balanceAfter } },
    values: { child: receipt.student.name, amount: facts.amount, receiptNumber: receipt.number },
  });
}
