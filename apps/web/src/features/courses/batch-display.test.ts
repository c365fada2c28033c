import { describe, expect, it } from 'vitest';
import type { CourseBatch, CourseStandard } from '@academy/shared/schemas/courses';
import { batchesByStandard, formatClockTime, formatTimeRange, formatWeekdays, seatsStatus } from './batch-display';

describe('formatWeekdays', () => {
  it('lists short day names in the order given', () => {
    expect(formatWeekdays(['mon', 'wed', 'fri'])).toBe('Mon, Wed, Fri');
    expect(formatWeekdays(['sat', 'sun'])).toBe('Sat, Sun');
    expect(formatWeekdays([])).toBe('');
  });

  it('names the whole school week and every day', () => {
    expect(formatWeekdays(['mon', 'tue', 'wed', 'thu', 'fri', 'sat'])).toBe('Monday to Saturday');
    expect(formatWeekdays(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).toBe('Every day');
  });
});

describe('formatClockTime', () => {
  it('shows 24-hour times on the 12-hour clock', () => {
    expect(formatClockTime('07:00')).toBe('7:00 AM');
    expect(formatClockTime('17:30')).toBe('5:30 PM');
    expect(formatClockTime('12:05')).toBe('12:05 PM');
    expect(formatClockTime('00:15')).toBe('12:15 AM');
    expect(formatClockTime('09:45:00')).toBe('9:45 AM');
  });

  it('leaves what it cannot read as it is', () => {
    expect(formatClockTime('soon')).toBe('soon');
    expect(formatClockTime('25:00')).toBe('25:00');
  });

  it('joins a range with a dash', () => {
    expect(formatTimeRange('16:00', '17:30')).toBe('4:00 PM – 5:30 PM');
  });
});

describe('seatsStatus', () => {
  it('says when a batch is full, and how many seats are left otherwise', () => {
    expect(seatsStatus(0, 40)).toEqual({ label: 'Batch full', color: 'red' });
    expect(seatsStatus(-2, 40)).toEqual({ label: 'Batch full', color: 'red' });
    expect(seatsStatus(1, 40)).toEqual({ label: '1 seat left', color: 'orange' });
    expect(seatsStatus(5, 40)).toEqual({ label: '5 seats left', color: 'orange' });
    expect(seatsStatus(6, 40)).toEqual({ label: '6 seats left', color: 'teal' });
    expect(seatsStatus(6, 60)).toEqual({ label: '6 seats left', color: 'orange' });
    expect(seatsStatus(37, 40)).toEqual({ label: '37 seats left', color: 'teal' });
  });
});

describe('batchesByStandard', () => {
  it('puts each batch under its standard, keeping the standards in order', () => {
    const standard = (id: string, level: number): CourseStandard => ({ _id: id, name: `${level}th`, level, subjects: [] });
    const batch = (id: string, standardId: string) => ({ _id: id, standard: { _id: standardId, name: '' } }) as CourseBatch;
    const groups = batchesByStandard([standard('s9', 9), standard('s10', 10)], [batch('b1', 's10'), batch('b2', 's9'), batch('b3', 's10')]);
    expect(groups.map((group) => [group.standard._id, group.batches.map((b) => b._id)])).toEqual([
      ['s9', ['b2']],
      ['s10', ['b1', 'b3']],
    ]);
  });
});
