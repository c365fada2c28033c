/** Reading a month's payroll: a draft computed now, or the approved month as it was locked (its payslips and files too). */
import { sql } from 'drizzle-orm';
import { PAY_MESSAGES, type Lecture, type MyPay, type PayrollLine, type PayrollMonth, type PayrollTeacher } from '@academy/shared/schemas/pay';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { teacherIdOf, type Actor } from '../../access/actor';
import { academyToday } from '../../academy-settings';
import { draftLines } from './draft-payroll';

type Status = PayrollMonth['status'];

type MonthRow = { approvedAt: Date; paidMode: 'bank' | 'cash' | 'cheque' | 'upi' | null; paidOn: string | null; paidReference: string | null };

async function monthRow(db: DbExecutor, month: string): Promise<MonthRow | undefined> {
  const { rows } = await db.execute<MonthRow>(sql`
    select approved_at as "approvedAt", paid_mode as "paidMode", to_char(paid_on, 'YYYY-MM-DD') as "paidOn", paid_reference as "paidReference"
    from payroll_months where month = ${month}`);
  return rows[0];
}

function statusOf(row: MonthRow | undefined): Status {
  if (!row) return 'draft';
  return row.paidMode ? 'paid' : 'approved';
}

/** An approved month's snapshot (payroll_lines), as it was on approval. */
async function approvedLines(db: DbExecutor, month: string, teacherId?: string): Promise<{ line: PayrollLine; lectures: Lecture[] }[]> {
  const { rows } = await db.execute<{ line: PayrollLine; lectures: Lecture[] }>(sql`
    select line, lectures from payroll_lines where month = ${month} ${teacherId ? sql`and teacher_id = ${teacherId}` : sql``}
    order by lower(line->>'name'), teacher_id`);
  return rows;
}

async function linesOf(db: DbExecutor, month: string, row: MonthRow | undefined, teacherId?: string) {
  return row ? approvedLines(db, month, teacherId) : draftLines(db, month, teacherId);
}

/** GET /api/payroll/{month}: a draft computed now, or the approved month as it was locked. */
export async function payrollMonth(db: DbExecutor, month: string): Promise<PayrollMonth> {
  const row = await monthRow(db, month);
  const lines = await linesOf(db, month, row);
  return {
    month,
    status: statusOf(row),
    approvedAt: row ? new Date(row.approvedAt).toISOString() : null,
    paid: row?.paidMode ? { mode: row.paidMode, on: row.paidOn ?? '', reference: row.paidReference ?? '' } : null,
    teachers: lines.map((entry) => entry.line),
  };
}

/** GET /api/payroll/{month}/teachers/{teacherId}: one teacher's figures with the lectures behind them. */
export async function payrollTeacher(db: DbExecutor, month: string, teacherId: string): Promise<PayrollTeacher> {
  const row = await monthRow(db, month);
  const [entry] = await linesOf(db, month, row, teacherId);
  if (entry) return { month, status: statusOf(row), ...entry };
  // Approved without this teacher (nothing to pay then): their figures are zero.
  const [draft] = await draftLines(db, month, teacherId);
  return { month, status: statusOf(row), line: { ...draft!.line, lectures: 0, hours: 0, gross: 0, deductions: 0, tds: 0, net: 0, unpaidLeaveDays: 0, adjustments: [] }, lectures: [] };
}

/** GET /api/teacher/pay?month=: the teacher's own month so far (default this month) and their payslips. */
export async function myPay(db: DbExecutor, actor: Actor, month: string | undefined): Promise<MyPay> {
  const teacherId = teacherIdOf(actor);
  const chosen = month ?? (await academyToday(db)).slice(0, 7);
  const [pay, { rows: payslips }] = await Promise.all([
    payrollTeacher(db, chosen, teacherId),
    db.execute<{ month: string; net: number }>(sql`
      select l.month, (l.line->>'net')::float8 as net from payroll_lines l where l.teacher_id = ${teacherId} order by l.month desc limit 24`),
  ]);
  return { ...pay, payslips: payslips.map((slip) => ({ ...slip, url: `/api/payroll/${slip.month}/teachers/${teacherId}/payslip.pdf` })) };
}

/** The approved line of one teacher, for their payslip (404 when the month is not approved or has no line for them). */
export async function approvedLine(db: DbExecutor, month: string, teacherId: string): Promise<{ line: PayrollLine; lectures: Lecture[]; paid: PayrollMonth['paid'] }> {
  const row = await monthRow(db, month);
  const [entry] = row ? await approvedLines(db, month, teacherId) : [];
  if (!row || !entry) throw new AppError('NOT_FOUND', PAY_MESSAGES.noPayslip);
  return { ...entry, paid: row.paidMode ? { mode: row.paidMode, on: row.paidOn ?? '', reference: row.paidReference ?? '' } : null };
}

/** The approved month's lines, for its files (XLSX, bank CSV); 409 before approval. */
export async function approvedMonthLines(db: DbExecutor, month: string): Promise<PayrollLine[]> {
  const row = await monthRow(db, month);
  if (!row) throw new AppError('CONFLICT', PAY_MESSAGES.notApproved);
  return (await approvedLines(db, month)).map((entry) => entry.line);
}
