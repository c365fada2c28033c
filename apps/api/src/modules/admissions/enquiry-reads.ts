/** Reading enquiries: the office's list and counts, one enquiry with its possible duplicates. */
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
    ENQUIRY_TRANSITIONS,
    type AdmissionEnquiry,
    type AdmissionEnquiryDetail,
    type AdmissionEnquiryList, type EnquiryCounts,
    type EnquiryDuplicates, type admissionEnquiryListQuerySchema, enquiryNumberOf,
    enquiryReference
} from '@academy/shared/schemas/admissions';
import type { DbExecutor } from '../../db/client';
import {
    admissionEnquiries,
    admissionEnquiryStatusChanges,
    admissionEnquirySubjects, standards,
    students,
    subjects,
    users
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import { contactsOf, followUpCondition } from './follow-up-queries';
import { ENQUIRY_NOT_FOUND } from './enquiry-lock';
import { joinOn, qualified } from '../../db/same-academy';

type ListQuery = z.output<typeof admissionEnquiryListQuerySchema>;

const studentUsers = sql`student_users`;
const referrers = sql`referrers`;
const referrerUsers = sql`referrer_users`;
const assignees = sql`assignees`;
const enquiryColumns = {
  _id: admissionEnquiries.id,
  number: admissionEnquiries.number,
  studentName: admissionEnquiries.studentName,
  email: admissionEnquiries.email,
  emailVerifiedAt: admissionEnquiries.emailVerifiedAt,
  phone: admissionEnquiries.phone,
  parentName: admissionEnquiries.parentName,
  parentPhone: admissionEnquiries.parentPhone,
  gender: admissionEnquiries.gender,
  dateOfBirth: admissionEnquiries.dateOfBirth,
  standardId: standards.id,
  standardName: standards.name,
  standardLevel: standards.level,
  school: admissionEnquiries.school,
  board: admissionEnquiries.board,
  medium: admissionEnquiries.medium,
  address: admissionEnquiries.address,
  message: admissionEnquiries.message,
  form: admissionEnquiries.form,
  source: admissionEnquiries.source,
  referredById: admissionEnquiries.referredByStudentId,
  referredByName: sql<string | null>`(select ${referrerUsers}.name from ${students} ${referrers} join ${users} ${referrerUsers} on ${referrerUsers}.id = ${referrers}.user_id and ${referrerUsers}.academy_id = ${referrers}.academy_id where ${referrers}.id = ${admissionEnquiries.referredByStudentId} and ${referrers}.academy_id = ${qualified(admissionEnquiries.academyId)})`,
  utmSource: admissionEnquiries.utmSource,
  utmCampaign: admissionEnquiries.utmCampaign,
  language: admissionEnquiries.language,
  followUpOn: admissionEnquiries.followUpOn,
  assignedToId: admissionEnquiries.assignedTo,
  assignedToName: sql<string | null>`(select ${assignees}.name from ${users} ${assignees} where ${assignees}.id = ${admissionEnquiries.assignedTo} and ${assignees}.academy_id = ${qualified(admissionEnquiries.academyId)})`,
  status: admissionEnquiries.status,
  lostReason: admissionEnquiries.lostReason,
  lostNote: admissionEnquiries.lostNote,
  notes: admissionEnquiries.notes,
  studentId: admissionEnquiries.studentId,
  // The converted student's name, from their account (aliased: `users` may be joined for other reasons).
  studentAccountName: sql<string | null>`(select ${studentUsers}.name from ${students} join ${users} ${studentUsers} on ${studentUsers}.id = ${students.userId} and ${studentUsers}.academy_id = ${students.academyId} where ${students.id} = ${admissionEnquiries.studentId} and ${students.academyId} = ${qualified(admissionEnquiries.academyId)})`,
  convertedAt: admissionEnquiries.convertedAt,
  createdAt: admissionEnquiries.createdAt,
  updatedAt: admissionEnquiries.updatedAt,
};

function selectEnquiries(db: DbExecutor, extra: { total?: SQL.Aliased<number> } = {}) {
  return db
    .select({ ...enquiryColumns, ...extra })
    .from(admissionEnquiries)
    .leftJoin(standards, joinOn(standards.id, admissionEnquiries.standardId));
}

type EnquiryRow = Awaited<ReturnType<typeof selectEnquiries>>[number];

/** The subjects of these enquiries, in one query. */
async function subjectsOf(db: DbExecutor, ids: string[]) {
  const map = new Map<string, AdmissionEnquiry['subjects']>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .select({ enquiryId: admissionEnquirySubjects.enquiryId, _id: subjects.id, name: subjects.name, code: subjects.code })
    .from(admissionEnquirySubjects)
    .innerJoin(subjects, joinOn(subjects.id, admissionEnquirySubjects.subjectId))
    .where(inArray(admissionEnquirySubjects.enquiryId, ids))
    .orderBy(asc(subjects.name));
  for (const { enquiryId, ...subject } of rows) map.get(enquiryId)?.push(subject);
  return map;
}

function toEnquiry(row: EnquiryRow, enquirySubjects: AdmissionEnquiry['subjects']): AdmissionEnquiry {
  return {
    _id: row._id,
    reference: enquiryReference(row.number),
    studentName: row.studentName,
    email: row.email,
    emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
    phone: row.phone,
    parentName: row.parentName,
    parentPhone: row.parentPhone,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    standard: row.standardId ? { _id: row.standardId, name: row.standardName!, level: row.standardLevel! } : null,
    subjects: enquirySubjects,
    school: row.school,
    board: row.board,
    medium: row.medium,
    address: row.address,
    message: row.message,
    form: row.form,
    source: row.source,
    referredBy: row.referredById ? { _id: row.referredById, name: row.referredByName ?? '' } : null,
    utmSource: row.utmSource,
    utmCampaign: row.utmCampaign,
    language: row.language,
    followUpOn: row.followUpOn,
    assignedTo: row.assignedToId ? { _id: row.assignedToId, name: row.assignedToName ?? '' } : null,
    status: row.status,
    lostReason: row.lostReason,
    lostNote: row.lostNote,
    notes: row.notes,
    student: row.studentId ? { _id: row.studentId, name: row.studentAccountName ?? row.studentName } : null,
    convertedAt: row.convertedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A page of enquiries, newest first, searched and filtered in the database; the total rides along. */
export async function listEnquiries(db: DbExecutor, query: ListQuery): Promise<AdmissionEnquiryList> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  // "ENQ-0042" finds that enquiry (the family says it on the phone).
  const byReference = query.search ? enquiryNumberOf(query.search) : null;
  const where = and(
    query.status ? eq(admissionEnquiries.status, query.status) : undefined,
    query.form ? eq(admissionEnquiries.form, query.form) : undefined,
    query.source ? eq(admissionEnquiries.source, query.source) : undefined,
    query.followUp ? followUpCondition(query.followUp) : undefined,
    byReference !== null
      ? eq(admissionEnquiries.number, byReference)
      : pattern
      ? or(
          ilike(admissionEnquiries.studentName, pattern),
          ilike(admissionEnquiries.email, pattern),
          ilike(admissionEnquiries.phone, pattern),
          ilike(admissionEnquiries.parentPhone, pattern),
        )
      : undefined,
  );
  const rows = await selectEnquiries(db, { total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
    .where(where)
    // A follow-up list is worked from the earliest day (the longest overdue first).
    .orderBy(...(query.followUp ? [asc(admissionEnquiries.followUpOn)] : []), desc(admissionEnquiries.createdAt), desc(admissionEnquiries.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page the window count has no row to ride on.
    const [counted] = await db.select({ value: sql<number>`count(*)::int` }).from(admissionEnquiries).where(where);
    total = counted?.value ?? 0;
  }
  const bySubject = await subjectsOf(
    db,
    rows.map((row) => row._id),
  );
  return {
    enquiries: rows.map((row) => toEnquiry(row, bySubject.get(row._id) ?? [])),
    pagination: { page: query.page, limit: query.limit, total },
  };
}

/** How many enquiries are in each status (one aggregate). */
export async function countEnquiries(db: DbExecutor): Promise<EnquiryCounts> {
  const rows = await db
    .select({ status: admissionEnquiries.status, value: sql<number>`count(*)::int` })
    .from(admissionEnquiries)
    .groupBy(admissionEnquiries.status);
  const counts: EnquiryCounts = { new: 0, contacted: 0, admitted: 0, rejected: 0, lost: 0 };
  for (const row of rows) counts[row.status] = row.value;
  return counts;
}

export async function findEnquiry(db: DbExecutor, id: string): Promise<AdmissionEnquiry> {
  const [row] = await selectEnquiries(db).where(eq(admissionEnquiries.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', ENQUIRY_NOT_FOUND);
  return toEnquiry(row, (await subjectsOf(db, [id])).get(id) ?? []);
}

/**
 * Students and other enquiries with the same email or phone: the family may already study here, or
 * may have applied twice. A phone matches a student's own phone or their parent's.
 */
async function findDuplicates(db: DbExecutor, enquiry: AdmissionEnquiry): Promise<EnquiryDuplicates> {
  const email = enquiry.email?.toLowerCase() ?? null;
  const phone = enquiry.phone;
  if (!email && !phone) return { students: [], enquiries: [] };
  const studentEmailMatch = email ? sql`lower(${users.email}) = ${email}` : sql`false`;
  const studentPhoneMatch = phone
    ? sql`(${students.phone} = ${phone} or exists (select 1 from parent_students ps join parents p on p.id = ps.parent_id and p.academy_id = ps.academy_id where ps.student_id = ${students.id} and ps.academy_id = ${qualified(students.academyId)} and p.phone = ${phone}))`
    : sql`false`;
  const studentRows = await db
    .select({
      _id: students.id,
      name: users.name,
      email: users.email,
      phone: students.phone,
      status: students.status,
      byEmail: sql<boolean>`${studentEmailMatch}`,
      byPhone: sql<boolean>`${studentPhoneMatch}`,
    })
    .from(students)
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(and(or(studentEmailMatch, studentPhoneMatch), enquiry.student ? ne(students.id, enquiry.student._id) : undefined))
    .orderBy(asc(users.name))
    .limit(10);
  const enquiryEmailMatch = email ? sql`lower(${admissionEnquiries.email}) = ${email}` : sql`false`;
  const enquiryPhoneMatch = phone ? sql`${admissionEnquiries.phone} = ${phone}` : sql`false`;
  const enquiryRows = await db
    .select({
      _id: admissionEnquiries.id,
      studentName: admissionEnquiries.studentName,
      status: admissionEnquiries.status,
      form: admissionEnquiries.form,
      createdAt: admissionEnquiries.createdAt,
      byEmail: sql<boolean>`${enquiryEmailMatch}`,
      byPhone: sql<boolean>`${enquiryPhoneMatch}`,
    })
    .from(admissionEnquiries)
    .where(and(ne(admissionEnquiries.id, enquiry._id), or(enquiryEmailMatch, enquiryPhoneMatch)))
    .orderBy(desc(admissionEnquiries.createdAt))
    .limit(10);
  const matchedOn = (row: { byEmail: boolean; byPhone: boolean }) => [...(row.byEmail ? (['email'] as const) : []), ...(row.byPhone ? (['phone'] as const) : [])];
  return {
    students: studentRows.map(({ byEmail, byPhone, ...row }) => ({ ...row, matchedOn: matchedOn({ byEmail, byPhone }) })),
    enquiries: enquiryRows.map(({ byEmail, byPhone, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), matchedOn: matchedOn({ byEmail, byPhone }) })),
  };
}

/** GET /api/admission-enquiries/{id}: every field, the status history and duplicate hints. */
export async function getEnquiry(db: DbExecutor, id: string): Promise<AdmissionEnquiryDetail> {
  const enquiry = await findEnquiry(db, id);
  const [history, duplicates, contacts] = await Promise.all([
    db
      .select({
        _id: admissionEnquiryStatusChanges.id,
        fromStatus: admissionEnquiryStatusChanges.fromStatus,
        toStatus: admissionEnquiryStatusChanges.toStatus,
        reason: admissionEnquiryStatusChanges.reason,
        note: admissionEnquiryStatusChanges.note,
        changedById: users.id,
        changedByName: users.name,
        changedAt: admissionEnquiryStatusChanges.changedAt,
      })
      .from(admissionEnquiryStatusChanges)
      .leftJoin(users, joinOn(users.id, admissionEnquiryStatusChanges.changedBy))
      .where(eq(admissionEnquiryStatusChanges.enquiryId, id))
      .orderBy(asc(admissionEnquiryStatusChanges.changedAt), asc(admissionEnquiryStatusChanges.id)),
    findDuplicates(db, enquiry),
    contactsOf(db, id),
  ]);
  return {
    ...enquiry,
    history: history.map((change) => ({
      _id: change._id,
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      reason: change.reason,
      note: change.note,
      changedBy: change.changedById ? { _id: change.changedById, name: change.changedByName! } : null,
      changedAt: change.changedAt.toISOString(),
    })),
    duplicates,
    contacts,
    // Once it became a student the status stays (changeEnquiryStatus refuses it too).
    allowedStatuses: enquiry.student ? [] : [...ENQUIRY_TRANSITIONS[enquiry.status]],
  };
}
