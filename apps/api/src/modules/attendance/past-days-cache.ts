import type { DbExecutor } from '../../db/client';

/**
 * The academy-wide counts of the days before today (the dashboard's 14-day trend) change only when
 * someone marks a past day, yet counting them reads some 70,000 marks at 3,000 students: they are
 * kept here per database for a minute. Marking a past day in this process forgets them at once;
 * the minute bounds what another server on the same database (or a restore) can leave stale.
 * Today's counts are never kept.
 */
const KEEP_MS = 60_000;

type Entry<T> = { key: string; value: T; expires: number };
const entries = new WeakMap<object, Entry<unknown>>();

/** The kept value for `key` (e.g. the day the range ends on), or undefined when missing or old. */
export function keptPastDayTotals<T>(db: DbExecutor, key: string): T | undefined {
  const entry = entries.get(db);
  return entry && entry.key === key && entry.expires > Date.now() ? (entry.value as T) : undefined;
}

export function keepPastDayTotals<T>(db: DbExecutor, key: string, value: T) {
  entries.set(db, { key, value, expires: Date.now() + KEEP_MS });
}

export function forgetPastDayTotals(db: DbExecutor) {
  entries.delete(db);
}
