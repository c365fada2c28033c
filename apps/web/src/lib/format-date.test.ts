import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthYear, formatTime } from './format-date';
import { setCurrentLanguage } from './current-language';
import { setShownTimeZone } from './shown-time-zone';

describe('formatDate', () => {
  it('shows calendar dates as that exact day', () => {
    expect(formatDate('2024-03-05')).toBe('05-03-2024');
    expect(formatDate('2024-12-31')).toBe('31-12-2024');
    expect(formatDate('2024-01-01')).toBe('01-01-2024');
  });

  it('shows timestamps and Date objects as DD-MM-YYYY', () => {
    expect(formatDate(new Date(2024, 6, 9, 23, 30))).toBe('09-07-2024');
    expect(formatDate(new Date(2023, 1, 28).getTime())).toBe('28-02-2023');
    const instant = new Date(2025, 10, 22, 12, 0);
    expect(formatDate(instant.toISOString())).toBe('22-11-2025');
  });

  it('shows N/A for an empty value', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
  });

  it('shows Invalid Date for what cannot be read', () => {
    expect(formatDate('not a date')).toBe('Invalid Date');
    expect(formatDate('2024-02-30')).toBe('Invalid Date');
    expect(formatDate(new Date(Number.NaN))).toBe('Invalid Date');
  });

  it('shows Date Error when reading the value throws', () => {
    expect(formatDate(Symbol('x') as unknown as string)).toBe('Date Error');
    const hostile = { valueOf: () => { throw new Error('boom'); }, toString: () => { throw new Error('boom'); } };
    expect(formatDate(hostile as unknown as string)).toBe('Date Error');
  });
});

describe('formatTime and formatDateTime', () => {
  it('shows times the Indian way, "5:00 PM", from a clock time or a timestamp', () => {
    expect(formatTime('17:05')).toBe('5:05 PM');
    expect(formatTime('00:30')).toBe('12:30 AM');
    expect(formatTime('12:00:00')).toBe('12:00 PM');
    expect(formatTime(new Date(2026, 4, 12, 9, 7))).toBe('9:07 AM');
    expect(formatTime('')).toBe('N/A');
    expect(formatDateTime(new Date(2026, 4, 12, 14, 25))).toBe('12-05-2026, 2:25 PM');
    expect(formatDateTime('nonsense')).toBe('Invalid Date');
  });
});

describe("a drawn page's time zone (issue 74)", () => {
  it("writes timestamps in the zone set for the page, whatever the runtime's, and in the runtime's once unset", () => {
    // 21:00 UTC is 2:30 AM the next day in India: the server (UTC) and a phone in India drew both differently.
    const instant = '2026-11-28T21:00:00.000Z';
    setShownTimeZone('Asia/Kolkata');
    try {
      expect(formatDateTime(instant)).toBe('29-11-2026, 2:30 AM');
      setShownTimeZone('UTC');
      expect(formatDateTime(instant)).toBe('28-11-2026, 9:00 PM');
      // A calendar date is that day in any zone.
      expect(formatDate('2026-11-28')).toBe('28-11-2026');
    } finally {
      setShownTimeZone(undefined);
    }
  });
});

describe('formatMonthYear', () => {
  it("names the month in the reader's language with Latin digits", () => {
    try {
      expect(formatMonthYear('2026-11')).toBe('Nov 2026');
      expect(formatMonthYear('2026-11', 'long')).toBe('November 2026');
      setCurrentLanguage('mr');
      expect(formatMonthYear('2026-11')).toBe('नोव्हें 2026');
      setCurrentLanguage('hi');
      expect(formatMonthYear('2027-01', 'long')).toBe('जनवरी 2027');
      expect(formatMonthYear('not a month')).toBe('not a month');
    } finally {
      setCurrentLanguage('en');
    }
  });
});
