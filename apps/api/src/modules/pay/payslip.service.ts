import { sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import type { DbExecutor } from '../../db/client';
import { assertReadsPayOf } from '../../access/pay';
import type { Actor } from '../../access/actor';
import { academyHeaderLogo, getAcademySettings } from '../../academy-settings';
import { approvedLine } from './payroll-reads';
import { getPayrollSettings } from './payroll-settings';
import { renderPayslipPdf } from './payslip-pdf';

/**
 * GET /api/payroll/{month}/teachers/{teacherId}/payslip.pdf: the approved month's payslip. The admin
 * any teacher's, a teacher only their own (another's is 404). In the teacher's language unless one is asked for.
 */
export async function payslipFor(db: DbExecutor, actor: Actor, month: string, teacherId: string, asked: Language | undefined): Promise<{ pdf: Buffer; fileName: string }> {
  assertReadsPayOf(actor, teacherId);
  const [entry, settings, payroll, { rows }] = await Promise.all([
    approvedLine(db, month, teacherId),
    getAcademySettings(db),
    getPayrollSettings(db),
    db.execute<{ language: Language }>(sql`select u.language from teachers t join users u on u.id = t.user_id and u.academy_id = t.academy_id where t.id = ${teacherId}`),
  ]);
  const language = asked ?? rows[0]?.language ?? 'en';
  const pdf = await renderPayslipPdf({ settings, logo: await academyHeaderLogo(db), tan: payroll.tan, month, line: entry.line, lectures: entry.lectures, paid: entry.paid, language });
  return { pdf, fileName: `payslip-${month}-${entry.line.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || teacherId}.pdf` };
}
