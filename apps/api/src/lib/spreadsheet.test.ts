import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@academy/shared/messages';
import { zipBomb } from '../../test/zip-bomb';
import { dateCellText, readSheetRows, SpreadsheetError, type SheetWords } from './spreadsheet';

const WORDS: SheetWords = { empty: 'empty', notASheet: 'not a sheet', oldXls: 'old xls', unreadableCsv: 'bad csv', tooManyRows: 'too many rows' };

async function xlsx(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(['Name', 'Phone']);
  for (let i = 0; i < rows; i++) sheet.addRow([`Student ${i}`, 9_800_000_000 + i]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The refusal, and the most the process's memory grew while reading (sampled every few ms). */
async function readWatched(file: Buffer, maxRows = 2_000): Promise<{ error: unknown; grewMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  let error: unknown;
  try {
    await readSheetRows(file, 'questions.xlsx', WORDS, maxRows);
  } catch (caught) {
    error = caught;
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { error, grewMb: (peak - before) / 1024 / 1024 };
}

// Issue 53 point 2: a 1 MB .xlsx holding one 1,000 MiB zero-filled entry peaked the server at 3.3 GB.
describe('a spreadsheet that unpacks to far more than it weighs', () => {
  it('still reads an honest sheet', async () => {
    const rows = await readSheetRows(await xlsx(3), 'register.xlsx', WORDS, 100);
    expect(rows).toEqual([['Name', 'Phone'], ['Student 0', '9800000000'], ['Student 1', '9800000001'], ['Student 2', '9800000002']]);
  });

  it('refuses a 1,000 MiB entry from its declared size, before inflating anything', async () => {
    const bomb = await zipBomb(1000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const { error, grewMb } = await readWatched(bomb);
    expect(error).toBeInstanceOf(SpreadsheetError);
    expect((error as Error).message).toBe(MESSAGES.spreadsheetTooLarge);
    expect(grewMb).toBeLessThan(100);
  }, 60_000);

  it('refuses an entry whose headers lie about its size, inflating no more than the ceiling', async () => {
    const liar = await zipBomb(300, { declare: 1000 });
    const { error, grewMb } = await readWatched(liar);
    expect((error as Error).message).toBe(MESSAGES.spreadsheetTooLarge);
    expect(grewMb).toBeLessThan(150);
  }, 60_000);

  it('stops at the row limit while reading the sheet', async () => {
    const { error } = await readWatched(await xlsx(2_500), 2_000);
    expect((error as Error).message).toBe('too many rows');
  });
});

// Issue 54 point 8: Excel date cells in the academy's calendar, never shifted by a time zone.
describe('date cells', () => {
  it('reads an Excel date (midnight UTC, as exceljs gives it) as that day, with or without the academy’s zone', () => {
    expect(dateCellText(new Date(Date.UTC(2012, 6, 14)), 'Asia/Kolkata')).toBe('2012-07-14');
    expect(dateCellText(new Date(Date.UTC(2012, 6, 14)))).toBe('2012-07-14');
    // A zone west of UTC does not move it back a day either.
    expect(dateCellText(new Date(Date.UTC(2012, 6, 14)), 'America/New_York')).toBe('2012-07-14');
  });

  it('reads a midnight in India written as UTC (18:30 the day before), and a hair short of the next day, as the academy’s day', () => {
    expect(dateCellText(new Date('2012-07-13T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2012-07-14');
    expect(dateCellText(new Date('2012-07-13T23:59:59.999Z'), 'Asia/Kolkata')).toBe('2012-07-14');
    expect(dateCellText(new Date(Number.NaN), 'Asia/Kolkata')).toBe('');
  });

  it('reads date cells of a real .xlsx: a Date written by exceljs and one written from a midnight in India', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(['Name', 'Date of birth']);
    sheet.addRow(['Asha', new Date(Date.UTC(2012, 6, 14))]);
    sheet.addRow(['Ravi', new Date('2011-01-04T18:30:00.000Z')]);
    const rows = await readSheetRows(Buffer.from(await workbook.xlsx.writeBuffer()), 'register.xlsx', WORDS, 100, 'Asia/Kolkata');
    expect(rows.slice(1)).toEqual([
      ['Asha', '2012-07-14'],
      ['Ravi', '2011-01-05'],
    ]);
  });
});
