import { describe, expect, it } from 'vitest';
import { formatDate } from '@academy/shared/calendar';
import { parseTypedDate } from './parse-date';

describe('typed dates', () => {
  it('reads DD-MM-YYYY with -, / or . and the ISO form', () => {
    expect(parseTypedDate('05-03-2026')).toBe('2026-03-05');
    expect(parseTypedDate(' 5/3/2026 ')).toBe('2026-03-05');
    expect(parseTypedDate('31.12.2025')).toBe('2025-12-31');
    expect(parseTypedDate('2026-03-05')).toBe('2026-03-05');
  });
  it('refuses days that do not exist and other shapes', () => {
    expect(parseTypedDate('31-02-2026')).toBeNull();
    expect(parseTypedDate('03-13-2026')).toBeNull();
    expect(parseTypedDate('12/31/2026')).toBeNull();
    expect(parseTypedDate('5 March 2026')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
  it('shows a stored date as DD-MM-YYYY', () => {
    expect(formatDate('2026-03-05')).toBe('05-03-2026');
  });
});
