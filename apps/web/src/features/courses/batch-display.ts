import { plural, t } from '@lingui/core/macro';
import type { CourseBatch, CourseStandard, CourseWeekday } from '@academy/shared/schemas/courses';
import { WEEKDAYS } from '@academy/shared/schedule';
import { coursePath } from '@academy/shared/public-site';
import { formatDate } from '../../lib/format-date';
import { formatClassTime, weekdayName } from '../../lib/schedule-display';

/*
 * A batch as the public courses page words it, in the language shown (the server draws it in the
 * page's language, lib/current-language.ts): day names from the browser's (or Node's) own calendar
 * data, the rest from the `public` catalog.
 */

/** "Mon, Wed, Fri" in week order; the six school days and all seven have their own words. */
export function formatWeekdays(days: readonly CourseWeekday[]): string {
  const unique = WEEKDAYS.filter((day) => days.includes(day));
  if (unique.length === 7) return t`Every day`;
  if (unique.length === 6 && !unique.includes('sun')) return t`Monday to Saturday`;
  return unique.map((day) => weekdayName(day, 'short')).join(', ');
}

/** "Mon, Wed, Fri · 7:00 AM – 8:30 AM". */
export function batchTimings(batch: Pick<CourseBatch, 'scheduleDays' | 'startTime' | 'endTime'>): string {
  return `${formatWeekdays(batch.scheduleDays)} · ${formatClassTime(batch.startTime, batch.endTime)}`;
}

/** "01-06-2026 to 31-03-2027". */
export function batchDates(batch: Pick<CourseBatch, 'startDate' | 'endDate'>): string {
  const start = formatDate(batch.startDate);
  const end = formatDate(batch.endDate);
  return t`${start} to ${end}`;
}

export interface SeatsStatus {
  label: string;
  color: 'red' | 'orange' | 'teal';
}

/** Seats left as a family reads it; "filling fast" once five or fewer (or a tenth) remain. */
export function seatsStatus(seatsLeft: number, capacity: number): SeatsStatus {
  if (seatsLeft <= 0) return { label: t`Batch full`, color: 'red' };
  const label = plural(seatsLeft, { one: '# seat left', other: '# seats left' });
  return { label, color: seatsLeft <= Math.max(5, Math.ceil(capacity / 10)) ? 'orange' : 'teal' };
}

/** Each standard (in the server's order) with its batches. */
export function batchesByStandard(standards: readonly CourseStandard[], batches: readonly CourseBatch[]): { standard: CourseStandard; batches: CourseBatch[] }[] {
  return standards.map((standard) => ({ standard, batches: batches.filter((batch) => batch.standard._id === standard._id) }));
}

/** A course page's address for a link (its words percent-encoded when they are not ASCII). */
export function coursePagePath(slug: string): string {
  return coursePath(encodeURIComponent(slug));
}

/** The admission form with this open course chosen (the course page's and each card's Apply). */
export function applyForCoursePath(slug: string): string {
  return `/admission?course=${encodeURIComponent(slug)}`;
}
