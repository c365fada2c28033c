import { and, arrayOverlaps, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { academicYearEnd, academicYearStart } from '@academy/shared/calendar';
import type { z } from 'zod';
import type { Batch, BatchStatus, batchInputSchema, batchListQuerySchema, EnrolledStudent } from '@academy/shared/schemas/batches';
import { formatSchedule, type Weekday } from '@academy/shared/schedule';
import { type Db, type DbExecutor, academySql, joinOn, thisAcademy } from '../../db/client';
import { batches, batchStudents, standards, students, subjects, teachers, users } from '../../db/schema';
import { firstParentColumn } from '../../read-models/first-parent';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { batchScope, batchScopeKey, enrolledBatchesCondition } from '../../access/batches';
import { cacheKey, cachedRead } from '../../lib/read-cache';
import { academyToday } from '../../academy-settings';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { batchClassTimes, listBatchRows } from '../../read-models/batch-summaries';

type BatchInput = z.output<typeof batchInputSchema>;
type ListQuery = z.output<typeof batchListQuerySchema>;

export const BATCH_FULL_MESSAGE = 'Batch is full';

/** upcoming before startDate, completed after endDate, else active (dates in the academy's time zone). */
export function batchStatus(today: string, startDate: string, endDate: string): BatchStatus {
  if (today < startDate) return 'upcoming';
  if (today > endDate) return 'completed';
  return 'active';
}

/** The SQL condition for a status on a given day. */
function statusCondition(status: BatchStatus, today: string): SQL {
  if (status === 'upcoming') return gt(batches.startDate, today);
  if (status === 'completed') return lt(batches.endDate, today);
  return and(lte(batches.startDate, today), gte(batches.endDate, today))!;
}

/**
 * The academic year switcher (issue 39): a year ("2026-27") lists the batches that started in it, archived
 * or not; `all` every batch; none (the default) the batches not archived by a new year's rollover.
 */
function yearCondition(year: string | undefined): SQL | undefined {
  if (year === 'all') return undefined;
  if (year) return and(gte(batches.startDate, academicYearStart(year)), lte(batches.startDate, academicYearEnd(year)));
  return isNull(batches.archivedAt);
}

/** Active enrolled students of these batches: ids, or the populated rows. One query. */
async function enrolledStudentsOf(db: DbExecutor, batchIds: string[], populate: boolean): Promise<Map<string, string[] | EnrolledStudent[]>> {
  const result = new Map<string, string[] | EnrolledStudent[]>(batchIds.map((id) => [id, []]));
  if (batchIds.length === 0) return result;
  if (!populate) {
    // Ids only (every batch list): one array a batch from PostgreSQL, not one row per enrolment.
    const { rows: idRows } = await db.execute<{ batch_id: string; ids: string[] }>(sql`
      select bs.batch_id, array_agg(s.id order by lower(u.name)) as ids
      from ${batchStudents} bs join ${students} s on s.id = bs.student_id and s.academy_id = bs.academy_id join ${users} u on u.id = s.user_id and u.academy_id = s.academy_id
      where bs.academy_id = ${academySql()} and bs.batch_id = any(${sql.param(batchIds)}::uuid[]) and s.status = 'active'
      group by bs.batch_id`);
    for (const row of idRows) result.set(row.batch_id, row.ids);
    return result;
  }
  const rows = await db
    .select({
      batchId: batchStudents.batchId,
      _id: students.id,
      name: users.name,
      email: users.email,
      phone: students.phone,
      parentPhone: firstParentColumn(students.id, 'phone', academySql()),
      standardId: standards.id,
      standardName: standards.name,
      standardLevel: standards.level,
    })
    .from(batchStudents)
    .innerJoin(students, joinOn(students.id, batchStudents.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(standards, joinOn(standards.id, students.standardId))
    .where(and(thisAcademy(batchStudents), inArray(batchStudents.batchId, batchIds), eq(students.status, 'active')))
    .orderBy(asc(sql`lower(${users.name})`));
  for (const row of rows) {
    const list = result.get(row.batchId)!;
    if (populate) {
      const { batchId: _batchId, standardId, standardName, standardLevel, ...student } = row;
      (list as EnrolledStudent[]).push({ ...student, standard: standardId ? { _id: standardId, name: standardName!, level: standardLevel! } : null });
    } else (list as string[]).push(row._id);
  }
  return result;
}

/**
 * Summaries with description and timestamps (one query) + today (one query), and for one batch its
 * enrolled students (one query): `roster` undefined leaves them out (the lists).
 */
async function loadBatches(db: DbExecutor, where: SQL | undefined, roster: { populate: boolean } | undefined): Promise<Batch[]> {
  const rows = await listBatchRows(db, where);
  if (rows.length === 0) return [];
  const [enrolled, today] = await Promise.all([roster ? enrolledStudentsOf(db, rows.map((row) => row._id), roster.populate) : undefined, academyToday(db)]);
  return rows.map(({ archivedAt, ...row }) => ({
    ...row,
    archived: archivedAt !== null,
    ...(enrolled ? { enrolledStudents: enrolled.get(row._id) ?? [] } : {}),
    isFull: row.enrolledCount >= row.capacity,
    status: batchStatus(today, row.startDate, row.endDate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** What a batch list reads: the batches with their standard, subject, teacher and enrolled count. */
const BATCH_LIST_TABLES = ['batches', 'standards', 'subjects', 'teachers', 'users', 'batch_students', 'students'] as const;

/** The batches this actor may see (access/batches), filtered by the query; kept (lib/read-cache.ts). */
export async function listBatches(db: DbExecutor, actor: Actor, query: ListQuery): Promise<Batch[]> {
  // Today decides each batch's status.
  const today = await academyToday(db);
  return cachedRead(db, cacheKey('batches', today, batchScopeKey(actor), query), BATCH_LIST_TABLES, () => {
    const search = query.search ? `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
    const where = and(
      batchScope(actor),
      query.teacherId ? eq(batches.teacherId, query.teacherId) : undefined,
      query.standardId ? eq(batches.standardId, query.standardId) : undefined,
      query.subjectId ? eq(batches.subjectId, query.subjectId) : undefined,
      query.status ? statusCondition(query.status, today) : undefined,
      yearCondition(query.year),
      search ? or(sql`${batches.name} ilike ${search}`, sql`${batches.description} ilike ${search}`) : undefined,
    );
    // No rosters here, even with ?populate=enrolledStudents: every batch's students would be 12,000
    // at 150 batches (573 KB even as ids). One batch's roster is GET /batches/{id}?populate=enrolledStudents.
    return loadBatches(db, where, undefined);
  });
}

/** One batch; 404 when it is missing or (with an actor) not one they may see. */
export async function getBatch(db: DbExecutor, id: string, actor?: Actor, populateStudents = false): Promise<Batch> {
  const [batch] = await loadBatches(db, and(eq(batches.id, id), actor ? batchScope(actor) : undefined), { populate: populateStudents });
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  return batch;
}

/** Two weekly schedules with dates meet: a shared weekday, overlapping times and overlapping dates. */
export function overlapsCondition(schedule: { days: Weekday[]; startTime: string; endTime: string }, startDate: string, endDate: string): SQL {
  return and(
    // The weekdays travel as one bound array parameter: SQL text is never built from data.
    arrayOverlaps(batches.scheduleDays, schedule.days),
    lt(batches.startTime, schedule.endTime),
    gt(batches.endTime, schedule.startTime),
    lte(batches.startDate, endDate),
    gte(batches.endDate, startDate),
  )!;
}

async function assertReferences(db: DbExecutor, input: BatchInput) {
  // One query at a time: a transaction's client runs them in sequence anyway.
  const [standard] = await db.select({ id: standards.id }).from(standards).where(eq(standards.id, input.standard)).limit(1);
  const [subject] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, input.subject)).limit(1);
  // Locks the teacher while the batch is saved, so two saves cannot both pass the clash check
  // (NO KEY UPDATE does not block the foreign-key checks of other inserts).
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(and(eq(teachers.id, input.teacher), thisAcademy(teachers))).limit(1).for('no key update');
  const errors: Record<string, string> = {};
  if (!standard) errors.standard = 'Choose an existing standard from the list';
  if (!subject) errors.subject = 'Choose an existing subject from the list';
  if (!teacher) errors.teacher = 'Choose an existing teacher from the list';
  const first = Object.values(errors)[0];
  if (first) throw new AppError('BAD_REQUEST', first, errors);
}

async function assertNoTeacherClash(db: DbExecutor, input: BatchInput, exceptId?: string) {
  const [clash] = await db
    .select({ name: batches.name, days: batches.scheduleDays, ...batchClassTimes() })
    .from(batches)
    .where(and(eq(batches.teacherId, input.teacher), exceptId ? ne(batches.id, exceptId) : undefined, overlapsCondition(input.schedule, input.startDate, input.endDate)))
    .orderBy(asc(batches.name))
    .limit(1);
  if (clash) {
    const message = `The teacher already teaches "${clash.name}" at that time (${formatSchedule({ days: clash.days as Weekday[], startTime: clash.startTime, endTime: clash.endTime })})`;
    throw new AppError('CONFLICT', message, { schedule: message });
  }
}

function valuesOf(input: BatchInput) {
  return {
    name: input.name,
    standardId: input.standard,
    subjectId: input.subject,
    teacherId: input.teacher,
    scheduleDays: input.schedule.days,
    startTime: input.schedule.startTime,
    endTime: input.schedule.endTime,
    startDate: input.startDate,
    endDate: input.endDate,
    capacity: input.capacity,
    description: input.description ?? '',
    // Left out (a PUT of an older client), the delivery stays as it was; a new batch is taught in the classroom.
    ...(input.delivery ? { delivery: input.delivery } : {}),
  };
}

export async function createBatch(db: Db, actor: AuditActor, input: BatchInput): Promise<Batch> {
  const id = await db.transaction(async (tx) => {
    await assertReferences(tx, input);
    await assertNoTeacherClash(tx, input);
    const [row] = await tx.insert(batches).values(valuesOf(input)).returning({ id: batches.id });
    await recordAudit(tx, actor, { action: 'create', entityType: 'batch', entityId: row!.id, text: { key: 'batch.created', values: { name: input.name } }, changes: diffChanges({}, valuesOf(input)) });
    return row!.id;
  });
  return getBatch(db, id);
}

export async function activeEnrolledCount(db: DbExecutor, batchId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(batchStudents)
    .innerJoin(students, joinOn(students.id, batchStudents.studentId))
    .where(and(thisAcademy(batchStudents), thisAcademy(students), eq(batchStudents.batchId, batchId), eq(students.status, 'active')));
  return row?.count ?? 0;
}

export async function lockBatch(db: DbExecutor, id: string) {
  const [row] = await db.select().from(batches).where(and(eq(batches.id, id), thisAcademy(batches))).limit(1).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Batch not found');
  return row;
}

export async function updateBatch(db: Db, actor: AuditActor, id: string, input: BatchInput): Promise<Batch> {
  await db.transaction(async (tx) => {
    const before = await lockBatch(tx, id);
    await assertReferences(tx, input);
    await assertNoTeacherClash(tx, input, id);
    const enrolled = await activeEnrolledCount(tx, id);
    if (input.capacity < enrolled) {
      const message = `Capacity cannot be below the ${enrolled} enrolled ${enrolled === 1 ? 'student' : 'students'}`;
      throw new AppError('CONFLICT', message, { capacity: message });
    }
    await tx
      .update(batches)
      .set({ ...valuesOf(input), updatedAt: new Date() })
      .where(eq(batches.id, id));
    await recordAudit(tx, actor, { action: 'update', entityType: 'batch', entityId: id, text: { key: 'batch.updated', values: { name: input.name } }, changes: diffChanges(before, valuesOf(input)) });
  });
  return getBatch(db, id);
}

/**
 * Deletes a batch without enrolments (active or archived students). Attendance will hang off
 * batches, so a batch that ever had students is refused (409) rather than losing history.
 */
export async function deleteBatch(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, id);
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(batchStudents).where(eq(batchStudents.batchId, id));
    const count = row?.count ?? 0;
    if (count > 0) {
      throw new AppError('CONFLICT', `"${batch.name}" cannot be deleted: it has ${count} enrolled ${count === 1 ? 'student' : 'students'}. Remove them first.`);
    }
    await tx.delete(batches).where(eq(batches.id, id));
    await recordAudit(tx, actor, { action: 'delete', entityType: 'batch', entityId: id, text: { key: 'batch.deleted', values: { name: batch.name } } });
  });
}

// Kept here for the modules that import it from batches; the rule lives in the access layer.
export { enrolledBatchesCondition };
