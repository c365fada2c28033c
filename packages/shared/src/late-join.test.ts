import { describe, expect, it } from 'vitest';
import { lateJoinerInstalments, monthsLeft, monthsSpanned, spreadInRupees, type PlanInstalment } from './late-join';

/** Decision 039's example: a June–March batch, ₹25,000 in four instalments. */
const batch = { startDate: '2026-06-01', endDate: '2027-03-31' };
const plan: PlanInstalment[] = [
  { seq: 1, dueDate: '2026-06-15', amountPaise: 10_000_00 },
  { seq: 2, dueDate: '2026-10-26', amountPaise: 5_000_00 },
  { seq: 3, dueDate: '2026-12-15', amountPaise: 5_000_00 },
  { seq: 4, dueDate: '2027-02-15', amountPaise: 5_000_00 },
];
const sum = (entries: PlanInstalment[]) => entries.reduce((total, entry) => total + entry.amountPaise, 0);

describe('months of a plan', () => {
  it('counts both ends, the joining month included, within the batch', () => {
    expect(monthsSpanned('2026-06-01', '2027-03-31')).toBe(10);
    expect(monthsSpanned('2026-11-25', '2027-03-31')).toBe(5);
    expect(monthsLeft('2026-11-25', batch)).toEqual({ left: 5, of: 10 });
    // Before the batch starts: all of it; after it ends: still one month (the student joined).
    expect(monthsLeft('2026-05-20', batch)).toEqual({ left: 10, of: 10 });
    expect(monthsLeft('2027-05-02', batch)).toEqual({ left: 1, of: 10 });
  });
});

describe('spreading a total in whole rupees', () => {
  it('keeps the shape of the instalments and loses no paisa', () => {
    expect(spreadInRupees(12_500_00, [5_000_00, 5_000_00])).toEqual([6_250_00, 6_250_00]);
    // ₹1,000 over three equal instalments: ₹333, ₹333 and the rest, ₹334.
    expect(spreadInRupees(1_000_00, [1, 1, 1])).toEqual([333_00, 333_00, 334_00]);
    // Instalments of nothing: shared alike.
    expect(spreadInRupees(100_00, [0, 0])).toEqual([50_00, 50_00]);
    // Huge amounts do not lose precision (paise × paise passes 2^53).
    const parts = spreadInRupees(99_999_999_99_00, [33_333_333_33_00, 66_666_666_66_00]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(99_999_999_99_00);
    expect(parts.every((part) => part % 100 === 0)).toBe(true);
  });
});

describe('a late joiner’s instalments', () => {
  it('shift: past instalments fall due on the joining date plus the grace, the rest stay', () => {
    const got = lateJoinerInstalments(plan, { joiningDate: '2026-11-25', rule: 'shift', graceDays: 7, batch });
    expect(got).toEqual([
      { seq: 1, dueDate: '2026-12-02', amountPaise: 10_000_00 },
      { seq: 2, dueDate: '2026-12-02', amountPaise: 5_000_00 },
      { seq: 3, dueDate: '2026-12-15', amountPaise: 5_000_00 },
      { seq: 4, dueDate: '2027-02-15', amountPaise: 5_000_00 },
    ]);
    expect(sum(got)).toBe(sum(plan));
    // A grace of 0: due on the joining day itself, which is not overdue (overdue is after the due date).
    expect(lateJoinerInstalments(plan, { joiningDate: '2026-11-25', rule: 'shift', graceDays: 0, batch }).map((entry) => entry.dueDate)).toEqual(['2026-11-25', '2026-11-25', '2026-12-15', '2027-02-15']);
  });

  it('prorate: the months left of the plan, over the remaining instalments, in whole rupees', () => {
    // 25,000 × 5 / 10 = 12,500, over the two remaining ₹5,000 instalments alike.
    expect(lateJoinerInstalments(plan, { joiningDate: '2026-11-25', rule: 'prorate', graceDays: 7, batch })).toEqual([
      { seq: 3, dueDate: '2026-12-15', amountPaise: 6_250_00 },
      { seq: 4, dueDate: '2027-02-15', amountPaise: 6_250_00 },
    ]);
    // Joined 03-08: 8 months of 10 → 25,000 × 8 / 10 = 20,000 over 5,000 + 5,000 + 5,000 → 6,666 + 6,666 + 6,668.
    const august = lateJoinerInstalments(plan, { joiningDate: '2026-08-03', rule: 'prorate', graceDays: 7, batch });
    expect(august.map((entry) => entry.amountPaise)).toEqual([6_666_00, 6_666_00, 6_668_00]);
    expect(sum(august)).toBe(20_000_00);
    // Rounded down to the rupee: ₹9,999.99 × 5 / 10 = ₹4,999.995 → ₹4,999.
    const odd = lateJoinerInstalments([{ seq: 1, dueDate: '2026-06-15', amountPaise: 9_999_99 }, { seq: 2, dueDate: '2027-01-15', amountPaise: 0 }], { joiningDate: '2026-11-25', rule: 'prorate', graceDays: 7, batch });
    expect(odd).toEqual([{ seq: 2, dueDate: '2027-01-15', amountPaise: 4_999_00 }]);
  });

  it('prorate with every instalment past: one due on the joining date plus the grace', () => {
    const got = lateJoinerInstalments(plan, { joiningDate: '2027-03-02', rule: 'prorate', graceDays: 10, batch });
    // March only: 25,000 × 1 / 10.
    expect(got).toEqual([{ seq: 4, dueDate: '2027-03-12', amountPaise: 2_500_00 }]);
  });

  it('changes nothing for a student who joins before the first instalment, whatever the rule', () => {
    for (const rule of ['shift', 'prorate'] as const) expect(lateJoinerInstalments(plan, { joiningDate: '2026-06-10', rule, graceDays: 7, batch })).toEqual(plan);
    // Due on the joining date itself is not past.
    expect(lateJoinerInstalments(plan, { joiningDate: '2026-06-15', rule: 'prorate', graceDays: 7, batch })).toEqual(plan);
  });

  it('never leaves anything due before the joining date', () => {
    for (const joiningDate of ['2026-06-16', '2026-09-30', '2026-10-26', '2026-12-31', '2027-02-16', '2027-08-01']) {
      for (const rule of ['shift', 'prorate'] as const) {
        for (const entry of lateJoinerInstalments(plan, { joiningDate, rule, graceDays: 0, batch })) expect(entry.dueDate >= joiningDate).toBe(true);
      }
    }
  });
});
