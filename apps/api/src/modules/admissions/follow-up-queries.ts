import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { shiftDate } from '@academy/shared/calendar';
import type { EnquiryContact, FollowUpFilter } from '@academy/shared/schemas/admissions';
import type { DbExecutor } from '../../db/client';
import { academyTodaySql } from '../../db/academy-today';
import { admissionEnquiries, admissionEnquiryContacts, students, users } from '../../db/schema';
import { ENQUIRY_HANDLER_ROLES } from '../../access/enquiries';
import { AppError } from '../../lib/app-error';
import { academyToday } from '../../academy-settings';
import { joinOn } from '../../db/same-academy';

/*
 * The follow-up pieces the enquiry list and detail share with the follow-up service (issue 41), in a
 * file of their own so that the two services do not import each other.
 */

/** Still being worked on. Written out (not as parameters) so the partial index on follow_up_on applies. */
export const openEnquiry = sql`${admissionEnquiries.status} in ('new', 'contacted')`;

/** ?followUp=: open enquiries by their follow-up day, in the academy's calendar (db/academy-today.ts). */
export function followUpCondition(filter: FollowUpFilter): SQL {
  const day = admissionEnquiries.followUpOn;
  if (filter === 'today') return sql`(${openEnquiry} and ${day} = ${academyTodaySql()})`;
  if (filter === 'overdue') return sql`(${openEnquiry} and ${day} < ${academyTodaySql()})`;
  // The week: today and the six days after it.
  return sql`(${openEnquiry} and ${day} between ${academyTodaySql()} and ${academyTodaySql()} + 6)`;
}

/** An enquiry's contacts log, newest first, with who logged each. */
export async function contactsOf(db: DbExecutor, enquiryId: string): Promise<EnquiryContact[]> {
  const rows = await db
    .select({
      _id: admissionEnquiryContacts.id,
      kind: admissionEnquiryContacts.kind,
      outcome: admissionEnquiryContacts.outcome,
      note: admissionEnquiryContacts.note,
      followUpOn: admissionEnquiryContacts.followUpOn,
      byId: users.id,
      byName: users.name,
      createdAt: admissionEnquiryContacts.createdAt,
    })
    .from(admissionEnquiryContacts)
    .leftJoin(users, joinOn(users.id, admissionEnquiryContacts.createdBy))
    .where(eq(admissionEnquiryContacts.enquiryId, enquiryId))
    .orderBy(desc(admissionEnquiryContacts.createdAt), desc(admissionEnquiryContacts.id));
  return rows.map(({ byId, byName, createdAt, ...contact }) => ({ ...contact, createdBy: byId ? { _id: byId, name: byName! } : null, createdAt: createdAt.toISOString() }));
}

export const FOLLOW_UP_IN_PAST = 'The follow-up date cannot be in the past';
export const FOLLOW_UP_TOO_FAR = 'Choose a follow-up date within a year';
export const REFERRER_NOT_FOUND = 'The referring student does not exist';
export const ASSIGNEE_NOT_ALLOWED = 'Enquiries can only be assigned to an active office account';

/** A follow-up day is today or later (the academy's today), and within a year. */
export async function assertFollowUpDate(db: DbExecutor, followUpOn: string | null | undefined): Promise<void> {
  if (!followUpOn) return;
  const today = await academyToday(db);
  if (followUpOn < today) throw new AppError('BAD_REQUEST', FOLLOW_UP_IN_PAST, { followUpOn: FOLLOW_UP_IN_PAST });
  if (followUpOn > shiftDate(today, 366)) throw new AppError('BAD_REQUEST', FOLLOW_UP_TOO_FAR, { followUpOn: FOLLOW_UP_TOO_FAR });
}

/** The follow-up fields of an office enquiry or a PATCH: a date not past, a real student, an assignee who may handle enquiries. */
export async function assertFollowUpFields(db: DbExecutor, input: { followUpOn?: string | null; referredBy?: string | null; assignedTo?: string | null }): Promise<void> {
  await assertFollowUpDate(db, input.followUpOn);
  if (input.referredBy) {
    const [found] = await db.select({ id: students.id }).from(students).where(eq(students.id, input.referredBy)).limit(1);
    if (!found) throw new AppError('BAD_REQUEST', REFERRER_NOT_FOUND, { referredBy: 'Choose the referring student from the list' });
  }
  if (input.assignedTo) {
    const [found] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.assignedTo), eq(users.isActive, true), inArray(users.role, [...ENQUIRY_HANDLER_ROLES])))
      .limit(1);
    if (!found) throw new AppError('BAD_REQUEST', ASSIGNEE_NOT_ALLOWED, { assignedTo: ASSIGNEE_NOT_ALLOWED });
  }
}
