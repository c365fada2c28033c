import { describe, expect, it } from 'vitest';
import type { Weekday } from '@academy/shared/schedule';
import { clockIn } from '@academy/shared/calendar';
import { formatClassTime, nextClass, sortByWeekday, todaysClasses, weekdayInTimeZone } from './schedule-display';

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

describe("today's and the next class", () => {
  const subject = { _id: '00000000-0000-4000-8000-000000000001', name: 'Maths', code: 'MATH' };
  const entry = (batchName: string, startTime: string, endTime: string) => ({ batchId: batchName, batchName, subject, startTime, endTime, teacherName: 'Priya' });
  const week = (classes: Partial<Record<Weekday, ReturnType<typeof entry>[]>>, closures: { startDate: string; endDate: string; title: string; batchIds: string[] }[] = []) => ({
    timeZone: 'Asia/Kolkata',
    today: '2026-11-23',
    closures,
    markedToday: [],
    days: (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, classes: classes[day] ?? [] })),
  });
  // Monday 23 November 2026, 08:00 in India.
  const mondayMorning = new Date('2026-11-23T02:30:00Z');

  it('reads the clock in the academy time zone', () => {
    expect(clockIn('Asia/Kolkata', mondayMorning)).toBe('08:00');
  });

  it("marks today's classes as done, running or later", () => {
    const today = todaysClasses(week({ mon: [entry('early', '06:00', '07:00'), entry('running', '07:30', '08:30'), entry('later', '17:00', '18:00')], tue: [entry('x', '07:00', '08:00')] }), mondayMorning);
    expect(today.day).toBe('mon');
    expect(today.classes.map((item) => [item.batchName, item.state])).toEqual([
      ['early', 'done'],
      ['running', 'now'],
      ['later', 'later'],
    ]);
  });

  it('finds the next class later today, on a later day, or a week on', () => {
    expect(nextClass(week({ mon: [entry('later', '17:00', '18:00')] }), mondayMorning)).toMatchObject({ day: 'mon', daysAhead: 0, item: { batchName: 'later' } });
    expect(nextClass(week({ mon: [entry('early', '06:00', '07:00')], wed: [entry('wed', '09:00', '10:00')] }), mondayMorning)).toMatchObject({ day: 'wed', daysAhead: 2 });
    expect(nextClass(week({ mon: [entry('early', '06:00', '07:00')] }), mondayMorning)).toMatchObject({ day: 'mon', daysAhead: 7 });
    expect(nextClass(week({}), mondayMorning)).toBeNull();
  });

  it('skips classes a closure cancels, for all batches or only some', () => {
    const diwali = { startDate: '2026-11-23', endDate: '2026-11-24', title: 'Diwali', batchIds: [] };
    const schedule = week({ mon: [entry('later', '17:00', '18:00')], tue: [entry('tue', '09:00', '10:00')], wed: [entry('wed', '09:00', '10:00')] }, [diwali]);
    expect(todaysClasses(schedule, mondayMorning).classes.map((item) => [item.batchName, item.state, item.closure?.title])).toEqual([['later', 'closed', 'Diwali']]);
    expect(nextClass(schedule, mondayMorning)).toMatchObject({ day: 'wed', daysAhead: 2 });
    const onlyOther = week({ mon: [entry('later', '17:00', '18:00')] }, [{ ...diwali, batchIds: ['other'] }]);
    expect(nextClass(onlyOther, mondayMorning)).toMatchObject({ day: 'mon', daysAhead: 0 });
  });
});
