// Plain values and rules of the weekly schedule, no zod: the dashboards that show today's classes
// import these without downloading the validation library (issue 17). The schemas in
// schemas/batches.ts and schemas/announcements.ts build on them.
import { formatClock } from './calendar';
import type { Closure } from './schemas/announcements';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
const WEEKDAY_LABELS: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** "Mon, Wed, Fri · 7:00 AM – 8:30 AM": how a schedule reads on every screen. */
export function formatSchedule(schedule: { days: readonly Weekday[]; startTime: string; endTime: string }): string {
  const days = [...schedule.days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)).map((day) => WEEKDAY_LABELS[day]);
  return `${days.join(', ')} · ${formatClock(schedule.startTime)} – ${formatClock(schedule.endTime)}`;
}

/** The weekday of a calendar date ('YYYY-MM-DD'), as schedules name it. */
export function weekdayOfDate(date: string): Weekday {
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** The closure that closes this batch on this date ('YYYY-MM-DD'), if any. */
export function closureOn(closures: readonly Closure[], batchId: string, date: string): Closure | undefined {
  return closures.find((closure) => closure.startDate <= date && closure.endDate >= date && (closure.batchIds.length === 0 || closure.batchIds.includes(batchId)));
}

/** The academy's time zone until the admin chooses another (settings). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
