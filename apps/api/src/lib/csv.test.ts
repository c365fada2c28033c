import { describe, expect, it } from 'vitest';
import { SERVER_CATALOG } from '@academy/shared/i18n/server-catalog';
import { csvCell, csvHeader, toCsv } from './csv';

describe('CSV', () => {
  it('quotes cells with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Patil, Aarav')).toBe('"Patil, Aarav"');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3'); // numbers are data, not formulas
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
