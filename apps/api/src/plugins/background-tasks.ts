import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { createJobRunner } from '../db/job-runner';
import type { JobPayloads, Jobs } from '../events/catalog';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs work that the answer must not wait for (or reveal anything through its duration), such as
     * sending a mail. Failures are logged. Closing the app waits for the work to finish.
     */
    runInBackground(label: string, task: () => Promise<void>): void;
    /** Resolves when no background work is left (tests use it before looking at the outbox). */
    backgroundIdle(): Promise<void>;
    /**
     * The job runner on PostgreSQL (db/job-runner.ts): `app.jobs.define(name, { label, everyMs, run })` for
     * periodic work, run once across all servers, with retries and a last-run status for the admin.
     * Only the jobs of events/catalog.ts, each with its payload type.
     */
    jobs: Jobs;
  }
}

export function registerBackgroundTasks(app: FastifyInstance, options: { db: Db; poll: boolean }) {
  const pending = new Set<Promise<void>>();
  app.decorate('runInBackground', (label: string, task: () => Promise<void>) => {
    // Started on the next tick, so even a task that throws at once lands in the catch below.
    const running: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error: unknown) => app.log.error({ err: error }, `${label} failed`))
      .finally(() => pending.delete(running));
    pending.add(running);
  });
  app.decorate('backgroundIdle', async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  });
  const jobs = createJobRunner<JobPayloads>({ db: options.db, log: app.log });
  app.decorate('jobs', jobs);
  // Tests call app.jobs.runDue() themselves instead of polling.
  if (options.poll) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    // Runs in progress finish (and release their rows) before the database closes.
    await jobs.stop();
    await app.backgroundIdle();
  });
}
