import { extractUtr } from '@academy/shared/upi';
import { headerKey } from '../../lib/sheet-headers';
import { isoDate, readSheetRows, SpreadsheetError, type SheetWords } from '../../lib/spreadsheet';

/*
 * A bank account statement from net banking (CSV or XLSX), read for its credit lines so that the office can
 * match them to fee payments. Pure: it sees only the bytes it is given.
 */

export type StatementLayout = 'hdfc' | 'sbi' | 'icici' | 'mapped';
/** A saved column mapping for a bank we do not recognise: the header texts of its columns, as they appear in the file. */
export type StatementColumnMapping = { date: string; narration: string; reference: string | null; credit: string };
export type StatementCredit = {
  /** 1-based row number in the file (what the office sees in an error). */
  row: number;
  /** YYYY-MM-DD */
  date: string;
  /** Whole paise, > 0 (₹6,000.00 → 600000). Never floating-point arithmetic on rupees: parse the digits. */
  amountPaise: number;
  narration: string;
  /** The bank's own reference column (Chq./Ref.No., Ref No./Cheque No., Cheque Number), trimmed; null when empty or only zeros. */
  bankReference: string | null;
  /** The 12-digit UPI transaction id (UTR/RRN) found in the narration or the reference, else null. */
  utr: string | null;
};
export type ParsedStatement = { layout: StatementLayout; credits: StatementCredit[]; debitCount: number; headers: string[] };

export class StatementFormatError extends Error {
  constructor(
    message: string,
    readonly headers: string[] = [],
  ) {
    super(message);
    this.name = 'StatementFormatError';
  }
}

/** Far more than a year of an academy's account: a bigger file is a mistake, refused before it fills memory. */
const MAX_ROWS = 20_000;
/** The header row follows at most this many rows of account details. */
const HEADER_SEARCH_ROWS = 40;
const STATEMENT_WORDS: SheetWords = {
  empty: 'This statement file is empty',
  notASheet: 'This file is not a CSV or Excel (.xlsx) statement',
  oldXls: 'Save the statement as CSV or Excel (.xlsx) first: the old .xls format is not read',
  unreadableCsv: 'This CSV file could not be read: check that it is the statement as downloaded from net banking',
  tooManyRows: 'This statement has more than 20,000 rows: download a shorter period',
};

/** Rows of cells as trimmed strings (XLSX dates become YYYY-MM-DD, numbers their plain decimal text). Throws StatementFormatError for an unreadable or empty file. */
export async function readStatementRows(file: Buffer, fileName: string): Promise<string[][]> {
  try {
    return await readSheetRows(file, fileName, STATEMENT_WORDS, MAX_ROWS);
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new StatementFormatError(error.message);
    throw error;
  }
}

type Column = 'date' | 'narration' | 'reference' | 'debit' | 'credit';
/** The header texts a column may carry; null for a column the layout does not have. */
type HeaderNames = Record<'date' | 'narration' | 'credit', string[]> & Record<'reference' | 'debit', string[] | null>;
type Columns = Record<'date' | 'narration' | 'credit', number> & Record<'reference' | 'debit', number | null>;

/** What each bank we know calls its columns. HDFC's "delimited" download names them differently from its XLS one. */
const LAYOUTS: { layout: Exclude<StatementLayout, 'mapped'>; names: HeaderNames }[] = [
  {
    layout: 'hdfc',
    names: { date: ['Date'], narration: ['Narration'], reference: ['Chq./Ref.No.', 'Chq/Ref Number'], debit: ['Withdrawal Amt.', 'Debit Amount'], credit: ['Deposit Amt.', 'Credit Amount'] },
  },
  { layout: 'sbi', names: { date: ['Txn Date'], narration: ['Description'], reference: ['Ref No./Cheque No.'], debit: ['Debit'], credit: ['Credit'] } },
  {
    layout: 'icici',
    names: { date: ['Transaction Date'], narration: ['Transaction Remarks'], reference: ['Cheque Number'], debit: ['Withdrawal Amount (INR )'], credit: ['Deposit Amount (INR )'] },
  },
];

/** Header texts compared without case, spaces or punctuation (the import kit's headerKey): "Chq./Ref.No." and "chq / ref no" are one header. */
const normalise = headerKey;

function findColumns(row: string[], names: HeaderNames): Columns | null {
  const cells = row.map(normalise);
  const find = (options: string[]) => cells.findIndex((cell) => cell !== '' && options.some((option) => normalise(option) === cell));
  const date = find(names.date);
  const narration = find(names.narration);
  const credit = find(names.credit);
  const reference = names.reference === null ? null : find(names.reference);
  const debit = names.debit === null ? null : find(names.debit);
  if (date < 0 || narration < 0 || credit < 0 || reference === -1 || debit === -1) return null;
  return { date, narration, reference, debit, credit };
}

function findHeader(rows: string[][], mapping: StatementColumnMapping | undefined): { layout: StatementLayout; index: number; columns: Columns } {
  const top = rows.slice(0, HEADER_SEARCH_ROWS);
  if (mapping) {
    const names = { date: [mapping.date], narration: [mapping.narration], reference: mapping.reference ? [mapping.reference] : null, debit: null, credit: [mapping.credit] };
    for (const [index, row] of top.entries()) {
      const columns = findColumns(row, names);
      if (columns) return { layout: 'mapped', index, columns };
    }
  }
  for (const [index, row] of top.entries()) {
    for (const { layout, names } of LAYOUTS) {
      const columns = findColumns(row, names);
      if (columns) return { layout, index, columns };
    }
  }
  const likely = top.find((row) => row.filter((cell) => cell.trim() !== '').length >= 3) ?? [];
  throw new StatementFormatError(
    'The columns of this statement are not recognised: choose which column holds the date, the narration, the reference and the credit amount',
    likely.map((cell) => cell.trim()),
  );
}

/** Lines after the table: HDFC's summary, the "computer generated" note, a page footer. */
const FOOTER = /statement summary|opening balance|closing balance|computer generated|generated (on|by)|end of (the )?statement|^total|page \d|legends?\b/i;
/** A line that carries a balance, not money in or out. */
const BALANCE_LINE = /opening balance|brought forward|carried forward|\bb\/f\b|\bc\/f\b/i;

/** Finds the header row (it may follow a preamble of account details and blank lines, within the first 40 rows), recognises the layout or uses the mapping, and reads every transaction row until the table ends (a blank row, or summary/footer lines such as "STATEMENT SUMMARY", "Opening Balance", "**Computer generated"). Debit rows are counted, not returned. */
export function parseBankStatement(rows: string[][], mapping?: StatementColumnMapping): ParsedStatement {
  const { layout, index, columns } = findHeader(rows, mapping);
  const credits: StatementCredit[] = [];
  let debitCount = 0;
  let started = false;
  for (let i = index + 1; i < rows.length; i++) {
    const row = rows[i] ?? [];
    const rowNumber = i + 1;
    const cell = (column: Column) => {
      const at = columns[column];
      return at === null ? '' : (row[at] ?? '').trim();
    };
    const text = row.map((value) => value.trim()).filter((value) => value !== '').join(' ');
    // A blank row or a line of asterisks (HDFC draws one under its header) ends the table, once it has begun.
    if (/^[*=_\s-]*$/.test(text)) {
      if (started) break;
      continue;
    }
    const date = readDate(cell('date'));
    if (date === null) {
      // A balance brought forward above the first transaction is passed over; a summary or footer line ends the table.
      if (!started && BALANCE_LINE.test(text)) continue;
      if (text.startsWith('*') || FOOTER.test(text)) break;
      throw new StatementFormatError(`Row ${rowNumber}: the date "${cell('date')}" is not a date`);
    }
    started = true;
    const debit = columns.debit === null ? null : readAmount(cell('debit'), rowNumber, 'debit');
    const credit = readAmount(cell('credit'), rowNumber, 'credit');
    if (debit !== null && credit !== null) throw new StatementFormatError(`Row ${rowNumber}: it has both a debit and a credit amount`);
    if (credit === null) {
      if (debit === null && BALANCE_LINE.test(cell('narration'))) continue;
      // A mapping names no debit column: a row without a credit is money out.
      if (debit === null && columns.debit !== null) throw new StatementFormatError(`Row ${rowNumber}: it has neither a debit nor a credit amount`);
      debitCount++;
      continue;
    }
    const narration = cell('narration');
    const reference = cell('reference');
    const bankReference = /^0*$/.test(reference) ? null : reference;
    credits.push({ row: rowNumber, date, amountPaise: credit, narration, bankReference, utr: extractUtr(narration) ?? extractUtr(reference) });
  }
  return { layout, credits, debitCount, headers: (rows[index] ?? []).map((header) => header.trim()) };
}

/**
 * An amount cell in whole paise, or null when it holds no amount (blank, "-", zero). The digits are read as
 * text: "1,25,000.50" → 12500050, never through a floating-point rupee figure.
 */
function readAmount(text: string, rowNumber: number, side: 'debit' | 'credit'): number | null {
  const bare = text.replace(/^(₹|rs\.?|inr)/i, '').replace(/(cr|dr)\.?$/i, '').replace(/\s/g, '');
  if (bare === '' || bare === '-') return null;
  if (/^(-|\(.*\)$)/.test(bare)) throw new StatementFormatError(`Row ${rowNumber}: the ${side} amount "${text}" is negative`);
  const match = /^(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d+))?$/.exec(bare);
  const rupees = match?.[1]?.replace(/,/g, '') ?? '';
  const fraction = match?.[2] ?? '';
  // More than two decimals is only accepted when the rest are zeros ("6000.000"): paise are whole.
  if (!match || rupees.length > 13 || /[1-9]/.test(fraction.slice(2))) {
    throw new StatementFormatError(`Row ${rowNumber}: the ${side} amount "${text}" is not an amount`);
  }
  const paise = Number(rupees) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return paise === 0 ? null : paise;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A statement's date as YYYY-MM-DD, or null when it is not a real calendar date. Two-digit years are 20yy. */
function readDate(text: string): string | null {
  const date = text.replace(/\s+\d{1,2}:\d{2}(:\d{2})?(\s*[ap]m)?$/i, ''); // a time after the date
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})([/-])(\d{1,2})\2(\d{2}|\d{4})$/.exec(date);
  if (numeric) return isoDate(fullYear(numeric[4]), Number(numeric[3]), Number(numeric[1]));
  const named = /^(\d{1,2})[\s-]([a-z]{3,9})[\s,-]+(\d{2}|\d{4})$/i.exec(date);
  const monthName = named?.[2]?.toLowerCase() ?? '';
  const month = MONTHS.findIndex((name) => monthName.length >= 3 && name.startsWith(monthName));
  if (named && month >= 0) return isoDate(fullYear(named[3]), month + 1, Number(named[1]));
  return null;
}

const fullYear = (digits: string | undefined) => (digits?.length === 2 ? 2000 : 0) + Number(digits);

/** The one UTR reader (packages/shared/src/upi.ts), kept here under its old name for the statement's readers. */
export { extractUtr };
