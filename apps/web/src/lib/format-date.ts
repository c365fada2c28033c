import { clockIn, dateIn, formatClockIn, formatDate as formatCalendarDate } from '@academy/shared/calendar';
import { currentLanguage } from './current-language';
import { shownTimeZone } from './shown-time-zone';
import { formattersInLanguage } from './intl-formatters';

/*
 * Dates and times on every screen, in the language shown (issue 20), with `Intl` for en-IN, mr-IN and
 * hi-IN: always DD-MM-YYYY and "5:00 PM" (spec section 5, DESIGN.md section 8), written by the academy
 * calendar (@academy/shared/calendar) as the same in all three; month and weekday names in the reader's
 * language. Digits stay Latin in all three languages (docs/decisions/015-languages.md):
 * families read phone numbers, fees and dates in them on receipts and SMS.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatter = formattersInLanguage((locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));

export type DateValue = string | number | Date | null | undefined;

/**
 * The spec's "N/A" for no date, in the language shown (issue 73: English was left on Marathi screens).
 * Written here, not in a catalog: every screen formats dates, the public ones before any catalog loads.
 */
const NOT_AVAILABLE = { en: 'N/A', mr: 'उपलब्ध नाही', hi: 'उपलब्ध नहीं' } as const;
const notAvailable = () => NOT_AVAILABLE[currentLanguage()];

/**
 * Shows a date as DD-MM-YYYY (spec section 5): empty → "N/A", unparseable → "Invalid Date",
 * anything that throws → "Date Error". A calendar date ("YYYY-MM-DD") is shown as that very day,
 * whatever the browser's time zone; timestamps are shown in the browser's time zone, or on a page the
 * server drew in the academy's (lib/shown-time-zone.ts).
 */
export function formatDate(value: DateValue): string {
  try {
    if (value === null || value === undefined || value === '') return notAvailable();

    if (typeof value === 'string') {
      const calendar = CALENDAR_DATE.exec(value.trim());
      if (calendar) {
        const [, year, month, day] = calendar.map(Number) as [number, number, number, number];
        const check = new Date(Date.UTC(year, month - 1, day));
        check.setUTCFullYear(year);
        const exists = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
        return exists ? formatCalendarDate(value.trim()) : 'Invalid Date';
      }
    }

    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return 'Invalid Date';
    return formatCalendarDate(dateIn(shownTimeZone(), date));
  } catch {
    return 'Date Error';
  }
}

/**
 * A time of day the Indian way, "5:00 PM" (DESIGN.md section 8), the one format of every screen; in Marathi
 * and Hindi with the part of the day before it, "संध्याकाळी 5:00", "शाम 5:00" (issue 54, formatClockIn).
 * Takes a timestamp (shown in the browser's time zone) or a clock time "HH:MM" ("17:00" → "5:00 PM").
 */
export function formatTime(value: DateValue): string {
  if (typeof value === 'string') {
    const clock = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
    if (clock) return formatClockIn(clockIn('UTC', new Date(Date.UTC(2000, 0, 1, Number(clock[1]), Number(clock[2])))), currentLanguage());
  }
  if (value === null || value === undefined || value === '') return notAvailable();
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return formatClockIn(clockIn(shownTimeZone(), date), currentLanguage());
}

/** "12-05-2026, 5:00 PM" in the browser's time zone. */
export function formatDateTime(value: DateValue): string {
  const date = formatDate(value);
  return date === notAvailable() || date === 'Invalid Date' || date === 'Date Error' ? date : `${date}, ${formatTime(value)}`;
}

/** A month's name in the language shown ("May", "मे", "मई"); `month` is 1–12. */
export function formatMonthName(month: number, style: 'long' | 'short' = 'long'): string {
  return formatter({ month: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** A weekday's name in the language shown; `day` 0 = Sunday … 6 = Saturday. */
export function formatWeekdayName(day: number, style: 'long' | 'short' = 'long'): string {
  // 2 January 2000 was a Sunday.
  return formatter({ weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 2 + day)));
}

/** A calendar month 'YYYY-MM' in the language shown: "Nov 2026", "नोव्हें 2026", "नव॰ 2026" (`long`: "November 2026"). */
export function formatMonthYear(month: string, style: 'long' | 'short' = 'short'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return formatter({ month: style, year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/**
 * A time zone by its name in the language shown, "India Standard Time", "भारतीय प्रमाण वेळ", "भारतीय मानक समय"
 * (issue 54: "(Asia/Kolkata)" on Marathi and Hindi screens); the zone's code when the browser has no name for it.
 */
export function formatTimeZoneName(timeZone: string): string {
  try {
    const parts = formatter({ timeZone, timeZoneName: 'long' }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
