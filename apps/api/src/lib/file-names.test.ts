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
  it.each([
    ['a\u0000b\r\n<c>:"d"|?*.pdf', 'abcd.pdf'],
    ['...hidden.pdf', 'hidden.pdf'],
    ['evil\u202Efdp.exe', 'evilfdp.exe.pdf'],
  ])('removes control and reserved characters and trims dots: %j', (name, safe) => {
    expect(sanitizeFileName(name)).toBe(safe);
  });
  it.each([
    ['notes', 'notes.pdf'],
    ['Notes.PDF', 'Notes.pdf'],
    ['', 'note.pdf'],
    [undefined, 'note.pdf'],
    ['../', 'note.pdf'],
  ])('always ends in .pdf and is never empty: %j', (name, safe) => {
    expect(sanitizeFileName(name)).toBe(safe);
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
  // A file of 1,000 bytes.
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
  ])('reads one byte range: %s', (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });
  it.each([undefined, 'items=0-1', 'bytes=0-1,5-6'])('ignores no header, other units and several ranges (the whole file is sent): %s', (header) => {
    expect(parseRange(header, 1000)).toBeUndefined();
  });
  it.each(['bytes=1000-', 'bytes=5-2', 'bytes=-0', 'bytes=abc', 'bytes=-'])('calls ranges outside the file or malformed ones unsatisfiable: %s', (header) => {
    expect(parseRange(header, 1000)).toBe('unsatisfiable');
  });
});
