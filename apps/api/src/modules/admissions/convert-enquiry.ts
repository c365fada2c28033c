/** An enquiry becomes a student: the student, the family's parent account, and how they sign in. */
import { LANGUAGES, type Language } from '@academy/shared/languages';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
    ENQUIRY_STATUS_LABELS, type ConvertEnquiryResult
} from '@academy/shared/schemas/admissions';
import { BOARDS, MEDIUMS, type Board, type Medium } from '@academy/shared/schemas/common';
import type { Db, DbExecutor } from '../../db/client';
import {
    admissionEnquiries, batches,
    parents,
    parentStudents, students, users
} from '../../db/schema';
import { parentRecordOf, studentRecordOf } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { enrolStudent } from '../batches';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { insertStudent } from '../students';
import { notifyContact, notifyParents, PARENT_SENDER_JOB, reachOfParents } from '../family-outbox';
import { hashPassword } from '../../lib/password';
import type { Jobs } from '../../events/catalog';
import { readablePassword } from '@academy/shared/readable-password';
import { word } from '@academy/shared/i18n/server-catalog';
import type { Invitation } from '../users';
import { linkParentsToStudent } from '../parents';
import { recordAudit, type AuditActor } from '../audit';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { lockEnquiry } from './enquiry-lock';
import { findEnquiry } from './enquiry-reads';
import { joinOn, thisAcademy } from '../../db/same-academy';

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
    const row = await lockEnquiry(tx, id, ENQUIRY_TO_CONVERT);
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
    const created = await insertStudent(tx, studentOfEnquiry(row, ownEmail, family, admissionDate), firstPassword ? await hashPassword(firstPassword) : undefined);
    const parentIds = family?.parentIds ?? [];
    if (parentIds.length > 0) {
      await linkParentsToStudent(tx, parentIds, created.id);
      for (const parentId of parentIds) {
        await recordAudit(tx, actor, { action: 'link', entityType: 'parent', entityId: parentId, relatedId: created.id, text: { key: 'parent.linked_on_convert', values: { student: row.studentName } } });
      }
    }
    const enrolledIn = input.batchId ? await enrolOnConvert(tx, actor, input.batchId, created.id) : null;
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
  const { student, linked } = await convertedStudent(db, studentId, parentIds);
  return {
    result: {
      student,
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

/** What a conversion reads of the enquiry, locked. */
const ENQUIRY_TO_CONVERT = {
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
};

type EnquiryToConvert = SelectResultFields<typeof ENQUIRY_TO_CONVERT>;

/** The new student as the enquiry describes them. */
function studentOfEnquiry(row: EnquiryToConvert, ownEmail: string | null, family: Awaited<ReturnType<typeof familyOfEmail>>, admissionDate: string): Parameters<typeof insertStudent>[1] {
  return {
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
  };
}

/** The new student enrolled in the batch the office chose (the batch's fees made as for any enrolment). */
async function enrolOnConvert(tx: DbExecutor, actor: AuditActor, batchId: string, studentId: string): Promise<{ _id: string; name: string } | null> {
  await enrolStudent(tx, actor, batchId, studentId, true);
  const [found] = await tx.select({ _id: batches.id, name: batches.name }).from(batches).where(eq(batches.id, batchId));
  return found ?? null;
}

/** The converted student's account and linked parents, as the office's answer shows them. */
async function convertedStudent(db: DbExecutor, studentId: string, parentIds: readonly string[]) {
  const [account] = await db
    .select({ name: users.name, email: users.email, studentCode: students.studentCode })
    .from(students)
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(and(thisAcademy(students), eq(students.id, studentId)));
  const linked = parentIds.length
    ? await db
        .select({ _id: parents.id, name: users.name, email: users.email })
        .from(parents)
        .innerJoin(users, joinOn(users.id, parents.userId))
        .where(inArray(parents.id, [...parentIds]))
        .orderBy(asc(users.name))
    : [];
  return { student: { _id: studentId, name: account!.name, email: account!.email, studentCode: account!.studentCode }, linked };
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
    .leftJoin(parents, joinOn(parents.userId, users.id))
    .leftJoin(students, joinOn(students.userId, users.id))
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
