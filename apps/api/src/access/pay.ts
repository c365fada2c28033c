import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Actor } from './actor';
import { ADMIN, own, STAFF, TEACHER, withRecord, type RouteRules } from './rules';

/**
 * Staff pay (issue 58). Pay settings, the payroll, leave decisions and substitutes are the admin's. A
 * teacher reads only their own pay and payslips and asks for their own leave: another teacher's
 * payslip answers 404, as if it did not exist.
 */
export const payRoutes: RouteRules = {
  'GET /api/teachers/:id/pay': ADMIN,
  'PUT /api/teachers/:id/pay': ADMIN,
  'GET /api/payroll/settings': ADMIN,
  'PUT /api/payroll/settings': ADMIN,
  'GET /api/payroll/:month': ADMIN,
  'POST /api/payroll/:month/approve': ADMIN,
  'POST /api/payroll/:month/reopen': ADMIN,
  'POST /api/payroll/:month/paid': ADMIN,
  'GET /api/payroll/:month/teachers/:teacherId': ADMIN,
  'GET /api/payroll/:month/teachers/:teacherId/payslip.pdf': own(STAFF),
  'GET /api/payroll/:month/payroll.xlsx': ADMIN,
  'GET /api/payroll/:month/bank.csv': ADMIN,
  'GET /api/payroll/:month/bank.xlsx': ADMIN,
  'POST /api/payroll/lecture-corrections': ADMIN,
  'POST /api/payroll/adjustments': ADMIN,
  'GET /api/teacher/pay': withRecord(TEACHER),
  'GET /api/teacher/leave': withRecord(TEACHER),
  'POST /api/teacher/leave': withRecord(TEACHER),
  'GET /api/teacher/substitutions': withRecord(TEACHER),
  'GET /api/leave': ADMIN,
  'POST /api/leave/:id/approve': ADMIN,
  'POST /api/leave/:id/reject': ADMIN,
  'POST /api/batches/:id/substitutions': ADMIN,
};

/** Whose pay this actor may read: an admin anyone's, a teacher only their own (else 404). */
export function assertReadsPayOf(actor: Actor, teacherId: string): void {
  if (actor.role === 'admin') return;
  if (actor.role === 'teacher' && actor.teacherId === teacherId) return;
  throw new AppError('NOT_FOUND', 'Teacher not found');
}

/**
 * The teacher assigned to cover this batch's class on this date, if any (batch_substitutions): the
 * one teacher besides the batch's own who may see and mark that day's sheet — that day only.
 */
export async function substituteOn(db: DbExecutor, batchId: string, date: string): Promise<string | null> {
  const { rows } = await db.execute<{ teacher_id: string }>(sql`select teacher_id from batch_substitutions where batch_id = ${batchId} and date = ${date}`);
  return rows[0]?.teacher_id ?? null;
}
