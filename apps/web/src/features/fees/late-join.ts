import { lateJoinerInstalments, monthsLeft } from '@academy/shared/late-join';
import { shiftDate } from '@academy/shared/calendar';
import { DEFAULT_LATE_JOINER_GRACE_DAYS } from '@academy/shared/schemas/settings';
import type { FeePlan } from '@academy/shared/schemas/fees';
import { useAdminSettings } from '../settings/api';
import { useAcademyToday } from '../../lib/use-academy-today';
import { useFeePlans } from './api';

/** What the enrol dialogs show of a late join (decision 039): one line per rule, with its amounts. */
export interface LateJoinPreview {
  /** Today: the joining date. */
  today: string;
  graceDays: number;
  /** The day the instalments already due fall due with `shift`. */
  graceDate: string;
  /** Rupees of the batch's plans due before today. */
  pastTotal: number;
  /** Rupees of the batch's plans in all. */
  planTotal: number;
  /** Rupees charged with `prorate`, and the months it counts. */
  proratedTotal: number;
  monthsLeft: number;
  months: number;
}

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * The preview of a late join for one batch, from its fee plans, today and the grace in Settings; null
 * when none of its plans has an instalment due before today (then the dialogs ask nothing), or while
 * they load. The same arithmetic as the server's (@academy/shared/late-join).
 */
export function lateJoinPreview(plans: readonly FeePlan[], batch: { _id: string; startDate: string; endDate: string }, today: string, graceDays: number): LateJoinPreview | null {
  const own = plans.filter((plan) => plan.batch._id === batch._id);
  const instalmentsOf = (plan: FeePlan) => plan.instalments.map((entry, index) => ({ seq: index + 1, dueDate: entry.dueDate, amountPaise: paise(entry.amount) }));
  const past = own.flatMap(instalmentsOf).filter((entry) => entry.dueDate < today);
  if (past.length === 0) return null;
  const join = { joiningDate: today, graceDays, batch };
  const sum = (entries: { amountPaise: number }[]) => entries.reduce((total, entry) => total + entry.amountPaise, 0);
  const prorated = own.reduce((total, plan) => total + sum(lateJoinerInstalments(instalmentsOf(plan), { ...join, rule: 'prorate' })), 0);
  const { left, of } = monthsLeft(today, batch);
  return {
    today,
    graceDays,
    graceDate: shiftDate(today, graceDays),
    pastTotal: sum(past) / 100,
    planTotal: own.reduce((total, plan) => total + sum(instalmentsOf(plan)), 0) / 100,
    proratedTotal: prorated / 100,
    monthsLeft: left,
    months: of,
  };
}

/** lateJoinPreview with the admin's plans and settings (fetched once, shared with the fees screens). */
export function useLateJoinPreview(batch: { _id: string; startDate: string; endDate: string } | undefined): LateJoinPreview | null {
  const plans = useFeePlans();
  const settings = useAdminSettings();
  const today = useAcademyToday();
  if (!batch || !plans.data) return null;
  return lateJoinPreview(plans.data.plans, batch, today, settings.data?.lateJoinerGraceDays ?? DEFAULT_LATE_JOINER_GRACE_DAYS);
}
