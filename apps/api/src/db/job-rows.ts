import { sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbExecutor } from './client';
import { withAcademy } from '../lib/tenancy';
import { appNowSql } from './app-time';
import { academySql } from './same-academy';
import { maxAttemptsOf, retryDelayMs, type ClaimedRow, type JobDefinition } from './job-definition';

/**
 * The job runner's statements on `jobs` and `job_heads` (db/job-runner.ts says how they fit): the
 * periodic rows, each academy's head, claiming due rows under a lease, renewing it, and a run's record.
 * Each statement on `jobs` names its academy by value (`academySql()`), not only by row-level security's
 * `current_academy_id()`: on Citus that is what sends it to the academy's shard alone (decision 053).
 */

const ERROR_LENGTH = 1000;

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

/** Every periodic job has its row in the entered academy (also after a restore emptied the table); a changed interval is taken up. */
async function ensurePeriodicRows(db: Db, periodic: [string, JobDefinition][]) {
  if (periodic.length === 0) return;
  const values = sql.join(
    periodic.map(([name, definition]) => sql`(${name}, ${name}, ${definition.everyMs}::bigint, ${appNowSql()})`),
    sql`, `,
  );
  await db.execute(sql`
    insert into jobs as j (key, name, every_ms, run_at) values ${values}
    on conflict (academy_id, key) do update set every_ms = excluded.every_ms,
      run_at = least(j.run_at, to_timestamp((${Date.now()}::float8 + excluded.every_ms) / 1000))
    where j.every_ms is distinct from excluded.every_ms`);
}

/** Writes the entered academy's head: `due` (a scalar subquery's text) or null when nothing is queued. */
const headIs = (due: SQL) => sql`
    insert into job_heads (academy_id, next_due_at)
    select current_academy_id(), (${due})
    where current_academy_id() is not null
    on conflict (academy_id) do update set next_due_at = excluded.next_due_at`;

/**
 * Sets the entered academy's head to when its next job can be claimed (a leased job: when its lease
 * ends). Null: nothing queued.
 */
export async function setJobHead(db: Db) {
  await db.execute(headIs(sql`
      select min(greatest(run_at, coalesce(locked_until, run_at))) from jobs
      where run_at is not null and academy_id = ${academySql()}`));
}

/** Each active academy's periodic rows and exact head (the runner's upkeep, every minute and at the first poll). */
export async function setEveryAcademysRowsAndHead(db: Db, periodic: [string, JobDefinition][]) {
  const { rows } = await db.execute<{ id: string }>(sql`select id from academies where status = 'active' order by id`);
  for (const { id } of rows) {
    await withAcademy(id, async () => {
      await ensurePeriodicRows(db, periodic);
      await setJobHead(db);
    });
  }
}

/** The active academies with work due now, the longest waiting first (platform tables: no academy needed). */
export async function academiesWithDueJobs(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ academy_id: string }>(sql`
    select h.academy_id from job_heads h join academies a on a.id = h.academy_id
    where h.next_due_at <= now() and a.status = 'active'
    order by h.next_due_at, h.academy_id`);
  return rows.map((row) => row.academy_id);
}

export type Lease = { workerId: string; leaseMs: number };

/** Claims up to `limit` due jobs of the entered academy among `names`, leased to this worker. */
export async function claimDueJobs(db: Db, { workerId, leaseMs }: Lease, { limit, academyId, names }: { limit: number; academyId: string; names: string[] }): Promise<ClaimedRow[]> {
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
    from due where jobs.key = due.key and jobs.academy_id = ${academyId}::uuid
    returning jobs.key, jobs.name, jobs.payload, jobs.every_ms, jobs.attempts, ${appNowSql()} as started_at`);
  return rows.map((row) => ({ ...row, academyId }));
}

/** Renews this worker's leases on the rows it runs, academy by academy (each academy's rows are seen only inside it). */
export async function renewJobLeases(db: Db, { workerId, leaseMs }: Lease, running: Iterable<{ academyId: string; key: string }>) {
  const byAcademy = new Map<string, string[]>();
  for (const { academyId, key } of running) byAcademy.set(academyId, [...(byAcademy.get(academyId) ?? []), key]);
  for (const [academyId, keys] of byAcademy) {
    // Awaited inside: a drizzle query runs when awaited, and must run in the academy.
    await withAcademy(academyId, async () => {
      await db.execute(sql`
        update jobs set locked_until = now() + ${leaseMs}::float8 * interval '1 millisecond'
        where locked_by = ${workerId} and academy_id = ${academySql()} and key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`);
    });
  }
}

/**
 * A run's end on its row: a one-off that succeeded is deleted, a periodic one is due again after its
 * interval; a failure is retried after its delay, or, given up, a periodic job waits for its next run
 * and a one-off stays, failed, without one. The academy's head is set in the same statement (see
 * recordAndSetHead).
 */
export async function recordJobRun(db: Db, workerId: string, row: ClaimedRow, definition: JobDefinition, durationMs: number, error: unknown, nextRunAt?: Date) {
  const everyMs = row.every_ms === null ? null : Number(row.every_ms);
  const mine = sql`key = ${row.key} and locked_by = ${workerId} and academy_id = ${academySql()}`;
  if (error === undefined) {
    if (everyMs === null) return recordAndSetHead(db, row.key, sql`delete from jobs where ${mine} returning null::timestamptz as run_at`);
    const interval = sql`now() + ${everyMs}::float8 * interval '1 millisecond'`;
    return recordAndSetHead(
      db,
      row.key,
      sql`
        update jobs set run_at = ${nextRunAt ? sql`least(${interval}, ${whenNeeded(nextRunAt)}::timestamptz)` : interval}, attempts = 0, locked_until = null, locked_by = null,
          last_started_at = ${row.started_at}, last_finished_at = now(), last_status = 'ok', last_error = null, last_duration_ms = ${durationMs}, last_attempts = ${row.attempts}
        where ${mine} returning run_at`,
    );
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
  return recordAndSetHead(
    db,
    row.key,
    sql`
      update jobs set run_at = ${nextRun}, attempts = ${retry ? row.attempts : 0}, locked_until = null, locked_by = null,
        last_started_at = ${row.started_at}, last_finished_at = now(), last_status = ${retry ? 'retrying' : 'failed'}, last_error = ${message},
        last_duration_ms = ${durationMs}, last_attempts = ${row.attempts}
      where ${mine} returning run_at`,
  );
}

/** A periodic job's work found left undone by its run (its time already past): tried again after this long. */
export const LEFT_WORK_AGAIN_MS = 60_000;

/**
 * `nextRunAt` as a run's next time: itself, or a minute from now when it is already past (nextRunAt in
 * job-definition.ts). Worked out here, not in SQL: Citus takes no now() in a CASE, nor beside a column in an
 * UPDATE (decision 053).
 */
function whenNeeded(nextRunAt: Date): string {
  return (nextRunAt.getTime() > Date.now() ? nextRunAt : new Date(Date.now() + LEFT_WORK_AGAIN_MS)).toISOString();
}

/**
 * After a one-off run of a periodic job (a wake-up, queued by whoever added work at a known time): its
 * periodic row comes at `nextRunAt` at the latest. A periodic row that is running now is left alone — its
 * record would set its own time, read before this run's work was there — and another one-off run is queued
 * at `nextRunAt` instead, so no wake-up is lost between two runs (decision 115).
 */
export async function bringPeriodicRunForward(db: Db, name: string, nextRunAt: Date) {
  const at = whenNeeded(nextRunAt);
  const { rows } = await db.execute<{ key: string }>(sql`
    update jobs set run_at = least(run_at, ${at}::timestamptz)
    where key = ${name} and every_ms is not null and academy_id = ${academySql()} and (locked_until is null or locked_until < now())
    returning key`);
  if (rows.length === 0) await queueJobRun(db, name, {}, new Date(at));
}

/**
 * Runs `change` (a statement on the run's row `key` returning its new `run_at`, null when it is gone)
 * and sets the academy's head with it, in one statement: every run of every academy ends here, so one
 * statement (and one commit) fewer a run is the runner's largest saving when hundreds of academies run
 * their periodic checks (issue 74). The head is read from the statement's snapshot, where the run's row is
 * still as claimed: its new `run_at` comes from `change`, the other rows as they are. A row this worker
 * no longer holds (its lease taken over) is changed by nobody here and counts as it is. On Citus the head
 * (a platform table) is written by a statement of its own (a distributed table's change and a reference
 * table's insert do not share one statement there).
 */
async function recordAndSetHead(db: Db, key: string, change: SQL) {
  if (process.env.ACADEMY_CITUS === '1') {
    await db.execute(change);
    await setJobHead(db);
    return;
  }
  await db.execute(sql`
    with changed as (${change})
    ${headIs(sql`select min(due) from (
        select run_at as due from changed
        union all
        select greatest(run_at, coalesce(locked_until, run_at)) from jobs
        where run_at is not null and academy_id = ${academySql()} and not (key = ${key} and exists (select 1 from changed))
      ) heads`)}`);
}
