import pg from 'pg';
import { vi } from 'vitest';
import { tablesOfCurrentRead, type WatchedTable } from '../src/lib/read-cache';

const ACADEMY_SETTING = 'select set_config($1, $2, false)';

/** One SQL statement sent to PostgreSQL, with the tables the kept read sending it declared (if any). */
export type SentStatement = { text: string; declaredTables: readonly WatchedTable[] | undefined };

/**
 * Every statement sent on any connection while `run` runs (pg's Client.query: the session lookup and
 * BEGIN/COMMIT count too), in order.
 */
export async function statementsSentDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: SentStatement[] }> {
  const statements: SentStatement[] = [];
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string } | undefined;
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    // A connection's academy setting (db/client.ts) goes once per connection and academy, not per request.
    if (text !== ACADEMY_SETTING) statements.push({ text, declaredTables: tablesOfCurrentRead() });
    return (query as (...rest: unknown[]) => unknown).apply(this, args) as never;
  });
  try {
    return { result: await run(), statements };
  } finally {
    spy.mockRestore();
  }
}
