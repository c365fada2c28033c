import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Db, DbExecutor } from './client';
import { withAcademy } from '../lib/tenancy';
import { maxAttemptsOf, type ClaimedRow, type JobDefinition, type JobStatus } from './job-definition';
import { createPoller } from './job-poller';
import { academiesWithDueJobs, bringPeriodicRunForward, claimDueJobs, queueJobRun, recordJobRun, renewJobLeases, setEveryAcademysRowsAndHead, setJobHead, type Lease } from './job-rows';
import { readJobStatus } from './job-status';

export { retryDelayMs, type JobDefinition, type JobStatus } from './job-definition';

/**
 * The job runner (DESIGN.md section 8 "Jobs", decision 016): background work kept as rows in the
 * `jobs` table, so that with several servers on one database each run happens on exactly one of them.
 *
 * - A periodic job is one row keyed by its name; its `run_at` is the next run. A one-off job
 *   (`enqueue`) is a row of its own, deleted once it has run.
 * - Every runner polls: it claims due rows with FOR UPDATE SKIP LOCKED and leases them (`locked_until`);
 *   while a job runs its lease is renewed, so a job that outlives a dead server's lease is taken over
 *   by another server, but never by two while its runner is alive.
 * - A failure is retried with backoff (30 s, 1 min, 2 min, ... up to `maxAttempts`); then a periodic
 *   job waits for its next run and a one-off job is kept, failed, for the admin to see.
 * - Each row keeps its last run: when, ok/retrying/failed, the error message, duration and attempts.
 *
 * Many academies (issue 55, decision 053): `jobs` is an academy table, so every run happens inside
 * `withAcademy(its academy)` and everything it does (queries, files, the jobs it queues) is that
 * academy's. A periodic job has a row in every active academy. The runner does not read `jobs` across
 * academies (row-level security shows one at a time): it reads the platform's `job_heads` (when each
 * academy's earliest job is due, kept earlier by a trigger on `jobs`, migration 0059), then claims a few
 * due jobs of each due academy in turn (its share of the free slots), round after round, so one
 * academy's 3,000 queued reminders never hold back another's absence alert. A suspended academy's
 * jobs wait. After a visit that found fewer due jobs than it asked for, the runner sets that academy's
 * head exactly (its next due time), and again after each run (what the run queued has committed); every
 * minute it also sets every active academy's head and its periodic rows (a head set just as a request
 * was queuing a job in an open transaction is put right then).
 */
export { queueJobRun } from './job-rows';

export type EnqueueOptions = { runAt?: Date; transaction?: DbExecutor };

/** A job's payload may be left out when it takes none (an empty object is stored). */
type EnqueueArguments<Payload> = Record<string, never> extends Payload ? [payload?: Payload, options?: EnqueueOptions] : [payload: Payload, options?: EnqueueOptions];

/**
 * A runner of the jobs named in `Payloads` (name → the payload of its runs). The app's runner is
 * `Jobs` (events/catalog.ts, where every job is declared): a job not listed there, or a payload of
 * another shape, does not compile at `define` or `enqueue`, and `run` receives the declared type.
 */
export type JobRunner<Payloads extends object> = {
  /** Registers a job; a periodic one (`everyMs`) gets its row at the next poll, due at once if new. */
  define<Name extends keyof Payloads & string>(name: Name, definition: JobDefinition<Payloads[Name]>): void;
  /**
   * Adds a one-off run of a defined job, due at `runAt` (now by default). With `transaction` the run is
   * written in it, so it exists exactly when that transaction commits (an event handler's follow-up).
   */
  enqueue<Name extends keyof Payloads & string>(name: Name, ...[payload, options]: EnqueueArguments<Payloads[Name]>): Promise<string>;
  /** Claims and runs every job due now (the poll, and tests that want it now; `only`: just these jobs); resolves when they are done. */
  runDue(only?: readonly (keyof Payloads & string)[]): Promise<number>;
  /** Starts polling every `pollMs`. */
  start(): void;
  /** Stops polling and waits for the runs in progress to finish (they then release their rows). */
  stop(): Promise<void>;
  /** Every periodic job this server knows, with its last and next run. */
  status(): Promise<JobStatus[]>;
};

/** How often every active academy's periodic rows and head are set again (also at the first poll and after `define`). */
export const JOB_UPKEEP_MS = 60_000;

/** The started runners of this process, each woken by `wakeJobRunners`. */
const wakers = new Set<() => void>();

/**
 * Asks this process's started runners to poll in a moment instead of at their next tick (decision
 * 083): called when a job was queued (`queueJob`, `enqueue`, `emitEvent`), so a sign-in code or a mail
 * goes out within a second of its commit. A run queued in a transaction still open then waits for the
 * next poll, as before; nothing depends on the wake-up but the delay.
 */
export function wakeJobRunners(): void {
  for (const wake of wakers) wake();
}

export type JobRunnerOptions = {
  db: Db;
  log?: { error(object: object, message: string): void };
  pollMs?: number;
  /** How long a claim holds without renewal (renewed every third of it while the job runs). */
  leaseMs?: number;
  /** How many jobs one runner runs at once. */
  concurrency?: number;
};

/**
 * Runs a claimed job inside its academy (called inside `withAcademy(row.academyId)`: the run and its record
 * follow it), records how it ended and sets the academy's head (one statement, recordJobRun); never rejects.
 */
function runClaimedJob(db: Db, workerId: string, row: ClaimedRow, definition: JobDefinition, log: JobRunnerOptions['log']): Promise<void> {
  const startedMs = performance.now();
  const durationMs = () => Math.round(performance.now() - startedMs);
  // The record sets the academy's head exactly too: what the run queued has committed by then, so a job
  // queued by this one (an event's delivery queuing a parent's alert) is due at once, not at the next minute's upkeep.
  return Promise.resolve()
    .then(() => definition.run(row.payload, { attempt: row.attempts, lastAttempt: row.attempts >= maxAttemptsOf(definition) }))
    .then(async () => {
      // A periodic job that knows when it is next needed (decision 115); a one-off run of it brings its periodic run forward.
      const nextRunAt = definition.everyMs !== undefined ? await definition.nextRunAt?.() : undefined;
      if (nextRunAt && row.every_ms === null) await bringPeriodicRunForward(db, row.name, nextRunAt);
      return nextRunAt;
    })
    .then(
      (nextRunAt) => recordJobRun(db, workerId, row, definition, durationMs(), undefined, nextRunAt),
      (error: unknown) => {
        log?.error({ err: error }, `job ${definition.label} failed`);
        return recordJobRun(db, workerId, row, definition, durationMs(), error ?? new Error('failed'));
      },
    )
    .catch((error: unknown) => log?.error({ err: error }, `job ${definition.label}: could not record its run`));
}

/** The runs in progress of one runner; `onEnded` is called as each ends. */
function createRunsInProgress(onEnded: () => void) {
  /** By `<academy_id> <key>` (a periodic job's key is the same in every academy). */
  const running = new Map<string, { academyId: string; key: string; run: Promise<void> }>();
  const runs = () => [...running.values()].map((entry) => entry.run);
  return {
    get size() {
      return running.size;
    },
    /** Each run's academy and row key (their leases are renewed). */
    rows: () => running.values(),
    /** Keeps a run of `row` until it ends. */
    add(row: ClaimedRow, run: Promise<void>): Promise<void> {
      const runningKey = `${row.academyId} ${row.key}`;
      const kept = run.finally(() => {
        running.delete(runningKey);
        onEnded();
      });
      running.set(runningKey, { academyId: row.academyId, key: row.key, run: kept });
      return kept;
    },
    /** Resolves when one of the runs ends. */
    oneEnded: () => Promise.race(runs()),
    /** Resolves when no run is left (runs started meanwhile included). */
    async allEnded() {
      while (running.size > 0) await Promise.allSettled(runs());
    },
  };
}

/** Without a catalog (the runner's own tests): any name, any payload. The app passes its catalog, `createJobRunner<JobPayloads>`. */
export function createJobRunner<Payloads extends object = Record<string, unknown>>(options: JobRunnerOptions): JobRunner<Payloads> {
  const { db, pollMs = 10_000, leaseMs = 2 * 60_000, concurrency = 4 } = options;
  const lease: Lease = { workerId: `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 100), leaseMs };
  const definitions = new Map<string, JobDefinition>();
  /** When every active academy's periodic rows and head were last set (0: at the next poll). */
  let lastUpkeep = 0;
  let leaseTimer: NodeJS.Timeout | undefined;
  /**
   * The timer's poll does not wait for the runs it started: a long job (a big backup, a batch's report cards)
   * must not hold back the next poll, or a parent's absence alert would wait behind it.
   */
  const poller = createPoller(() => claimAndLaunch(), { pollMs, log: options.log });
  /** What a run queued (a message's sender) is claimed when it ends, not at the next tick. */
  const running = createRunsInProgress(() => poller.wake());

  const periodic = () => [...definitions].filter(([, definition]) => definition.everyMs !== undefined);

  /** Every minute (and at the first poll): each active academy's periodic rows and exact head. */
  async function upkeep() {
    if (Date.now() - lastUpkeep < JOB_UPKEEP_MS) return;
    lastUpkeep = Date.now();
    await setEveryAcademysRowsAndHead(db, periodic());
  }

  /**
   * Claims every due row this runner has room for and starts it; resolves once nothing more is due (not
   * when the runs end). Round after round over the academies with due work: each gets its share of the
   * free slots (at least one) before any gets more.
   */
  async function claimAndLaunch(only?: readonly string[]): Promise<Promise<void>[]> {
    await upkeep();
    const started: Promise<void>[] = [];
    for (;;) {
      const due = await academiesWithDueJobs(db);
      let claimed = 0;
      for (const academyId of due) {
        // Full: wait for one to finish before claiming more.
        while (running.size >= concurrency) await running.oneEnded();
        const share = Math.max(1, Math.floor((concurrency - running.size) / due.length));
        const rows = await withAcademy(academyId, async () => {
          const names = [...definitions.keys()].filter((name) => !only || only.includes(name));
          const claimedRows = await claimDueJobs(db, lease, { limit: Math.min(share, concurrency - running.size), academyId, names });
          // Nothing more due now in this academy: its head moves to its next due time.
          if (claimedRows.length < share) await setJobHead(db);
          for (const row of claimedRows) started.push(running.add(row, runClaimedJob(db, lease.workerId, row, definitions.get(row.name)!, options.log)));
          return claimedRows;
        });
        claimed += rows.length;
      }
      if (claimed === 0) break;
    }
    return started;
  }

  return {
    define(name, definition) {
      if (definitions.has(name)) throw new Error(`job ${name} is defined twice`);
      // Stored untyped: a claimed row's payload is the JSON `enqueue` wrote for this name, with this
      // name's payload type (the one place the typed catalog meets the table's untyped column).
      definitions.set(name, definition as JobDefinition);
      // Its periodic rows are made in every academy at the next poll.
      lastUpkeep = 0;
    },
    async enqueue(name, ...[payload = {}, enqueueOptions = {}]) {
      if (!definitions.has(name)) throw new Error(`job ${name} is not defined`);
      const key = await queueJobRun(enqueueOptions.transaction ?? db, name, payload, enqueueOptions.runAt);
      if (!enqueueOptions.runAt) wakeJobRunners();
      return key;
    },
    async runDue(only) {
      const started = await claimAndLaunch(only);
      await Promise.all(started);
      return started.length;
    },
    start() {
      poller.start();
      wakers.add(poller.wake);
      leaseTimer ??= setInterval(() => void renewJobLeases(db, lease, running.rows()).catch((error: unknown) => options.log?.error({ err: error }, 'job lease renewal failed')), leaseMs / 3).unref();
      poller.poll();
    },
    async stop() {
      wakers.delete(poller.wake);
      await poller.stop();
      // Leases are renewed until the last run is done: finishing releases each row.
      await running.allEnded();
      clearInterval(leaseTimer);
      leaseTimer = undefined;
    },
    status: () => readJobStatus(db, periodic()),
  };
}
