/** A test set, changed, deleted and published (the families hear of it by this module's job). */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fromHalfMarks, toHalfMarks, type Exam, type examInputSchema } from '@academy/shared/schemas/exams';
import type { Db } from '../../db/client';
import { queueJob } from '../../events/queue-job';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { diffChanges, recordAudit } from '../audit';
import { formatDate } from '@academy/shared/calendar';
import { batchForStaff, examForStaff, lockExamForStaff, toExam } from './exam-rows';
import { getExam } from './exam-reads';
import { appNowSql } from '../../db/app-time';

type ExamInput = z.output<typeof examInputSchema>;

/** POST /api/batches/{id}/tests */
export async function createExam(db: Db, actor: Actor, batchId: string, input: ExamInput): Promise<Exam> {
  const batch = await batchForStaff(db, actor, batchId);
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into exams (batch_id, name, date, max_half_marks, topic, created_by)
      values (${batchId}, ${input.name}, ${input.date}, ${toHalfMarks(input.maxMarks)}, ${input.topic ?? null}, ${actor.userId}) returning id`);
    const examId = rows[0]!.id;
    await recordAudit(tx, actor, {
      action: 'test.create',
      entityType: 'test',
      entityId: examId,
      relatedId: batchId,
      text: { key: 'test.created', values: { name: input.name, date: formatDate(input.date), max: input.maxMarks, batch: batch.name } },
    });
    return examId;
  });
  return getExam(db, actor, id);
}

/** PUT /api/tests/{id}: the maximum may not drop below marks already entered. */
export async function updateExam(db: Db, actor: Actor, examId: string, input: ExamInput): Promise<Exam> {
  await db.transaction(async (tx) => {
    const before = await lockExamForStaff(tx, actor, examId);
    const { rows } = await tx.execute<{ highest: number | null }>(sql`select max(half_marks)::int as highest from exam_marks where exam_id = ${examId}`);
    const highest = rows[0]?.highest ?? null;
    if (highest !== null && highest > toHalfMarks(input.maxMarks)) {
      const message = `Maximum marks cannot be below the highest marks already entered (${fromHalfMarks(highest)})`;
      throw new AppError('BAD_REQUEST', message, { maxMarks: message });
    }
    await tx.execute(sql`
      update exams set name = ${input.name}, date = ${input.date}, max_half_marks = ${toHalfMarks(input.maxMarks)}, topic = ${input.topic ?? null},
        corrected_at = case when published_at is not null then ${appNowSql()} else corrected_at end, updated_at = ${appNowSql()}
      where id = ${examId}`);
    await recordAudit(tx, actor, {
      action: before.publishedAt ? 'test.correct' : 'test.update',
      entityType: 'test',
      entityId: examId,
      relatedId: before.batchId,
      text: { key: before.publishedAt ? 'test.corrected' : 'test.updated', values: { name: input.name, batch: before.batchName } },
      changes: diffChanges(
        { name: before.name, date: before.date, maxMarks: fromHalfMarks(before.maxHalfMarks), topic: before.topic },
        { name: input.name, date: input.date, maxMarks: input.maxMarks, topic: input.topic ?? null },
      ),
    });
  });
  return getExam(db, actor, examId);
}

/** DELETE /api/tests/{id}: with its marks. */
export async function deleteExam(db: Db, actor: Actor, examId: string): Promise<void> {
  const test = await examForStaff(db, actor, examId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from exams where id = ${examId}`);
    await recordAudit(tx, actor, {
      action: 'test.delete',
      entityType: 'test',
      entityId: examId,
      relatedId: test.batchId,
      text: { key: 'test.deleted', values: { name: test.name, date: formatDate(test.date), batch: test.batchName } },
    });
  });
}

/** POST /api/tests/{id}/publish: students see the results from now on. Publishing again changes nothing. */
export async function publishExam(db: Db, actor: Actor, examId: string): Promise<Exam> {
  const test = await examForStaff(db, actor, examId);
  if (test.publishedAt) return toExam(test);
  if (test.entered === 0) throw new AppError('BAD_REQUEST', 'Enter marks before publishing the results');
  await db.transaction(async (tx) => {
    await tx.execute(sql`update exams set published_at = now() where id = ${examId}`);
    // The families hear of it (WhatsApp, SMS or email: the family outbox) by this module's job, after this commits.
    await queueJob(tx, 'exam-results-messages', { examId });
    await recordAudit(tx, actor, { action: 'test.publish', entityType: 'test', entityId: examId, relatedId: test.batchId, text: { key: 'test.published', values: { name: test.name, batch: test.batchName } } });
  });
  return getExam(db, actor, examId);
}

