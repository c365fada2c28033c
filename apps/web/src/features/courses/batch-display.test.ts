import { i18n } from '@lingui/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CourseBatch, CourseStandard } from '@academy/shared/schemas/courses';
import { setCurrentLanguage } from '../../lib/current-language';
import { batchDates, batchesByStandard, batchTimings, formatWeekdays, seatsStatus } from './batch-display';

// English with no catalog: messages show their source text.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => setCurrentLanguage('en'));

describe('formatWeekdays', () => {
  it('lists short day names in week order', () => {
    expect(formatWeekdays(['mon', 'wed', 'fri'])).toBe('Mon, Wed, Fri');
    expect(formatWeekdays(['sun', 'sat'])).toBe('Sat, Sun');
    expect(formatWeekdays([])).toBe('');
  });

  it('names the whole school week and every day', () => {
    expect(formatWeekdays(['mon', 'tue', 'wed', 'thu', 'fri', 'sat'])).toBe('Monday to Saturday');
    expect(formatWeekdays(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).toBe('Every day');
  });

  it('names the days in the language shown', () => {
    setCurrentLanguage('mr');
    expect(formatWeekdays(['mon', 'wed', 'fri'])).toBe('सोम, बुध, शुक्र');
    setCurrentLanguage('hi');
    expect(formatWeekdays(['tue', 'thu', 'sat'])).toBe('मंगल, गुरु, शनि');
  });
});

describe('a batch card', () => {
  it('words the timings on the 12-hour clock and the dates as DD-MM-YYYY', () => {
    expect(batchTimings({ scheduleDays: ['tue', 'thu', 'sat'], startTime: '17:00', endTime: '18:30' })).toBe('Tue, Thu, Sat · 5:00 PM – 6:30 PM');
    expect(batchDates({ startDate: '2026-06-01', endDate: '2027-03-31' })).toBe('01-06-2026 to 31-03-2027');
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
