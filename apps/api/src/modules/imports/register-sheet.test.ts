import { describe, expect, it } from 'vitest';
import { readExcelDayNumber, readIndianDate, readRegister } from './register-sheet';

describe('reading a register', () => {
  it.each([
    ['25-06-2012', '2012-06-25'],
    ['5/6/2012', '2012-06-05'],
    ['25.06.2012', '2012-06-25'],
    ['2012-06-25', '2012-06-25'],
    ['25-06-12', null],
    ['31-02-2012', null],
    ['June 25', null],
  ])('reads dates day first as registers write them, and refuses two-digit years and days that do not exist: %s → %s', (written, date) => {
    expect(readIndianDate(written)).toBe(date);
  });

  it('reads Excel day numbers as dates (a date cell whose format was lost, or re-saved as CSV), and refuses numbers that are no plausible day', () => {
    // Issue 54: 41104 was refused as "Enter the date as DD-MM-YYYY".
    expect(readIndianDate('41104')).toBe('2012-07-14');
    expect(readExcelDayNumber('40909')).toBe('2012-01-01');
    expect(readExcelDayNumber('45658')).toBe('2025-01-01');
    // A time of day after the day number is the same day; a hair short of the next day is the next day.
    expect(readExcelDayNumber('41104.75')).toBe('2012-07-14');
    expect(readExcelDayNumber('41104.9999999')).toBe('2012-07-15');
    // A year alone, a phone number, a small number: not dates.
    expect(readIndianDate('2012')).toBeNull();
    expect(readExcelDayNumber('9999')).toBeNull();
    expect(readExcelDayNumber('9822012345')).toBeNull();
    expect(readExcelDayNumber('-41104')).toBeNull();
  });

  it('reads a register whose date columns hold day numbers', () => {
    const read = readRegister(
      [
        ['Name', 'Date of birth', 'Admission date'],
        ['Asha', '41104', '46170'],
      ],
      '2026-11-26',
    );
    expect(read.errors).toEqual([]);
    expect(read.rows[0]).toMatchObject({ dateOfBirth: '2012-07-14', admissionDate: '2026-05-28' });
  });

  it('recognises headers in Marathi, Hindi and the words registers use, and ignores other columns', () => {
    const read = readRegister(
      [
        ['', '', ''],
        ['अ.क्र.', 'नाव', 'पालकांचा मोबाईल', 'लिंग', 'DOB', 'Fees paid', 'Remarks'],
        ['1', 'आशा पाटील', '098220 12345', 'मुलगी', '14/08/2011', '₹2,000', 'new'],
        ['', '', '', '', '', '', ''],
        ['2', 'रवि', '+91-98220-12345', 'M', '', '', ''],
      ],
      '2026-11-26',
    );
    expect(read.columns).toEqual(['name', 'parentPhone', 'gender', 'dateOfBirth', 'alreadyPaid']);
    expect(read.errors).toEqual([
      // Already paid without a batch: the amount would pay nothing.
      { row: 3, column: 'alreadyPaid', message: 'An amount already paid needs the batch whose fees it paid' },
    ]);
    expect(read.rows).toEqual([expect.objectContaining({ row: 5, name: 'रवि', parentPhone: '+919822012345', gender: 'male', dateOfBirth: null, alreadyPaidPaise: 0 })]);
    expect(read.cells.get(3)).toEqual(['आशा पाटील', '098220 12345', 'मुलगी', '14/08/2011', '₹2,000']);
  });

  it('reads the exports\' "Not given" (any language) and the old made-up "Default Address" as empty (decision 040)', () => {
    const read = readRegister(
      [
        ['Name', 'Gender', 'Address'],
        ['Asha', 'Not given', 'Not given'],
        ['Ravi', 'दिलेले नाही', 'Default Address'],
        ['Meena', 'नहीं दिया', 'Ausa Road, Latur'],
      ],
      '2026-11-26',
    );
    expect(read.errors).toEqual([]);
    expect(read.rows.map(({ name, gender, address }) => ({ name, gender, address }))).toEqual([
      { name: 'Asha', gender: null, address: null },
      { name: 'Ravi', gender: null, address: null },
      { name: 'Meena', gender: null, address: 'Ausa Road, Latur' },
    ]);
  });

  it('names every problem of a row and needs a name header', () => {
    const read = readRegister(
      [
        ['Student name', 'Student phone', 'Board', 'Medium', 'Relation', 'Date of birth'],
        ['X', '12345', 'Oxford', 'सेमी इंग्रजी', 'Uncle', '01-01-2030'],
      ],
      '2026-11-26',
    );
    expect(read.errors.map((error) => error.column).sort()).toEqual(['board', 'dateOfBirth', 'parentRelation', 'phone']);
    expect(readRegister([['Roll', 'Class']], '2026-11-26').errors[0]!.message).toMatch(/^The first row must hold the column headers/);
  });
});
