import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/**
 * The academy-wide counts of the days before today (the dashboard's 14-day trend) change only when
 * someone marks a past day, yet counting them reads some 70,000 marks at 3,000 students: they are
 * kept here per database for a minute. Marking a past day forgets them at once in every server on
 * the database: the change sends a NOTIFY on PAST_DAYS_CHANNEL with its commit and every server
 * LISTENs (db/change-listener.ts, decision 016). The minute bounds what is left stale while a server's listening connection
 * is down, or after a restore. Today's counts are never kept.
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

export const PAST_DAYS_CHANNEL = 'academy_past_days';

/** Inside the transaction that changes a past day: every server forgets its kept counts when it commits. */
export async function announcePastDayChange(tx: DbExecutor) {
  await tx.execute(sql`select pg_notify(${PAST_DAYS_CHANNEL}, '')`);
}
