import { describe, expect, it } from 'vitest';
import { SERVER_CATALOG } from '@academy/shared/i18n/server-catalog';
import { csvCell, csvHeader, formulaSafe, toCsv, type CsvValue } from './csv';
import ExcelJS from 'exceljs';
import { readSheetRows } from './spreadsheet';

describe('CSV', () => {
  it.each<[CsvValue, string]>([
    ['plain', 'plain'],
    ['Patil, Aarav', '"Patil, Aarav"'],
    ['Say "hi"', '"Say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [null, ''],
    [42, '42'],
    [-3, '-3'], // numbers are data, not formulas
  ])('quotes cells with commas, quotes and line breaks, doubling quotes: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    for (const value of ['=1+1', '+91 9822012345', '-2', '@SUM(A1)', '\tx']) expect(csvCell(value).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('writes a document with a BOM and CRLF line ends', () => {
    expect(toCsv(['Name', 'Status'], [['1', 'x,y']])).toBe('\uFEFFName,Status\r\n1,"x,y"\r\n');
  });

  it("words the header row in the requester's language and leaves the cells as they are", () => {
    expect(toCsv(['Name', 'Amount (₹)'], [['Aarav Patil', '1500.00']], 'mr')).toBe('\uFEFFनाव,रक्कम (₹)\r\nAarav Patil,1500.00\r\n');
    expect(toCsv(['Name', 'Amount (₹)'], [], 'hi')).toBe('\uFEFFनाम,राशि (₹)\r\n');
    for (const [en, mr, hi] of SERVER_CATALOG.csv) {
      expect(mr.trim(), en).not.toBe('');
      expect(hi.trim(), en).not.toBe('');
      expect(csvHeader(en, 'en')).toBe(en);
    }
  });
});

describe('the formula guard of every spreadsheet the office opens (CSV and XLSX)', () => {
  it('puts an apostrophe before text that would run as a formula, and reads an XLSX cell back without it', async () => {
    expect(['=HYPERLINK("x")', '+91 98220', '-5', '@SUM(A1)', 'Aarav'].map(formulaSafe)).toEqual(["'=HYPERLINK(\"x\")", "'+91 98220", "'-5", "'@SUM(A1)", 'Aarav']);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet').addRow([formulaSafe('=1+1'), 'Plain']);
    const rows = await readSheetRows(Buffer.from(await workbook.xlsx.writeBuffer()), 'sheet.xlsx', { empty: 'e', notASheet: 'n', oldXls: 'o', unreadableCsv: 'u', tooManyRows: 't' }, 10);
    expect(rows).toEqual([['=1+1', 'Plain']]);
  });
});
