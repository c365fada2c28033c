/*
 * The academy's calendar (issue 36 point 3), the one place for "today", date arithmetic and how dates
 * and times read, on the server and in the browser. No zod: the dashboards import this without
 * downloading the validation library (as schedule.ts).
 *
 * A calendar date is a string 'YYYY-MM-DD' (as PostgreSQL's `date` and the API send it); arithmetic on
 * it goes through UTC midnight, so no time zone or daylight saving change can move it by a day.
 */

import { dayPart } from './i18n/day-parts';

const DATE_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const CLOCK_PARTS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
/**
 * Formatters by locale, parts and zone, made once: making an Intl.DateTimeFormat costs far more than
 * formatting with it (every request that asks for the academy's "today" made one; issue 74). An
 * unknown zone throws when made and is never kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(locale: string, timeZone: string | undefined, parts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  // The runtime's own zone is not kept: it may change (TZ) while the process runs.
  if (timeZone === undefined) return new Intl.DateTimeFormat(locale, parts);
  const key = `${locale} ${parts === DATE_PARTS ? 'date' : 'clock'} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, ...parts });
    // Zones are few (the academies' settings); the bound only guards against a caller passing many.
    if (formatters.size >= 500) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 'YYYY-MM-DD' of an instant in `timeZone` (en-CA writes dates that way); the runtime's own zone if it is unknown. */
export function dateIn(timeZone: string | undefined, instant: Date): string {
  const format = (zone: string | undefined) => formatterOf('en-CA', zone, DATE_PARTS).format(instant);
  try {
    return format(timeZone);
  } catch {
    // Only an unknown zone throws; the settings accept known zones only, so this is a browser without one.
    return format(undefined);
  }
}

/**
 * Today ('YYYY-MM-DD') where the academy is, in its time zone setting, not where the server or the
 * browser is. `now` lets tests stand at any instant (e.g. just before midnight in Asia/Kolkata).
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dateIn(timeZone, now);
}

/** The wall-clock time of an instant in `timeZone`, 'HH:mm' (24-hour); the runtime's own zone if it is unknown or not given. */
export function clockIn(timeZone: string | undefined, instant: Date): string {
  const format = (zone: string | undefined) => formatterOf('en-GB', zone, CLOCK_PARTS).format(instant);
  try {
    return format(timeZone);
  } catch {
    return format(undefined);
  }
}

/** The calendar date `days` after (or, negative, before) `date`. */
export function shiftDate(date: string, days: number): string {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier): '2026-03-30' → '2026-04-02' is 3. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY', how every screen, mail and PDF shows a date (spec section 5). */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

/** A clock time 'HH:mm' → "5:00 PM", the one way a time reads (DESIGN.md section 8): "17:05" → "5:05 PM", "00:30" → "12:30 AM". */
export function formatClock(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/**
 * A clock time in the reader's language (issue 54: "7:00 AM" was left in English on Marathi and Hindi screens):
 * English "7:00 AM"; Marathi and Hindi name the part of the day before the time, as people say it (morning 7:00,
 * evening 5:00; i18n/day-parts.ts), with Latin digits as every other number (decision 015).
 * `time` is 'HH:mm' (24-hour).
 */
export function formatClockIn(time: string, language: 'en' | 'mr' | 'hi'): string {
  if (language === 'en') return formatClock(time);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}`;
  return `${dayPart(hours, language)} ${clock}`;
}

/**
 * A class's times in the reader's language: "7:00 AM – 8:30 AM"; in Marathi and Hindi the part of the day once
 * when both ends share it (morning 7:00 – 8:30), else before each (afternoon 3:30 – evening 5:00).
 */
export function formatClockRangeIn(start: string, end: string, language: 'en' | 'mr' | 'hi'): string {
  const from = formatClockIn(start, language);
  const to = formatClockIn(end, language);
  if (language === 'en') return `${from} – ${to}`;
  const part = (text: string) => text.slice(0, text.lastIndexOf(' '));
  return part(from) === part(to) ? `${from} – ${to.slice(to.lastIndexOf(' ') + 1)}` : `${from} – ${to}`;
}

/** "5:00 PM" (formatClock) back to 'HH:mm'; null when the text is not such a time. */
export function parseClock(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  if (hours < 1 || hours > 12) return null;
  const hours24 = (hours % 12) + (match[3] === 'PM' ? 12 : 0);
  return `${String(hours24).padStart(2, '0')}:${match[2]}`;
}

/** An instant as "12-05-2026, 5:00 PM" in `timeZone` (the runtime's own zone if not given). */
export function formatDateTime(instant: Date, timeZone?: string): string {
  return `${formatDate(dateIn(timeZone, instant))}, ${formatClock(clockIn(timeZone, instant))}`;
}

/** The first year of the financial year (April–March) a date falls in: '2027-02-10' → 2026. */
function financialYearStartYear(date: string): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month >= 4 ? year : year - 1;
}

/** The financial year (April–March) of a date, as receipts number it: '2026-05-01' → '2026-27', '2027-02-10' → '2026-27'. */
export function financialYearOf(date: string): string {
  const start = financialYearStartYear(date);
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** 1 April starting the financial year of a date: '2027-02-10' → '2026-04-01'. */
export function financialYearStart(date: string): string {
  return `${String(financialYearStartYear(date)).padStart(4, '0')}-04-01`;
}

/** 31 March ending the financial year of a date, the next 31 March on or after it: '2026-05-01' → '2027-03-31'. */
export function financialYearEnd(date: string): string {
  return `${String(financialYearStartYear(date) + 1).padStart(4, '0')}-03-31`;
}

/**
 * The academic year a date falls in: classes run from 1 June to 31 March; April and May (the summer
 * holidays) still belong to the year that ended. '2026-07-15' and '2027-05-20' → 2026-06-01 … 2027-03-31.
 */
export function academicYearOf(date: string): { startDate: string; endDate: string } {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 6 ? year : year - 1;
  return { startDate: `${String(start).padStart(4, '0')}-06-01`, endDate: `${String(start + 1).padStart(4, '0')}-03-31` };
}

/*
 * The academic year by name (issue 39, docs/decisions/033-the-new-academic-year.md): 1 June to 31 May,
 * named "2026-27". Its classes still end by 31 March (academicYearOf above, the batches' default); the
 * name covers the summer too, so every day of the calendar belongs to exactly one academic year.
 */

const ACADEMIC_YEAR_NAME = /^(\d{4})-(\d{2})$/;

/** The name of the academic year (1 June – 31 May) a date falls in: '2026-06-01' and '2027-05-31' → '2026-27'. */
export function academicYearNameOf(date: string): string {
  return academicYearNamed(academicYearOf(date).startDate.slice(0, 4));
}

function academicYearNamed(startYear: string | number): string {
  const start = Number(startYear);
  return `${String(start).padStart(4, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Whether a text is an academic year's name: "2026-27" (the second part the next year's last two digits). */
export function isAcademicYearName(name: string): boolean {
  const match = ACADEMIC_YEAR_NAME.exec(name);
  return !!match && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/** 1 June starting a named academic year: '2026-27' → '2026-06-01'. */
export function academicYearStart(name: string): string {
  return `${name.slice(0, 4)}-06-01`;
}

/** 31 May ending a named academic year: '2026-27' → '2027-05-31'. */
export function academicYearEnd(name: string): string {
  return `${String(Number(name.slice(0, 4)) + 1).padStart(4, '0')}-05-31`;
}

/** The academic year `years` after (or, negative, before) a named one: ('2026-27', 1) → '2027-28'. */
export function shiftAcademicYear(name: string, years: number): string {
  return academicYearNamed(Number(name.slice(0, 4)) + years);
}
