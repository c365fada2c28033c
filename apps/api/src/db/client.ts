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

export function createDatabase(connection: pg.PoolConfig): Database {
  const pool = new pg.Pool({ max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000, ...connection });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

// Any constant will do; it only has to be the same for every Academy process.
export const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the committed SQL migrations; safe at every start (applied ones are skipped). An advisory
 * lock makes several servers starting together against one database take turns.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { schema, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
