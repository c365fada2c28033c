import type { Worker } from 'node:worker_threads';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { dateIn } from '@academy/shared/calendar';
import { MESSAGES } from '@academy/shared/messages';
import { AppError } from './app-error';
import { xlsxReader } from './xlsx-reader';
import { checkDeclaredSizes, checkZipSizes } from './zip-guard';
import { workerBeside } from './worker-file';

/*
 * Reading a spreadsheet the office uploads (a bank statement, a register of students): CSV or XLSX,
 * as rows of trimmed text cells. It sees only the bytes it is given. What it says about a bad file is
 * the caller's (`SheetWords`), since "this statement" and "this register" read differently.
 *
 * Off the event loop (issue 71: a 3.9 MB .xlsx of 26 MB of sheet held /api/health for 4.4 s and
 * took the server from 410 to 690 MB; three at once, 8.8 s and 1.78 GB): each file is read in a
 * worker thread (./spreadsheet-worker.ts) with a heap cap and a time limit, the .xlsx streamed row by
 * row, and at most a few at once per server; the others wait their turn.
 */

export type SheetWords = { empty: string; notASheet: string; oldXls: string; unreadableCsv: string; tooManyRows: string };

export class SpreadsheetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}

/** How sheets are read off the event loop. Tests lower them; nothing else changes them. */
export const SHEET_READING = {
  /** Sheets read at once per server: each takes a core while it reads. */
  atOnce: 2,
  /** Sheets waiting their turn before more are refused ("try again in a minute"). */
  waiting: 20,
  /** The worker's JavaScript heap: a 10,000-row register streamed needs a few tens of MB. */
  heapMb: 256,
  /** A sheet still being read after this is refused as too large. */
  timeoutMs: 60_000,
};

let reading = 0;
const queue: (() => void)[] = [];

/** A turn to read (queued when `atOnce` are being read); hand it back with `endTurn`. */
async function takeTurn(): Promise<void> {
  if (reading < SHEET_READING.atOnce) {
    reading += 1;
    return;
  }
  if (queue.length >= SHEET_READING.waiting) throw new AppError('TOO_MANY_REQUESTS', MESSAGES.spreadsheetsBusy);
  // The turn passes straight from the one ending to the one waiting: `reading` stays as it is.
  await new Promise<void>((resolve) => queue.push(resolve));
}

function endTurn(): void {
  const next = queue.shift();
  if (next) next();
  else reading -= 1;
}

/** Sheets being read and waiting just now (tests). */
export const sheetsInHand = () => ({ reading, waiting: queue.length });

/**
 * Rows of cells as trimmed strings from the first sheet that has any (XLSX dates become YYYY-MM-DD,
 * read as the academy's calendar does when `timeZone` is given: dateCellText; numbers their plain
 * decimal text). Read in a worker thread, in turn. Throws SpreadsheetError for an unreadable, empty,
 * too long or too large file, and a 429 AppError when too many sheets are waiting already.
 */
export async function readSheetRows(file: Buffer, fileName: string, words: SheetWords, maxRows: number, timeZone?: string): Promise<string[][]> {
  if (file.length === 0) throw new SpreadsheetError(words.empty);
  // A zip declaring sizes no sheet has is refused here at once, without waiting for a turn or a worker.
  if (file[0] === 0x50 && file[1] === 0x4b && checkDeclaredSizes(file) === 'tooLarge') throw new SpreadsheetError(MESSAGES.spreadsheetTooLarge);
  await takeTurn();
  try {
    // A copy of the bytes goes to the worker (structured clone); the caller keeps its Buffer.
    return await readInWorker({ file: new Uint8Array(file.buffer, file.byteOffset, file.byteLength), fileName, words, maxRows, timeZone });
  } finally {
    endTurn();
  }
}

/** What the worker is given, and what it answers. */
export type SheetJob = { file: Uint8Array; fileName: string; words: SheetWords; maxRows: number; timeZone: string | undefined };
export type SheetAnswer = { rows: string[][] } | { refused: string } | { failed: string };

/**
 * A worker thread that reads sheets one at a time. Kept a while once idle: starting one (its
 * JavaScript, exceljs) costs more than reading a register. One that fails, runs out of its heap or
 * overruns its time is ended, and the next read starts a fresh one.
 */
type Reader = { worker: Worker; retire?: NodeJS.Timeout };
const idleReaders: Reader[] = [];
const IDLE_MS = 60_000;

function startReader(): Reader {
  // A sheet that needs more heap than this is refused (ERR_WORKER_OUT_OF_MEMORY below): the server's own heap is untouched.
  // dist/spreadsheet-worker.js in the build, ./spreadsheet-worker.ts from the sources (lib/worker-file.ts).
  const worker = workerBeside(import.meta.url, 'spreadsheet-worker', { resourceLimits: { maxOldGenerationSizeMb: SHEET_READING.heapMb, maxYoungGenerationSizeMb: 16 }, stdout: false, stderr: false });
  worker.unref(); // an idle reader never keeps the process alive
  return { worker };
}

/** Ends the idle readers (tests: the next read starts one with the current SHEET_READING). */
export async function endIdleReaders(): Promise<void> {
  const readers = idleReaders.splice(0);
  await Promise.all(readers.map((reader) => (clearTimeout(reader.retire), reader.worker.terminate())));
}

function readInWorker(job: SheetJob): Promise<string[][]> {
  const reader = idleReaders.pop() ?? startReader();
  clearTimeout(reader.retire);
  const { worker } = reader;
  worker.ref(); // the process waits for a sheet being read
  return new Promise((resolve, reject) => {
    const finish = (keep: boolean, act: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      worker.unref();
      if (keep) {
        reader.retire = setTimeout(() => {
          idleReaders.splice(idleReaders.indexOf(reader), 1);
          void worker.terminate();
        }, IDLE_MS).unref();
        idleReaders.push(reader);
      } else {
        void worker.terminate();
      }
      act();
    };
    const onMessage = (answer: SheetAnswer) =>
      finish(true, () => {
        if ('rows' in answer) resolve(answer.rows);
        else if ('refused' in answer) reject(new SpreadsheetError(answer.refused));
        else reject(new Error(`Reading the spreadsheet failed: ${answer.failed}`));
      });
    const onError = (error: Error & { code?: string }) => finish(false, () => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SpreadsheetError(MESSAGES.spreadsheetTooLarge) : error));
    const onExit = (code: number) => finish(false, () => reject(new Error(`The spreadsheet reader stopped (exit code ${code}) without an answer`)));
    const timer = setTimeout(() => finish(false, () => reject(new SpreadsheetError(MESSAGES.spreadsheetTooLarge))), SHEET_READING.timeoutMs);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage(job);
  });
}

/** readSheetRows' work, in the thread that calls it: the worker's (./spreadsheet-worker.ts). */
export async function readSheetRowsHere(file: Buffer, fileName: string, words: SheetWords, maxRows: number, timeZone?: string): Promise<string[][]> {
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
  const { default: Excel } = await import('exceljs');
  try {
    // Streamed row by row (issue 71): the workbook is never built whole in memory. Styles are read
    // for the number formats that make a cell a date. Its parts come through the zip's directory (./xlsx-reader.ts).
    const reader = await xlsxReader(file, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    if (!reader) throw new SpreadsheetError(words.notASheet);
    for await (const worksheet of reader) {
      const rows: string[][] = [];
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        // Rows with nothing in them are not in the file: kept as empty rows, so row numbers stay the file's.
        while (rows.length < row.number - 1) rows.push([]);
        if (rows.length >= maxRows) throw new SpreadsheetError(words.tooManyRows);
        const cells: string[] = [];
        for (let c = 1; c <= row.cellCount; c++) {
          const cell = row.getCell(c);
          // The other cells of a merged range repeat its value: only the first one holds it.
          cells.push(cell.type === Excel.ValueType.Merge ? '' : cellText(cell.value, timeZone));
        }
        rows.push(cells);
      }
      // The first sheet that has any cell filled in.
      if (rows.some((row) => row.some((cell) => cell !== ''))) return rows;
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError(words.notASheet);
  }
  throw new SpreadsheetError(words.empty);
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
