/** The office's changes to a month's pay: a lecture added or taken away, an extra or a deduction. */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paiseToRupees as rupees } from '@academy/shared/money';
import { PAY_MESSAGES, type adjustmentInputSchema, type lectureCorrectionInputSchema } from '@academy/shared/schemas/pay';
import { formatDate } from '@academy/shared/calendar';
import type { Db, DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../audit';
import { nextMonth } from './pay-calc';
import { payrollTurn } from './payroll-approval';
import { teacherName } from './teacher-pay';

type CorrectionInput = z.output<typeof lectureCorrectionInputSchema>;
type AdjustmentInput = z.output<typeof adjustmentInputSchema>;

/** The month a change dated in `month` is counted in: that month, or the first one after it not yet approved. */
async function openMonthFrom(db: DbExecutor, month: string): Promise<string> {
  const { rows } = await db.execute<{ month: string }>(sql`select month from payroll_months where month >= ${month} order by month`);
  const approved = new Set(rows.map((row) => row.month));
  let open = month;
  while (approved.has(open)) open = nextMonth(open);
  return open;
}

/**
 * POST /api/payroll/lecture-corrections: the office adds a lecture (an extra session) or takes one away,
 * with its reason, audited. A lecture in an approved month counts as an adjustment in the next open one.
 */
export async function correctLectures(db: Db, actor: Actor, input: CorrectionInput): Promise<{ payMonth: string }> {
  const name = await teacherName(db, input.teacherId);
  const { rows } = await db.execute<{ name: string; minutes: number }>(sql`select name, (extract(epoch from (end_time - start_time)) / 60)::int as minutes from batches where id = ${input.batchId}`);
  const batch = rows[0];
  if (!batch) throw new AppError('BAD_REQUEST', PAY_MESSAGES.correctionBatch, { batchId: PAY_MESSAGES.correctionBatch });
  return db.transaction(async (tx) => {
    await payrollTurn(tx);
    const payMonth = await openMonthFrom(tx, input.date.slice(0, 7));
    await tx.execute(sql`
      insert into lecture_corrections (teacher_id, batch_id, date, lectures, minutes, reason, pay_month, created_by)
      values (${input.teacherId}, ${input.batchId}, ${input.date}, ${input.lectures}, ${input.minutes ?? batch.minutes}, ${input.reason}, ${payMonth}, ${actor.userId})`);
    await recordAudit(tx, actor, {
      action: 'pay.lecture_correction',
      entityType: 'pay',
      entityId: input.teacherId,
      relatedId: input.batchId,
      text: { key: input.lectures > 0 ? 'pay.lecture_added' : 'pay.lecture_removed', values: { name, batch: batch.name, date: formatDate(input.date), reason: input.reason } },
    });
    return { payMonth };
  });
}

/** POST /api/payroll/adjustments: an extra or a deduction with a note, in the month asked (or the next open one). */
export async function addAdjustment(db: Db, actor: Actor, input: AdjustmentInput): Promise<{ payMonth: string }> {
  const name = await teacherName(db, input.teacherId);
  return db.transaction(async (tx) => {
    await payrollTurn(tx);
    const payMonth = await openMonthFrom(tx, input.month);
    await tx.execute(sql`
      insert into pay_adjustments (teacher_id, pay_month, kind, amount_paise, note, created_by)
      values (${input.teacherId}, ${payMonth}, ${input.kind}, ${input.amount}, ${input.note}, ${actor.userId})`);
    await recordAudit(tx, actor, {
      action: 'pay.adjustment',
      entityType: 'pay',
      entityId: input.teacherId,
      text: { key: input.kind === 'extra' ? 'pay.extra_added' : 'pay.deduction_added', values: { name, amount: `₹${rupees(input.amount)}`, month: payMonth, note: input.note } },
    });
    return { payMonth };
  });
}
