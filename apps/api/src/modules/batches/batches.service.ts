import { and, arrayOverlaps, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { academicYearEnd, academicYearStart } from '@academy/shared/calendar';
import { ACADEMIC_YEAR_MESSAGES } from '@academy/shared/schemas/academic-years';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Batch, BatchStatus, BatchSummary, BatchSyncReport, batchInputSchema, batchListQuerySchema, EnrolledStudent, LateJoinRule } from '@academy/shared/schemas/batches';
import { formatSchedule, type Weekday } from '@academy/shared/schedule';
import { type Db, type DbExecutor, joinOn, thisAcademy } from '../../db/client';
import { batches, batchStudents, standards, students, subjects, teachers, users } from '../../db/schema';
import { firstParentColumn } from '../../read-models/first-parent';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { batchScope, batchScopeKey, enrolledBatchesCondition } from '../../access/batches';
import { cacheKey, cachedRead } from '../../lib/read-cache';
import { cancelUnpaidDuesOfBatch, createDuesForEnrolments, type EnrolmentDuesOptions } from '../fees';
import { academyToday } from '../../academy-settings';
import { diffChanges, recordAudit, recordAudits, type AuditActor } from '../audit';
import type { AuditText } from '@academy/shared/i18n/audit-texts';
import { batchClassTimes, listBatchRows, listBatchSummaries } from '../../read-models/batch-summaries';

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
      where bs.batch_id = any(${sql.param(batchIds)}::uuid[]) and s.status = 'active'
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
      parentPhone: firstParentColumn(students.id, 'phone'),
      standardId: standards.id,
      standardName: standards.name,
      standardLevel: standards.level,
    })
    .from(batchStudents)
    .innerJoin(students, joinOn(students.id, batchStudents.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(standards, joinOn(standards.id, students.standardId))
    .where(and(inArray(batchStudents.batchId, batchIds), eq(students.status, 'active')))
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
function overlapsCondition(schedule: { days: Weekday[]; startTime: string; endTime: string }, startDate: string, endDate: string): SQL {
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
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, input.teacher)).limit(1).for('no key update');
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
    .where(and(eq(batchStudents.batchId, batchId), eq(students.status, 'active')));
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

/**
 * Enrols a student (idempotent). In one transaction with the batch row locked FOR UPDATE, so two
 * adds racing for the last seat cannot both pass the capacity check. Refused: archived student
 * (409), full batch (409 "Batch is full"), a clash with another of the student's batches (409 with
 * errors.clash) unless `confirm`.
 */
export async function addStudentToBatch(db: Db, actor: AuditActor, batchId: string, studentId: string, confirm: boolean, lateJoin?: LateJoinRule): Promise<Batch> {
  await db.transaction((tx) => enrolStudent(tx, actor, batchId, studentId, confirm, { lateJoin }));
  return getBatch(db, batchId);
}

/**
 * addStudentToBatch's checks and insert inside the caller's transaction (an enquiry's conversion, a
 * register's import enrol with it). `dues`: which of the batch's fee plans become dues and how a
 * late joiner pays (createDuesForEnrolments; a late joiner's past instalments are shifted by default).
 */
export async function enrolStudent(tx: DbExecutor, actor: AuditActor, batchId: string, studentId: string, confirm: boolean, dues: EnrolmentDuesOptions = {}): Promise<void> {
  const batch = await lockBatch(tx, batchId);
  const check = await checkEnrolments(tx, batch, [studentId], { confirm });
  const [refusal] = check.refusals;
  if (refusal?.kind === 'missing') throw new AppError('NOT_FOUND', refusal.message);
  if (refusal) throw new AppError('CONFLICT', refusal.message);
  if (check.alreadyIn.length > 0) return;
  if (check.capacity) throw new AppError('CONFLICT', check.capacity);
  const [clash] = check.clashes;
  if (clash) throw new AppError('CONFLICT', clash.message, { clash: clash.clashWith });
  await enrolChecked(tx, actor, batch, check.toEnrol, undefined, dues);
}

/**
 * Enrols many students in one batch inside the caller's transaction, clashes of timings allowed (a
 * register's import: the register holds what already happens). Answers the check: when it has
 * refusals or a capacity message nobody was enrolled, and the caller says why to the office.
 */
export async function enrolMany(tx: DbExecutor, actor: AuditActor, batchId: string, studentIds: readonly string[], planIds?: readonly string[]): Promise<EnrolmentCheck> {
  const batch = await lockBatch(tx, batchId);
  const check = await checkEnrolments(tx, batch, studentIds, { confirm: true });
  if (check.refusals.length > 0 || check.capacity) return check;
  await enrolChecked(tx, actor, batch, check.toEnrol, undefined, { planIds });
  return check;
}

/** A batch row as lockBatch reads it. */
export type BatchRow = Awaited<ReturnType<typeof lockBatch>>;

/** Why one student cannot join a batch: `missing` (no such student), `archived`, `notInSource` (a move's student not in the batch it leaves). */
export type EnrolmentRefusal = { studentId: string; kind: 'missing' | 'archived' | 'notInSource'; message: string };
/** A student who already has another batch at that time: enrolled only when the office confirms. */
export type EnrolmentClash = { studentId: string; clashWith: string; message: string };

export type EnrolmentCheck = {
  /** Students who may join (active, not in the batch yet), in id order. */
  toEnrol: { id: string; name: string }[];
  /** Students already in the batch (skipped; nothing to do). */
  alreadyIn: string[];
  refusals: EnrolmentRefusal[];
  /** Set when the batch has too few seats for all of `toEnrol`. */
  capacity?: string;
  /** Empty when `confirm`. */
  clashes: EnrolmentClash[];
  /** The name of every student found (for the caller's own messages). */
  names: Map<string, string>;
};

/**
 * THE enrolment rules, for one student or many at once (enrolStudent, a bulk enrolment, a move), with
 * the batch row already locked by the caller: an unknown student, an archived one (refused even when
 * enrolled), one already in the batch (skipped), seats for all of the others together, and a clash with
 * another of a student's batches (unless `confirm`; `leaving` is the batch a move takes them out of,
 * which never clashes). Four queries, whatever the number of students; it changes nothing.
 */
export async function checkEnrolments(tx: DbExecutor, batch: BatchRow, studentIds: readonly string[], options: { confirm: boolean; leaving?: string }): Promise<EnrolmentCheck> {
  // A past year's batch (issue 39) keeps its records; nobody joins it any more.
  if (batch.archivedAt) throw new AppError('CONFLICT', ACADEMIC_YEAR_MESSAGES.batchArchived);
  const ids = [...new Set(studentIds)].sort();
  const found = await tx
    .select({ id: students.id, status: students.status, name: users.name })
    .from(students)
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(inArray(students.id, ids));
  const byId = new Map(found.map((student) => [student.id, student]));
  const existing = await tx
    .select({ studentId: batchStudents.studentId })
    .from(batchStudents)
    .where(and(eq(batchStudents.batchId, batch.id), inArray(batchStudents.studentId, ids)));
  const enrolled = new Set(existing.map((row) => row.studentId));
  const check: EnrolmentCheck = { toEnrol: [], alreadyIn: [], refusals: [], clashes: [], names: new Map(found.map((student) => [student.id, student.name])) };
  for (const id of ids) {
    const student = byId.get(id);
    if (!student) check.refusals.push({ studentId: id, kind: 'missing', message: 'Student not found' });
    else if (student.status !== 'active') check.refusals.push({ studentId: id, kind: 'archived', message: `${student.name} is archived: restore the student before enrolling them` });
    else if (enrolled.has(id)) check.alreadyIn.push(id);
    else check.toEnrol.push({ id, name: student.name });
  }
  if (check.toEnrol.length === 0) return check;
  const seatsLeft = batch.capacity - (await activeEnrolledCount(tx, batch.id));
  if (check.toEnrol.length > seatsLeft) {
    check.capacity = seatsLeft <= 0 ? BATCH_FULL_MESSAGE : `Not enough seats in "${batch.name}": ${seatsLeft} left, ${check.toEnrol.length} needed`;
  }
  if (!options.confirm) {
    const clashes = await tx
      .selectDistinctOn([batchStudents.studentId], { studentId: batchStudents.studentId, name: batches.name })
      .from(batches)
      .innerJoin(batchStudents, joinOn(batchStudents.batchId, batches.id))
      .where(
        and(
          inArray(batchStudents.studentId, check.toEnrol.map((student) => student.id)),
          ne(batches.id, batch.id),
          options.leaving ? ne(batches.id, options.leaving) : undefined,
          overlapsCondition({ days: batch.scheduleDays as Weekday[], startTime: batch.startTime, endTime: batch.endTime }, batch.startDate, batch.endDate),
        ),
      )
      .orderBy(asc(batchStudents.studentId), asc(batches.name));
    const clashOf = new Map(clashes.map((row) => [row.studentId, row.name]));
    for (const student of check.toEnrol) {
      const other = clashOf.get(student.id);
      if (other !== undefined) check.clashes.push({ studentId: student.id, clashWith: other, message: `${student.name} already has "${other}" at that time` });
    }
  }
  return check;
}

/**
 * Enrols students checkEnrolments let through (id order: the due numbers' per-student locks are taken
 * in one order by every enrolment), each with the batch's fee plans as dues and one audit entry
 * (`text`: 'batch.enrolled' unless the caller words it, a move).
 */
export async function enrolChecked(
  tx: DbExecutor,
  actor: AuditActor,
  batch: BatchRow,
  toEnrol: readonly { id: string; name: string }[],
  text: (student: { id: string; name: string }) => AuditText = (student) => ({ key: 'batch.enrolled', values: { student: student.name, batch: batch.name } }),
  dues: EnrolmentDuesOptions = {},
): Promise<void> {
  if (toEnrol.length === 0) return;
  const sorted = [...toEnrol].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  await tx
    .insert(batchStudents)
    .values(sorted.map((student) => ({ batchId: batch.id, studentId: student.id })))
    .onConflictDoNothing();
  // The batch's fee plans become the students' dues (issue 22), a few statements for all of them.
  await createDuesForEnrolments(
    tx,
    batch.id,
    sorted.map((student) => student.id),
    dues,
  );
  await recordAudits(
    tx,
    actor,
    sorted.map((student) => ({ action: 'enrol', entityType: 'batch' as const, entityId: batch.id, relatedId: student.id, text: text(student), changes: { studentId: { old: null, new: student.id } } })),
  );
}

/**
 * Removes an enrolment; removing someone not enrolled succeeds too. With `cancelDues` the student's
 * dues of this batch that nothing has paid yet are cancelled too (the screen asks).
 */
export async function removeStudentFromBatch(db: Db, actor: AuditActor, batchId: string, studentId: string, cancelDues = false): Promise<Batch> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    const removed = await tx
      .delete(batchStudents)
      .where(and(eq(batchStudents.batchId, batchId), eq(batchStudents.studentId, studentId)))
      .returning({ studentId: batchStudents.studentId });
    // Removing someone not enrolled changes nothing, so it leaves no entry.
    if (removed.length > 0) {
      const cancelled = cancelDues ? await cancelUnpaidDuesOfBatch(tx, batchId, studentId) : 0;
      await recordAudit(tx, actor, {
        action: 'unenrol',
        entityType: 'batch',
        entityId: batchId,
        relatedId: studentId,
        text: cancelled > 0 ? { key: 'batch.unenrolled_dues', values: { batch: batch.name, count: cancelled } } : { key: 'batch.unenrolled', values: { batch: batch.name } },
        changes: { studentId: { old: studentId, new: null } },
      });
    }
  });
  return getBatch(db, batchId);
}

/** Checks enrolment data and reports what it finds; it changes nothing. */
export async function syncStudentsReport(db: DbExecutor): Promise<BatchSyncReport> {
  const studentStandard = alias(standards, 'student_standard');
  const rows = await db
    .select({
      batchId: batches.id,
      batchName: batches.name,
      capacity: batches.capacity,
      batchStandardId: standards.id,
      batchStandardName: standards.name,
      batchStandardLevel: standards.level,
      studentId: students.id,
      studentName: users.name,
      studentStatus: students.status,
      studentStandardId: students.standardId,
      studentStandardName: studentStandard.name,
      studentStandardLevel: studentStandard.level,
    })
    .from(batchStudents)
    .innerJoin(batches, joinOn(batches.id, batchStudents.batchId))
    .innerJoin(standards, joinOn(standards.id, batches.standardId))
    .innerJoin(students, joinOn(students.id, batchStudents.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(studentStandard, joinOn(studentStandard.id, students.standardId))
    .orderBy(asc(batches.name), asc(users.name));
  const [{ count: checkedBatches } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(batches);
  const report: BatchSyncReport = { checkedBatches, ok: true, archivedEnrolments: [], overCapacity: [], standardMismatches: [] };
  const activeCounts = new Map<string, { batch: { _id: string; name: string }; capacity: number; count: number }>();
  for (const row of rows) {
    const batch = { _id: row.batchId, name: row.batchName };
    const student = { _id: row.studentId, name: row.studentName };
    if (row.studentStatus !== 'active') {
      report.archivedEnrolments.push({ batch, student });
      continue;
    }
    const entry = activeCounts.get(row.batchId) ?? { batch, capacity: row.capacity, count: 0 };
    entry.count += 1;
    activeCounts.set(row.batchId, entry);
    if (row.studentStandardId !== row.batchStandardId) {
      report.standardMismatches.push({
        batch,
        student,
        batchStandard: { _id: row.batchStandardId, name: row.batchStandardName, level: row.batchStandardLevel },
        studentStandard: row.studentStandardId ? { _id: row.studentStandardId, name: row.studentStandardName!, level: row.studentStandardLevel! } : null,
      });
    }
  }
  for (const entry of activeCounts.values()) {
    if (entry.count > entry.capacity) report.overCapacity.push({ batch: entry.batch, capacity: entry.capacity, enrolledCount: entry.count });
  }
  report.ok = report.archivedEnrolments.length === 0 && report.overCapacity.length === 0 && report.standardMismatches.length === 0;
  return report;
}

// Kept here for the modules that import it from batches; the rule lives in the access layer.
export { enrolledBatchesCondition };

/** The signed-in student's own batches. */
export async function studentOwnBatches(db: DbExecutor, actor: Actor): Promise<BatchSummary[]> {
  return listBatchSummaries(db, batchScope(actor));
}

/** One of the signed-in student's batches; another batch answers 404. */
export async function studentOwnBatch(db: DbExecutor, actor: Actor, batchId: string): Promise<BatchSummary> {
  const [batch] = await listBatchSummaries(db, and(eq(batches.id, batchId), batchScope(actor)));
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  return batch;
}

/** Removes an enrolment without a trace (an import undone), in the caller's transaction; its dues are the caller's to remove first. */
export async function removeEnrolment(tx: DbExecutor, studentId: string, batchId: string): Promise<void> {
  await tx.delete(batchStudents).where(and(eq(batchStudents.studentId, studentId), eq(batchStudents.batchId, batchId)));
}

/** Archives batches at the end of their academic year (the rollover), ending them by `endsOn` (never before they began), in the caller's transaction. */
export async function archiveBatchesEndingBy(tx: DbExecutor, batchIds: string[], endsOn: string): Promise<void> {
  for (let start = 0; start < batchIds.length; start += 1000) {
    await tx
      .update(batches)
      // A batch ending later ends on the chosen day (never before it began); one ending earlier keeps its end.
      .set({ endDate: sql`case when ${batches.endDate} > ${endsOn}::date then greatest(${batches.startDate}, ${endsOn}::date) else ${batches.endDate} end`, archivedAt: new Date(), updatedAt: new Date() })
      .where(inArray(batches.id, batchIds.slice(start, start + 1000)));
  }
}

/** Takes a batch out of the archive with the end it had (a rollover undone), in the caller's transaction. */
export async function unarchiveBatch(tx: DbExecutor, batchId: string, endDate: string, at: Date): Promise<void> {
  await tx.update(batches).set({ endDate, archivedAt: null, updatedAt: at }).where(eq(batches.id, batchId));
}
