/** A student's record written: added (one or an import's many), changed, archived, moved up a year, removed with its import. */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACADEMIC_YEAR_MESSAGES } from '@academy/shared/schemas/academic-years';
import { DEFAULT_LANGUAGE, type Language } from '@academy/shared/languages';
import type { z } from 'zod';
import {
    type StudentDetail, type StudentStatus,
    type studentCreateInputSchema, type studentUpdateInputSchema
} from '@academy/shared/schemas/students';
import type { Db, DbExecutor } from '../../db/client';
import { standards, studentIdCounters, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { academyToday, assertDateOfBirthInPast } from '../../academy-settings';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { nextStudentCode, nextStudentCodes } from './student-code';
import { createAccount, createAccounts, removeAccounts, updateAccount, type Invitation } from '../users';
import { saveFirstParent } from '../parents';
import { firstParentColumn } from '../../read-models/first-parent';
import { getStudent, studentSchoolingColumns } from './student-reads';
import { academySql, joinOn, thisAcademy } from '../../db/same-academy';

type CreateInput = z.output<typeof studentCreateInputSchema>;
type UpdateInput = z.output<typeof studentUpdateInputSchema>;

async function assertStandardExists(db: DbExecutor, standardId: string | null | undefined) {
  if (!standardId) return;
  const [found] = await db.select({ id: standards.id }).from(standards).where(eq(standards.id, standardId)).limit(1);
  if (!found) throw new AppError('BAD_REQUEST', 'The chosen standard does not exist', { standard: 'Choose a standard from the list' });
}

type NewStudentFields = Pick<CreateInput, 'gender' | 'address' | 'phone' | 'dateOfBirth' | 'standard' | 'school' | 'board' | 'medium'> & { admissionDate: string; state?: string | null | undefined };

/** A new student's row as the form or a register gives it: what was not given stays empty, nothing is made up (decision 040). */
function studentRow(input: NewStudentFields) {
  return {
    gender: input.gender ?? null,
    address: input.address ?? null,
    phone: input.phone ?? null,
    dateOfBirth: input.dateOfBirth ?? null,
    standardId: input.standard ?? null,
    school: input.school ?? null,
    board: input.board ?? null,
    medium: input.medium ?? null,
    state: input.state ?? null,
    admissionDate: input.admissionDate,
  };
}

/**
 * Inserts the student and their sign-in account inside the caller's transaction (creating a student,
 * converting an admission enquiry). Gender, address and phones stay empty when not given
 * (decision 040 departs from the spec's "male" and "Default Address"). Without a password hash the account gets a
 * set-your-password link (`invitation`, mailed by the caller after the commit).
 */
export async function insertStudent(
  tx: DbExecutor,
  input: Omit<CreateInput, 'password' | 'admissionDate'> & { admissionDate: string },
  passwordHash: string | undefined,
): Promise<{ id: string; invitation: Invitation | undefined }> {
  const status = input.status ?? 'active';
  await assertStandardExists(tx, input.standard);
  await assertDateOfBirthInPast(tx, input.dateOfBirth);
  const account = await createAccount(tx, { name: input.name, email: input.email ?? null, role: 'student', passwordHash, isActive: status === 'active', language: input.language });
  const [row] = await tx
    .insert(students)
    .values({ ...studentRow(input), userId: account.userId, studentCode: await nextStudentCode(tx, input.admissionDate), status })
    .returning({ id: students.id });
  await saveFirstParent(tx, { id: row!.id, name: input.name, language: input.language ?? DEFAULT_LANGUAGE }, { name: input.parentName, phone: input.parentPhone, email: input.parentEmail });
  return { id: row!.id, invitation: account.invitation };
}

/**
 * Many new students at once inside the caller's transaction (a register's import): their accounts
 * (no password, no welcome mail: see createAccounts), their student IDs in the inputs' order (one
 * counter update per admission year) and their rows, in a few statements. Standards must exist (the
 * caller resolved them by name). Parents are the caller's (linkParents). The demo gives each a password
 * hash (one hash for all). Answers the ids in order.
 */
export async function insertStudents(
  tx: DbExecutor,
  inputs: readonly (Omit<CreateInput, 'password' | 'admissionDate' | 'parentName' | 'parentPhone' | 'parentEmail'> & { admissionDate: string; language: Language; passwordHash?: string })[],
): Promise<string[]> {
  const userIds = await createAccounts(
    tx,
    inputs.map((input) => ({ name: input.name, email: input.email ?? null, role: 'student', language: input.language, passwordHash: input.passwordHash })),
  );
  const codes = new Map<(typeof inputs)[number], string>();
  const byYear = new Map<string, (typeof inputs)[number][]>();
  for (const input of inputs) byYear.set(input.admissionDate.slice(0, 4), [...(byYear.get(input.admissionDate.slice(0, 4)) ?? []), input]);
  for (const group of byYear.values()) {
    const given = await nextStudentCodes(tx, group[0]!.admissionDate, group.length);
    group.forEach((input, index) => codes.set(input, given[index]!));
  }
  const rows = inputs.map((input, index) => ({ ...studentRow(input), id: randomUUID(), userId: userIds[index]!, studentCode: codes.get(input)!, status: 'active' as const }));
  for (let start = 0; start < rows.length; start += 1000) await tx.insert(students).values(rows.slice(start, start + 1000));
  return rows.map((row) => row.id);
}

/** Creates the student and their sign-in account in one transaction (see insertStudent). */
export async function createStudent(db: Db, actor: AuditActor, input: CreateInput): Promise<{ student: StudentDetail; invitation: Invitation | undefined }> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const admissionDate = input.admissionDate ?? (await academyToday(db));
  const { id, invitation } = await db.transaction(async (tx) => {
    const created = await insertStudent(tx, { ...input, admissionDate }, passwordHash);
    const { password: _password, ...recorded } = input;
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'student',
      entityId: created.id,
      text: { key: 'student.created', values: { name: input.name } },
      changes: diffChanges({}, { ...recorded, admissionDate }),
    });
    return created;
  });
  return { student: await getStudent(db, id), invitation };
}

// What the audit log compares on an update: the student's fields and their account's name and email
// (the parents' look-ups name this academy as a parameter: the row is locked, decision 053).
const auditedColumns = () => ({
  name: users.name,
  email: users.email,
  gender: students.gender,
  address: students.address,
  phone: students.phone,
  parentName: firstParentColumn(students.id, 'name', academySql()),
  parentPhone: firstParentColumn(students.id, 'phone', academySql()),
  parentEmail: firstParentColumn(students.id, 'email', academySql()),
  dateOfBirth: students.dateOfBirth,
  standardId: students.standardId,
  ...studentSchoolingColumns,
});

/**
 * Changes the fields sent. Status `archived` disables the account and ends its sessions, `active`
 * enables it again. A cleared gender or address is empty (decision 040); a null admission date is left as it is.
 */
export async function updateStudent(db: Db, actor: AuditActor, id: string, input: UpdateInput): Promise<StudentDetail> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction((tx) => changeStudent(tx, actor, id, input, passwordHash));
  return getStudent(db, id);
}

/** updateStudent's change inside the caller's transaction (a register's import updates students in its own). */
export async function changeStudent(tx: DbExecutor, actor: AuditActor, id: string, input: Omit<UpdateInput, 'password'>, passwordHash?: string): Promise<void> {
  await assertDateOfBirthInPast(tx, input.dateOfBirth);
  // The whole row as it was (for the audit log's old values), locked for the change.
  const [current] = await tx
    .select({ ...auditedColumns(), userId: students.userId, language: users.language })
    .from(students)
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(and(eq(students.id, id), thisAcademy(students)))
    .for('update', { of: students });
  if (!current) throw new AppError('NOT_FOUND', 'Student not found');
  // An alumnus (issue 39) is kept as they left: only restoring them to active changes anything.
  if (current.status === 'alumni' && input.status !== 'active') throw new AppError('CONFLICT', ACADEMIC_YEAR_MESSAGES.alumniReadOnly);
  await assertStandardExists(tx, input.standard);
  await updateAccount(tx, current.userId, {
    name: input.name,
    email: input.email,
    passwordHash,
    isActive: input.status === undefined ? undefined : input.status === 'active',
  });
  const values = {
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.address !== undefined ? { address: input.address } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
    ...(input.standard !== undefined ? { standardId: input.standard } : {}),
    ...(input.school !== undefined ? { school: input.school } : {}),
    ...(input.board !== undefined ? { board: input.board } : {}),
    ...(input.medium !== undefined ? { medium: input.medium } : {}),
    ...(input.admissionDate ? { admissionDate: input.admissionDate } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...('state' in input && input.state !== undefined ? { state: input.state } : {}),
  };
  await tx
    .update(students)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(students.id, id));
  const parentFields = { name: input.parentName, phone: input.parentPhone, email: input.parentEmail };
  await saveFirstParent(tx, { id, name: input.name ?? current.name, language: current.language }, parentFields);
  const { userId: _userId, language: _language, ...before } = current;
  const after = {
    ...before,
    ...values,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.email !== undefined ? { email: input.email?.toLowerCase() ?? null } : {}),
    ...(input.parentName !== undefined ? { parentName: input.parentName } : {}),
    ...(input.parentPhone !== undefined ? { parentPhone: input.parentPhone } : {}),
    ...(input.parentEmail !== undefined ? { parentEmail: input.parentEmail?.toLowerCase() ?? null } : {}),
  };
  await recordAudit(tx, actor, {
    action: input.status !== undefined && input.status !== before.status ? 'status' : 'update',
    entityType: 'student',
    entityId: id,
    text: { key: passwordHash ? 'student.updated_password' : 'student.updated', values: { name: after.name } },
    changes: diffChanges(before, after),
  });
}

/**
 * DELETE /students/{id}: archives. The student's records (enrolments, and later attendance and
 * notes) stay; the account is disabled and signed out everywhere. Archiving twice changes nothing.
 */
export async function archiveStudent(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ userId: students.userId, status: students.status, name: users.name })
      .from(students)
      .innerJoin(users, joinOn(users.id, students.userId))
      .where(and(eq(students.id, id), thisAcademy(students)))
      .for('update', { of: students });
    if (!current) throw new AppError('NOT_FOUND', 'Student not found');
    if (current.status !== 'archived') {
      await tx.update(students).set({ status: 'archived', updatedAt: new Date() }).where(eq(students.id, id));
      await recordAudit(tx, actor, {
        action: 'archive',
        entityType: 'student',
        entityId: id,
        text: { key: 'student.archived', values: { name: current.name } },
        changes: { status: { old: current.status, new: 'archived' } },
      });
    }
    await updateAccount(tx, current.userId, { isActive: false });
  });
}

/**
 * Deletes students made by an import now undone, with their accounts, in the caller's transaction; each
 * admission year's counter is rewound to the last number still in use (the numbers stay gap-free).
 */
export async function removeImportedStudents(tx: DbExecutor, studentIds: string[]): Promise<void> {
  if (studentIds.length === 0) return;
  const removed = await tx.delete(students).where(inArray(students.id, studentIds)).returning({ userId: students.userId, code: students.studentCode });
  await removeAccounts(tx, removed.map((row) => row.userId));
  for (const year of new Set(removed.map((row) => Number(row.code.split('-')[1])))) {
    // The counter's row first, in a statement of its own: a creation holding the year's next number
    // keeps that row locked until it commits, so the statement below (a new snapshot) sees its student.
    // Read in the same statement as the update, its number was missed and given again (a CI run's
    // "This record already exists" on every new student after an import's undo).
    await tx.select({ year: studentIdCounters.year }).from(studentIdCounters).where(and(eq(studentIdCounters.year, year), thisAcademy(studentIdCounters))).for('update');
    // The last number still in use, read first and written as a value (Citus takes no subquery in an UPDATE's SET).
    const [inUse] = await tx
      .select({ last: sql<number>`coalesce(max(split_part(${students.studentCode}, '-', 3)::int), 0)`.mapWith(Number) })
      .from(students)
      .where(and(sql`split_part(${students.studentCode}, '-', 2) = ${String(year)}`, thisAcademy(students)));
    await tx
      .update(studentIdCounters)
      .set({ last: inUse?.last ?? 0 })
      .where(and(eq(studentIdCounters.year, year), thisAcademy(studentIdCounters)));
  }
}

/** Moves students to a standard (the new academic year's rollover and its undo), in the caller's transaction; `at` is the change's time. */
export async function setStudentsStandard(tx: DbExecutor, studentIds: string[], standardId: string | null, at: Date): Promise<void> {
  for (let start = 0; start < studentIds.length; start += 1000) {
    await tx.update(students).set({ standardId, updatedAt: at }).where(inArray(students.id, studentIds.slice(start, start + 1000)));
  }
}

/** Sets students' status (alumni, archived, or active again when a rollover is undone), in the caller's transaction. */
export async function setStudentsStatus(tx: DbExecutor, studentIds: string[], status: StudentStatus, at: Date): Promise<void> {
  if (studentIds.length > 0) await tx.update(students).set({ status, updatedAt: at }).where(inArray(students.id, studentIds));
}

/**
 * A student record with only its account, in the account's transaction (users:create from the CLI): a
 * student ID from today, the rest filled in on the Students screen.
 */
export async function addStudentRecord(tx: DbExecutor, userId: string): Promise<void> {
  await tx.insert(students).values({ userId, studentCode: await nextStudentCode(tx, await academyToday(tx)) });
}

/**
 * A student's own phone and address (their profile), in the caller's transaction. Answers the row as
 * it was (for the audit log), locked for the change; undefined when the account has no student record.
 */
export async function changeOwnStudentContact(tx: DbExecutor, userId: string, values: { phone?: string | null; address?: string | null }) {
  const [before] = await tx.select({ id: students.id, phone: students.phone, address: students.address }).from(students).where(and(eq(students.userId, userId), thisAcademy(students))).for('update');
  if (!before) return undefined;
  await tx
    .update(students)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(students.id, before.id));
  return before;
}
