import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { wordTable } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import type { DbExecutor } from '../../db/client';
import { formulaSafe, toCsv } from '../../lib/csv';
import { openSecret } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { approvedMonthLines, BANK_ACCOUNT_CONTEXT } from './pay.service';
import { PAY_FIGURE_TEXTS, PAY_SCHEMES } from './pay-words';

const HEADERS = wordTable('payslip', { sheet: 'Payroll', ...PAY_FIGURE_TEXTS, bank: 'Bank account on file', yes: 'Yes', no: 'No' });

/** GET /api/payroll/{month}/payroll.xlsx: the approved month, a teacher a row, headers in the reader's language, money in the Indian format. */
export async function payrollWorkbook(db: DbExecutor, month: string, language: Language): Promise<{ file: Buffer; fileName: string }> {
  const lines = await approvedMonthLines(db, month);
  const words = HEADERS[language];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(`${words.sheet} ${month}`, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: words.teacher, width: 28 },
    { header: words.scheme, width: 16 },
    { header: words.lectures, width: 12 },
    { header: words.hours, width: 10 },
    { header: words.gross, width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: words.deductions, width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: words.tds, width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: words.net, width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: words.bank, width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const line of lines) {
    sheet.addRow([formulaSafe(line.name), line.scheme ? PAY_SCHEMES[language][line.scheme] : '', line.lectures, line.hours, line.gross, line.deductions, line.tds, line.net, line.bankReady ? words.yes : words.no]);
  }
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: `payroll-${month}.xlsx` };
}

/**
 * GET /api/payroll/{month}/bank.csv: the banks' bulk-transfer upload (beneficiary, account, IFSC,
 * amount, narration) of the approved month, English headers as the banks read them. Only teachers
 * with a net above zero and an account on file; the accounts are opened from their sealed form here
 * and nowhere else.
 */
export async function bankTransferCsv(db: DbExecutor, keys: ServerKeys, month: string): Promise<{ csv: string; fileName: string }> {
  const lines = (await approvedMonthLines(db, month)).filter((line) => line.net > 0);
  const { rows } = await db.execute<{ teacherId: string; sealed: string; ifsc: string; name: string }>(sql`
    select teacher_id as "teacherId", bank_account_sealed as sealed, bank_ifsc as ifsc, bank_name as name
    from teacher_pay where bank_account_sealed is not null and teacher_id = any(${sql.param(lines.map((line) => line.teacherId))}::uuid[])`);
  const accounts = new Map(rows.map((row) => [row.teacherId, row]));
  const csvRows = lines.flatMap((line) => {
    const account = accounts.get(line.teacherId);
    if (!account) return [];
    return [[account.name || line.name, openSecret(keys, BANK_ACCOUNT_CONTEXT, account.sealed), account.ifsc, line.net.toFixed(2), `Salary ${month}`]];
  });
  return { csv: toCsv(['Beneficiary name', 'Account number', 'IFSC', 'Amount', 'Narration'], csvRows, 'en'), fileName: `bank-transfer-${month}.csv` };
}
