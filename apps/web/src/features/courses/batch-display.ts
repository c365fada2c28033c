import type { CourseBatch, CourseStandard, CourseWeekday } from '@academy/shared/schemas/courses';

const DAY_NAMES: Record<CourseWeekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** "Mon, Wed, Fri"; the six school days and all seven have their own words. */
export function formatWeekdays(days: readonly CourseWeekday[]): string {
  const unique = [...new Set(days)];
  if (unique.length === 7) return 'Every day';
  if (unique.length === 6 && !unique.includes('sun')) return 'Monday to Saturday';
  return unique.map((day) => DAY_NAMES[day] ?? day).join(', ');
}

/** "17:30" → "5:30 PM", the way times are said in India; anything else is shown as it is. */
export function formatClockTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time.trim());
  if (!match) return time;
  const hours = Number(match[1]);
  if (hours > 23) return time;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function formatTimeRange(start: string, end: string): string {
  return `${formatClockTime(start)} – ${formatClockTime(end)}`;
}

export interface SeatsStatus {
  label: string;
  color: 'red' | 'orange' | 'teal';
}

/** Seats left as a family reads it; "filling fast" once five or fewer (or a tenth) remain. */
export function seatsStatus(seatsLeft: number, capacity: number): SeatsStatus {
  if (seatsLeft <= 0) return { label: 'Batch full', color: 'red' };
  const label = seatsLeft === 1 ? '1 seat left' : `${seatsLeft} seats left`;
  return { label, color: seatsLeft <= Math.max(5, Math.ceil(capacity / 10)) ? 'orange' : 'teal' };
}

/** Each standard (in the server's order) with its batches. */
export function batchesByStandard(standards: readonly CourseStandard[], batches: readonly CourseBatch[]): { standard: CourseStandard; batches: CourseBatch[] }[] {
  return standards.map((standard) => ({ standard, batches: batches.filter((batch) => batch.standard._id === standard._id) }));
}
