import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { createJobRunner, type JobRunner } from '../db/job-runner';

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
     */
    jobs: JobRunner;
    /**
     * Shorthand for a periodic job: `app.jobs.define(<label as a name>, { label, everyMs, run: task })`.
     * Due at once when new, then every `everyMs`; one run at a time across every server.
     */
    runPeriodically(label: string, everyMs: number, task: () => Promise<void>): void;
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
  const jobs = createJobRunner({ db: options.db, log: app.log });
  app.decorate('jobs', jobs);
  app.decorate('runPeriodically', (label: string, everyMs: number, task: () => Promise<void>) => {
    jobs.define(jobName(label), { label: label.charAt(0).toUpperCase() + label.slice(1), everyMs, run: task });
  });
  // Tests call app.jobs.runDue() themselves instead of polling.
  if (options.poll) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    // Runs in progress finish (and release their rows) before the database closes.
    await jobs.stop();
    await app.backgroundIdle();
  });
}

/** 'automatic backup' → 'automatic-backup': the job's row key. */
export function jobName(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
