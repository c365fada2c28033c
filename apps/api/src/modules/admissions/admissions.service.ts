import { academyInLanguage } from '@academy/shared/schemas/settings';
import { academyLockName } from '../../db/advisory-locks';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import { and, asc, count, desc, eq, getTableColumns, gt, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_TRANSITIONS,
  type AdmissionEnquiry,
  type AdmissionEnquiryDetail,
  type AdmissionEnquiryList,
  type ConvertEnquiryResult,
  type EnquiryCounts,
  type EnquiryDuplicates,
  type EnquiryStatus,
  type admissionEnquiryInputSchema,
  type admissionEnquiryListQuerySchema,
  type admissionEnquiryUpdateInputSchema,
  type contactEnquiryInputSchema,
  type enquiryStatusInputSchema,
  CLOSED_WITH_REASON_STATUSES,
  enquiryNumberOf,
  enquiryReference,
  type officeEnquiryInputSchema,
} from '@academy/shared/schemas/admissions';
import { BOARDS, MEDIUMS, type Board, type Medium } from '@academy/shared/schemas/common';
import type { Db, DbExecutor } from '../../db/client';
import {
  admissionEnquiries,
  admissionEnquiryStatusChanges,
  admissionEnquirySubjects,
  batches,
  parents,
  parentStudents,
  standards,
  students,
  subjects,
  users,
} from '../../db/schema';
import { parentRecordOf, studentRecordOf } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { enquiryReceivedMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { containsPattern } from '../../lib/search';
import { enrolStudent } from '../batches';
import { academyMailBrand, academyToday, assertDateOfBirthInPast, getAcademySettings } from '../../academy-settings';
import { insertStudent } from '../students';
import { notifyContact, notifyParents, PARENT_SENDER_JOB, reachOfParents } from '../family-outbox';
import { hashPassword } from '../../lib/password';
import type { Jobs } from '../../events/catalog';
import { queueJob } from '../../events/queue-job';
import { readablePassword } from '@academy/shared/readable-password';
import { word } from '@academy/shared/i18n/server-catalog';
import type { Invitation } from '../users';
import { linkParentsToStudent } from '../parents';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { consumeVerificationProof } from './email-verification.service';
import { consumePhoneProof } from './phone-verification.service';
import { assertFollowUpFields, contactsOf, followUpCondition } from './follow-up-queries';
import { ENQUIRY_NOT_FOUND, lockEnquiry } from './enquiry-lock';

type AdmissionInput = z.output<typeof admissionEnquiryInputSchema>;
type ContactInput = z.output<typeof contactEnquiryInputSchema>;
type OfficeInput = z.output<typeof officeEnquiryInputSchema>;
type UpdateInput = z.output<typeof admissionEnquiryUpdateInputSchema>;
type ListQuery = z.output<typeof admissionEnquiryListQuerySchema>;
type StatusInput = z.output<typeof enquiryStatusInputSchema>;

export const ENQUIRY_ALREADY_STUDENT = 'This enquiry has become a student, so its status cannot change any more. Archive the student instead if it was a mistake.';

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
  referredByName: sql<string | null>`(select ${referrerUsers}.name from ${students} ${referrers} join ${users} ${referrerUsers} on ${referrerUsers}.id = ${referrers}.user_id where ${referrers}.id = ${admissionEnquiries.referredByStudentId})`,
  utmSource: admissionEnquiries.utmSource,
  utmCampaign: admissionEnquiries.utmCampaign,
  language: admissionEnquiries.language,
  followUpOn: admissionEnquiries.followUpOn,
  assignedToId: admissionEnquiries.assignedTo,
  assignedToName: sql<string | null>`(select ${assignees}.name from ${users} ${assignees} where ${assignees}.id = ${admissionEnquiries.assignedTo})`,
  status: admissionEnquiries.status,
  lostReason: admissionEnquiries.lostReason,
  lostNote: admissionEnquiries.lostNote,
  notes: admissionEnquiries.notes,
  studentId: admissionEnquiries.studentId,
  // The converted student's name, from their account (aliased: `users` may be joined for other reasons).
  studentAccountName: sql<string | null>`(select ${studentUsers}.name from ${students} join ${users} ${studentUsers} on ${studentUsers}.id = ${students.userId} where ${students.id} = ${admissionEnquiries.studentId})`,
  convertedAt: admissionEnquiries.convertedAt,
  createdAt: admissionEnquiries.createdAt,
  updatedAt: admissionEnquiries.updatedAt,
};

function selectEnquiries(db: DbExecutor, extra: { total?: SQL.Aliased<number> } = {}) {
  return db
    .select({ ...enquiryColumns, ...extra })
    .from(admissionEnquiries)
    .leftJoin(standards, eq(standards.id, admissionEnquiries.standardId));
}

type EnquiryRow = Awaited<ReturnType<typeof selectEnquiries>>[number];

/** The subjects of these enquiries, in one query. */
async function subjectsOf(db: DbExecutor, ids: string[]) {
  const map = new Map<string, AdmissionEnquiry['subjects']>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .select({ enquiryId: admissionEnquirySubjects.enquiryId, _id: subjects.id, name: subjects.name, code: subjects.code })
    .from(admissionEnquirySubjects)
    .innerJoin(subjects, eq(subjects.id, admissionEnquirySubjects.subjectId))
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

async function findEnquiry(db: DbExecutor, id: string): Promise<AdmissionEnquiry> {
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
    ? sql`(${students.phone} = ${phone} or exists (select 1 from parent_students ps join parents p on p.id = ps.parent_id where ps.student_id = ${students.id} and p.phone = ${phone}))`
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
    .innerJoin(users, eq(users.id, students.userId))
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
      .leftJoin(users, eq(users.id, admissionEnquiryStatusChanges.changedBy))
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

async function assertReferences(db: DbExecutor, input: { standard?: string | null; subjects?: string[] }) {
  if (input.standard) {
    const [found] = await db.select({ id: standards.id }).from(standards).where(eq(standards.id, input.standard)).limit(1);
    if (!found) throw new AppError('BAD_REQUEST', 'The chosen standard does not exist', { standard: 'Choose a standard from the list' });
  }
  if (input.subjects?.length) {
    const found = await db.select({ id: subjects.id }).from(subjects).where(inArray(subjects.id, input.subjects));
    if (found.length !== input.subjects.length) throw new AppError('BAD_REQUEST', 'A chosen subject does not exist', { subjects: 'Choose subjects from the list' });
  }
}

async function replaceSubjects(tx: DbExecutor, enquiryId: string, subjectIds: string[]) {
  await tx.delete(admissionEnquirySubjects).where(eq(admissionEnquirySubjects.enquiryId, enquiryId));
  if (subjectIds.length > 0) await tx.insert(admissionEnquirySubjects).values(subjectIds.map((subjectId) => ({ enquiryId, subjectId })));
}

/** What the applicant's confirmation mail needs, sent by the caller after the answer. */
/** `name`: the student (admission) or the visitor (contact); `parentName`: who filled an admission form for their child, when given. */
export type EnquiryConfirmation = { to: string; name: string; parentName?: string | null; source: 'admission' | 'contact'; reference?: string; language?: Language };

const confirmationOf = (input: AdmissionInput, reference: string, language: Language): EnquiryConfirmation => ({ to: input.email!, name: input.studentName, parentName: input.parentName, source: 'admission', reference, language });

/**
 * POST /api/admission-enquiries: stores the application as `new`, in one transaction with the use of
 * the email's proof (so a refused or failed insert leaves the proof usable) and the first history entry.
 */
export async function createAdmissionEnquiry(db: Db, input: AdmissionInput, language: Language = 'en', jobs?: Jobs): Promise<{ reference: string; confirmation?: EnquiryConfirmation }> {
  await assertReferences(db, input);
  await assertDateOfBirthInPast(db, input.dateOfBirth);
  // A family without email proved its phone instead (issue 37): no confirmation mail then (an email
  // given beside it is kept, unproven, for the office).
  const byPhone = Boolean(input.phoneVerificationToken);
  const number = await db.transaction(async (tx) => {
    const emailVerifiedAt = byPhone ? null : await consumeVerificationProof(tx, { email: input.email!, token: input.verificationToken! });
    const phoneVerifiedAt = byPhone ? await consumePhoneProof(tx, { phone: input.phone, token: input.phoneVerificationToken! }) : null;
    const [row] = await tx
      .insert(admissionEnquiries)
      .values({
        studentName: input.studentName,
        email: input.email ?? null,
        emailVerifiedAt,
        phoneVerifiedAt,
        phone: input.phone,
        parentName: input.parentName ?? null,
        parentPhone: input.parentPhone ?? null,
        gender: input.gender ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        standardId: input.standard,
        school: input.school ?? null,
        board: input.board ?? null,
        medium: input.medium ?? null,
        address: input.address ?? null,
        message: input.message ?? null,
        form: 'admission',
        source: 'website',
        utmSource: input.utmSource ?? null,
        utmCampaign: input.utmCampaign ?? null,
        language,
      })
      .returning({ id: admissionEnquiries.id, number: admissionEnquiries.number });
    await replaceSubjects(tx, row!.id, input.subjects ?? []);
    await tx.insert(admissionEnquiryStatusChanges).values({ enquiryId: row!.id, fromStatus: null, toStatus: 'new' });
    await recordAudit(tx, null, { action: 'create', entityType: 'enquiry', entityId: row!.id, text: { key: 'enquiry.public_form', values: { name: input.studentName } } });
    // No mail to confirm it (issue 54: the Hindi family was told nothing on its phone): its reference on the
    // phone it proved, in the page's language, on the channel that reaches it; in this transaction, so a
    // refused application sends nothing.
    if (byPhone) await sendReferenceToPhone(tx, jobs, { phone: input.phone, student: input.studentName, reference: enquiryReference(row!.number), language, enquiryId: row!.id });
    // Else the confirmation mail, a job queued with the application (decision 083).
    else await queueJob(tx, 'enquiry-confirmation-mail', confirmationOf(input, enquiryReference(row!.number), language));
    return row!.number;
  });
  const reference = enquiryReference(number);
  if (byPhone) return { reference };
  return { reference, confirmation: confirmationOf(input, reference, language) };
}

/** The applicant's reference by WhatsApp or SMS (notifyContact); nothing when no phone channel is on (the page showed it). */
async function sendReferenceToPhone(
  tx: DbExecutor,
  jobs: Jobs | undefined,
  application: { phone: string; student: string; reference: string; language: Language; enquiryId: string },
): Promise<void> {
  const settings = await getAcademySettings(tx);
  const values = { academy: settings.name, student: application.student, reference: application.reference };
  const messages = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        subject: word('mail', 'Application {reference} received — {academy}', language, values),
        text: word('mail', '{academy}: we have received the application for {student}. Your reference is {reference}; say it when you call us. We will call you soon.', language, values),
      },
    ]),
  ) as Record<Language, { subject: string; text: string }>;
  const channel = await notifyContact(
    tx,
    undefined,
    { phone: application.phone, email: null, language: application.language },
    { kind: 'enquiry-received', key: `enquiry-received:${application.enquiryId}`, date: await academyToday(tx), messages, values },
  );
  if (channel && jobs) await jobs.enqueue(PARENT_SENDER_JOB, {}, { transaction: tx });
}

/**
 * POST /api/admission-enquiries/office: a walk-in or phone enquiry the office recorded itself. No
 * email code and no confirmation mail (the office is talking to the family). Stored as `new` from
 * `office`, with the admin as the author of the first history entry, in one transaction.
 */
export async function createOfficeEnquiry(db: Db, actor: NonNullable<AuditActor>, input: OfficeInput): Promise<AdmissionEnquiryDetail> {
  const createdBy = actor.userId;
  await assertReferences(db, input);
  await assertDateOfBirthInPast(db, input.dateOfBirth);
  await assertFollowUpFields(db, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(admissionEnquiries)
      .values({
        studentName: input.studentName,
        email: input.email ?? null,
        phone: input.phone,
        parentName: input.parentName ?? null,
        parentPhone: input.parentPhone ?? null,
        gender: input.gender ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        standardId: input.standard ?? null,
        school: input.school ?? null,
        board: input.board ?? null,
        medium: input.medium ?? null,
        address: input.address ?? null,
        message: input.message ?? null,
        notes: input.notes ?? null,
        form: 'office',
        language: input.language ?? 'en',
        // The office records the family in front of it or on the phone: a walk-in unless it says otherwise.
        source: input.source ?? 'walk_in',
        referredByStudentId: input.referredBy ?? null,
        followUpOn: input.followUpOn ?? null,
        assignedTo: input.assignedTo ?? null,
      })
      .returning({ id: admissionEnquiries.id });
    await replaceSubjects(tx, row!.id, input.subjects ?? []);
    await tx.insert(admissionEnquiryStatusChanges).values({ enquiryId: row!.id, fromStatus: null, toStatus: 'new', changedBy: createdBy });
    await recordAudit(tx, actor, { action: 'create', entityType: 'enquiry', entityId: row!.id, text: { key: 'enquiry.office', values: { name: input.studentName } }, changes: diffChanges({}, { ...input }) });
    return row!.id;
  });
  return getEnquiry(db, id);
}

/** Confirmations of contact messages one (unproved) address receives per day; later messages are stored silently. */
export const CONTACT_MAILS_PER_ADDRESS_PER_DAY = 1;

/** POST /api/admission-enquiries/contact: a message from /contact, stored as a `new` enquiry from `contact`. */
export async function createContactEnquiry(db: Db, input: ContactInput, language: Language = 'en'): Promise<EnquiryConfirmation | undefined> {
  return db.transaction(async (tx) => {
    // Nobody proved this address: at most CONTACT_MAILS_PER_ADDRESS_PER_DAY confirmations reach it,
    // counted in the database (the stored enquiries), whichever client or server sent them.
    let mailAllowed = false;
    if (input.email) {
      // One writer per address at a time, so two simultaneous messages cannot both count zero.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${academyLockName(`contact-mail:${input.email.toLowerCase()}`)}))`);
      const [recent] = await tx
        .select({ count: count() })
        .from(admissionEnquiries)
        .where(and(eq(admissionEnquiries.form, 'contact'), eq(sql`lower(${admissionEnquiries.email})`, input.email.toLowerCase()), gt(admissionEnquiries.createdAt, sql`now() - interval '1 day'`)));
      mailAllowed = (recent?.count ?? 0) < CONTACT_MAILS_PER_ADDRESS_PER_DAY;
    }
    const [row] = await tx
      .insert(admissionEnquiries)
      .values({
        studentName: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        message: input.message,
        form: 'contact',
        source: 'website',
        utmSource: input.utmSource ?? null,
        utmCampaign: input.utmCampaign ?? null,
        language,
      })
      .returning({ id: admissionEnquiries.id });
    await tx.insert(admissionEnquiryStatusChanges).values({ enquiryId: row!.id, fromStatus: null, toStatus: 'new' });
    await recordAudit(tx, null, { action: 'create', entityType: 'enquiry', entityId: row!.id, text: { key: 'enquiry.contact', values: { name: input.name } } });
    const confirmation = input.email && mailAllowed ? { to: input.email, name: input.name, source: 'contact' as const, language } : undefined;
    // The confirmation mail, a job queued with the message (decision 083).
    if (confirmation) await queueJob(tx, 'enquiry-confirmation-mail', confirmation);
    return confirmation;
  });
}

/** The applicant's "we have your enquiry" mail, in the language stored on the enquiry (the page's). */
export async function sendEnquiryConfirmation(deps: { db: Db; mailer: Mailer }, confirmation: EnquiryConfirmation) {
  const settings = await getAcademySettings(deps.db);
  const mail = enquiryReceivedMail({
    academyName: settings.name,
    name: confirmation.name,
    parentName: confirmation.parentName ?? undefined,
    source: confirmation.source,
    reference: confirmation.reference,
    officeHours: academyInLanguage(settings, confirmation.language ?? 'en').officeHours,
    phones: settings.phones,
    language: confirmation.language,
    brand: await academyMailBrand(deps.db),
  });
  await deps.mailer.send({ to: confirmation.to, ...mail });
}

/** PUT /api/admission-enquiries/{id}: the fields sent change; `subjects` replaces the list. */
export async function updateEnquiry(db: Db, actor: AuditActor, id: string, input: UpdateInput): Promise<AdmissionEnquiryDetail> {
  await assertReferences(db, { standard: input.standard, subjects: input.subjects });
  await assertDateOfBirthInPast(db, input.dateOfBirth);
  await db.transaction(async (tx) => {
    const current = await lockEnquiry(tx, id, getTableColumns(admissionEnquiries));
    const { subjects: subjectIds, standard, email, ...fields } = input;
    const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    await tx
      .update(admissionEnquiries)
      .set({
        ...values,
        ...(standard !== undefined ? { standardId: standard } : {}),
        // A changed address is no longer the one the code proved.
        ...(email !== undefined ? { email, ...(email !== current.email ? { emailVerifiedAt: null } : {}) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(admissionEnquiries.id, id));
    if (subjectIds !== undefined) await replaceSubjects(tx, id, subjectIds);
    const after = { ...values, ...(standard !== undefined ? { standardId: standard } : {}), ...(email !== undefined ? { email } : {}), ...(subjectIds !== undefined ? { subjects: subjectIds } : {}) };
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'enquiry',
      entityId: id,
      text: { key: 'enquiry.updated', values: { name: (values.studentName as string | undefined) ?? current.studentName } },
      changes: diffChanges(current, after),
    });
  });
  return getEnquiry(db, id);
}

export async function deleteEnquiry(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(admissionEnquiries).where(eq(admissionEnquiries.id, id)).returning({ id: admissionEnquiries.id, name: admissionEnquiries.studentName });
    if (!deleted) throw new AppError('NOT_FOUND', ENQUIRY_NOT_FOUND);
    await recordAudit(tx, actor, { action: 'delete', entityType: 'enquiry', entityId: id, text: { key: 'enquiry.deleted', values: { name: deleted.name } } });
  });
}

/** "contacted", "admitted or rejected" */
function orList(statuses: readonly string[]): string {
  return statuses.length <= 1 ? (statuses[0] ?? '') : `${statuses.slice(0, -1).join(', ')} or ${statuses.at(-1)}`;
}

/** Why a move is refused, naming the moves that are allowed. */
export function transitionError(from: EnquiryStatus, to: EnquiryStatus): string {
  const allowed = ENQUIRY_TRANSITIONS[from];
  const label = ENQUIRY_STATUS_LABELS[from].toLowerCase();
  const article = from === 'admitted' ? 'An' : 'A';
  return `${article} ${label} enquiry can only move to ${orList(allowed)}, not to ${to}`;
}

/** PATCH /api/admission-enquiries/{id}/status: one step of the pipeline, recorded with who and when. */
export async function changeEnquiryStatus(db: Db, actor: NonNullable<AuditActor>, id: string, input: StatusInput): Promise<AdmissionEnquiryDetail> {
  const { status } = input;
  const changedBy = actor.userId;
  // The schema asks rejected and lost for a reason; any other move keeps none.
  const closing = (CLOSED_WITH_REASON_STATUSES as readonly EnquiryStatus[]).includes(status);
  const reason = closing ? (input.reason ?? null) : null;
  const note = closing ? (input.note ?? null) : null;
  await db.transaction(async (tx) => {
    const current = await lockEnquiry(tx, id, { status: admissionEnquiries.status, studentId: admissionEnquiries.studentId, name: admissionEnquiries.studentName });
    // The student account made from it stays; reopening would leave the two disagreeing.
    if (current.studentId) throw new AppError('CONFLICT', ENQUIRY_ALREADY_STUDENT);
    if (!ENQUIRY_TRANSITIONS[current.status].includes(status)) {
      const message = transitionError(current.status, status);
      throw new AppError('BAD_REQUEST', message, { status: message });
    }
    // A decided enquiry has nobody left to call back: its follow-up day goes (issue 41).
    const decided = status !== 'contacted';
    await tx
      .update(admissionEnquiries)
      .set({ status, lostReason: reason, lostNote: note, ...(decided ? { followUpOn: null } : {}), updatedAt: new Date() })
      .where(eq(admissionEnquiries.id, id));
    await tx.insert(admissionEnquiryStatusChanges).values({ enquiryId: id, fromStatus: current.status, toStatus: status, reason, note, changedBy });
    await recordAudit(tx, actor, {
      action: 'status',
      entityType: 'enquiry',
      entityId: id,
      text: { key: 'enquiry.status', values: { name: current.name, from: current.status, to: status } },
      changes: {
        status: { old: current.status, new: status },
        ...(reason ? { lostReason: { old: null, new: reason } } : {}),
        ...(note ? { lostNote: { old: null, new: note } } : {}),
      },
    });
  });
  return getEnquiry(db, id);
}

/**
 * POST /api/admission-enquiries/{id}/convert: in one transaction, an admitted enquiry becomes a
 * student (profile copied), optionally enrolled in a batch, and the enquiry is linked to the student.
 * A student with an email of their own gets a set-your-password link, returned for the caller to mail
 * after the commit. A student without one (a family that applied with a mobile number, or whose email
 * is already a parent's or a sibling's account) gets a first password (issue 54): answered once for the
 * office to give the family or print on the sign-in slip, only its hash kept. They sign in with the
 * student ID. The family is told the student ID and how to sign in on its channel, in its language
 * (the parents linked to the new student, else the enquiry's contact), in the same transaction.
 * A second conversion is refused (409), as is any enquiry not admitted.
 */
export async function convertEnquiry(
  db: Db,
  actor: AuditActor,
  id: string,
  input: { batchId?: string | null },
  context: { origin: string; jobs?: Jobs },
): Promise<{ result: ConvertEnquiryResult; invitation: Invitation | undefined }> {
  const admissionDate = await academyToday(db);
  const { studentId, invitation, batch, parentIds, emailOwner, firstPassword, familyToldBy } = await db.transaction(async (tx) => {
    const row = await lockEnquiry(tx, id, {
      status: admissionEnquiries.status,
      studentId: admissionEnquiries.studentId,
      convertedAt: admissionEnquiries.convertedAt,
      studentName: admissionEnquiries.studentName,
      email: admissionEnquiries.email,
      phone: admissionEnquiries.phone,
      parentName: admissionEnquiries.parentName,
      parentPhone: admissionEnquiries.parentPhone,
      gender: admissionEnquiries.gender,
      dateOfBirth: admissionEnquiries.dateOfBirth,
      standardId: admissionEnquiries.standardId,
      school: admissionEnquiries.school,
      board: admissionEnquiries.board,
      medium: admissionEnquiries.medium,
      address: admissionEnquiries.address,
      language: admissionEnquiries.language,
    });
    if (row.studentId || row.convertedAt) throw new AppError('CONFLICT', 'This enquiry has already been converted to a student');
    if (row.status !== 'admitted') {
      throw new AppError('CONFLICT', `Only an admitted enquiry can be converted to a student; this one is ${ENQUIRY_STATUS_LABELS[row.status].toLowerCase()}`);
    }
    // Issue 21: a sibling's enquiry often carries the parent's email, already an account's.
    const family = row.email ? await familyOfEmail(tx, row.email) : undefined;
    // The student's own email only when it is nobody's account yet; else they sign in with their student ID.
    const ownEmail = row.email && !family ? row.email : null;
    // Without an email no link can reach the student: a first password the office hands over (issue 54).
    const firstPassword = ownEmail ? null : readablePassword();
    const created = await insertStudent(
      tx,
      {
        name: row.studentName,
        email: ownEmail,
        gender: row.gender,
        address: row.address,
        phone: row.phone,
        parentName: row.parentName,
        parentPhone: row.parentPhone,
        // The parent's own email makes them the first parent; a sibling's (a student's) email is no parent's.
        parentEmail: family?.kind === 'parent' && row.email ? row.email.toLowerCase() : null,
        dateOfBirth: row.dateOfBirth,
        // The family's language (the page they wrote from): the student's screens and welcome mail follow it.
        language: row.language,
        standard: row.standardId,
        school: row.school,
        // The admission form asks the same board and medium words a student keeps (schemas/common.ts).
        board: (BOARDS as readonly string[]).includes(row.board ?? '') ? (row.board as Board) : null,
        medium: (MEDIUMS as readonly string[]).includes(row.medium ?? '') ? (row.medium as Medium) : null,
        status: 'active',
        admissionDate,
      },
      firstPassword ? await hashPassword(firstPassword) : undefined,
    );
    const parentIds = family?.parentIds ?? [];
    if (parentIds.length > 0) {
      await linkParentsToStudent(tx, parentIds, created.id);
      for (const parentId of parentIds) {
        await recordAudit(tx, actor, { action: 'link', entityType: 'parent', entityId: parentId, relatedId: created.id, text: { key: 'parent.linked_on_convert', values: { student: row.studentName } } });
      }
    }
    let enrolledIn: { _id: string; name: string } | null = null;
    if (input.batchId) {
      await enrolStudent(tx, actor, input.batchId, created.id, true);
      const [found] = await tx.select({ _id: batches.id, name: batches.name }).from(batches).where(eq(batches.id, input.batchId));
      enrolledIn = found ?? null;
    }
    await tx.update(admissionEnquiries).set({ studentId: created.id, convertedAt: new Date(), updatedAt: new Date() }).where(eq(admissionEnquiries.id, id));
    await recordAudit(tx, actor, { action: 'convert', entityType: 'enquiry', entityId: id, relatedId: created.id, text: { key: 'enquiry.converted', values: { name: row.studentName } }, changes: { studentId: { old: null, new: created.id } } });
    // A student with their own email is told by the set-your-password mail; any other family by its channel.
    const familyToldBy = ownEmail
      ? ('email' as const)
      : await tellFamilyHowToSignIn(tx, { studentId: created.id, name: row.studentName, date: admissionDate, origin: context.origin }, { phone: row.phone, email: row.email, language: row.language });
    return { studentId: created.id, invitation: created.invitation, batch: enrolledIn, parentIds, emailOwner: family ? { kind: family.kind, name: family.name } : null, firstPassword, familyToldBy };
  });
  // The family's message is committed: the sender sends it now (else the minute's sweep does).
  if (firstPassword && familyToldBy && context.jobs) await context.jobs.enqueue(PARENT_SENDER_JOB, {});
  const enquiry = await findEnquiry(db, id);
  const [account] = await db
    .select({ name: users.name, email: users.email, studentCode: students.studentCode })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.id, studentId));
  const linked = parentIds.length
    ? await db
        .select({ _id: parents.id, name: users.name, email: users.email })
        .from(parents)
        .innerJoin(users, eq(users.id, parents.userId))
        .where(inArray(parents.id, parentIds))
        .orderBy(asc(users.name))
    : [];
  return {
    result: {
      student: { _id: studentId, name: account!.name, email: account!.email, studentCode: account!.studentCode },
      // A parent's account always has an email (the database's check on users).
      parents: linked.map((parent) => ({ ...parent, email: parent.email! })),
      enquiry,
      batch,
      emailOwner,
      firstPassword,
      familyToldBy,
    },
    invitation,
  };
}

/**
 * The family of a new student without an email learns the student ID and how to sign in (issue 54):
 * the parents linked to the student (the enquiry's parent, made a parent account by insertStudent, or
 * the family whose email the enquiry had) on each one's channel, else the enquiry's own contact (the
 * student's phone), in the family's language. Never the password: a message is stored and passes
 * through providers; the office hands the password over (or its printed slip). Returns the channel it
 * goes on (the first parent's reached), or null when nothing reaches the family.
 */
async function tellFamilyHowToSignIn(
  tx: DbExecutor,
  student: { studentId: string; name: string; date: string; origin: string },
  contact: { phone: string | null; email: string | null; language: Language },
): Promise<'push' | 'whatsapp' | 'sms' | 'email' | null> {
  const [settings, [account]] = await Promise.all([
    getAcademySettings(tx),
    tx.select({ code: students.studentCode }).from(students).where(eq(students.id, student.studentId)),
  ]);
  const origin = student.origin.replace(/\/+$/, '');
  const linkIn = (language: Language) => `${origin}${language === 'en' ? '' : `/${language}`}/login`;
  const values = (language: Language) => ({ academy: settings.name, student: student.name, studentId: account!.code, link: linkIn(language) });
  const messages = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        subject: word('mail', '{academy}: {student} is admitted', language, values(language)),
        text: word('mail', '{academy}: {student} is now our student. Student ID: {studentId}. To sign in, open {link} and type the student ID and the first password the office gives you (it is on the sign-in slip).', language, values(language)),
      },
    ]),
  ) as Record<Language, { subject: string; text: string }>;
  const notice = {
    kind: 'admitted' as const,
    key: `admitted:${student.studentId}`,
    date: student.date,
    messages,
    values: { student: student.name, studentId: account!.code, link: { en: linkIn('en'), mr: linkIn('mr'), hi: linkIn('hi') } },
  };
  // A parent made from a name alone has no channel: the enquiry's own phone is then the way.
  const reach = await reachOfParents(tx, student.studentId, 'admitted', ['push', 'whatsapp', 'sms', 'email'], false);
  const reached = reach.find((parent) => parent.channels.length > 0)?.channels[0];
  if (reached) {
    await notifyParents(tx, undefined, { ...notice, studentId: student.studentId, payload: { child: { _id: student.studentId, name: student.name }, studentId: account!.code } });
    return reached;
  }
  return notifyContact(tx, undefined, contact, { ...notice, values: { ...notice.values, link: linkIn(contact.language) } });
}

/**
 * Whose account already has an enquiry's email (issue 21), inside the conversion's transaction:
 * - a parent's → that parent is linked to the new student;
 * - a student's (an older sibling converted with the parent's email) → the parents linked to that
 *   sibling, possibly none;
 * - staff's → refused (409): an enquiry never belongs to a teacher's or the office's family account;
 * - nobody's → undefined: the student gets the email, as before.
 */
async function familyOfEmail(tx: DbExecutor, email: string): Promise<{ kind: 'parent' | 'sibling'; name: string; parentIds: string[] } | undefined> {
  const [owner] = await tx
    .select({ role: users.role, name: users.name, parentId: parents.id, studentId: students.id })
    .from(users)
    .leftJoin(parents, eq(parents.userId, users.id))
    .leftJoin(students, eq(students.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!owner) return undefined;
  const parentId = parentRecordOf(owner);
  if (parentId) return { kind: 'parent', name: owner.name, parentIds: [parentId] };
  const studentId = studentRecordOf(owner);
  if (studentId) {
    const links = await tx.select({ parentId: parentStudents.parentId }).from(parentStudents).where(eq(parentStudents.studentId, studentId));
    return { kind: 'sibling', name: owner.name, parentIds: links.map((link) => link.parentId) };
  }
  throw new AppError('CONFLICT', CONVERT_EMAIL_OF_STAFF, { email: CONVERT_EMAIL_OF_STAFF });
}

export const CONVERT_EMAIL_OF_STAFF = "This enquiry's email belongs to a staff account. Change the enquiry's email to the family's own before converting.";
