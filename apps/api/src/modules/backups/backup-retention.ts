import { clockIn, dateIn, shiftDate } from '@academy/shared/calendar';

/** Automatic backups kept: the newest of each of the last 7 days that have one, and of the last 4 weeks. */
export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;

/** 'YYYY-MM-DD' and 'HH:mm' of an instant on the academy's clock. */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  return { date: dateIn(timeZone, instant), time: clockIn(timeZone, instant) };
}

/** The Monday starting the ISO week of a calendar date, as 'YYYY-MM-DD'. */
export function weekStart(date: string): string {
  const sinceMonday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return shiftDate(date, -sinceMonday);
}

/**
 * Which automatic backups to delete: every one that is neither the newest of one of the last
 * KEEP_DAILY days nor the newest of one of the last KEEP_WEEKLY weeks (days on the academy's clock).
 */
export function backupsToPrune(backups: { name: string; createdAt: Date }[], timeZone: string): string[] {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const backup of newestFirst) {
    const { date } = localDateTime(backup.createdAt, timeZone);
    if (!days.has(date) && days.size < KEEP_DAILY) {
      days.add(date);
      keep.add(backup.name);
    }
    const week = weekStart(date);
    if (!weeks.has(week) && weeks.size < KEEP_WEEKLY) {
      weeks.add(week);
      keep.add(backup.name);
    }
  }
  return newestFirst.filter((backup) => !keep.has(backup.name)).map((backup) => backup.name);
}
