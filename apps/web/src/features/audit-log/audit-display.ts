import { msg, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { AUDIT_ENTITY_TYPES, type AuditEntityType } from '@academy/shared/schemas/audit-log';

// Record types and the common fields in the language shown (issue 20); the shared labels stay English for CSV files.
const ENTITY_LABELS: Record<AuditEntityType, MessageDescriptor> = {
  student: msg`Student`,
  teacher: msg`Teacher`,
  user: msg`User`,
  batch: msg`Batch`,
  standard: msg`Standard`,
  subject: msg`Subject`,
  attendance: msg`Attendance`,
  note: msg`Note`,
  announcement: msg`Announcement`,
  enquiry: msg`Enquiry`,
  absence_call: msg`Absence call`,
  settings: msg`Settings`,
  backup: msg`Backup`,
  account: msg`Sign-in and password`,
  test: msg`Test`,
  fee_plan: msg`Fee plan`,
  fee_receipt: msg`Receipt`,
  fee_due_invoice: msg`Instalment invoice`,
  fee_concession: msg`Concession`,
  fee_reminder: msg`Fee reminder`,
  payment_claim: msg`UPI payment report`,
  bank_statement: msg`Bank statement`,
  import: msg`Register import`,
  academic_year: msg`New academic year`,
  online_test: msg`Online test`,
  question: msg`Question`,
  homework: msg`Homework`,
  pay: msg`Staff pay`,
  conversation: msg`WhatsApp conversation`,
  quick_reply: msg`Quick reply`,
  lecture: msg`Lecture`,
  parent: msg`Parent`,
};

const FIELD_LABELS: Record<string, MessageDescriptor> = {
  name: msg`Name`,
  email: msg`Email`,
  phone: msg`Phone`,
  parentName: msg`Parent name`,
  parentPhone: msg`Parent phone`,
  standard: msg`Standard`,
  school: msg`School`,
  address: msg`Address`,
  status: msg`Status`,
  notes: msg`Notes`,
  title: msg`Title`,
  language: msg`Language`,
  dateOfBirth: msg`Date of birth`,
  gender: msg`Gender`,
  // Follow-ups (issue 41): the enquiry's follow-up fields and a logged contact.
  followUpOn: msg`Next follow-up`,
  source: msg`Source`,
  referredBy: msg`Referred by (student)`,
  assignedTo: msg`Assigned to`,
  lostReason: msg`Reason`,
  lostNote: msg`Note`,
  kind: msg`How`,
  outcome: msg`Outcome`,
  note: msg`Note`,
};

/** "parentPhone" → "Parent phone", "standardId" → "Standard". */
export function fieldLabel(field: string): string {
  const base = field.replace(/Id$/, '');
  const known = FIELD_LABELS[base];
  if (known) return i18n._(known);
  const words = base.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A recorded value as one line of text; empty values read "(empty)". */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return t`(empty)`;
  if (Array.isArray(value)) return value.length === 0 ? t`(none)` : value.map((item) => displayValue(item)).join(', ');
  if (typeof value === 'boolean') return value ? t`Yes` : t`No`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function entityLabel(type: string): string {
  return (AUDIT_ENTITY_TYPES as readonly string[]).includes(type) ? i18n._(ENTITY_LABELS[type as AuditEntityType]) : type;
}

/** The record-type filter's choices in the language shown. */
export function entityTypeOptions(): { value: AuditEntityType; label: string }[] {
  return AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: i18n._(ENTITY_LABELS[type]) }));
}
