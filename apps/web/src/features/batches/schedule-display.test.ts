import { describe, expect, it } from 'vitest';
import { formatClassTime, sortByWeekday, weekdayInTimeZone } from './schedule-display';

describe('weekdayInTimeZone', () => {
  it('uses the given time zone, not the browser one', () => {
    // Sunday 22:00 UTC is already Monday 03:30 in India.
    const instant = new Date('2026-11-22T22:00:00Z');
    expect(weekdayInTimeZone('UTC', instant)).toBe('sun');
    expect(weekdayInTimeZone('Asia/Kolkata', instant)).toBe('mon');
    expect(weekdayInTimeZone('America/Los_Angeles', instant)).toBe('sun');
  });

  it('gives null for an unknown time zone', () => {
    expect(weekdayInTimeZone('Not/AZone', new Date('2026-11-22T12:00:00Z'))).toBeNull();
  });
});

describe('formatClassTime', () => {
  it('shows a 12-hour range', () => {
    expect(formatClassTime('07:00', '08:30')).toBe('7:00 AM – 8:30 AM');
    expect(formatClassTime('12:00', '13:05')).toBe('12:00 PM – 1:05 PM');
    expect(formatClassTime('00:15', '17:30')).toBe('12:15 AM – 5:30 PM');
  });
});

describe('sortByWeekday', () => {
  it('orders Monday first', () => {
    expect(sortByWeekday([{ day: 'sun' as const }, { day: 'wed' as const }, { day: 'mon' as const }]).map((d) => d.day)).toEqual(['mon', 'wed', 'sun']);
  });
});
