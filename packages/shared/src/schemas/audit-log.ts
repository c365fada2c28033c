import { z } from 'zod';
import { ROLES } from '../roles';
import { calendarDateSchema, optionalQueryValue, pagedQuerySchema, paginationSchema } from './common';

/**
 * The audit log (issue 19): who changed what and when. Record types the Activity screen filters by;
 * services write these in `entityType`.
 */
export const AUDIT_ENTITY_TYPES = [
  'student',
  'parent',
  'teacher',
  'user',
  'batch',
  'standard',
  'subject',
  'attendance',
  'test',
  'note',
  'announcement',
  'enquiry',
  'absence_call',
  'settings',
  'backup',
  'account',
  'fee_plan',
  'fee_receipt',
  'fee_due_invoice',
  'fee_concession',
  'fee_reminder',
  'payment_claim',
  'bank_statement',
  'import',
  'academic_year',
  'online_test',
  'question',
  'homework',
  'pay',
  'conversation',
  'quick_reply',
  'lecture',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** How each record type reads on screen. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  student: 'Student',
  parent: 'Parent',
  teacher: 'Teacher',
  user: 'User',
  batch: 'Batch',
  standard: 'Standard',
  subject: 'Subject',
  attendance: 'Attendance',
  test: 'Test',
  note: 'Note',
  announcement: 'Announcement',
  enquiry: 'Enquiry',
  absence_call: 'Absence call',
  settings: 'Settings',
  backup: 'Backup',
  account: 'Sign-in and password',
  fee_plan: 'Fee plan',
  fee_receipt: 'Fee receipt',
  fee_due_invoice: 'Instalment invoice',
  fee_concession: 'Fee concession',
  fee_reminder: 'Fee reminder',
  payment_claim: 'UPI payment report',
  bank_statement: 'Bank statement',
  import: 'Register import',
  academic_year: 'New academic year',
  online_test: 'Online test',
  question: 'Question',
  homework: 'Homework',
  pay: 'Staff pay',
  conversation: 'WhatsApp conversation',
  quick_reply: 'Quick reply',
  lecture: 'Lecture',
};

const RANGE_MESSAGE = 'The "from" date must be on or before the "to" date';

const filterShape = {
  actor: optionalQueryValue(z.uuid({ error: 'Choose a person from the list' })),
  entityType: optionalQueryValue(z.enum(AUDIT_ENTITY_TYPES, { error: 'Choose a record type from the list' })),
  entityId: optionalQueryValue(z.string().max(200, 'The record id is too long')),
  from: optionalQueryValue(calendarDateSchema),
  to: optionalQueryValue(calendarDateSchema),
};
const rangeInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;

/** The filters of the list and of the CSV export: who, which record (type, id), which days (academy dates). */
export const auditLogFilterQuerySchema = z.object(filterShape).refine(rangeInOrder, { message: RANGE_MESSAGE, path: ['from'] });

export const auditLogListQuerySchema = z
  .object({ ...pagedQuerySchema({ defaultLimit: 25, maxLimit: 100 }).shape, ...filterShape })
  .refine(rangeInOrder, { message: RANGE_MESSAGE, path: ['from'] });

export const auditChangeSchema = z.object({ old: z.unknown(), new: z.unknown() });

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.iso.datetime({ offset: true }),
  /** Null for a visitor or the system; a deleted account keeps its id and role with name "Deleted account". */
  actor: z.object({ _id: z.string(), name: z.string(), role: z.enum(ROLES) }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  changes: z.record(z.string(), auditChangeSchema).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The people the "Who" filter offers: admins and teachers, who make most changes (anyone else is reached from an entry). */
export const auditPeopleSchema = z.array(z.object({ _id: z.string(), name: z.string(), role: z.enum(ROLES) }));
export type AuditPerson = z.infer<typeof auditPeopleSchema>[number];

export const auditLogListSchema = z.object({ items: z.array(auditEntrySchema), pagination: paginationSchema });
export type AuditLogList = z.infer<typeof auditLogListSchema>;
