import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Standard, StandardDuplicateResult, standardDuplicateQuerySchema, standardInputSchema } from '@academy/shared/schemas/standards';
import type { SubjectRef } from '@academy/shared/schemas/common';
import type { Db, DbExecutor } from '../../db/client';
import { batches, standards, standardSubjects, students, subjects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { inUseMessage } from '../../lib/in-use-message';
import { joinOn } from '../../db/same-academy';

type StandardInput = z.output<typeof standardInputSchema>;
type DuplicateQuery = z.output<typeof standardDuplicateQuerySchema>;

// Subjects, student and batch counts per standard, joined to the standard rows. (Correlated
// subqueries in the select list of a one-table query would lose their table names in Drizzle's SQL;
// each joined field has its own name because Drizzle refers to them by name alone.) Each carries its
// academy: the joins name it (db/same-academy.ts).
function selectStandards(db: DbExecutor) {
  const subjectLists = db
    .select({
      academyId: standardSubjects.academyId,
      standardId: standardSubjects.standardId,
      list: sql<SubjectRef[]>`json_agg(json_build_object('_id', ${subjects.id}, 'name', ${subjects.name}, 'code', ${subjects.code}) order by lower(${subjects.name}))`.as('subject_list'),
    })
    .from(standardSubjects)
    .innerJoin(subjects, joinOn(subjects.id, standardSubjects.subjectId))
    .groupBy(standardSubjects.academyId, standardSubjects.standardId)
    .as('subject_lists');
  const studentCounts = db
    .select({ academyId: students.academyId, standardId: students.standardId, value: sql<number>`count(*)::int`.as('student_count') })
    .from(students)
    .where(eq(students.status, 'active'))
    .groupBy(students.academyId, students.standardId)
    .as('student_counts');
  const batchCounts = db
    .select({ academyId: batches.academyId, standardId: batches.standardId, value: sql<number>`count(*)::int`.as('batch_count') })
    .from(batches)
    .groupBy(batches.academyId, batches.standardId)
    .as('batch_counts');
  return db
    .select({
      id: standards.id,
      name: standards.name,
      level: standards.level,
      names: standards.names,
      subjects: sql<SubjectRef[]>`coalesce(${subjectLists.list}, '[]'::json)`,
      studentCount: sql<number>`coalesce(${studentCounts.value}, 0)`,
      batchCount: sql<number>`coalesce(${batchCounts.value}, 0)`,
      createdAt: standards.createdAt,
      updatedAt: standards.updatedAt,
    })
    .from(standards)
    .leftJoin(subjectLists, joinOn(subjectLists.standardId, standards.id))
    .leftJoin(studentCounts, joinOn(studentCounts.standardId, standards.id))
    .leftJoin(batchCounts, joinOn(batchCounts.standardId, standards.id));
}

function toStandard(row: { id: string; createdAt: Date; updatedAt: Date } & Omit<Standard, '_id' | 'createdAt' | 'updatedAt'>): Standard {
  const { id, createdAt, updatedAt, ...rest } = row;
  return { _id: id, ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** Every standard by level, subjects populated: one query. */
export async function listStandards(db: DbExecutor): Promise<Standard[]> {
  const rows = await selectStandards(db).orderBy(asc(standards.level));
  return rows.map(toStandard);
}

export async function getStandard(db: DbExecutor, id: string): Promise<Standard> {
  const [row] = await selectStandards(db).where(eq(standards.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Standard not found');
  return toStandard(row);
}

/** The spec's duplicate rule: the name in any case, or the level as a number; says which matched. */
export async function checkStandardDuplicate(db: DbExecutor, query: DuplicateQuery): Promise<StandardDuplicateResult> {
  const name = query.name?.trim().toLowerCase();
  const conditions = [name ? eq(sql`lower(${standards.name})`, name) : undefined, query.level !== undefined ? eq(standards.level, query.level) : undefined].filter(
    (condition) => condition !== undefined,
  );
  if (conditions.length === 0) return { duplicate: false, nameMatches: false, levelMatches: false };
  const rows = await db
    .select({ name: standards.name, level: standards.level })
    .from(standards)
    .where(and(or(...conditions), query.excludeId ? ne(standards.id, query.excludeId) : undefined));
  const nameMatches = name !== undefined && rows.some((row) => row.name.toLowerCase() === name);
  const levelMatches = query.level !== undefined && rows.some((row) => row.level === query.level);
  return { duplicate: nameMatches || levelMatches, nameMatches, levelMatches };
}

async function assertUnique(db: DbExecutor, input: StandardInput, exceptId?: string) {
  const result = await checkStandardDuplicate(db, { name: input.name, level: input.level, excludeId: exceptId });
  if (!result.duplicate) return;
  const errors: Record<string, string> = {};
  if (result.nameMatches) errors.name = 'A standard with this name already exists';
  if (result.levelMatches) errors.level = 'A standard with this level already exists';
  throw new AppError('CONFLICT', (errors.name ?? errors.level)!, errors);
}

/** 400 naming `field` when any of these subject ids does not exist. */
export async function assertSubjectsExist(db: DbExecutor, ids: readonly string[], field = 'subjects') {
  if (ids.length === 0) return;
  const found = await db.select({ id: subjects.id }).from(subjects).where(inArray(subjects.id, [...ids]));
  if (found.length !== new Set(ids).size) throw new AppError('BAD_REQUEST', 'One or more of the chosen subjects do not exist', { [field]: 'Choose subjects from the list' });
}

async function replaceSubjects(tx: DbExecutor, standardId: string, subjectIds: readonly string[]) {
  await assertSubjectsExist(tx, subjectIds);
  await tx.delete(standardSubjects).where(eq(standardSubjects.standardId, standardId));
  if (subjectIds.length > 0) await tx.insert(standardSubjects).values(subjectIds.map((subjectId) => ({ standardId, subjectId })));
}

export async function createStandard(db: Db, actor: AuditActor, input: StandardInput): Promise<Standard> {
  await assertUnique(db, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(standards).values({ name: input.name, level: input.level, names: input.names ?? {} }).returning({ id: standards.id });
    await replaceSubjects(tx, row!.id, input.subjects);
    await recordAudit(tx, actor, { action: 'create', entityType: 'standard', entityId: row!.id, text: { key: 'standard.created', values: { name: input.name } }, changes: diffChanges({}, { ...input }) });
    return row!.id;
  });
  return getStandard(db, id);
}

/** Replaces name, level and the whole list of subjects. */
export async function updateStandard(db: Db, actor: AuditActor, id: string, input: StandardInput): Promise<Standard> {
  const current = await getStandard(db, id);
  await assertUnique(db, input, id);
  await db.transaction(async (tx) => {
    // Names in other languages left out of the body stay as they are (an older form does not send them).
    const names = input.names ? { names: input.names } : {};
    await tx.update(standards).set({ name: input.name, level: input.level, ...names }).where(eq(standards.id, id));
    await replaceSubjects(tx, id, input.subjects);
    const before = { name: current.name, level: current.level, names: current.names, subjects: current.subjects.map((subject) => subject._id).sort() };
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'standard',
      entityId: id,
      text: { key: 'standard.updated', values: { name: input.name } },
      changes: diffChanges(before, { name: input.name, level: input.level, ...names, subjects: [...input.subjects].sort() }),
    });
  });
  return getStandard(db, id);
}

/** Deletes a standard no student (active or archived) and no batch uses; otherwise 409 saying where. */
export async function deleteStandard(db: Db, actor: AuditActor, id: string): Promise<void> {
  const standard = await getStandard(db, id);
  const [[studentCount], batchRows] = await Promise.all([
    db.select({ active: sql<number>`count(*) filter (where ${students.status} = 'active')::int`, all: sql<number>`count(*)::int` }).from(students).where(eq(students.standardId, id)),
    db.select({ name: batches.name }).from(batches).where(eq(batches.standardId, id)).orderBy(asc(batches.name)),
  ]);
  const archived = (studentCount?.all ?? 0) - (studentCount?.active ?? 0);
  const message = inUseMessage(standard.name, [
    { count: studentCount?.active ?? 0, singular: 'student', plural: 'students' },
    { count: archived, singular: 'archived student', plural: 'archived students' },
    { count: batchRows.length, singular: 'batch', plural: 'batches', names: batchRows.map((batch) => batch.name) },
  ]);
  if (message) throw new AppError('CONFLICT', message);
  await db.transaction(async (tx) => {
    await tx.delete(standards).where(eq(standards.id, id));
    await recordAudit(tx, actor, { action: 'delete', entityType: 'standard', entityId: id, text: { key: 'standard.deleted', values: { name: standard.name } } });
  });
}

/**
 * A new academy's first standards with the subjects each teaches (sign-up's sample list), in the
 * caller's transaction: one statement for the standards, one for their subjects (which must exist).
 * Answers each one's id by its name.
 */
export async function insertStandards(tx: DbExecutor, rows: readonly { name: string; level: number; subjectIds: readonly string[] }[]): Promise<Map<string, string>> {
  const made = await tx
    .insert(standards)
    .values(rows.map((standard) => ({ name: standard.name, level: standard.level })))
    .returning({ id: standards.id, name: standards.name });
  const subjectIdsOf = new Map(rows.map((standard) => [standard.name, standard.subjectIds]));
  const links = made.flatMap((standard) => subjectIdsOf.get(standard.name)!.map((subjectId) => ({ standardId: standard.id, subjectId })));
  if (links.length > 0) await tx.insert(standardSubjects).values(links);
  return new Map(made.map((standard) => [standard.name, standard.id]));
}
