import { describe, expect, it } from 'vitest';
import {
  formatClockIn,
  formatClockRangeIn,
  parseClock,
  academicYearEnd,
  academicYearNameOf,
  academicYearOf,
  academicYearStart,
  isAcademicYearName,
  shiftAcademicYear,
  clockIn,
  dateIn,
  daysBetween,
  financialYearEnd,
  financialYearOf,
  financialYearStart,
  formatClock,
  formatDate,
  formatDateTime,
  shiftDate,
  todayIn,
} from './calendar';

describe('todayIn', () => {
  it('is the academy’s date, not UTC’s: late evening UTC is already tomorrow in Asia/Kolkata', () => {
    const lateEvening = new Date('2026-05-31T19:00:00Z'); // 00:30 on 1 June in India
    expect(todayIn('Asia/Kolkata', lateEvening)).toBe('2026-06-01');
    expect(todayIn('UTC', lateEvening)).toBe('2026-05-31');
  });

  it('turns at the academy’s midnight, over a year end too', () => {
    expect(todayIn('Asia/Kolkata', new Date('2026-12-31T18:29:59Z'))).toBe('2026-12-31');
    expect(todayIn('Asia/Kolkata', new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });

  it('is still yesterday west of UTC', () => {
    expect(todayIn('America/Los_Angeles', new Date('2026-03-01T05:00:00Z'))).toBe('2026-02-28');
  });

  it('falls back to the runtime’s zone for an unknown zone instead of throwing', () => {
    const now = new Date('2026-05-12T10:00:00Z');
    expect(todayIn('Not/AZone', now)).toBe(dateIn(undefined, now));
  });
});

describe('clockIn', () => {
  it('is the 24-hour wall clock in the zone, midnight as 00', () => {
    expect(clockIn('Asia/Kolkata', new Date('2026-05-12T11:30:00Z'))).toBe('17:00');
    expect(clockIn('Asia/Kolkata', new Date('2026-05-12T18:30:00Z'))).toBe('00:00');
  });
});

describe('shiftDate and daysBetween', () => {
  it('cross month, year and leap-day boundaries', () => {
    expect(shiftDate('2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDate('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2027-01-01', -27)).toBe('2026-12-05');
    expect(shiftDate('2026-05-12', 0)).toBe('2026-05-12');
  });

  it('counts whole days either way', () => {
    expect(daysBetween('2026-03-30', '2026-04-02')).toBe(3);
    expect(daysBetween('2026-04-02', '2026-03-30')).toBe(-3);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-05-12', shiftDate('2026-05-12', 400))).toBe(400);
  });
});

describe('formatting', () => {
  it('shows a date as DD-MM-YYYY', () => {
    expect(formatDate('2026-05-09')).toBe('09-05-2026');
  });

  it('shows a time as "5:00 PM"', () => {
    expect(['00:30', '09:05', '12:00', '17:00', '23:59'].map(formatClock)).toEqual(['12:30 AM', '9:05 AM', '12:00 PM', '5:00 PM', '11:59 PM']);
  });

  it('shows an instant with its date and 12-hour time in a zone', () => {
    expect(formatDateTime(new Date('2026-05-12T11:30:00Z'), 'Asia/Kolkata')).toBe('12-05-2026, 5:00 PM');
    expect(formatDateTime(new Date('2026-12-31T19:15:00Z'), 'Asia/Kolkata')).toBe('01-01-2027, 12:45 AM');
  });
});

describe('financial year (April–March)', () => {
  it('names the year and finds its first and last day', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2027-02-10')).toBe('2026-27');
    expect(financialYearOf('2099-12-01')).toBe('2099-00');
    expect(financialYearStart('2027-02-10')).toBe('2026-04-01');
    expect(financialYearStart('2026-04-01')).toBe('2026-04-01');
    expect(financialYearEnd('2026-03-31')).toBe('2026-03-31');
    expect(financialYearEnd('2026-04-01')).toBe('2027-03-31');
  });
});

describe('academic year (June–March)', () => {
  it('starts on 1 June; April and May belong to the year that ended', () => {
    expect(academicYearOf('2026-06-01')).toEqual({ startDate: '2026-06-01', endDate: '2027-03-31' });
    expect(academicYearOf('2026-05-31')).toEqual({ startDate: '2025-06-01', endDate: '2026-03-31' });
    expect(academicYearOf('2027-01-15')).toEqual({ startDate: '2026-06-01', endDate: '2027-03-31' });
  });
});

describe('academic year by name (June–May, issue 39)', () => {
  it('names the year a date falls in: 1 June to 31 May', () => {
    expect(academicYearNameOf('2026-06-01')).toBe('2026-27');
    expect(academicYearNameOf('2027-05-31')).toBe('2026-27');
    expect(academicYearNameOf('2027-06-01')).toBe('2027-28');
    expect(academicYearNameOf('2026-01-15')).toBe('2025-26');
    expect(academicYearNameOf('2099-07-01')).toBe('2099-00');
  });
  it('gives its first and last day, and the years around it', () => {
    expect(academicYearStart('2026-27')).toBe('2026-06-01');
    expect(academicYearEnd('2026-27')).toBe('2027-05-31');
    expect(shiftAcademicYear('2026-27', 1)).toBe('2027-28');
    expect(shiftAcademicYear('2026-27', -2)).toBe('2024-25');
    expect(shiftAcademicYear('2099-00', 1)).toBe('2100-01');
  });
  it('tells a year name from other text', () => {
    expect(isAcademicYearName('2026-27')).toBe(true);
    expect(isAcademicYearName('2099-00')).toBe(true);
    expect(isAcademicYearName('2026-28')).toBe(false);
    expect(isAcademicYearName('2026')).toBe(false);
    expect(isAcademicYearName('26-27')).toBe(false);
  });
});

describe("times the reader's way (issue 54)", () => {
  it('keeps "7:00 AM" in English and names the part of the day in Marathi and Hindi', () => {
    expect(formatClockIn('07:00', 'en')).toBe('7:00 AM');
    expect(formatClockIn('07:00', 'mr')).toBe('सकाळी 7:00');
    expect(formatClockIn('05:15', 'mr')).toBe('पहाटे 5:15');
    expect(formatClockIn('17:00', 'hi')).toBe('शाम 5:00');
    expect(formatClockIn('00:30', 'hi')).toBe('रात 12:30');
    expect(formatClockIn('12:00', 'mr')).toBe('दुपारी 12:00');
  });

  it('says the part of the day once in a range that stays in it', () => {
    expect(formatClockRangeIn('17:00', '18:30', 'mr')).toBe('संध्याकाळी 5:00 – 6:30');
    expect(formatClockRangeIn('15:30', '17:00', 'hi')).toBe('दोपहर 3:30 – शाम 5:00');
    expect(formatClockRangeIn('07:00', '08:30', 'en')).toBe('7:00 AM – 8:30 AM');
  });

  it('reads "5:00 PM" back, and nothing else', () => {
    expect(parseClock('5:00 PM')).toBe('17:00');
    expect(parseClock('12:30 AM')).toBe('00:30');
    expect(parseClock('13:00 PM')).toBeNull();
    expect(parseClock('7 PM')).toBeNull();
  });
});
