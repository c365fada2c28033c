import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../src/db/client';
import { createJobRunner } from '../src/db/job-runner';
import { postgresRateLimitStore } from '../src/db/rate-limit-store';
import { currentAcademyId, enteredAcademyId, FIRST_ACADEMY_ID, withAcademy } from '../src/db/tenancy';
import { TABLE_CHANGES_CHANNEL } from '../src/lib/read-cache';
import { createTestDatabaseConnection } from './build-test-app';

/**
 * Many academies on one database (issue 55): what lives outside the tables (change notices, rate-limit
 * counts, jobs) stays each academy's own. The database is opened as ACADEMY_HOSTING=many opens it
 * (`defaultAcademyId: null`): work outside every academy sees no academy's rows.
 */
const A = FIRST_ACADEMY_ID;
const B = '00000000-0000-4000-8000-0000000000b2';
let connection: pg.PoolConfig;
let database: Database;
const inA = <T>(work: () => T) => withAcademy(A, work);
const inB = <T>(work: () => T) => withAcademy(B, work);

beforeAll(async () => {
  connection = await createTestDatabaseConnection();
  database = createDatabase(connection, { defaultAcademyId: null });
  await database.db.execute(sql`insert into academies (id, slug, name) values (${B}, 'second', 'Second Academy')`);
});
afterAll(() => database?.close());

describe('change notices', () => {
  it('name the academy whose table changed', async () => {
    const listener = new pg.Client(connection);
    await listener.connect();
    try {
      const payloads: string[] = [];
      listener.on('notification', (notice) => notice.channel === TABLE_CHANGES_CHANNEL && payloads.push(notice.payload ?? ''));
      await listener.query(`listen ${TABLE_CHANGES_CHANNEL}`);
      // A statement trigger announces even a change of no rows.
      await inB(() => database.db.execute(sql`update academy_settings set updated_at = now() where false`));
      await inA(() => database.db.execute(sql`update subjects set name = name where false`));
      await expect.poll(() => payloads).toEqual([`${B}:academy_settings`, `${A}:subjects`]);
    } finally {
      await listener.end();
    }
  });
});

describe('rate limits', () => {
  it('count each academy’s requests apart: a flood at A refuses nobody at B', async () => {
    const Store = postgresRateLimitStore(database.db);
    type Counting = { incr(key: string, done: (error: Error | null, result?: { current: number }) => void, timeWindow: number): void };
    const store = new Store({} as never).child({ routeInfo: { method: 'POST', url: '/api/auth/login' } } as never) as unknown as Counting;
    const hit = () => new Promise<number>((resolve, reject) => store.incr('198.51.100.20', (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000));
    for (let i = 1; i <= 5; i += 1) expect(await inA(hit)).toBe(i);
    expect(await inB(hit)).toBe(1);
    expect(await inA(hit)).toBe(6);
  });
});

describe('the job runner with many academies', () => {
  it('runs each job inside its academy, and gives a second academy’s alert its turn in the first round behind 500 reminders', async () => {
    const runner = createJobRunner({ db: database.db, concurrency: 4 });
    const started: { name: string; academy: string | null | undefined }[] = [];
    runner.define('reminder', { label: 'Reminder', run: async () => void started.push({ name: 'reminder', academy: enteredAcademyId() }) });
    runner.define('absence-alert', { label: 'Absence alert', run: async () => void started.push({ name: 'absence-alert', academy: enteredAcademyId() }) });
    // 500 reminders queued at A a minute ago (one statement, as a reminder run queues them), then B's alert.
    await inA(() =>
      database.db.execute(sql`
        insert into jobs (key, name, run_at) select 'reminder:' || n, 'reminder', now() - interval '1 minute' from generate_series(1, 500) n`),
    );
    await inB(() => runner.enqueue('absence-alert', { studentId: 'x' }));

    expect(await runner.runDue()).toBe(501);
    const alert = started.findIndex((run) => run.name === 'absence-alert');
    // The first round: A's share of the four slots, then B's.
    expect(alert).toBeLessThan(4);
    expect(started[alert]!.academy).toBe(B);
    expect(started.filter((run) => run.name === 'reminder').every((run) => run.academy === A)).toBe(true);
    // Nothing left; each academy's head says so.
    const heads = await database.db.execute<{ academy_id: string; next_due_at: Date | null }>(sql`select academy_id, next_due_at from job_heads order by academy_id`);
    expect(heads.rows).toEqual([
      { academy_id: A, next_due_at: null },
      { academy_id: B, next_due_at: null },
    ]);
  });

  it('makes a periodic job’s row in every active academy and runs it in each; a suspended academy’s jobs wait', async () => {
    const runner = createJobRunner({ db: database.db });
    const ranIn: string[] = [];
    runner.define('nightly-cleanup', { label: 'Cleanup', everyMs: 60 * 60_000, run: async () => void ranIn.push(currentAcademyId()) });
    expect(await runner.runDue()).toBe(2);
    expect(ranIn.sort()).toEqual([A, B].sort());
    // Each academy sees only its own row.
    const rowsOf = (work: <T>(inner: () => T) => T) => work(() => database.db.execute<{ key: string }>(sql`select key from jobs where key = 'nightly-cleanup' and academy_id = current_academy_id()`));
    expect((await rowsOf(inA)).rows).toHaveLength(1);
    expect((await rowsOf(inB)).rows).toHaveLength(1);

    await database.db.execute(sql`update academies set status = 'suspended' where id = ${B}`);
    try {
      runner.define('one-off', { label: 'One-off', run: async () => void ranIn.push(`one-off ${currentAcademyId()}`) });
      await inB(() => runner.enqueue('one-off'));
      await inA(() => runner.enqueue('one-off'));
      expect(await runner.runDue()).toBe(1);
      expect(ranIn.at(-1)).toBe(`one-off ${A}`);
    } finally {
      await database.db.execute(sql`update academies set status = 'active' where id = ${B}`);
    }
    expect(await runner.runDue()).toBe(1);
    expect(ranIn.at(-1)).toBe(`one-off ${B}`);
  });
});
