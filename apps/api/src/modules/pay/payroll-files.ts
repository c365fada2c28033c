import { sql } from 'drizzle-orm';
import { wordTable } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import type { DbExecutor } from '../../db/client';
import { formulaSafe, toCsv } from '../../lib/csv';
import { openSecret } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { approvedMonthLines } from './payroll-reads';
import { getPayrollSettings } from './payroll-settings';
import { BANK_ACCOUNT_CONTEXT } from './teacher-pay';
import { academyToday } from '../../academy-settings';
import { formatDate } from '@academy/shared/calendar';
import type { BANK_PAYMENT_TYPES } from '@academy/shared/schemas/pay';
import { PAY_FIGURE_TEXTS, PAY_SCHEMES } from './pay-words';

const HEADERS = wordTable('payslip', { sheet: 'Payroll', ...PAY_FIGURE_TEXTS, bank: 'Bank account on file', yes: 'Yes', no: 'No' });

/** GET /api/payroll/{month}/payroll.xlsx: the approved month, a teacher a row, headers in the reader's language, money in the Indian format. */
export async function payrollWorkbook(db: DbExecutor, month: string, language: Language): Promise<{ file: Buffer; fileName: string }> {
  const lines = await approvedMonthLines(db, month);
  const words = HEADERS[language];
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(`${words.sheet} ${month}`, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: words.teacher, width: 28 },
    { header: words.scheme, width: 16 },
    { header: words.lectures, width: 12 },
    { header: words.hours, width: 10 },
    { header: words.gross, width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: words.deductions, width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: words.professionalTax, width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: words.pf, width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: words.esi, width: 12, style: { numFmt: '#,##,##0.00' } },
    { header: words.tds, width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: words.tdsSection, width: 34 },
    { header: words.net, width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: words.bank, width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const line of lines) {
    sheet.addRow([formulaSafe(line.name), line.scheme ? PAY_SCHEMES[language][line.scheme] : '', line.lectures, line.hours, line.gross, line.deductions, line.professionalTax ?? 0, line.pf ?? 0, line.esi ?? 0, line.tds, line.tdsSection ?? '', line.net, line.bankReady ? words.yes : words.no]);
  }
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: `payroll-${month}.xlsx` };
}

type BankFileOptions = { valueDate?: string | undefined; paymentType?: (typeof BANK_PAYMENT_TYPES)[number] | undefined };

const BANK_HEADERS = ['Payment type', 'Debit account', 'Value date', 'Beneficiary name', 'Account number', 'IFSC', 'Amount', 'Narration'] as const;

/**
 * The rows of the banks' bulk-transfer upload of an approved month: the payment type (NEFT unless the
 * office asks IMPS or IFT), the academy's debit account, the value date (the day the month was marked
 * paid, else the one asked, else today), the beneficiary, account, IFSC, amount and the narration by
 * scheme: "Salary" for monthly staff (s. 392 / s. 192), "Professional fees" for visiting faculty
 * (s. 393 / s. 194J). Only teachers with a net above zero and an account on file; the accounts are
 * opened from their sealed form here and nowhere else, and are text throughout.
 */
async function bankRows(db: DbExecutor, keys: ServerKeys, month: string, options: BankFileOptions): Promise<{ rows: { texts: string[]; amount: number }[] }> {
  const lines = (await approvedMonthLines(db, month)).filter((line) => line.net > 0);
  const [{ rows }, payroll, paid, today] = await Promise.all([
    db.execute<{ teacherId: string; sealed: string; ifsc: string; name: string }>(sql`
      select teacher_id as "teacherId", bank_account_sealed as sealed, bank_ifsc as ifsc, bank_name as name
      from teacher_pay where bank_account_sealed is not null and teacher_id = any(${sql.param(lines.map((line) => line.teacherId))}::uuid[])`),
    getPayrollSettings(db),
    db.execute<{ on: string | null }>(sql`select to_char(paid_on, 'YYYY-MM-DD') as on from payroll_months where month = ${month}`),
    academyToday(db),
  ]);
  const valueDate = formatDate(options.valueDate ?? paid.rows[0]?.on ?? today);
  const accounts = new Map(rows.map((row) => [row.teacherId, row]));
  return {
    rows: lines.flatMap((line) => {
      const account = accounts.get(line.teacherId);
      if (!account) return [];
      const narration = `${line.scheme === 'monthly' ? 'Salary' : 'Professional fees'} ${month}`;
      return [{ texts: [options.paymentType ?? 'NEFT', payroll.debitAccount ?? '', valueDate, account.name || line.name, openSecret(keys, BANK_ACCOUNT_CONTEXT, account.sealed), account.ifsc, line.net.toFixed(2), narration], amount: line.net }];
    }),
  };
}

/** GET /api/payroll/{month}/bank.csv: the upload as the banks read it, English headers, account numbers as written (upload it as it is: a spreadsheet that opens a CSV may turn a long account number into a rounded number). */
export async function bankTransferCsv(db: DbExecutor, keys: ServerKeys, month: string, options: BankFileOptions = {}): Promise<{ csv: string; fileName: string }> {
  const { rows } = await bankRows(db, keys, month, options);
  return { csv: toCsv([...BANK_HEADERS], rows.map((row) => row.texts), 'en'), fileName: `bank-transfer-${month}.csv` };
}

/** GET /api/payroll/{month}/bank.xlsx: the same rows as a workbook whose account numbers, IFSCs and dates are text cells (never a number a spreadsheet rounds or drops the leading zeros of); the amount a number. */
export async function bankTransferWorkbook(db: DbExecutor, keys: ServerKeys, month: string, options: BankFileOptions = {}): Promise<{ file: Buffer; fileName: string }> {
  const { rows } = await bankRows(db, keys, month, options);
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(`Bank transfer ${month}`);
  sheet.columns = BANK_HEADERS.map((header, index) => ({ header, width: [12, 20, 12, 28, 22, 14, 14, 26][index], style: header === 'Amount' ? { numFmt: '0.00' } : { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const texts = row.texts.slice(0, 6).map((text) => formulaSafe(text));
    sheet.addRow([...texts, row.amount, row.texts[7]]);
  }
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: `bank-transfer-${month}.xlsx` };
}
