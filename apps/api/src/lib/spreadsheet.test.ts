import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@academy/shared/messages';
import { zipBomb } from '../../test/zip-bomb';
import { readSheetRows, SpreadsheetError, type SheetWords } from './spreadsheet';

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
