import type { DbExecutor } from '../db/client';
import { queueJobRun, wakeJobRunners } from '../db/job-runner';
import type { JobName, JobPayloads } from './catalog';

/**
 * A module's own later work (decision 083): a one-off run of one of its jobs, written in the
 * transaction of the change (pass the `tx`), so it exists exactly when the change commits and is run,
 * retried and kept through a restart by the job runner. The same row `jobs.enqueue` writes, for a
 * service that has the transaction but not the runner; the catalog holds the name and its payload.
 * Another module's reaction to the change is an event instead (`emitEvent`, decision 026). With `runAt`, the
 * run is due then (a periodic sweep woken at the time its new work is due, decision 115).
 */
export async function queueJob<Name extends JobName>(tx: DbExecutor, name: Name, payload: JobPayloads[Name], runAt?: Date): Promise<string> {
  const key = await queueJobRun(tx, name, payload, runAt);
  // Run within a moment of the commit rather than at the next poll (the runner's wake-up); a later run at its time.
  if (!runAt || runAt.getTime() <= Date.now()) wakeJobRunners();
  return key;
}
