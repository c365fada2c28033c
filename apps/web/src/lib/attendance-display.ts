import { ATTENDANCE_STATUS_LABELS, ATTENDANCE_STATUSES, type AttendanceStatus } from '@academy/shared/attendance-statuses';
import type { AttendanceHistory, AttendanceStatistics, StudentAttendance } from '@academy/shared/schemas/attendance';
import { downloadBlob } from './api-client';
import { formatDate, formatMonthName, formatWeekdayName } from './format-date';

export { ATTENDANCE_STATUS_LABELS, ATTENDANCE_STATUSES };

/** One colour per status, the same on every screen (Mantine colour names). */
export const STATUS_COLORS: Record<AttendanceStatus, string> = { present: 'teal', absent: 'red', late: 'orange', excused: 'blue' };
/** The one-letter code of a status in grids and calendars. */
export const STATUS_LETTERS: Record<AttendanceStatus, string> = { present: 'P', absent: 'A', late: 'L', excused: 'E' };

/** "87.5%", or "—" when nothing is marked. */
export function formatPercentage(percentage: number | null): string {
  return percentage === null ? '—' : `${percentage}%`;
}

/** Live counts of the marks on screen (the server computes its own on save). */
export function countStatuses(statuses: Iterable<AttendanceStatus | null>): AttendanceStatistics {
  const counts = { present: 0, absent: 0, late: 0, excused: 0, total: 0 };
  for (const status of statuses) {
    if (!status) continue;
    counts[status] += 1;
    counts.total += 1;
  }
  const percentage = counts.total === 0 ? null : Math.round(((counts.present + counts.late) * 1000) / counts.total) / 10;
  return { ...counts, percentage };
}


/** 'mon' … 'sun' of a calendar date (no time zone involved). */
export function weekdayOf(date: string): 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' {
  return (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** "Mon 23 Nov": a grid column's heading, names in the language shown. */
export function shortDayLabel(date: string): { weekday: string; day: string } {
  const value = new Date(`${date}T00:00:00Z`);
  return { weekday: formatWeekdayName(value.getUTCDay(), 'short'), day: `${value.getUTCDate()} ${formatMonthName(value.getUTCMonth() + 1, 'short')}` };
}

/** '2026-11' → 'Nov 2026' (chart axis) or 'November 2026' (long), the month in the language shown. */
export function monthLabel(month: string, long = false): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return `${formatMonthName(monthNumber, long ? 'long' : 'short')} ${year}`;
}

/**
 * The weeks of a month as rows of seven cells, Monday first; cells outside the month are null.
 * `month` is 'YYYY-MM'.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, monthNumber - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= daysInMonth; day += 1) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** 'YYYY-MM' `count` months after (or before) `month`. */
export function shiftMonth(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const value = new Date(Date.UTC(year, monthNumber - 1 + count, 1));
  return `${value.getUTCFullYear()}-${String(value.getUTCMonth() + 1).padStart(2, '0')}`;
}

// A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection), as on the server.
const FORMULA_START = /^[=+\-@\t\r]/;
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 with CRLF and a byte order mark, so Excel reads Marathi and Hindi names. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

const STATISTICS_HEADER = ['Present', 'Absent', 'Late', 'Excused', 'Marked', 'Attendance %'];
const statisticsCells = (statistics: AttendanceStatistics) => [statistics.present, statistics.absent, statistics.late, statistics.excused, statistics.total, statistics.percentage ?? ''];

/** The batch history grid as a CSV: one row per student, one column per marked day, then the counts. */
export function historyCsv(history: AttendanceHistory): string {
  const marks = new Map(history.records.map((record) => [`${record.studentId}|${record.date}`, record.status]));
  const header = ['Student', ...history.dates.map((day) => formatDate(day.date)), ...STATISTICS_HEADER];
  const rows = history.students.map((student) => [
    student.name,
    ...history.dates.map((day) => {
      const status = marks.get(`${student._id}|${day.date}`);
      return status ? ATTENDANCE_STATUS_LABELS[status] : '';
    }),
    ...statisticsCells(student.statistics),
  ]);
  return toCsv([header, ...rows]);
}

/** One student's marks as a CSV, oldest first, then a total line. */
export function studentCsv(report: StudentAttendance): string {
  const rows = [...report.records]
    .reverse()
    .map((record) => [formatDate(record.date), record.batch.name, ATTENDANCE_STATUS_LABELS[record.status], record.remark ?? '', record.markedBy?.name ?? '']);
  return toCsv([['Date', 'Batch', 'Status', 'Remark', 'Marked by'], ...rows, [], STATISTICS_HEADER, statisticsCells(report.statistics)]);
}

/** A safe file name part: letters, digits and dashes. */
export function fileNamePart(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** Saves text as a file through a temporary link (the data is already in the browser). */
export function downloadCsv(fileName: string, csv: string) {
  downloadBlob(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}

/**
 * The batch the mark-attendance screen opens without ?batchId: one that has a class today, else the
 * first. The server reads that batch's day with the screen's first answers (entry-server.tsx).
 */
export function defaultBatch<T extends { startDate: string; endDate: string; schedule: { days: readonly string[] } }>(batches: T[], today: string): T | undefined {
  const weekday = weekdayOf(today);
  const running = batches.filter((batch) => batch.startDate <= today && batch.endDate >= today);
  return running.find((batch) => batch.schedule.days.includes(weekday)) ?? running[0] ?? batches[0];
}
