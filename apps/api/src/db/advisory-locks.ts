import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbExecutor } from './client';
import { currentAcademyId } from '../lib/tenancy';

/**
 * The name of an academy's own lock (issue 55): what a lock guards is the academy's rows (a parent's
 * phone, a rollover), so another academy's work on the same phone or its own rollover never waits on it.
 */
export function academyLockName(name: string): string {
  return `${currentAcademyId()}:${name}`;
}

/**
 * Takes a transaction-level advisory lock per key (hashtext), in the keys' sorted order so that two
 * transactions never wait on each other in a circle, in ONE statement however many keys there are
 * (a select list would stop at PostgreSQL's 1,664 entries; a register's import locks thousands).
 */
export async function lockAdvisoryKeys(tx: DbExecutor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const sorted = [...new Set(keys.map(academyLockName))].sort();
  // One parameter (a JSON array): drizzle would spread a JS array into as many parameters.
  await tx.execute(sql`select count(pg_advisory_xact_lock(hashtext(k))) from (select k from jsonb_array_elements_text(${JSON.stringify(sorted)}::jsonb) as k order by k) as keys`);
}

/**
 * A long run one server at a time in the academy (a job's copies to a bucket, issue 55): a session-level
 * advisory lock on `(key, hashtext(academy))`, on a connection of the app's pool kept while `work` runs
 * (its uploads take minutes: no transaction stays open meanwhile), then released. `work` reads and writes
 * through the app's `db` as usual. Answers false at once, without running `work`, when another holds it.
 */
export async function whileAcademyLocked(db: Db, key: number, work: () => Promise<void>): Promise<boolean> {
  const academyId = currentAcademyId();
  // The pool under Drizzle: a session lock belongs to one connection, which Drizzle's queries do not keep.
  const connection = await (db as unknown as { $client: pg.Pool }).$client.connect();
  try {
    const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [key, academyId]);
    if (!rows[0]?.locked) return false;
    try {
      await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1, hashtext($2))', [key, academyId]);
    }
    return true;
  } finally {
    connection.release();
  }
}
