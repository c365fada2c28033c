import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import type { Mailer } from '../../lib/mailer';
import { recordAudit } from '../audit';
import { deliverReportCard, type ReportCardPeriod } from './report-card';

/** The one-off job that mails one student's report card (decision 016: retried on failure, one server runs it). */
export const REPORT_CARD_JOB = 'report-card-mail';

export function defineReportCardJob(jobs: Jobs, deps: { db: Db; mailer: Mailer; jobs?: Jobs }) {
  jobs.define(REPORT_CARD_JOB, {
    label: 'Report card mailed',
    run: ({ studentId, period }) => deliverReportCard(deps, studentId, period),
  });
}

/** POST /api/batches/{id}/report-cards/mail: one job per active student of the batch; answers how many. */
export async function queueBatchReportCards(db: Db, jobs: Jobs, actor: Actor, batchId: string, period: ReportCardPeriod): Promise<number> {
  const { rows } = await db.execute<{ name: string; students: string[] | null }>(sql`
    select b.name, (select array_agg(bs.student_id) from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active' where bs.batch_id = b.id and bs.academy_id = b.academy_id) as students
    from batches b where b.id = ${batchId}`);
  const batch = rows[0];
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  const students = batch.students ?? [];
  if (students.length === 0) throw new AppError('BAD_REQUEST', 'This batch has no active students');
  for (const studentId of students) await jobs.enqueue(REPORT_CARD_JOB, { studentId, period });
  await db.transaction((tx) =>
    recordAudit(tx, actor, { action: 'test.report_cards_mailed', entityType: 'test', relatedId: batchId, text: { key: 'test.report_cards_mailed', values: { count: students.length, batch: batch.name } } }),
  );
  return students.length;
}
