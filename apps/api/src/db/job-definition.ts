/** What a job is to the runner (db/job-runner.ts): its definition, the row it claims, its status, its retries. */

export type JobDefinition<Payload = unknown> = {
  /** The name people read (the admin's Jobs panel). */
  label: string;
  /** For a periodic job: the time between the end of one run and the start of the next. */
  everyMs?: number;
  /** Tries of one run before it gives up (default 3; with `retryDelaysMs`, one more than its waits). */
  maxAttempts?: number;
  /** The waits before each retry instead of the runner's doubling backoff (a message's short schedule, decision 072). */
  retryDelaysMs?: readonly number[];
  /** For a periodic job: after it gave up, wait this long instead of `everyMs` (the same on every server). */
  afterFailureMs?: number;
  /**
   * For a periodic job whose work comes at known times (an online test's end, an attempt's deadline): when it
   * is next needed, asked after each run that succeeded, a one-off run of it too (decision 115). Its next run
   * comes then, or after `everyMs` at the latest (undefined: nothing known); a time already past means the run
   * left work it could not do now, which is tried again after a minute. Whoever adds such work queues a one-off
   * run of the job at its time (`queueJob` with `runAt`): that run asks again and brings the periodic run forward.
   */
  nextRunAt?(): Promise<Date | undefined>;
  /** `attempt`: which try this is (1 first); `lastAttempt`: no retry follows if it throws (the run may record the failure itself). */
  run(payload: Payload, attempt: { attempt: number; lastAttempt: boolean }): Promise<unknown>;
};

/** The tries a job gets before it gives up. */
export function maxAttemptsOf(definition: Pick<JobDefinition, 'maxAttempts' | 'retryDelaysMs'>): number {
  return definition.maxAttempts ?? (definition.retryDelaysMs ? definition.retryDelaysMs.length + 1 : 3);
}

export type JobStatus = {
  name: string;
  label: string;
  everyMs: number | null;
  nextRunAt: Date | null;
  running: boolean;
  lastRun: { startedAt: Date; finishedAt: Date | null; status: string; error: string | null; durationMs: number | null; attempts: number | null } | null;
};

/** A job's row as the runner claimed it, in its academy. */
export type ClaimedRow = { key: string; name: string; payload: unknown; every_ms: string | number | null; attempts: number; started_at: Date; academyId: string };

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}
