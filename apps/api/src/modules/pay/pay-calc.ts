import type { PayScheme } from '@academy/shared/schemas/pay';

/**
 * The month's pay of one teacher from its lectures, leave and adjustments (issue 58): pure, in whole
 * paise, so the draft on screen, the approved snapshot and the tests all come from this one function.
 */
export type PayRule = { scheme: PayScheme | null; monthlyPaise: number | null; hourlyPaise: number | null; tdsBp: number; rates: ReadonlyMap<string, number> };
export type LectureRow = { date: string; batchId: string; batchName: string; minutes: number; count: 1 | -1; source: 'attendance' | 'substitute' | 'correction' | 'late'; reason: string | null };
export type AdjustmentRow = { kind: 'extra' | 'deduction'; amountPaise: number; note: string };

export type PayFigures = {
  lectures: number;
  minutes: number;
  grossPaise: number;
  deductionsPaise: number;
  tdsPaise: number;
  netPaise: number;
  unpaidLeaveDays: number;
  /** What each lecture earned (0 for a monthly teacher, or a batch without a rate). */
  lectureAmounts: number[];
};

/** What one lecture earns under the rule: its batch's rate (per lecture), its minutes at the hourly rate (per hour), nothing for monthly staff. */
export function lectureAmount(rule: PayRule, lecture: Pick<LectureRow, 'batchId' | 'minutes' | 'count'>): number {
  if (rule.scheme === 'per-lecture') return (rule.rates.get(lecture.batchId) ?? 0) * lecture.count;
  if (rule.scheme === 'per-hour') return Math.round(((rule.hourlyPaise ?? 0) * lecture.minutes) / 60) * lecture.count;
  return 0;
}

/**
 * Gross: the monthly salary, or what the lectures earned, plus extras. Deductions: unpaid leave of a
 * monthly teacher (the salary ÷ the month's days × the days away) plus deductions. TDS: the rate on
 * what is left (section 194J), rounded to the rupee's paise. Net: gross − deductions − TDS.
 */
export function payFigures(rule: PayRule, lectures: readonly LectureRow[], adjustments: readonly AdjustmentRow[], unpaidLeaveDays: number, daysInMonth: number): PayFigures {
  const lectureAmounts = lectures.map((lecture) => lectureAmount(rule, lecture));
  const base = rule.scheme === 'monthly' ? (rule.monthlyPaise ?? 0) : lectureAmounts.reduce((sum, amount) => sum + amount, 0);
  const extras = adjustments.filter((item) => item.kind === 'extra').reduce((sum, item) => sum + item.amountPaise, 0);
  const leave = rule.scheme === 'monthly' ? Math.round(((rule.monthlyPaise ?? 0) * Math.min(unpaidLeaveDays, daysInMonth)) / daysInMonth) : 0;
  const deductions = leave + adjustments.filter((item) => item.kind === 'deduction').reduce((sum, item) => sum + item.amountPaise, 0);
  const grossPaise = Math.max(0, base + extras);
  const deductionsPaise = Math.min(deductions, grossPaise);
  const tdsPaise = Math.round(((grossPaise - deductionsPaise) * rule.tdsBp) / 10_000);
  return {
    lectures: lectures.reduce((sum, lecture) => sum + lecture.count, 0),
    minutes: lectures.reduce((sum, lecture) => sum + lecture.minutes * lecture.count, 0),
    grossPaise,
    deductionsPaise,
    tdsPaise,
    netPaise: grossPaise - deductionsPaise - tdsPaise,
    unpaidLeaveDays,
    lectureAmounts,
  };
}

/** The first and last day of 'YYYY-MM', and its number of days. */
export function monthRange(month: string): { start: string; end: string; days: number } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(days).padStart(2, '0')}`, days };
}

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, '0')}`;
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}

/** The days of leave [from, to] (half of one day: 0.5) that fall in [start, end]. */
export function leaveDaysWithin(leave: { from: string; to: string; halfDay: boolean }, start: string, end: string): number {
  const from = leave.from > start ? leave.from : start;
  const to = leave.to < end ? leave.to : end;
  if (to < from) return 0;
  if (leave.halfDay) return 0.5;
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}
