const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export type DateValue = string | number | Date | null | undefined;

/**
 * Shows a date as DD-MM-YYYY (spec section 5): empty → "N/A", unparseable → "Invalid Date",
 * anything that throws → "Date Error". A calendar date ("YYYY-MM-DD") is shown as that very day,
 * whatever the browser's time zone; timestamps are shown in the browser's time zone.
 */
export function formatDate(value: DateValue): string {
  try {
    if (value === null || value === undefined || value === '') return 'N/A';

    if (typeof value === 'string') {
      const calendar = CALENDAR_DATE.exec(value.trim());
      if (calendar) {
        const [, year, month, day] = calendar.map(Number) as [number, number, number, number];
        const check = new Date(Date.UTC(year, month - 1, day));
        const exists = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
        return exists ? `${pad(day)}-${pad(month)}-${String(year).padStart(4, '0')}` : 'Invalid Date';
      }
    }

    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return 'Invalid Date';
    return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${String(date.getFullYear()).padStart(4, '0')}`;
  } catch {
    return 'Date Error';
  }
}

/**
 * A time of day the Indian way, "5:00 PM" (DESIGN.md section 8), the one format of every screen.
 * Takes a timestamp (shown in the browser's time zone) or a clock time "HH:MM" ("17:00" → "5:00 PM").
 */
export function formatTime(value: DateValue): string {
  if (typeof value === 'string') {
    const clock = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
    if (clock) return twelveHour(Number(clock[1]), clock[2]!);
  }
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return twelveHour(date.getHours(), pad(date.getMinutes()));
}

function twelveHour(hours: number, minutes: string): string {
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "12-05-2026, 5:00 PM" in the browser's time zone. */
export function formatDateTime(value: DateValue): string {
  const date = formatDate(value);
  return date === 'N/A' || date === 'Invalid Date' || date === 'Date Error' ? date : `${date}, ${formatTime(value)}`;
}
