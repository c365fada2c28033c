import type { PayScheme } from '@academy/shared/schemas/pay';
import { MAHARASHTRA_PROFESSIONAL_TAX, professionalFeesTds, professionalTax, type ProfessionalTaxTable } from './tax-rules';

/**
 * The month's pay of one teacher from its lectures, leave and adjustments (issues 58 and 72): pure, in
 * whole paise, so the draft on screen, the approved snapshot and the tests all come from this one function.
 */
export type PayRule = {
  scheme: PayScheme | null;
  monthlyPaise: number | null;
  hourlyPaise: number | null;
  rates: ReadonlyMap<string, number>;
  /** Salaried staff: the month's TDS the office sets (s. 392 / s. 192), as the employee's declared regime works out. */
  tdsMonthlyPaise?: number;
  hasPan?: boolean;
  professionalTax?: boolean;
  gender?: 'male' | 'female' | 'other' | null;
  pfPaise?: number;
  esiPaise?: number;
};
/** The year so far (the approved months of the financial year before this one), and the Professional Tax table. */
export type PayContext = { month: string; earlierFeesPaise: number; earlierTdsPaise: number; professionalTaxTable?: ProfessionalTaxTable };
export type LectureRow = { date: string; batchId: string; batchName: string; minutes: number; count: 1 | -1; source: 'attendance' | 'substitute' | 'correction' | 'late'; reason: string | null };
export type AdjustmentRow = { kind: 'extra' | 'deduction'; amountPaise: number; note: string };

export type PayFigures = {
  lectures: number;
  minutes: number;
  grossPaise: number;
  /** Unpaid leave and the office's deductions. */
  deductionsPaise: number;
  professionalTaxPaise: number;
  pfPaise: number;
  esiPaise: number;
  tdsPaise: number;
  /** Salary (monthly staff) or fees for professional services (per lecture, per hour). */
  tdsKind: 'salary' | 'professional-fees';
  netPaise: number;
  unpaidLeaveDays: number;
  /** Monthly staff: the month's days less unpaid leave; visiting faculty: the days they taught. */
  paidDays: number;
  /** What each lecture earned (0 for a monthly teacher, or a batch without a rate). */
  lectureAmounts: number[];
};

/** What one lecture earns under the rule: its batch's rate (per lecture), its minutes at the hourly rate (per hour), nothing for monthly staff. */
export function lectureAmount(rule: PayRule, lecture: Pick<LectureRow, 'batchId' | 'minutes' | 'count'>): number {
  if (rule.scheme === 'per-lecture') return (rule.rates.get(lecture.batchId) ?? 0) * lecture.count;
  if (rule.scheme === 'per-hour') return Math.round(((rule.hourlyPaise ?? 0) * lecture.minutes) / 60) * lecture.count;
  return 0;
}

/** Takes what it can of `amount` from what is left, so that the net never goes below zero. */
function takeFrom(left: { paise: number }, amount: number): number {
  const taken = Math.max(0, Math.min(amount, left.paise));
  left.paise -= taken;
  return taken;
}

/**
 * Monthly staff (salary): gross = the salary plus extras; deductions = unpaid leave (the salary ÷ the
 * month's days × the days away) plus the office's deductions; then Professional Tax on the salary
 * earned (Maharashtra, when set for the teacher), PF and ESI (optional, fixed), and the office's TDS.
 * Visiting faculty (per lecture, per hour: fees for professional services): gross = the fees plus
 * extras; TDS on that fee before any office deduction, by the year's threshold (tax-rules.ts); then the
 * office's deductions. None of them takes the net below zero.
 */
export function payFigures(rule: PayRule, lectures: readonly LectureRow[], adjustments: readonly AdjustmentRow[], unpaidLeaveDays: number, daysInMonth: number, context: PayContext): PayFigures {
  const lectureAmounts = lectures.map((lecture) => lectureAmount(rule, lecture));
  const salaried = rule.scheme === 'monthly';
  const base = salaried ? (rule.monthlyPaise ?? 0) : lectureAmounts.reduce((sum, amount) => sum + amount, 0);
  const extras = adjustments.filter((item) => item.kind === 'extra').reduce((sum, item) => sum + item.amountPaise, 0);
  const officeDeductions = adjustments.filter((item) => item.kind === 'deduction').reduce((sum, item) => sum + item.amountPaise, 0);
  const leaveDays = Math.min(unpaidLeaveDays, daysInMonth);
  const leave = salaried ? Math.round(((rule.monthlyPaise ?? 0) * leaveDays) / daysInMonth) : 0;
  const grossPaise = Math.max(0, base + extras);
  const left = { paise: grossPaise };
  let deductionsPaise: number;
  let professionalTaxPaise = 0;
  let pfPaise = 0;
  let esiPaise = 0;
  let tdsPaise: number;
  if (salaried) {
    deductionsPaise = takeFrom(left, leave + officeDeductions);
    if (rule.professionalTax) professionalTaxPaise = takeFrom(left, professionalTax(context.professionalTaxTable ?? MAHARASHTRA_PROFESSIONAL_TAX, Math.max(0, grossPaise - leave), rule.gender ?? null, context.month));
    pfPaise = takeFrom(left, rule.pfPaise ?? 0);
    esiPaise = takeFrom(left, rule.esiPaise ?? 0);
    tdsPaise = takeFrom(left, rule.tdsMonthlyPaise ?? 0);
  } else {
    tdsPaise = takeFrom(left, professionalFeesTds({ feePaise: grossPaise, earlierFeesPaise: context.earlierFeesPaise, earlierTdsPaise: context.earlierTdsPaise, hasPan: rule.hasPan ?? false }));
    deductionsPaise = takeFrom(left, officeDeductions);
  }
  const taughtDays = new Set(lectures.filter((lecture) => lecture.count > 0).map((lecture) => lecture.date)).size;
  return {
    lectures: lectures.reduce((sum, lecture) => sum + lecture.count, 0),
    minutes: lectures.reduce((sum, lecture) => sum + lecture.minutes * lecture.count, 0),
    grossPaise,
    deductionsPaise,
    professionalTaxPaise,
    pfPaise,
    esiPaise,
    tdsPaise,
    tdsKind: salaried ? 'salary' : 'professional-fees',
    netPaise: left.paise,
    unpaidLeaveDays,
    paidDays: salaried ? daysInMonth - leaveDays : taughtDays,
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
