import { describe, expect, it } from 'vitest';
import { leaveDaysWithin, monthRange, nextMonth, payFigures, type LectureRow, type PayRule } from './pay-calc';

const lecture = (batchId: string, minutes = 60, count: 1 | -1 = 1): LectureRow => ({ date: '2026-11-02', batchId, batchName: batchId, minutes, count, source: 'attendance', reason: null });
const rule = (overrides: Partial<PayRule>): PayRule => ({ scheme: 'per-lecture', monthlyPaise: null, hourlyPaise: null, hasPan: true, rates: new Map(), ...overrides });
const november = { month: '2026-11', earlierFeesPaise: 0, earlierTdsPaise: 0 };

describe('payFigures', () => {
  it('pays a per-lecture teacher each lecture at its batch rate, a correction taking one away; no TDS while the year stays within ₹50,000', () => {
    const figures = payFigures(rule({ rates: new Map([['a', 50000], ['b', 75000]]) }), [lecture('a'), lecture('a'), lecture('b'), lecture('b', 60, -1), lecture('c')], [], 0, 30, november);
    expect(figures).toMatchObject({ lectures: 3, grossPaise: 100000, deductionsPaise: 0, tdsPaise: 0, netPaise: 100000, tdsKind: 'professional-fees', paidDays: 1 });
    expect(figures.lectureAmounts).toEqual([50000, 50000, 75000, -75000, 0]);
  });

  it('pays a per-hour teacher by minutes, rounded to the paisa', () => {
    expect(payFigures(rule({ scheme: 'per-hour', hourlyPaise: 100000 }), [lecture('a', 90), lecture('a', 50)], [], 0, 30, november)).toMatchObject({ minutes: 140, grossPaise: 233333, netPaise: 233333 });
  });

  it('deducts unpaid leave from a monthly salary, and adds extras and deductions', () => {
    const figures = payFigures(rule({ scheme: 'monthly', monthlyPaise: 3000000 }), [lecture('a')], [{ kind: 'extra', amountPaise: 50000, note: 'Doubt session' }, { kind: 'deduction', amountPaise: 20000, note: 'Advance' }], 1.5, 30, november);
    expect(figures).toMatchObject({ lectures: 1, grossPaise: 3050000, deductionsPaise: 150000 + 20000, tdsPaise: 0, netPaise: 2880000, tdsKind: 'salary', paidDays: 28.5 });
  });
});

describe("payFigures: the law's deductions (issue 72)", () => {
  it("a monthly teacher: the office's TDS, Maharashtra Professional Tax on the salary earned, PF and ESI, no flat percent", () => {
    // ₹45,000 a month, a man, Professional Tax on, PF ₹1,800, ESI nil, the office's TDS ₹2,350.
    const monthly = rule({ scheme: 'monthly', monthlyPaise: 4_500_000, tdsMonthlyPaise: 235_000, professionalTax: true, gender: 'male', pfPaise: 180_000 });
    expect(payFigures(monthly, [], [], 0, 30, november)).toMatchObject({ grossPaise: 4_500_000, professionalTaxPaise: 20_000, pfPaise: 180_000, esiPaise: 0, tdsPaise: 235_000, netPaise: 4_500_000 - 20_000 - 180_000 - 235_000 });
    // February: ₹300 of Professional Tax.
    expect(payFigures(monthly, [], [], 0, 28, { ...november, month: '2027-02' }).professionalTaxPaise).toBe(30_000);
    // ₹9,000 a month with 2 unpaid days of 30: ₹8,400 earned, the men's ₹175 band.
    expect(payFigures(rule({ scheme: 'monthly', monthlyPaise: 900_000, professionalTax: true, gender: 'male' }), [], [], 2, 30, november)).toMatchObject({ deductionsPaise: 60_000, professionalTaxPaise: 17_500, netPaise: 822_500 });
    // A woman earning ₹25,000: no Professional Tax (her threshold).
    expect(payFigures(rule({ scheme: 'monthly', monthlyPaise: 2_500_000, professionalTax: true, gender: 'female' }), [], [], 0, 30, november).professionalTaxPaise).toBe(0);
  });

  it('a visiting teacher: TDS starts when the year passes ₹50,000, on the whole year then, on the fee before the office deduction', () => {
    const visiting = rule({ rates: new Map([['a', 1_000_000]]) }); // ₹10,000 a lecture
    const two = [lecture('a'), lecture('a')];
    // April and May: ₹20,000 each, the year at ₹40,000: nothing.
    expect(payFigures(visiting, two, [], 0, 30, { month: '2026-05', earlierFeesPaise: 2_000_000, earlierTdsPaise: 0 }).tdsPaise).toBe(0);
    // June: ₹20,000 more and a ₹1,000 advance to recover; the year at ₹60,000 > ₹50,000: 10 % of ₹60,000.
    const june = payFigures(visiting, two, [{ kind: 'deduction', amountPaise: 100_000, note: 'Advance' }], 0, 30, { month: '2026-06', earlierFeesPaise: 4_000_000, earlierTdsPaise: 0 });
    expect(june).toMatchObject({ grossPaise: 2_000_000, tdsPaise: 600_000, deductionsPaise: 100_000, netPaise: 1_300_000 });
    // July: ₹20,000 more, the year at ₹80,000: ₹8,000 in all, ₹6,000 already deducted.
    expect(payFigures(visiting, two, [], 0, 30, { month: '2026-07', earlierFeesPaise: 6_000_000, earlierTdsPaise: 600_000 }).tdsPaise).toBe(200_000);
    // Without a PAN: 20 %.
    expect(payFigures({ ...visiting, hasPan: false }, two, [], 0, 30, { month: '2026-06', earlierFeesPaise: 4_000_000, earlierTdsPaise: 0 }).tdsPaise).toBe(1_200_000);
    // Per hour, paise: 7 h 10 min at ₹1,234.56 = ₹8,847.68; the year at ₹50,000 + that: 10 % of ₹58,847.68 = ₹5,884.77 (rounded to the paisa).
    expect(payFigures(rule({ scheme: 'per-hour', hourlyPaise: 123_456 }), [lecture('a', 430)], [], 0, 30, { month: '2026-11', earlierFeesPaise: 5_000_000, earlierTdsPaise: 0 })).toMatchObject({ grossPaise: 884_768, tdsPaise: 588_477, netPaise: 884_768 - 588_477 });
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
