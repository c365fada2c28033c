import { describe, expect, it } from 'vitest';
import { leaveDaysWithin, monthRange, nextMonth, payFigures, type LectureRow, type PayRule } from './pay-calc';

const lecture = (batchId: string, minutes = 60, count: 1 | -1 = 1): LectureRow => ({ date: '2026-11-02', batchId, batchName: batchId, minutes, count, source: 'attendance', reason: null });
const rule = (overrides: Partial<PayRule>): PayRule => ({ scheme: 'per-lecture', monthlyPaise: null, hourlyPaise: null, tdsBp: 0, rates: new Map(), ...overrides });

describe('payFigures', () => {
  it('pays a per-lecture teacher each lecture at its batch rate, a correction taking one away, TDS on the rest', () => {
    const figures = payFigures(rule({ rates: new Map([['a', 50000], ['b', 75000]]), tdsBp: 1000 }), [lecture('a'), lecture('a'), lecture('b'), lecture('b', 60, -1), lecture('c')], [], 0, 30);
    expect(figures).toMatchObject({ lectures: 3, grossPaise: 100000, deductionsPaise: 0, tdsPaise: 10000, netPaise: 90000 });
    expect(figures.lectureAmounts).toEqual([50000, 50000, 75000, -75000, 0]);
  });

  it('pays a per-hour teacher by minutes, rounded to the paisa', () => {
    expect(payFigures(rule({ scheme: 'per-hour', hourlyPaise: 100000 }), [lecture('a', 90), lecture('a', 50)], [], 0, 30)).toMatchObject({ minutes: 140, grossPaise: 233333, netPaise: 233333 });
  });

  it('deducts unpaid leave from a monthly salary, and adds extras and deductions', () => {
    const figures = payFigures(rule({ scheme: 'monthly', monthlyPaise: 3000000, tdsBp: 0 }), [lecture('a')], [{ kind: 'extra', amountPaise: 50000, note: 'Doubt session' }, { kind: 'deduction', amountPaise: 20000, note: 'Advance' }], 1.5, 30);
    expect(figures).toMatchObject({ lectures: 1, grossPaise: 3050000, deductionsPaise: 150000 + 20000, netPaise: 2880000 });
  });
});

describe('months and leave', () => {
  it('knows a month\'s days and the next month', () => {
    expect(monthRange('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29', days: 29 });
    expect(nextMonth('2026-12')).toBe('2027-01');
  });
  it('counts the leave days inside a month', () => {
    expect(leaveDaysWithin({ from: '2026-10-30', to: '2026-11-02', halfDay: false }, '2026-11-01', '2026-11-30')).toBe(2);
    expect(leaveDaysWithin({ from: '2026-11-05', to: '2026-11-05', halfDay: true }, '2026-11-01', '2026-11-30')).toBe(0.5);
    expect(leaveDaysWithin({ from: '2026-12-01', to: '2026-12-02', halfDay: false }, '2026-11-01', '2026-11-30')).toBe(0);
  });
});
