import type { SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { setJobHead } from '../src/db/job-rows';

/**
 * A test's own change of `jobs.run_at`, then the academy's job head set again, as the runner does after
 * its own changes. On plain PostgreSQL a trigger on `jobs` moves the head earlier; on Citus that trigger
 * is dropped (db/citus.ts, decision 053), so a job made due by a bare UPDATE would never be claimed.
 */
export async function changeJobTimes(db: Db, update: SQL): Promise<void> {
  await db.execute(update);
  await setJobHead(db);
}
