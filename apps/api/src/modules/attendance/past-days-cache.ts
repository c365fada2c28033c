import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { currentAcademyId } from '../../lib/tenancy';

/**
 * The academy-wide counts of the days before today (the dashboard's 14-day trend) change only when
 * someone marks a past day, yet counting them reads some 70,000 marks at 3,000 students: they are
 * kept here per database for a minute. Marking a past day forgets them at once in every server on
 * the database: the change sends a NOTIFY on PAST_DAYS_CHANNEL with its commit and every server
 * LISTENs (db/change-listener.ts, decision 016). The minute bounds what is left stale while a server's listening connection
 * is down, or after a restore. Today's counts are never kept.
 *
 * Per academy (issue 55): the counts are kept by the academy of the work reading them, and the notice
 * names the academy whose past day changed (empty: every academy's, as servers before issue 55 sent it).
 */
const KEEP_MS = 60_000;

type Entry<T> = { key: string; value: T; expires: number };
const entries = new WeakMap<object, Map<string, Entry<unknown>>>();

/** The kept value for `key` (e.g. the day the range ends on), or undefined when missing or old. */
export function keptPastDayTotals<T>(db: DbExecutor, key: string): T | undefined {
  const entry = entries.get(db)?.get(currentAcademyId());
  return entry && entry.key === key && entry.expires > Date.now() ? (entry.value as T) : undefined;
}

export function keepPastDayTotals<T>(db: DbExecutor, key: string, value: T) {
  let kept = entries.get(db);
  if (!kept) entries.set(db, (kept = new Map()));
  // Old entries of academies nobody asked about lately go first (a few hundred academies at most).
  for (const [academyId, entry] of kept) if (entry.expires <= Date.now()) kept.delete(academyId);
  kept.set(currentAcademyId(), { key, value, expires: Date.now() + KEEP_MS });
}

/** Forgets the kept counts of `academyId`, or of every academy. */
export function forgetPastDayTotals(db: DbExecutor, academyId?: string) {
  if (academyId === undefined) entries.delete(db);
  else entries.get(db)?.delete(academyId);
}

export const PAST_DAYS_CHANNEL = 'academy_past_days';

/** Inside the transaction that changes a past day: every server forgets its kept counts when it commits. */
export async function announcePastDayChange(tx: DbExecutor) {
  await tx.execute(sql`select pg_notify(${PAST_DAYS_CHANNEL}, ${currentAcademyId()})`);
}
