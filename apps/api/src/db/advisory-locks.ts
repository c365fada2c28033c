import { sql } from 'drizzle-orm';
import type { DbExecutor } from './client';
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
