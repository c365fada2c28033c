import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbExecutor } from '../../db/client';

/**
 * The academy-wide counts of the days before today (the dashboard's 14-day trend) change only when
 * someone marks a past day, yet counting them reads some 70,000 marks at 3,000 students: they are
 * kept here per database for a minute. Marking a past day forgets them at once in every server on
 * the database: the change sends a NOTIFY on PAST_DAYS_CHANNEL with its commit and every server
 * LISTENs (decision 016). The minute bounds what is left stale while a server's listening connection
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

const RECONNECT_MS = 5_000;

/**
 * Holds one connection of the pool listening on PAST_DAYS_CHANNEL and forgets `db`'s kept counts on
 * each notification. A lost connection is replaced after a few seconds (meanwhile the one-minute
 * limit still holds). `close()` stops listening and gives the connection back.
 */
export function listenForPastDayChanges(db: Db, log: { warn(object: object, message: string): void }): { close(): Promise<void> } {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  let client: pg.PoolClient | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    retry = undefined;
    if (closed) return;
    let connected: pg.PoolClient | undefined;
    try {
      connected = await pool.connect();
      connected.on('notification', () => forgetPastDayTotals(db));
      connected.on('error', (error) => lost(connected!, error));
      await connected.query(`listen ${PAST_DAYS_CHANNEL}`);
      if (closed) return connected.release();
      client = connected;
      // Changes made while nobody listened are not known: start afresh.
      forgetPastDayTotals(db);
    } catch (error) {
      if (connected) lost(connected, error as Error);
      else if (!closed) {
        log.warn({ err: error }, 'could not listen for attendance changes; trying again shortly');
        retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
      }
    }
  };
  const lost = (lostClient: pg.PoolClient, error: Error) => {
    if (client === lostClient) client = undefined;
    // `true`: the connection is broken, the pool must not hand it out again.
    try {
      lostClient.release(error);
    } catch {
      // already released
    }
    if (closed || retry) return;
    log.warn({ err: error }, 'lost the connection listening for attendance changes; reconnecting');
    retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
  };
  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const listening = client;
      client = undefined;
      if (!listening) return;
      await listening.query(`unlisten ${PAST_DAYS_CHANNEL}`).catch(() => {});
      listening.release();
    },
  };
}
