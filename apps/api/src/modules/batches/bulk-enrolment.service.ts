import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { BULK_REFUSAL_KEYS, type BatchBulkEnrolResult, type BatchMoveResult, type batchBulkEnrolInputSchema, type batchMoveInputSchema } from '@academy/shared/schemas/batches';
import { thisAcademy, type Db } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { batchStudents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { cancelUnpaidDuesOfBatch } from '../fees';
import { recordAudit, type AuditActor } from '../audit';
import { getBatch, lockBatch } from './batches.service';
import { checkEnrolments, enrolChecked, type EnrolmentCheck, type EnrolmentRefusal } from './enrolment';

/**
 * Bulk enrolment and moving a group between batches (issue 39): the office ticks students and does
 * them all at once, in ONE transaction, all or nothing, with enrolStudent's rules (checkEnrolments).
 * A refusal names every student it concerns and changes nothing.
 */

type BulkEnrolInput = z.output<typeof batchBulkEnrolInputSchema>;
type MoveInput = z.output<typeof batchMoveInputSchema>;

export const SAME_BATCH_MESSAGE = 'The students are already in this batch: choose another one';

/**
 * Throws the one 409 that names every student who stops the whole change: `errors` (the house's
 * envelope, each text put in the reader's language by the reply hook) has `students.{id}` for a
 * student who cannot join at all, `capacity` for too few seats, and `clash.{id}` for a timetable clash.
 * Clashes alone ask for a confirmation; with anything else they are listed too, to fix in one go.
 */
function throwRefusals(check: EnrolmentCheck, extra: readonly EnrolmentRefusal[], verb: 'enrolled' | 'moved'): void {
  const refusals = [...extra, ...check.refusals];
  if (refusals.length === 0 && !check.capacity && check.clashes.length === 0) return;
  const errors: Record<string, string> = {};
  for (const refusal of refusals) errors[`${BULK_REFUSAL_KEYS.student}${refusal.studentId}`] = refusal.message;
  if (check.capacity) errors[BULK_REFUSAL_KEYS.capacity] = check.capacity;
  for (const clash of check.clashes) errors[`${BULK_REFUSAL_KEYS.clash}${clash.studentId}`] = clash.message;
  const count = refusals.length;
  let message: string;
  if (count === 1 && !check.capacity) message = refusals[0]!.message;
  else if (count > 0) message = verb === 'enrolled' ? `Nothing was changed: ${count} of the chosen students cannot be enrolled` : `Nothing was changed: ${count} of the chosen students cannot be moved`;
  else if (check.capacity) message = check.capacity;
  else message = `Timetable clash for ${check.clashes.length} of the chosen students: confirm to go ahead anyway`;
  throw new AppError('CONFLICT', message, errors);
}

/**
 * POST /batches/{id}/students: enrols every student, or none. Already enrolled ones are skipped; an
 * archived or unknown student, too few seats for all of them, or a clash (without `confirm`) refuses
 * the whole list (409, each student named). Dues and an audit entry per student, as for one; a late
 * joiner's past instalments are shifted unless the office chose `lateJoin: 'prorate'` (decision 039).
 */
export async function enrolStudents(db: Db, actor: AuditActor, batchId: string, input: BulkEnrolInput): Promise<BatchBulkEnrolResult> {
  const counts = await transactionWithRetry(db, async (tx) => {
    const batch = await lockBatch(tx, batchId);
    const check = await checkEnrolments(tx, batch, input.studentIds, { confirm: input.confirm === true });
    throwRefusals(check, [], 'enrolled');
    await enrolChecked(tx, actor, batch, check.toEnrol, undefined, { lateJoin: input.lateJoin });
    return { enrolled: check.toEnrol.length, alreadyIn: check.alreadyIn.length };
  });
  return { batch: await getBatch(db, batchId), ...counts };
}

/**
 * POST /batches/{id}/students/move: takes the students out of this batch and enrols them in
 * `toBatchId` (its seats, clashes and archived rules; this batch's own times never clash), in one
 * transaction. Nothing of their history is touched: attendance, marks and receipts of this batch stay,
 * and so do its dues, unless `cancelDues` cancels those nothing has paid. One audit entry per student.
 */
export async function moveStudents(db: Db, actor: AuditActor, fromBatchId: string, input: MoveInput): Promise<BatchMoveResult> {
  if (input.toBatchId === fromBatchId) throw new AppError('BAD_REQUEST', SAME_BATCH_MESSAGE, { toBatchId: SAME_BATCH_MESSAGE });
  const result = await transactionWithRetry(db, async (tx) => {
    // Both batches locked, in id order: two moves between the same two batches never wait on each other in a circle.
    const [firstId, secondId] = [fromBatchId, input.toBatchId].sort();
    const first = await lockBatch(tx, firstId!);
    const second = await lockBatch(tx, secondId!);
    const [from, to] = first.id === fromBatchId ? [first, second] : [second, first];
    const inSource = await tx
      .select({ studentId: batchStudents.studentId })
      .from(batchStudents)
      .where(and(thisAcademy(batchStudents), eq(batchStudents.batchId, from.id), inArray(batchStudents.studentId, input.studentIds)));
    const enrolledHere = new Set(inSource.map((row) => row.studentId));
    const check = await checkEnrolments(tx, to, input.studentIds, { confirm: input.confirm === true, leaving: from.id });
    const unknown = new Set(check.refusals.filter((refusal) => refusal.kind === 'missing').map((refusal) => refusal.studentId));
    const notHere: EnrolmentRefusal[] = [];
    for (const id of [...input.studentIds].sort()) {
      if (enrolledHere.has(id) || unknown.has(id)) continue;
      notHere.push({ studentId: id, kind: 'notInSource', message: `${check.names.get(id) ?? ''} is not in "${from.name}"` });
    }
    // A student both archived and not here is named once, for not being here.
    const notHereIds = new Set(notHere.map((refusal) => refusal.studentId));
    throwRefusals({ ...check, refusals: check.refusals.filter((refusal) => !notHereIds.has(refusal.studentId)) }, notHere, 'moved');

    const moving = [...enrolledHere].sort();
    await tx.delete(batchStudents).where(and(eq(batchStudents.batchId, from.id), inArray(batchStudents.studentId, moving)));
    // Each batch's History tells its side: the new batch an enrolment, this one the move (below).
    await enrolChecked(tx, actor, to, check.toEnrol, (student) => ({ key: 'batch.enrolled_moved', values: { student: student.name, batch: to.name, fromBatch: from.name } }));
    let cancelledDues = 0;
    for (const studentId of moving) {
      const cancelled = input.cancelDues === true ? await cancelUnpaidDuesOfBatch(tx, from.id, studentId) : 0;
      cancelledDues += cancelled;
      const values = { student: check.names.get(studentId) ?? '', fromBatch: from.name, toBatch: to.name };
      await recordAudit(tx, actor, {
        action: 'move',
        entityType: 'batch',
        entityId: from.id,
        relatedId: studentId,
        text: cancelled > 0 ? { key: 'batch.moved_dues', values: { ...values, count: cancelled } } : { key: 'batch.moved', values },
        changes: { batchId: { old: from.id, new: to.id } },
      });
    }
    return { moved: moving.length, alreadyIn: check.alreadyIn.length, cancelledDues };
  });
  const [batch, toBatch] = await Promise.all([getBatch(db, fromBatchId), getBatch(db, input.toBatchId)]);
  return { batch, toBatch, ...result };
}
