import { clockIn, formatClockRangeIn, shiftDate } from '@academy/shared/calendar';
import type { Closure } from '@academy/shared/schemas/announcements';
import { closureOn, WEEKDAYS, type Weekday } from '@academy/shared/schedule';
import type { WeeklySchedule } from '@academy/shared/schemas/batches';
import { formatWeekdayName } from './format-date';
import { currentLanguage } from './current-language';

const SHORT_TO_WEEKDAY: Record<string, Weekday> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const WEEKDAY_INDEX: Record<Weekday, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

/** A weekday's name in the language shown ("Monday", "सोमवार"); WEEKDAY_NAMES stays English for matching. */
export function weekdayName(day: Weekday, style: 'long' | 'short' = 'long'): string {
  return formatWeekdayName(WEEKDAY_INDEX[day], style);
}

/** The weekday `now` falls on in `timeZone` (the academy's, not the browser's); null for an unknown zone. */
export function weekdayInTimeZone(timeZone: string, now: Date = new Date()): Weekday | null {
  try {
    const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(now);
    return SHORT_TO_WEEKDAY[short] ?? null;
  } catch {
    return null;
  }
}

/** "Mon, Wed, Fri · 7:00 AM – 8:30 AM" with the day names in the language shown (the API's scheduleText is English). */
export function scheduleLabel(schedule: Pick<WeeklyTimes, 'days' | 'startTime' | 'endTime'>): string {
  const days = WEEKDAYS.filter((day) => schedule.days.includes(day)).map((day) => weekdayName(day, 'short'));
  return `${days.join(', ')} · ${formatClassTime(schedule.startTime, schedule.endTime)}`;
}

/** "07:00", "08:30" → "7:00 AM – 8:30 AM" as formatSchedule words it; "सकाळी 7:00 – 8:30" in Marathi (issue 54). */
export function formatClassTime(startTime: string, endTime: string): string {
  return formatClockRangeIn(startTime.slice(0, 5), endTime.slice(0, 5), currentLanguage());
}

/** Days in week order (Monday first), whatever order they came in. */
export function sortByWeekday<T extends { day: Weekday }>(days: readonly T[]): T[] {
  return [...days].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day));
}

type WeeklyTimes = { days: readonly Weekday[]; startTime: string; endTime: string };

export type ScheduledClass = WeeklySchedule['days'][number]['classes'][number];
export type ClassState = 'done' | 'now' | 'later' | 'closed';

/**
 * Today's classes (in the academy's time zone) with whether each is over, running, still to come, or
 * cancelled by a closure (`closure` is then the announcement's title).
 */
export function todaysClasses(
  schedule: WeeklySchedule,
  now: Date = new Date(),
): { day: Weekday | null; classes: (ScheduledClass & { state: ClassState; closure?: Closure })[] } {
  const day = weekdayInTimeZone(schedule.timeZone, now);
  const clock = clockIn(schedule.timeZone, now);
  const classes = schedule.days.find((item) => item.day === day)?.classes ?? [];
  return {
    day,
    classes: classes.map((item) => {
      const closure = closureOn(schedule.closures, item.batchId, schedule.today);
      if (closure) return { ...item, state: 'closed' as const, closure };
      return { ...item, state: item.endTime <= clock ? 'done' : item.startTime <= clock ? 'now' : 'later' };
    }),
  };
}

/**
 * The next class to start after `now`: later today, else on the following days of the week (a week
 * on, the same weekday's classes count again), skipping classes a closure cancels. Null when the
 * week has no class.
 */
export function nextClass(schedule: WeeklySchedule, now: Date = new Date()): { day: Weekday; daysAhead: number; item: ScheduledClass } | null {
  const today = weekdayInTimeZone(schedule.timeZone, now);
  if (!today) return null;
  const clock = clockIn(schedule.timeZone, now);
  const start = WEEKDAYS.indexOf(today);
  for (let daysAhead = 0; daysAhead <= 7; daysAhead += 1) {
    const day = WEEKDAYS[(start + daysAhead) % 7]!;
    const date = shiftDate(schedule.today, daysAhead);
    const classes = (schedule.days.find((item) => item.day === day)?.classes ?? [])
      .filter((entry) => !closureOn(schedule.closures, entry.batchId, date))
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
    const item = daysAhead === 0 ? classes.find((entry) => entry.startTime > clock) : classes[0];
    if (item) return { day, daysAhead, item };
  }
  return null;
}
