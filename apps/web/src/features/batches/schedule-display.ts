import { formatSchedule, WEEKDAYS } from '@academy/shared/schemas/batches';
import type { Weekday } from '@academy/shared/schemas/batches';

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

/** The weekday `now` falls on in `timeZone` (the academy's, not the browser's); null for an unknown zone. */
export function weekdayInTimeZone(timeZone: string, now: Date = new Date()): Weekday | null {
  try {
    const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(now);
    return SHORT_TO_WEEKDAY[short] ?? null;
  } catch {
    return null;
  }
}

/** "07:00", "08:30" → "7:00 AM – 8:30 AM", worded exactly as formatSchedule words a schedule's times. */
export function formatClassTime(startTime: string, endTime: string): string {
  const text = formatSchedule({ days: [], startTime, endTime });
  return text.slice(text.indexOf('·') + 1).trim();
}

/** Days in week order (Monday first), whatever order they came in. */
export function sortByWeekday<T extends { day: Weekday }>(days: readonly T[]): T[] {
  return [...days].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day));
}
