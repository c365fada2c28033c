import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { ACADEMIC_YEAR_MESSAGES } from '@academy/shared/schemas/academic-years';
import type { Batch, LateJoinRule } from '@academy/shared/schemas/batches';
import type { Weekday } from '@academy/shared/schedule';
import { joinOn, thisAcademy, type Db, type DbExecutor } from '../../db/client';
import { batches, batchStudents, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { cancelUnpaidDuesOfBatch, createDuesForEnrolments, type EnrolmentDuesOptions } from '../fees';
import { recordAudit, recordAudits, type AuditActor } from '../audit';
import type { AuditText } from '@academy/shared/i18n/audit-texts';
import { activeEnrolledCount, BATCH_FULL_MESSAGE, getBatch, lockBatch, overlapsCondition } from './batches.service';

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
    // Each table names the academy by value: on Citus these reach the academy's shard alone (decision 053).
    .where(and(thisAcademy(students), thisAcademy(users), inArray(students.id, ids)));
  const byId = new Map(found.map((student) => [student.id, student]));
  const existing = await tx
    .select({ studentId: batchStudents.studentId })
    .from(batchStudents)
    .where(and(thisAcademy(batchStudents), eq(batchStudents.batchId, batch.id), inArray(batchStudents.studentId, ids)));
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
          thisAcademy(batches),
          thisAcademy(batchStudents),
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
      .where(and(thisAcademy(batchStudents), eq(batchStudents.batchId, batchId), eq(batchStudents.studentId, studentId)))
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


/** Removes an enrolment without a trace (an import undone), in the caller's transaction; its dues are the caller's to remove first. */
export async function removeEnrolment(tx: DbExecutor, studentId: string, batchId: string): Promise<void> {
  await tx.delete(batchStudents).where(and(thisAcademy(batchStudents), eq(batchStudents.studentId, studentId), eq(batchStudents.batchId, batchId)));
}
