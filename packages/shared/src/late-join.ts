import type { LateJoinRule } from './schemas/batches';
import { shiftDate } from './calendar';

/**
 * How a batch's fee plan applies to a student who joins after some of its instalments were due
 * (issue 42, docs/decisions/039-late-joiners.md). Pure arithmetic on paise and calendar dates; the
 * enrolment's transaction (dues.service createDuesForEnrolments) makes the dues from what it answers.
 */

export type PlanInstalment = { seq: number; dueDate: string; amountPaise: number };

export type LateJoin = {
  /** The enrolment's date: the academy's today. */
  joiningDate: string;
  rule: LateJoinRule;
  /** Settings' grace: past instalments fall due this many days after the joining date. */
  graceDays: number;
  /** The plan's period: its batch's start and end dates. */
  batch: { startDate: string; endDate: string };
};

/** Calendar months from `from`'s month to `to`'s month, both counted ('2026-06-01' → '2027-03-31' is 10). */
export function monthsSpanned(from: string, to: string): number {
  const index = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
  return index(to) - index(from) + 1;
}

/**
 * The months a late joiner pays for, out of the plan's months (the batch's months, both ends
 * counted): from the joining month (counted: the student has that month's classes) to the batch's
 * last month; at least 1, at most all of them (a joiner before the batch starts pays for all).
 */
export function monthsLeft(joiningDate: string, batch: { startDate: string; endDate: string }): { left: number; of: number } {
  const of = Math.max(1, monthsSpanned(batch.startDate, batch.endDate));
  const left = Math.min(of, Math.max(1, monthsSpanned(joiningDate > batch.startDate ? joiningDate : batch.startDate, batch.endDate)));
  return { left, of };
}

const RUPEE = 100n;

/**
 * `total` paise split in whole rupees over `weights` (the remaining instalments' own amounts, so the
 * plan keeps its shape): each part but the last is rounded down to the rupee, the last takes the rest,
 * so the parts add up to `total` exactly. BigInt: a plan's paise times another's can pass 2^53.
 */
export function spreadInRupees(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = sum > 0 ? weights : weights.map(() => 1);
  const shareSum = BigInt(sum > 0 ? sum : weights.length);
  const parts = shares.slice(0, -1).map((weight) => Number(((BigInt(total) * BigInt(weight)) / shareSum / RUPEE) * RUPEE));
  return [...parts, total - parts.reduce((a, b) => a + b, 0)];
}

/**
 * The instalments a late joiner gets from a plan. Instalments due on or after the joining date are
 * never touched by `shift`; nothing is ever due before the joining date, so nothing is overdue on day one.
 * - `shift`: every instalment due before the joining date falls due on the joining date + grace days,
 *   same amount.
 * - `prorate`: those instalments are dropped; the plan's total × months left ÷ plan's months, rounded
 *   down to the rupee, is spread over the remaining instalments in proportion to their amounts (whole
 *   rupees; the last one takes the rest). With no instalment left, it is one due on the joining date +
 *   grace days (labelled as the plan's last instalment).
 */
export function lateJoinerInstalments(instalments: readonly PlanInstalment[], join: LateJoin): PlanInstalment[] {
  const past = instalments.filter((entry) => entry.dueDate < join.joiningDate);
  if (past.length === 0) return [...instalments];
  const graceDate = shiftDate(join.joiningDate, join.graceDays);
  if (join.rule === 'shift') return instalments.map((entry) => (entry.dueDate < join.joiningDate ? { ...entry, dueDate: graceDate } : entry));
  const planTotal = instalments.reduce((sum, entry) => sum + entry.amountPaise, 0);
  const { left, of } = monthsLeft(join.joiningDate, join.batch);
  const total = Number(((BigInt(planTotal) * BigInt(left)) / BigInt(of) / RUPEE) * RUPEE);
  const remaining = instalments.filter((entry) => entry.dueDate >= join.joiningDate);
  if (remaining.length === 0) return [{ seq: instalments[instalments.length - 1]!.seq, dueDate: graceDate, amountPaise: total }];
  const parts = spreadInRupees(total, remaining.map((entry) => entry.amountPaise));
  return remaining.map((entry, index) => ({ ...entry, amountPaise: parts[index]! }));
}
