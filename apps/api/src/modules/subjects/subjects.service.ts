import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Subject, SubjectDetail, subjectInputSchema } from '@academy/shared/schemas/subjects';
import type { Db, DbExecutor } from '../../db/client';
import { batches, standards, standardSubjects, subjects, teachers, teacherSubjects, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { inUseMessage } from '../../lib/in-use-message';
import { joinOn } from '../../db/same-academy';

type SubjectInput = z.output<typeof subjectInputSchema>;

// Usage counts per subject, joined to the subject rows. (Correlated subqueries in the select list of a
// one-table query would lose their table names in Drizzle's SQL, so counts are joined instead.)
function usageCounts(db: DbExecutor) {
  // Each count gets its own name: Drizzle refers to a subquery's fields by name alone.
  const count = (name: string) => sql<number>`count(*)::int`.as(name);
  return {
    standards: db.select({ subjectId: standardSubjects.subjectId, value: count('standard_count') }).from(standardSubjects).groupBy(standardSubjects.subjectId).as('standard_counts'),
    batches: db.select({ subjectId: batches.subjectId, value: count('batch_count') }).from(batches).groupBy(batches.subjectId).as('batch_counts'),
    teachers: db.select({ subjectId: teacherSubjects.subjectId, value: count('teacher_count') }).from(teacherSubjects).groupBy(teacherSubjects.subjectId).as('teacher_counts'),
  };
}

function selectSubjects(db: DbExecutor) {
  const counts = usageCounts(db);
  return db
    .select({
      id: subjects.id,
      name: subjects.name,
      code: subjects.code,
      description: subjects.description,
      names: subjects.names,
      createdAt: subjects.createdAt,
      updatedAt: subjects.updatedAt,
      standardCount: sql<number>`coalesce(${counts.standards.value}, 0)`,
      batchCount: sql<number>`coalesce(${counts.batches.value}, 0)`,
      teacherCount: sql<number>`coalesce(${counts.teachers.value}, 0)`,
    })
    .from(subjects)
    .leftJoin(counts.standards, eq(counts.standards.subjectId, subjects.id))
    .leftJoin(counts.batches, eq(counts.batches.subjectId, subjects.id))
    .leftJoin(counts.teachers, eq(counts.teachers.subjectId, subjects.id));
}

type SubjectRow = { id: string; name: string; code: string; description: string; names: Subject['names']; createdAt: Date; updatedAt: Date; standardCount: number; batchCount: number; teacherCount: number };

function toSubject(row: SubjectRow): Subject {
  const { id, createdAt, updatedAt, ...rest } = row;
  return { _id: id, ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** Every subject, by name, with where it is used. */
export async function listSubjects(db: DbExecutor): Promise<Subject[]> {
  const rows = await selectSubjects(db).orderBy(asc(sql`lower(${subjects.name})`));
  return rows.map(toSubject);
}

async function findSubject(db: DbExecutor, id: string): Promise<Subject> {
  const [row] = await selectSubjects(db).where(eq(subjects.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Subject not found');
  return toSubject(row);
}

async function usesOf(db: DbExecutor, id: string) {
  const [standardRows, batchRows, teacherRows] = await Promise.all([
    db
      .select({ _id: standards.id, name: standards.name, level: standards.level })
      .from(standardSubjects)
      .innerJoin(standards, joinOn(standards.id, standardSubjects.standardId))
      .where(eq(standardSubjects.subjectId, id))
      .orderBy(asc(standards.level)),
    db.select({ _id: batches.id, name: batches.name }).from(batches).where(eq(batches.subjectId, id)).orderBy(asc(batches.name)),
    db
      .select({ _id: teachers.id, name: users.name })
      .from(teacherSubjects)
      .innerJoin(teachers, joinOn(teachers.id, teacherSubjects.teacherId))
      .innerJoin(users, joinOn(users.id, teachers.userId))
      .where(eq(teacherSubjects.subjectId, id))
      .orderBy(asc(users.name)),
  ]);
  return { standards: standardRows, batches: batchRows, teachers: teacherRows };
}

/** One subject with the standards, batches and teachers that use it. */
export async function getSubject(db: DbExecutor, id: string): Promise<SubjectDetail> {
  const subject = await findSubject(db, id);
  return { ...subject, ...(await usesOf(db, id)) };
}

/** 409 naming each field that another subject already has (name in any case, code). */
async function assertUnique(db: DbExecutor, input: SubjectInput, exceptId?: string) {
  const clashes = await db
    .select({ name: subjects.name, code: subjects.code })
    .from(subjects)
    .where(
      and(
        or(eq(sql`lower(${subjects.name})`, input.name.toLowerCase()), eq(sql`upper(${subjects.code})`, input.code.toUpperCase())),
        exceptId ? ne(subjects.id, exceptId) : undefined,
      ),
    );
  const errors: Record<string, string> = {};
  if (clashes.some((clash) => clash.name.toLowerCase() === input.name.toLowerCase())) errors.name = 'A subject with this name already exists';
  if (clashes.some((clash) => clash.code.toUpperCase() === input.code.toUpperCase())) errors.code = 'A subject with this code already exists';
  if (errors.name || errors.code) throw new AppError('CONFLICT', (errors.name ?? errors.code)!, errors);
}

export async function createSubject(db: Db, actor: AuditActor, input: SubjectInput): Promise<SubjectDetail> {
  await assertUnique(db, input);
  const values = { name: input.name, code: input.code, description: input.description ?? '', names: input.names ?? {} };
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(subjects).values(values).returning({ id: subjects.id });
    await recordAudit(tx, actor, { action: 'create', entityType: 'subject', entityId: row!.id, text: { key: 'subject.created', values: { name: input.name } }, changes: diffChanges({}, values) });
    return row!.id;
  });
  return getSubject(db, id);
}

export async function updateSubject(db: Db, actor: AuditActor, id: string, input: SubjectInput): Promise<SubjectDetail> {
  const current = await findSubject(db, id);
  await assertUnique(db, input, id);
  // Names in other languages left out of the body stay as they are (an older form does not send them).
  const values = { name: input.name, code: input.code, description: input.description ?? '', ...(input.names ? { names: input.names } : {}) };
  await db.transaction(async (tx) => {
    await tx.update(subjects).set(values).where(eq(subjects.id, id));
    await recordAudit(tx, actor, { action: 'update', entityType: 'subject', entityId: id, text: { key: 'subject.updated', values: { name: input.name } }, changes: diffChanges(current, values) });
  });
  return getSubject(db, id);
}

/**
 * Deletes a subject nobody uses. A subject of a standard, a batch or a teacher is refused (409) with
 * a message naming them; the foreign keys refuse it too if a use appears meanwhile.
 */
export async function deleteSubject(db: Db, actor: AuditActor, id: string): Promise<void> {
  const subject = await findSubject(db, id);
  const uses = await usesOf(db, id);
  const message = inUseMessage(subject.name, [
    { count: uses.standards.length, singular: 'standard', plural: 'standards', names: uses.standards.map((standard) => standard.name) },
    { count: uses.batches.length, singular: 'batch', plural: 'batches', names: uses.batches.map((batch) => batch.name) },
    { count: uses.teachers.length, singular: 'teacher', plural: 'teachers', names: uses.teachers.map((teacher) => teacher.name) },
  ]);
  if (message) throw new AppError('CONFLICT', message);
  await db.transaction(async (tx) => {
    await tx.delete(subjects).where(eq(subjects.id, id));
    await recordAudit(tx, actor, { action: 'delete', entityType: 'subject', entityId: id, text: { key: 'subject.deleted', values: { name: subject.name } } });
  });
}

/** A new academy's first subjects (sign-up's sample list, the demo's), in the caller's transaction: answers each one's id by its code. */
export async function insertSubjects(tx: DbExecutor, rows: readonly { name: string; code: string; description?: string }[]): Promise<Map<string, string>> {
  const made = await tx
    .insert(subjects)
    .values(rows.map((subject) => ({ name: subject.name, code: subject.code, ...(subject.description === undefined ? {} : { description: subject.description }) })))
    .returning({ id: subjects.id, code: subjects.code });
  return new Map(made.map((subject) => [subject.code, subject.id]));
}
