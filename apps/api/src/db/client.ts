import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { migrationsFolder } from '../paths';

// DATE columns stay 'YYYY-MM-DD' strings: calendar dates must never shift with a time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: services that may run inside a transaction take this. */
export type DbExecutor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type Database = { db: Db; pool: pg.Pool; close(): Promise<void> };

/**
 * A database that stops answering must not hang requests: a connection is given up after 5 s, the
 * server cancels a statement after 15 s and the client stops waiting after 20 s (a frozen server
 * cancels nothing). Long work (migrations, backups, restores) lifts the statement limit for itself.
 * The error handler turns these failures into 503 with Retry-After.
 */
export const DATABASE_TIMEOUTS = { connectionTimeoutMillis: 5_000, statement_timeout: 15_000, query_timeout: 20_000 } as const;

export function createDatabase(connection: pg.PoolConfig): Database {
  const pool = new pg.Pool({ max: 10, idleTimeoutMillis: 30_000, ...DATABASE_TIMEOUTS, ...connection });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

/**
 * Long work on one connection (migrations, a restore) runs without the time limits until `restore()`
 * (call it before releasing the client to the pool). pg reads its client-side limit per query from
 * connectionParameters, so lifting it there affects this connection only.
 */
export async function liftTimeouts(client: pg.PoolClient): Promise<{ restore(): Promise<void> }> {
  const parameters = (client as unknown as { connectionParameters: { query_timeout: number | false } }).connectionParameters;
  const queryTimeout = parameters.query_timeout;
  parameters.query_timeout = false;
  await client.query('set statement_timeout = 0');
  return {
    async restore() {
      parameters.query_timeout = queryTimeout;
      // Back to the connection's own setting (the pool's statement_timeout).
      await client.query('reset statement_timeout').catch(() => {});
    },
  };
}

// Any constant will do; it only has to be the same for every Academy process.
export const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the committed SQL migrations; safe at every start (applied ones are skipped). An advisory
 * lock makes several servers starting together against one database take turns.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  // Migrations may rewrite big tables (and wait for another server's): no time limit while they run.
  const limits = await liftTimeouts(client);
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { schema, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await limits.restore();
    client.release();
  }
}
