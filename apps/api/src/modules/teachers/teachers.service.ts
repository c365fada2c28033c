import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SubjectRef } from '@academy/shared/schemas/common';
import type { BatchSummary } from '@academy/shared/schemas/batches';
import type { Teacher, TeacherStudent, teacherCreateInputSchema, teacherListQuerySchema, teacherUpdateInputSchema } from '@academy/shared/schemas/teachers';
import type { Db, DbExecutor } from '../../db/client';
import { batches, batchStudents, standards, students, subjects, teachers, teacherSubjects, users } from '../../db/schema';
import { firstParentColumn, parentPhoneMatches } from '../../read-models/first-parent';
import type { Actor } from '../../access/actor';
import { teacherIdFor } from '../../access/teachers';
import { AppError } from '../../lib/app-error';
import { quoteNames } from '../../lib/in-use-message';
import { hashPassword } from '../../lib/password';
import { containsPattern } from '../../lib/search';
import { listBatchSummaries } from '../../read-models/batch-summaries';
import { assertSubjectsExist } from '../standards';
import { createAccount, removeAccounts, updateAccount, type Invitation } from '../users';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { academySql, joinOn, qualified, thisAcademy } from '../../db/same-academy';

type CreateInput = z.output<typeof teacherCreateInputSchema>;
type UpdateInput = z.output<typeof teacherUpdateInputSchema>;
type ListQuery = z.output<typeof teacherListQuerySchema>;

/** The subjects of the teacher in the current row (needs a query that joins, so columns keep their table names). */
export const teacherSubjectsJson = sql<SubjectRef[]>`coalesce((
  select json_agg(json_build_object('_id', ${subjects.id}, 'name', ${subjects.name}, 'code', ${subjects.code}) order by lower(${subjects.name}))
  from ${teacherSubjects} join ${subjects} on ${subjects.id} = ${teacherSubjects.subjectId} and ${subjects.academyId} = ${qualified(teacherSubjects.academyId)}
  where ${teacherSubjects.teacherId} = ${teachers.id} and ${teacherSubjects.academyId} = ${qualified(teachers.academyId)}
), '[]'::json)`;

const teacherColumns = {
  _id: teachers.id,
  name: users.name,
  // Only a student may lack an email (the check users_email_required_check): a teacher always has one.
  email: sql<string>`${users.email}`,
  avatarUrl: users.avatarUrl,
  phone: teachers.phone,
  qualification: teachers.qualification,
  subjects: teacherSubjectsJson,
  joiningDate: teachers.joiningDate,
  address: teachers.address,
  gender: teachers.gender,
  status: teachers.status,
  batchCount: sql<number>`(select count(*)::int from ${batches} where ${batches.teacherId} = ${teachers.id} and ${batches.academyId} = ${qualified(teachers.academyId)})`,
  passwordSet: sql<boolean>`(${users.passwordHash} is not null)`,
  lastLoginAt: users.lastLoginAt,
  createdAt: teachers.createdAt,
  // Every change of the teacher's account (name, email, picture) also touches this row; a sign-in does not.
  updatedAt: teachers.updatedAt,
};

type TeacherRow = Omit<Teacher, 'lastLoginAt' | 'createdAt' | 'updatedAt'> & { lastLoginAt: Date | null; createdAt: Date; updatedAt: Date };

function toTeacher(row: TeacherRow): Teacher {
  return {
    ...row,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectTeachers(db: DbExecutor) {
  return db.select(teacherColumns).from(teachers).innerJoin(users, joinOn(users.id, teachers.userId));
}

/** Every teacher by name, subjects populated, optionally searched (name, email, phone) and filtered. */
export async function listTeachers(db: DbExecutor, query: ListQuery): Promise<Teacher[]> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const rows = await selectTeachers(db)
    .where(
      and(
        pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(teachers.phone, pattern)) : undefined,
        query.status ? eq(teachers.status, query.status) : undefined,
        query.subjectId
          ? sql`exists (select 1 from ${teacherSubjects} where ${teacherSubjects.teacherId} = ${teachers.id} and ${teacherSubjects.academyId} = ${qualified(teachers.academyId)} and ${teacherSubjects.subjectId} = ${query.subjectId})`
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(teachers.id));
  return rows.map(toTeacher);
}

export async function getTeacher(db: DbExecutor, id: string): Promise<Teacher> {
  const [row] = await selectTeachers(db).where(eq(teachers.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Teacher not found');
  return toTeacher(row);
}

/**
 * The teacher `{id}` names (after access/teachers teacherIdFor has checked the caller may ask):
 * 404 when there is none.
 */
export async function existingTeacherId(db: DbExecutor, id: string): Promise<string> {
  const [found] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, id)).limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Teacher not found');
  return found.id;
}

async function replaceTeacherSubjects(tx: DbExecutor, teacherId: string, subjectIds: readonly string[]) {
  await assertSubjectsExist(tx, subjectIds);
  await tx.delete(teacherSubjects).where(eq(teacherSubjects.teacherId, teacherId));
  if (subjectIds.length > 0) await tx.insert(teacherSubjects).values(subjectIds.map((subjectId) => ({ teacherId, subjectId })));
}

/**
 * Creates the teacher and their sign-in account in one transaction (user, teacher, subjects): any
 * failure, such as an unknown subject, leaves nothing behind. Without a password the teacher gets a
 * set-your-password link, returned as `invitation` for the caller to mail after the commit.
 */
export async function createTeacher(db: Db, actor: AuditActor, input: CreateInput): Promise<{ teacher: Teacher; invitation: Invitation | undefined }> {
  // Hashed before the transaction: argon2 takes a while and must not hold locks.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const status = input.status ?? 'active';
  const { id, invitation } = await db.transaction(async (tx) => {
    const account = await createAccount(tx, { name: input.name, email: input.email, role: 'teacher', passwordHash, isActive: status !== 'inactive', language: input.language });
    const [row] = await tx
      .insert(teachers)
      .values({
        userId: account.userId,
        phone: input.phone ?? null,
        qualification: input.qualification ?? '',
        joiningDate: input.joiningDate ?? null,
        address: input.address ?? '',
        gender: input.gender ?? null,
        status,
      })
      .returning({ id: teachers.id });
    await replaceTeacherSubjects(tx, row!.id, input.subjects ?? []);
    const { password: _password, ...recorded } = input;
    await recordAudit(tx, actor, { action: 'create', entityType: 'teacher', entityId: row!.id, text: { key: 'teacher.created', values: { name: input.name } }, changes: diffChanges({}, { ...recorded, status }) });
    return { id: row!.id, invitation: account.invitation };
  });
  return { teacher: await getTeacher(db, id), invitation };
}

/**
 * Changes the fields sent. Status `inactive` disables the account (sessions end, sign-in refused);
 * any other status enables it. A new password ends the teacher's sessions.
 */
export async function updateTeacher(db: Db, actor: AuditActor, id: string, input: UpdateInput): Promise<Teacher> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction(async (tx) => {
    // The whole record as it was (the audit log's old values), locked for the change.
    const [current] = await tx
      .select({
        userId: teachers.userId,
        name: users.name,
        email: users.email,
        phone: teachers.phone,
        qualification: teachers.qualification,
        joiningDate: teachers.joiningDate,
        address: teachers.address,
        gender: teachers.gender,
        status: teachers.status,
        subjects: sql<string[]>`coalesce((select array_agg(${teacherSubjects.subjectId}::text order by ${teacherSubjects.subjectId}) from ${teacherSubjects} where ${teacherSubjects.teacherId} = ${teachers.id} and ${teacherSubjects.academyId} = ${qualified(teachers.academyId)} and ${teacherSubjects.academyId} = ${academySql()}), '{}')`,
      })
      .from(teachers)
      .innerJoin(users, joinOn(users.id, teachers.userId))
      .where(and(eq(teachers.id, id), thisAcademy(teachers)))
      .for('update', { of: teachers });
    if (!current) throw new AppError('NOT_FOUND', 'Teacher not found');
    await updateAccount(tx, current.userId, {
      name: input.name,
      email: input.email,
      passwordHash,
      isActive: input.status === undefined ? undefined : input.status !== 'inactive',
    });
    const values = {
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.qualification !== undefined ? { qualification: input.qualification ?? '' } : {}),
      ...(input.joiningDate !== undefined ? { joiningDate: input.joiningDate } : {}),
      ...(input.address !== undefined ? { address: input.address ?? '' } : {}),
      ...(input.gender !== undefined ? { gender: input.gender } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
    };
    // Touched even when only the account changed, so updatedAt moves.
    await tx
      .update(teachers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(teachers.id, id));
    if (input.subjects !== undefined) await replaceTeacherSubjects(tx, id, input.subjects);
    const { userId: _userId, ...before } = current;
    const after = {
      ...before,
      ...values,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.email !== undefined ? { email: input.email.toLowerCase() } : {}),
      ...(input.subjects !== undefined ? { subjects: [...input.subjects].sort() } : {}),
    };
    await recordAudit(tx, actor, {
      action: input.status !== undefined && input.status !== before.status ? 'status' : 'update',
      entityType: 'teacher',
      entityId: id,
      text: { key: passwordHash ? 'teacher.updated_password' : 'teacher.updated', values: { name: after.name } },
      changes: diffChanges(before, after),
    });
  });
  return getTeacher(db, id);
}

/**
 * Deletes the teacher and their account, in one transaction. A teacher who still has batches is
 * refused (409) with the batches named: they must be reassigned or deleted first.
 */
export async function deleteTeacher(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ userId: teachers.userId, name: users.name })
      .from(teachers)
      .innerJoin(users, joinOn(users.id, teachers.userId))
      .where(and(eq(teachers.id, id), thisAcademy(teachers)))
      .for('update', { of: teachers });
    if (!current) throw new AppError('NOT_FOUND', 'Teacher not found');
    const taught = await tx.select({ name: batches.name }).from(batches).where(eq(batches.teacherId, id)).orderBy(asc(batches.name));
    if (taught.length > 0) {
      const count = taught.length === 1 ? '1 batch' : `${taught.length} batches`;
      throw new AppError(
        'CONFLICT',
        `${current.name} cannot be deleted: they still teach ${count} (${quoteNames(taught.map((batch) => batch.name))}). Assign the batches to another teacher or delete them first.`,
      );
    }
    await tx.delete(teachers).where(eq(teachers.id, id));
    // Sessions and password links go with the account (ON DELETE CASCADE).
    await removeAccounts(tx, [current.userId]);
    await recordAudit(tx, actor, { action: 'delete', entityType: 'teacher', entityId: id, text: { key: 'teacher.deleted', values: { name: current.name } } });
  });
}

/** GET /api/teachers/{id}: the teacher `{id}` names for this caller (access/teachers teacherIdFor: a teacher only themselves). */
export async function teacherFor(db: DbExecutor, actor: Actor, id: string): Promise<Teacher> {
  return getTeacher(db, teacherIdFor(actor, id));
}

/** GET /api/teachers/{id}/batches: that teacher's batches (404 for a teacher the caller may not name, or none). */
export async function batchesOfTeacher(db: DbExecutor, actor: Actor, id: string): Promise<BatchSummary[]> {
  return teacherBatches(db, await existingTeacherId(db, teacherIdFor(actor, id)));
}

/** GET /api/teachers/{id}/students: that teacher's students (404 for a teacher the caller may not name, or none). */
export async function studentsOfTeacher(db: DbExecutor, actor: Actor, id: string, search: string | undefined): Promise<TeacherStudent[]> {
  return teacherStudents(db, await existingTeacherId(db, teacherIdFor(actor, id)), search);
}

/** The teacher's batches, with standard, subject, schedule and seats. */
export async function teacherBatches(db: DbExecutor, teacherId: string): Promise<BatchSummary[]> {
  return listBatchSummaries(db, eq(batches.teacherId, teacherId));
}

/**
 * The active students of the teacher's batches, each once, with which of the teacher's batches they
 * are in; searched by name, email or phone. One query.
 */
export async function teacherStudents(db: DbExecutor, teacherId: string, search: string | undefined): Promise<TeacherStudent[]> {
  const pattern = search ? containsPattern(search) : undefined;
  const rows = await db
    .select({
      _id: students.id,
      name: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      phone: students.phone,
      parentName: firstParentColumn(students.id, 'name'),
      parentPhone: firstParentColumn(students.id, 'phone'),
      standardId: standards.id,
      standardName: standards.name,
      standardLevel: standards.level,
      batches: sql<{ _id: string; name: string }[]>`json_agg(json_build_object('_id', ${batches.id}, 'name', ${batches.name}) order by ${batches.name})`,
    })
    .from(batchStudents)
    .innerJoin(batches, and(eq(batches.id, batchStudents.batchId), eq(batches.teacherId, teacherId)))
    .innerJoin(students, and(eq(students.id, batchStudents.studentId), eq(students.status, 'active')))
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(standards, joinOn(standards.id, students.standardId))
    .where(pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(students.phone, pattern), parentPhoneMatches(students.id, pattern)) : undefined)
    .groupBy(students.academyId, students.id, users.academyId, users.id, standards.academyId, standards.id)
    .orderBy(asc(sql`lower(${users.name})`), asc(students.id));
  return rows.map(({ standardId, standardName, standardLevel, ...row }) => ({
    ...row,
    standard: standardId ? { _id: standardId, name: standardName!, level: standardLevel! } : null,
  }));
}

/** A teacher record with only its account, in the account's transaction (users:create from the CLI; the rest is filled in on the Teachers screen). */
export async function addTeacherRecord(tx: DbExecutor, userId: string): Promise<void> {
  await tx.insert(teachers).values({ userId });
}

/**
 * A teacher's own phone and address (their profile), in the caller's transaction. Answers the row as it
 * was (for the audit log), locked for the change; undefined when the account has no teacher record.
 */
export async function changeOwnTeacherContact(tx: DbExecutor, userId: string, values: { phone?: string | null; address?: string }) {
  const [before] = await tx.select({ id: teachers.id, phone: teachers.phone, address: teachers.address }).from(teachers).where(and(eq(teachers.userId, userId), thisAcademy(teachers))).for('update');
  if (!before) return undefined;
  await tx
    .update(teachers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(teachers.id, before.id));
  return before;
}
