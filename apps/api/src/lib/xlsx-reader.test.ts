import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxReader } from './xlsx-reader';

/** A workbook as the academy export writes it: exceljs's streaming writer, its list of sheets written last. */
async function streamedWorkbook(sheets: string[], rows: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  for (const name of sheets) {
    const sheet = book.addWorksheet(name);
    for (let r = 1; r <= rows; r++) sheet.addRow([`${name} ${r}`, r]).commit();
    sheet.commit();
  }
  await book.commit();
  return Buffer.concat(chunks);
}

async function readAll(file: Buffer): Promise<string[]> {
  const reader = (await xlsxReader(file, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' }))!;
  const read: string[] = [];
  for await (const worksheet of reader) {
    let count = 0;
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) count += row.number > 0 ? 1 : 0;
    read.push(`${(worksheet as unknown as { name: string }).name}:${count}`);
  }
  return read;
}

describe('reading an .xlsx through its central directory', () => {
  it('gives every sheet of an exceljs-written workbook, in order and whole, every time (exceljs alone lost the last parts now and then)', async () => {
    const names = ['Students', 'Teachers', 'Batches', 'Enrolments', 'Attendance', 'Dues', 'Receipts', 'Marks'];
    const file = await streamedWorkbook(names, 40);
    const expected = names.map((name) => `${name}:40`);
    for (let i = 0; i < 150; i++) expect(await readAll(file)).toEqual(expected);
  });

  it('reads a workbook written whole (shared strings) and Marathi sheet names', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('विद्यार्थी').addRows([['नाव', 'फोन'], ['आर्या', '9876543210']]);
    book.addWorksheet('Second').addRow(['x']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect(await readAll(file)).toEqual(['विद्यार्थी:2', 'Second:1']);
  });

  it('answers nothing for a file that is not a zip', async () => {
    expect(await xlsxReader(Buffer.from('Name,Phone\n'), {})).toBeUndefined();
  });
});
