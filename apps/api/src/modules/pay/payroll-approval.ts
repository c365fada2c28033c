/** Approving a month's payroll (its snapshot), reopening it, marking it paid; the turn the office's changes take with approval. */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paiseToRupees as rupees } from '@academy/shared/money';
import { PAY_MESSAGES, type markPaidInputSchema, type PayrollMonth } from '@academy/shared/schemas/pay';
import { formatDate } from '@academy/shared/calendar';
import { academySql, type Db, type DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../audit';
import { academyToday } from '../../academy-settings';
import { monthRange } from './pay-calc';
import { draftLines } from './draft-payroll';
import { payrollMonth } from './payroll-reads';

type MarkPaidInput = z.output<typeof markPaidInputSchema>;

/**
 * POST /api/payroll/{month}/approve: locks the month. Its figures and lectures are copied as they are
 * now (payroll_lines), in the transaction that inserts the month's row: a second approval finds that
 * row and answers 409, and later marks, corrections or adjustments never change it. Refused (409,
 * issue 73) before the month is over, and while a teacher in it has no pay settings unless the office
 * leaves them out (`leaveOut`): their lectures then count, as late ones, in the next open month.
 */
export async function approveMonth(db: Db, actor: Actor, month: string, leaveOut: readonly string[] = []): Promise<PayrollMonth> {
  const today = await academyToday(db);
  if (monthRange(month).end >= today) throw new AppError('CONFLICT', PAY_MESSAGES.monthNotOver);
  await db.transaction(async (tx) => {
    await payrollTurn(tx);
    const { rows } = await tx.execute(sql`insert into payroll_months (month, approved_by) values (${month}, ${actor.userId}) on conflict do nothing returning month`);
    if (rows.length === 0) throw new AppError('CONFLICT', PAY_MESSAGES.alreadyApproved);
    const drafted = await draftLines(tx, month);
    const unpaid = drafted.filter((entry) => entry.line.scheme === null);
    const missing = unpaid.filter((entry) => !leaveOut.includes(entry.line.teacherId));
    if (missing.length > 0) throw new AppError('CONFLICT', PAY_MESSAGES.teachersWithoutPay, { leaveOut: missing.map((entry) => entry.line.name).join(', ') });
    const lines = drafted.filter((entry) => entry.line.scheme !== null);
    if (lines.length > 0) {
      await tx.execute(sql`
        insert into payroll_lines (month, teacher_id, line, lectures)
        select ${month}, l.teacher_id, l.line, l.lectures
        from jsonb_to_recordset(${JSON.stringify(lines.map((entry) => ({ teacher_id: entry.line.teacherId, line: entry.line, lectures: entry.lectures })))}::jsonb)
          as l(teacher_id uuid, line jsonb, lectures jsonb)
        returning teacher_id`); // returning: else a COPY into the shards on Citus, refused under row-level security (decision 053)
    }
    const total = lines.reduce((sum, entry) => sum + Math.round(entry.line.net * 100), 0);
    await recordAudit(tx, actor, {
      action: 'payroll.approve',
      entityType: 'pay',
      text: { key: 'pay.month_approved', values: { month, teachers: lines.length, net: `₹${rupees(total)}` } },
      ...(unpaid.length > 0 ? { changes: { leftOut: { old: null, new: unpaid.map((entry) => entry.line.name).join(', ') } } } : {}),
    });
  });
  return payrollMonth(db, month);
}

/**
 * POST /api/payroll/{month}/reopen (issue 73): an approved month that is not yet paid becomes a draft
 * again (its snapshot is dropped; figures are computed afresh), audited. Refused (409) when it is not
 * approved, already paid, or a later month is approved (whose late lectures were read against this one).
 */
export async function reopenMonth(db: Db, actor: Actor, month: string): Promise<PayrollMonth> {
  await db.transaction(async (tx) => {
    await payrollTurn(tx);
    const { rows } = await tx.execute<{ paid: boolean; later: boolean }>(sql`
      select paid_mode is not null as paid, exists (select 1 from payroll_months later where later.academy_id = ${academySql()} and later.month > ${month}) as later
      from payroll_months where academy_id = ${academySql()} and month = ${month} for update`);
    const row = rows[0];
    if (!row) throw new AppError('CONFLICT', PAY_MESSAGES.notApproved);
    if (row.paid) throw new AppError('CONFLICT', PAY_MESSAGES.paidCannotReopen);
    if (row.later) throw new AppError('CONFLICT', PAY_MESSAGES.laterApproved);
    const { rows: lines } = await tx.execute<{ teachers: number; netPaise: number }>(sql`
      select count(*)::int as teachers, coalesce(round(sum((line->>'net')::numeric) * 100), 0)::float8 as "netPaise" from payroll_lines where month = ${month}`);
    await tx.execute(sql`delete from payroll_lines where month = ${month}`);
    await tx.execute(sql`delete from payroll_months where month = ${month}`);
    await recordAudit(tx, actor, {
      action: 'payroll.reopen',
      entityType: 'pay',
      text: { key: 'pay.month_reopened', values: { month, teachers: lines[0]?.teachers ?? 0, net: `₹${rupees(lines[0]?.netPaise ?? 0)}` } },
    });
  });
  return payrollMonth(db, month);
}

/** POST /api/payroll/{month}/paid: the approved month was paid (mode, date, reference). */
export async function markPaid(db: Db, actor: Actor, month: string, input: MarkPaidInput): Promise<PayrollMonth> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      update payroll_months set paid_mode = ${input.mode}, paid_on = ${input.on}, paid_reference = ${input.reference} where month = ${month} returning month`);
    if (rows.length === 0) throw new AppError('CONFLICT', PAY_MESSAGES.notApproved);
    await recordAudit(tx, actor, { action: 'payroll.paid', entityType: 'pay', text: { key: 'pay.month_paid', values: { month, mode: input.mode, date: formatDate(input.on), reference: input.reference } } });
  });
  return payrollMonth(db, month);
}

/**
 * Approving a month and placing a correction or adjustment take turns within one academy (a lock for
 * the transaction): a correction never lands in a month approved a moment before without its figure.
 */
export async function payrollTurn(tx: DbExecutor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payroll:' || coalesce(current_academy_id()::text, '')))`);
}
