import { afterEach, describe, expect, it, vi } from 'vitest';
import * as language from './current-language';
import { formatNumber, formatPercent, formatRupees } from './format-number';
import { formatDate, formatMonthName, formatTime, formatWeekdayName } from './format-date';

afterEach(() => vi.restoreAllMocks());

describe.each(['en', 'mr', 'hi'] as const)('formats in %s', (lang) => {
  it('groups digits the Indian way, in Latin digits, and keeps DD-MM-YYYY and 5:00 PM', () => {
    vi.spyOn(language, 'currentLanguage').mockReturnValue(lang);
    expect(formatNumber(1234567.5)).toBe('12,34,567.5');
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(99.5)).toBe('₹99.50');
    expect(formatPercent(0.875)).toMatch(/^87\.5\s?%$/);
    expect(formatDate('2026-05-12')).toBe('12-05-2026');
    expect(formatTime('17:00')).toBe('5:00 PM');
    expect(formatTime('09:30')).toBe('9:30 AM');
  });
});

describe('names of months and weekdays', () => {
  it('are written in the language shown', () => {
    vi.spyOn(language, 'currentLanguage').mockReturnValue('mr');
    expect(formatMonthName(5)).toBe('मे');
    expect(formatWeekdayName(2)).toBe('मंगळवार');
    vi.spyOn(language, 'currentLanguage').mockReturnValue('hi');
    expect(formatMonthName(5)).toBe('मई');
    vi.spyOn(language, 'currentLanguage').mockReturnValue('en');
    expect(formatWeekdayName(0)).toBe('Sunday');
  });
});
