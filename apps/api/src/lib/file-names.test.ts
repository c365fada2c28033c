import { describe, expect, it } from 'vitest';
import { contentDisposition, looksLikePdf, parseRange, sanitizeFileName } from './file-names';

describe('looksLikePdf', () => {
  it('accepts content that starts with %PDF-', () => {
    expect(looksLikePdf(Buffer.from('%PDF-1.4\n%...'))).toBe(true);
  });
  it('refuses anything else, whatever it is called', () => {
    expect(looksLikePdf(Buffer.from('hello, this is text'))).toBe(false);
    expect(looksLikePdf(Buffer.from(' %PDF-1.4'))).toBe(false);
    expect(looksLikePdf(Buffer.from('%PDF'))).toBe(false);
    expect(looksLikePdf(Buffer.alloc(0))).toBe(false);
    expect(looksLikePdf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe(false);
  });
});

describe('sanitizeFileName', () => {
  it('keeps only the last path segment', () => {
    expect(sanitizeFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('C:\\Users\\priya\\Algebra.pdf')).toBe('Algebra.pdf');
  });
  it('removes control and reserved characters and trims dots', () => {
    expect(sanitizeFileName('a\u0000b\r\n<c>:"d"|?*.pdf')).toBe('abcd.pdf');
    expect(sanitizeFileName('...hidden.pdf')).toBe('hidden.pdf');
    expect(sanitizeFileName('evil\u202Efdp.exe')).toBe('evilfdp.exe.pdf');
  });
  it('always ends in .pdf and is never empty', () => {
    expect(sanitizeFileName('notes')).toBe('notes.pdf');
    expect(sanitizeFileName('Notes.PDF')).toBe('Notes.pdf');
    expect(sanitizeFileName('')).toBe('note.pdf');
    expect(sanitizeFileName(undefined)).toBe('note.pdf');
    expect(sanitizeFileName('../')).toBe('note.pdf');
  });
  it('keeps non-English names and cuts very long ones', () => {
    expect(sanitizeFileName('गणित नोट्स.pdf')).toBe('गणित नोट्स.pdf');
    const long = sanitizeFileName(`${'x'.repeat(500)}.pdf`);
    expect(long.length).toBe(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact name in filename*', () => {
    expect(contentDisposition('inline', 'Algebra 1.pdf')).toBe(`inline; filename="Algebra 1.pdf"; filename*=UTF-8''Algebra%201.pdf`);
    expect(contentDisposition('attachment', 'गणित "x".pdf')).toBe(
      `attachment; filename="____ _x_.pdf"; filename*=UTF-8''${encodeURIComponent('गणित "x".pdf')}`,
    );
  });
});

describe('parseRange', () => {
  it('reads one byte range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });
  it('ignores no header, other units and several ranges (the whole file is sent)', () => {
    expect(parseRange(undefined, 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
  });
  it('calls ranges outside the file or malformed ones unsatisfiable', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=abc', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-', 1000)).toBe('unsatisfiable');
  });
});
