import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { dateIn } from '@academy/shared/calendar';
import { MESSAGES } from '@academy/shared/messages';
import { checkZipSizes } from './zip-guard';

/*
 * Reading a spreadsheet the office uploads (a bank statement, a register of students): CSV or XLSX,
 * as rows of trimmed text cells. Pure: it sees only the bytes it is given. What it says about a bad
 * file is the caller's (`SheetWords`), since "this statement" and "this register" read differently.
 */

export type SheetWords = { empty: string; notASheet: string; oldXls: string; unreadableCsv: string; tooManyRows: string };

export class SpreadsheetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}

/**
 * Rows of cells as trimmed strings from the first sheet that has any (XLSX dates become YYYY-MM-DD,
 * read as the academy's calendar does when `timeZone` is given: dateCellText; numbers their plain
 * decimal text). Throws SpreadsheetError for an unreadable, empty or too long file.
 */
export async function readSheetRows(file: Buffer, fileName: string, words: SheetWords, maxRows: number, timeZone?: string): Promise<string[][]> {
  const name = fileName.toLowerCase();
  const startsWith = (bytes: number[]) => file.length >= bytes.length && bytes.every((byte, i) => file[i] === byte);
  if (file.length === 0) throw new SpreadsheetError(words.empty);
  // What the bytes are decides, not the name: an .xlsx file is a zip, an old .xls one an OLE2 compound file.
  const zip = startsWith([0x50, 0x4b, 0x03, 0x04]);
  if (!zip && (name.endsWith('.xls') || startsWith([0xd0, 0xcf, 0x11, 0xe0]))) throw new SpreadsheetError(words.oldXls);
  const pdf = startsWith([0x25, 0x50, 0x44, 0x46]);
  if (!zip && (pdf || name.endsWith('.xlsx') || !isText(file))) throw new SpreadsheetError(words.notASheet);
  const rows = zip ? await readXlsx(file, words, maxRows, timeZone) : readCsv(file, words, maxRows);
  if (!rows.some((row) => row.some((cell) => cell !== ''))) throw new SpreadsheetError(words.empty);
  return rows;
}

/** Text has no control characters but tabs and line ends (a PDF or a picture has plenty). Excel's "Unicode text" is UTF-16. */
function isText(file: Buffer): boolean {
  if (file[0] === 0xff && file[1] === 0xfe) return true;
  return !file.subarray(0, 65_536).some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20));
}

function readCsv(file: Buffer, words: SheetWords, maxRows: number): string[][] {
  const utf16 = file[0] === 0xff && file[1] === 0xfe;
  const text = file.toString(utf16 ? 'utf16le' : 'utf8').replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    // Blank lines are kept: a blank row ends a statement's table, and row numbers stay those of the file.
    records = parse(text, { delimiter: chooseDelimiter(text), relax_column_count: true, relax_quotes: true, trim: true, to: maxRows + 1 });
  } catch {
    throw new SpreadsheetError(words.unreadableCsv);
  }
  if (records.length > maxRows) throw new SpreadsheetError(words.tooManyRows);
  return records.map((record) => record.map((cell) => cell.trim()));
}

/** Comma, unless the first lines clearly use semicolons or tabs (a file re-saved by a spreadsheet). */
function chooseDelimiter(text: string): string {
  const head = text.split(/\r?\n/, 50).join('\n');
  const count = (delimiter: string) => head.split(delimiter).length - 1;
  return [',', ';', '\t'].sort((a, b) => count(b) - count(a))[0] ?? ','; // a stable sort: a tie stays a comma
}

async function readXlsx(file: Buffer, words: SheetWords, maxRows: number, timeZone: string | undefined): Promise<string[][]> {
  // Every caller's xlsx comes through here: sizes, ratio and rows checked before exceljs inflates it (issue 53).
  const verdict = await checkZipSizes(file, maxRows);
  if (verdict === 'tooLarge') throw new SpreadsheetError(MESSAGES.spreadsheetTooLarge);
  if (verdict === 'tooManyRows') throw new SpreadsheetError(words.tooManyRows);
  if (verdict === 'notAZip') throw new SpreadsheetError(words.notASheet);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer (its own `Buffer`): hand it a copy of the bytes as one.
    await workbook.xlsx.load(new Uint8Array(file).buffer);
  } catch {
    throw new SpreadsheetError(words.notASheet);
  }
  const sheet = workbook.worksheets.find((worksheet) => worksheet.actualRowCount > 0);
  if (!sheet) throw new SpreadsheetError(words.empty);
  if (sheet.rowCount > maxRows) throw new SpreadsheetError(words.tooManyRows);
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) {
      const cell = row.getCell(c);
      // The other cells of a merged range repeat its value: only the first one holds it.
      cells.push(cell.type === ExcelJS.ValueType.Merge ? '' : cellText(cell.value, timeZone));
    }
    rows.push(cells);
  }
  return rows;
}

function cellText(value: ExcelJS.CellValue, timeZone?: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateCellText(value, timeZone);
  // A text the app wrote with the formula guard (lib/csv.ts formulaSafe) reads back as it was.
  if (typeof value === 'string') return value.trim().replace(/^'(?=[=+\-@])/, '');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('hyperlink' in value) return cellText(value.text, timeZone);
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result, timeZone);
  return ''; // an error value such as #N/A
}

/**
 * A date cell as YYYY-MM-DD, the day the office meant (issue 54). exceljs hands an Excel date (a day
 * number, no time zone) as that day's midnight in UTC, so its UTC date is the day, wherever the server
 * runs. A cell with a time of day (a program that wrote midnight in India as 18:30 UTC the day before,
 * or a day number a hair short of the next one) is read as the academy's calendar reads that instant:
 * its date in `timeZone`. Without one, the UTC date.
 */
export function dateCellText(value: Date, timeZone?: string): string {
  if (Number.isNaN(value.getTime())) return '';
  const midnight = value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0;
  if (midnight || !timeZone) return isoDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()) ?? '';
  return dateIn(timeZone, value);
}

/** YYYY-MM-DD, or null when that day does not exist (31-02) or is before 1900. */
export function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
