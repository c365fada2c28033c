import type pg from 'pg';
import type { Db } from './client';
import { readChangeNotice, setListening, TABLE_CHANGES_CHANNEL, tableChanged } from '../lib/read-cache';

const RECONNECT_MS = 5_000;

/**
 * Holds one connection of the pool listening for the notices other servers (and this one) send when
 * they commit a change (decision 016): a table's change forgets the answers kept from it
 * (lib/read-cache.ts); each of `channels` (e.g. attendance's past days) calls its own forget, on a
 * notice and after every (re)connection, since changes made while nobody listened are not known.
 * A lost connection is replaced after a few seconds; meanwhile nothing is kept. `close()` stops
 * listening and gives the connection back.
 */
export function listenForChanges(
  db: Db,
  log: { warn(object: object, message: string): void },
  // Called with the notice's payload (the academy whose data changed, when it names one), or with nothing after a (re)connection.
  channels: Readonly<Record<string, (payload?: string) => void>> = {},
): { close(): Promise<void> } {
  const names = [TABLE_CHANGES_CHANNEL, ...Object.keys(channels)];
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  let client: pg.PoolClient | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const onNotice = (notice: pg.Notification) => {
    if (notice.channel === TABLE_CHANGES_CHANNEL) {
      // `<academy_id>:<table>` (migration 0059): only that academy's answers; a bare table name: every academy's.
      const { academyId, table } = readChangeNotice(notice.payload ?? '');
      tableChanged(db, table, academyId);
    } else channels[notice.channel]?.(notice.payload || undefined);
  };

  const connect = async () => {
    retry = undefined;
    if (closed) return;
    let connected: pg.PoolClient | undefined;
    try {
      connected = await pool.connect();
      connected.on('notification', onNotice);
      connected.on('error', (error) => lost(connected!, error));
      await connected.query(names.map((name) => `listen ${name}`).join('; '));
      if (closed) return connected.release();
      client = connected;
      // Changes made while nobody listened are not known: start afresh.
      for (const forget of Object.values(channels)) forget();
      setListening(db, true);
    } catch (error) {
      if (connected) lost(connected, error as Error);
      else if (!closed) {
        log.warn({ err: error }, 'could not listen for changes; trying again shortly');
        retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
      }
    }
  };
  const lost = (lostClient: pg.PoolClient, error: Error) => {
    if (client === lostClient) client = undefined;
    setListening(db, false);
    // `true`: the connection is broken, the pool must not hand it out again.
    try {
      lostClient.release(error);
    } catch {
      // already released
    }
    if (closed || retry) return;
    log.warn({ err: error }, 'lost the connection listening for changes; reconnecting');
    retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
  };
  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      setListening(db, false);
      const listening = client;
      client = undefined;
      if (!listening) return;
      await listening.query(names.map((name) => `unlisten ${name}`).join('; ')).catch(() => {});
      listening.release();
    },
  };
}
