import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db, DbExecutor } from './client';
import { withAcademy } from '../lib/tenancy';
import { appNowSql } from './app-time';

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
  /** `attempt`: which try this is (1 first); `lastAttempt`: no retry follows if it throws (the run may record the failure itself). */
  run(payload: Payload, attempt: { attempt: number; lastAttempt: boolean }): Promise<unknown>;
};

/** The tries a job gets before it gives up. */
function maxAttemptsOf(definition: Pick<JobDefinition, 'maxAttempts' | 'retryDelaysMs'>): number {
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

/**
 * Writes one one-off run of a job, due at `runAt` (now by default), with the caller's executor: inside
 * a transaction it exists exactly when that transaction commits. The one writer of a run's row, for the
 * runner's `enqueue` and for the events' wake-up (events/emit.ts), which has no runner at hand.
 */
export async function queueJobRun(executor: DbExecutor, name: string, payload: unknown, runAt?: Date): Promise<string> {
  const key = `${name}:${randomUUID()}`;
  await executor.execute(sql`
    insert into jobs (key, name, payload, run_at)
    values (${key}, ${name}, ${JSON.stringify(payload)}::jsonb, ${runAt ?? sql`now()`})`);
  // On Citus the trigger that moves the academy's head runs on no worker (db/citus.ts drops it): moved here.
  if (process.env.ACADEMY_CITUS === '1') {
    await executor.execute(sql`
      insert into job_heads (academy_id, next_due_at) values (current_academy_id(), ${runAt ?? appNowSql()})
      on conflict (academy_id) do update set next_due_at = least(job_heads.next_due_at, excluded.next_due_at)`);
  }
  return key;
}

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

type ClaimedRow = { key: string; name: string; payload: unknown; every_ms: string | number | null; attempts: number; started_at: Date; academyId: string };

/** How often every active academy's periodic rows and head are set again (also at the first poll and after `define`). */
export const JOB_UPKEEP_MS = 60_000;

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
/** How long after a wake-up the runner polls: the queuing transaction's commit, as a rule, is done by then. */
const WAKE_DELAY_MS = 200;
const ERROR_LENGTH = 1000;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

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

/** Without a catalog (the runner's own tests): any name, any payload. The app passes its catalog, `createJobRunner<JobPayloads>`. */
export function createJobRunner<Payloads extends object = Record<string, unknown>>(options: {
  db: Db;
  log?: { error(object: object, message: string): void };
  pollMs?: number;
  /** How long a claim holds without renewal (renewed every third of it while the job runs). */
  leaseMs?: number;
  /** How many jobs one runner runs at once. */
  concurrency?: number;
}): JobRunner<Payloads> {
  const { db, pollMs = 10_000, leaseMs = 2 * 60_000, concurrency = 4 } = options;
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 100);
  const definitions = new Map<string, JobDefinition>();
  /** By `<academy_id> <key>` (a periodic job's key is the same in every academy). */
  const running = new Map<string, { academyId: string; key: string; run: Promise<void> }>();
  /** When every active academy's periodic rows and head were last set (0: at the next poll). */
  let lastUpkeep = 0;
  let pollTimer: NodeJS.Timeout | undefined;
  let leaseTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  let polling: Promise<unknown> | undefined;
  /** A wake-up came while polling (poll again when it ends), or is due (its timer). */
  let pollAgain = false;
  let wakeTimer: NodeJS.Timeout | undefined;
  /** Polls in a moment (the transaction that queued a job has committed by then, as a rule); only while started. */
  const wake = () => {
    if (stopped || !pollTimer || wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      if (polling) pollAgain = true;
      else poll();
    }, WAKE_DELAY_MS).unref();
  };

  const periodic = () => [...definitions].filter(([, definition]) => definition.everyMs !== undefined);

  /** Every periodic job has its row in the entered academy (also after a restore emptied the table); a changed interval is taken up. */
  async function ensureRows() {
    const rows = periodic();
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map(([name, definition]) => sql`(${name}, ${name}, ${definition.everyMs}::bigint, ${appNowSql()})`),
      sql`, `,
    );
    await db.execute(sql`
      insert into jobs as j (key, name, every_ms, run_at) values ${values}
      on conflict (academy_id, key) do update set every_ms = excluded.every_ms,
        run_at = least(j.run_at, to_timestamp((${Date.now()}::float8 + excluded.every_ms) / 1000))
      where j.every_ms is distinct from excluded.every_ms`);
  }

  /**
   * Sets the entered academy's head to when its next job can be claimed (a leased job: when its lease
   * ends). Null: nothing queued.
   */
  async function setHead() {
    await db.execute(sql`
      insert into job_heads (academy_id, next_due_at)
      select current_academy_id(), (
        select min(greatest(run_at, coalesce(locked_until, run_at))) from jobs
        where run_at is not null and academy_id = current_academy_id())
      where current_academy_id() is not null
      on conflict (academy_id) do update set next_due_at = excluded.next_due_at`);
  }

  /** Every minute (and at the first poll): each active academy's periodic rows and exact head. */
  async function upkeep() {
    if (Date.now() - lastUpkeep < JOB_UPKEEP_MS) return;
    lastUpkeep = Date.now();
    const { rows } = await db.execute<{ id: string }>(sql`select id from academies where status = 'active' order by id`);
    for (const { id } of rows) {
      await withAcademy(id, async () => {
        await ensureRows();
        await setHead();
      });
    }
  }

  /** The active academies with work due now, the longest waiting first (platform tables: no academy needed). */
  async function dueAcademies(): Promise<string[]> {
    const { rows } = await db.execute<{ academy_id: string }>(sql`
      select h.academy_id from job_heads h join academies a on a.id = h.academy_id
      where h.next_due_at <= now() and a.status = 'active'
      order by h.next_due_at, h.academy_id`);
    return rows.map((row) => row.academy_id);
  }

  /** Claims up to `limit` due jobs of the entered academy. */
  async function claim(limit: number, academyId: string, only?: readonly string[]): Promise<ClaimedRow[]> {
    const names = [...definitions.keys()].filter((name) => !only || only.includes(name));
    if (limit <= 0 || names.length === 0) return [];
    // `academy_id = current_academy_id()` as well as row-level security: also right for a connection that sees every row.
    const { rows } = await db.execute<Omit<ClaimedRow, 'academyId'>>(sql`
      with due as (
        select key from jobs
        where run_at <= now() and (locked_until is null or locked_until < now()) and academy_id = ${academyId}::uuid and academy_id = current_academy_id()
          and name in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})
        order by run_at
        limit ${limit}
        for update skip locked
      )
      update jobs set locked_until = now() + ${leaseMs}::float8 * interval '1 millisecond', locked_by = ${workerId},
        attempts = jobs.attempts + 1
      from due where jobs.key = due.key and jobs.academy_id = current_academy_id()
      returning jobs.key, jobs.name, jobs.payload, jobs.every_ms, jobs.attempts, ${appNowSql()} as started_at`);
    return rows.map((row) => ({ ...row, academyId }));
  }

  async function finish(row: ClaimedRow, startedMs: number, error: unknown) {
    const definition = definitions.get(row.name)!;
    const durationMs = Math.round(performance.now() - startedMs);
    const everyMs = row.every_ms === null ? null : Number(row.every_ms);
    const mine = sql`key = ${row.key} and locked_by = ${workerId} and academy_id = current_academy_id()`;
    if (error === undefined) {
      if (everyMs === null) await db.execute(sql`delete from jobs where ${mine}`);
      else
        await db.execute(sql`
          update jobs set run_at = now() + ${everyMs}::float8 * interval '1 millisecond', attempts = 0, locked_until = null, locked_by = null,
            last_started_at = ${row.started_at}, last_finished_at = now(), last_status = 'ok', last_error = null, last_duration_ms = ${durationMs}, last_attempts = ${row.attempts}
          where ${mine}`);
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH);
    const retry = row.attempts < maxAttemptsOf(definition);
    const delays = definition.retryDelaysMs;
    const delay = delays?.length ? delays[Math.min(row.attempts, delays.length) - 1]! : retryDelayMs(row.attempts);
    // Gave up: a periodic job tries again at its next run; a one-off job stays, failed, without a next run.
    const nextRun = retry
      ? sql`now() + ${delay}::float8 * interval '1 millisecond'`
      : everyMs === null
        ? sql`null`
        : sql`now() + ${definition.afterFailureMs ?? everyMs}::float8 * interval '1 millisecond'`;
    await db.execute(sql`
      update jobs set run_at = ${nextRun}, attempts = ${retry ? row.attempts : 0}, locked_until = null, locked_by = null,
        last_started_at = ${row.started_at}, last_finished_at = now(), last_status = ${retry ? 'retrying' : 'failed'}, last_error = ${message},
        last_duration_ms = ${durationMs}, last_attempts = ${row.attempts}
      where ${mine}`);
  }

  /** Runs a claimed job inside its academy (called inside `withAcademy(row.academyId)`: the run and its record follow it). */
  function launch(row: ClaimedRow): Promise<void> {
    const definition = definitions.get(row.name)!;
    const runningKey = `${row.academyId} ${row.key}`;
    const startedMs = performance.now();
    const run = Promise.resolve()
      .then(() => definition.run(row.payload, { attempt: row.attempts, lastAttempt: row.attempts >= maxAttemptsOf(definition) }))
      .then(
        () => finish(row, startedMs, undefined),
        (error: unknown) => {
          options.log?.error({ err: error }, `job ${definition.label} failed`);
          return finish(row, startedMs, error ?? new Error('failed'));
        },
      )
      // What the run queued has committed by now: the head is set exactly, so a job queued by this one
      // (an event's delivery queuing a parent's alert) is due at once, not at the next minute's upkeep.
      .then(() => setHead())
      .catch((error: unknown) => options.log?.error({ err: error }, `job ${definition.label}: could not record its run`))
      .finally(() => {
        running.delete(runningKey);
        // What the run queued (a message's sender) is claimed now, not at the next tick.
        wake();
      });
    running.set(runningKey, { academyId: row.academyId, key: row.key, run });
    return run;
  }

  /** Renews this runner's leases, academy by academy (each academy's rows are seen only inside it). */
  async function renewLeases() {
    const byAcademy = new Map<string, string[]>();
    for (const { academyId, key } of running.values()) byAcademy.set(academyId, [...(byAcademy.get(academyId) ?? []), key]);
    for (const [academyId, keys] of byAcademy) {
      // Awaited inside: a drizzle query runs when awaited, and must run in the academy.
      await withAcademy(academyId, async () => {
        await db.execute(sql`
          update jobs set locked_until = now() + ${leaseMs}::float8 * interval '1 millisecond'
          where locked_by = ${workerId} and academy_id = current_academy_id() and key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`);
      });
    }
  }

  const runs = () => [...running.values()].map((entry) => entry.run);

  /**
   * Claims every due row this runner has room for and starts it; resolves once nothing more is due (not
   * when the runs end). Round after round over the academies with due work: each gets its share of the
   * free slots (at least one) before any gets more.
   */
  async function claimAndLaunch(only?: readonly string[]): Promise<Promise<void>[]> {
    await upkeep();
    const started: Promise<void>[] = [];
    for (;;) {
      const due = await dueAcademies();
      let claimed = 0;
      for (const academyId of due) {
        // Full: wait for one to finish before claiming more.
        while (running.size >= concurrency) await Promise.race(runs());
        const share = Math.max(1, Math.floor((concurrency - running.size) / due.length));
        const rows = await withAcademy(academyId, async () => {
          const claimedRows = await claim(Math.min(share, concurrency - running.size), academyId, only);
          // Nothing more due now in this academy: its head moves to its next due time.
          if (claimedRows.length < share) await setHead();
          for (const row of claimedRows) started.push(launch(row));
          return claimedRows;
        });
        claimed += rows.length;
      }
      if (claimed === 0) break;
    }
    return started;
  }

  async function runDue(only?: readonly string[]): Promise<number> {
    const started = await claimAndLaunch(only);
    await Promise.all(started);
    return started.length;
  }

  /**
   * The timer's poll: never two at once in one process; errors (database away) are logged and retried next time.
   * It does not wait for the runs it started: a long job (a big backup, a batch's report cards) must not hold
   * back the next poll, or a parent's absence alert would wait behind it.
   */
  function poll() {
    if (stopped || polling) return;
    polling = claimAndLaunch()
      .catch((error: unknown) => options.log?.error({ err: error }, 'job runner poll failed'))
      .finally(() => {
        polling = undefined;
        if (pollAgain) {
          pollAgain = false;
          wake();
        }
      });
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
    runDue,
    start() {
      stopped = false;
      // unref: a waiting timer never keeps a stopping process alive.
      pollTimer ??= setInterval(poll, pollMs).unref();
      wakers.add(wake);
      leaseTimer ??= setInterval(() => void renewLeases().catch((error: unknown) => options.log?.error({ err: error }, 'job lease renewal failed')), leaseMs / 3).unref();
      poll();
    },
    async stop() {
      stopped = true;
      clearInterval(pollTimer);
      pollTimer = undefined;
      wakers.delete(wake);
      clearTimeout(wakeTimer);
      wakeTimer = undefined;
      // Leases are renewed until the last run is done: finishing releases each row.
      await polling;
      while (running.size > 0) await Promise.allSettled(runs());
      clearInterval(leaseTimer);
      leaseTimer = undefined;
    },
    async status() {
      const names = periodic().map(([name]) => name);
      if (names.length === 0) return [];
      const { rows } = await db.execute<{
        name: string;
        every_ms: string | null;
        run_at: Date | null;
        running: boolean;
        last_started_at: Date | null;
        last_finished_at: Date | null;
        last_status: string | null;
        last_error: string | null;
        last_duration_ms: number | null;
        last_attempts: number | null;
      }>(sql`
        select name, every_ms, run_at, coalesce(locked_until > now(), false) as running, last_started_at, last_finished_at,
          last_status, last_error, last_duration_ms, last_attempts
        from jobs where academy_id = current_academy_id() and key in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})`);
      const byName = new Map(rows.map((row) => [row.name, row]));
      return names.map((name) => {
        const row = byName.get(name);
        const definition = definitions.get(name)!;
        const startedAt = row?.last_started_at ? new Date(row.last_started_at) : null;
        return {
          name,
          label: definition.label,
          everyMs: definition.everyMs ?? null,
          nextRunAt: row?.run_at ? new Date(row.run_at) : null,
          running: row?.running ?? false,
          lastRun:
            startedAt && row
              ? {
                  startedAt,
                  finishedAt: row.last_finished_at ? new Date(row.last_finished_at) : null,
                  status: row.last_status ?? 'running',
                  error: row.last_error,
                  durationMs: row.last_duration_ms,
                  attempts: row.last_attempts,
                }
              : null,
        };
      });
    },
  };
}
