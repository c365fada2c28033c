import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs, rateLimitHits } from './schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildUser, loginAs } from '../../test/factories';
import { createJobRunner, retryDelayMs } from './job-runner';
import { countHit, pruneRateLimitHits } from './rate-limit-store';
import { changeJobTimes } from '../../test/job-times';
import { citusWorkers } from '../../test/citus-cluster';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rowOf = async (key: string) => (await t.database.db.select().from(jobs).where(eq(jobs.key, key)))[0];
const makeDue = (key: string) => changeJobTimes(t.database.db, sql`update jobs set run_at = now() where key = ${key}`);

describe('the job runner', () => {
  it('retries a failing periodic job with backoff, then gives up until its next run, keeping the last error', async () => {
    const runner = createJobRunner({ db: t.database.db });
    let calls = 0;
    runner.define('flaky', {
      label: 'Flaky',
      everyMs: 60 * 60 * 1000,
      maxAttempts: 2,
      run: async () => {
        calls += 1;
        throw new Error(`disk full (${calls})`);
      },
    });
    expect(await runner.runDue()).toBe(1);
    let row = (await rowOf('flaky'))!;
    expect(row).toMatchObject({ lastStatus: 'retrying', lastError: 'disk full (1)', lastAttempts: 1, attempts: 1, lockedUntil: null, lockedBy: null });
    // Retried after the backoff (30 s for the first retry), not at once.
    const wait = row.runAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(retryDelayMs(1) - 5_000);
    expect(wait).toBeLessThanOrEqual(retryDelayMs(1) + 1_000);
    expect(await runner.runDue()).toBe(0);

    await makeDue('flaky');
    expect(await runner.runDue()).toBe(1);
    row = (await rowOf('flaky'))!;
    // The second of two attempts failed: given up, due again at its next scheduled run.
    expect(row).toMatchObject({ lastStatus: 'failed', lastError: 'disk full (2)', lastAttempts: 2, attempts: 0 });
    expect(row.runAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    expect(row.lastDurationMs).toBeGreaterThanOrEqual(0);

    const [status] = await runner.status();
    expect(status).toMatchObject({ name: 'flaky', label: 'Flaky', everyMs: 3_600_000, running: false, lastRun: { status: 'failed', error: 'disk full (2)', attempts: 2 } });
  });

  it('keeps polling while a long job runs: a job enqueued meanwhile (an absence alert) does not wait for it', async () => {
    const runner = createJobRunner({ db: t.database.db, pollMs: 50 });
    let release!: () => void;
    const longJobRunning = new Promise<void>((started) => {
      runner.define('long-report-cards', { label: 'Long', run: () => (started(), new Promise<void>((resolve) => (release = resolve))) });
    });
    let quickRan = false;
    runner.define('quick-alert', { label: 'Quick', run: async () => void (quickRan = true) });
    await runner.enqueue('long-report-cards');
    runner.start();
    try {
      await longJobRunning;
      await runner.enqueue('quick-alert');
      await expect.poll(() => quickRan, { timeout: 5_000 }).toBe(true);
    } finally {
      release();
      await runner.stop();
    }
  });

  it('waits `afterFailureMs` instead of its interval after giving up, when the job says so', async () => {
    const runner = createJobRunner({ db: t.database.db });
    runner.define('backup-like', { label: 'Backup-like', everyMs: 60_000, maxAttempts: 1, afterFailureMs: 15 * 60_000, run: async () => {
      throw new Error('disk full');
    } });
    await runner.runDue();
    const row = (await rowOf('backup-like'))!;
    expect(row.lastStatus).toBe('failed');
    expect(row.runAt!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('runs a periodic job that knows when it is next needed then, at the latest after its interval; a time already past a minute later (decision 115)', async () => {
    const runner = createJobRunner({ db: t.database.db });
    let next: Date | undefined = new Date(Date.now() + 90_000);
    runner.define('sleepy-sweep', { label: 'Sleepy sweep', everyMs: 10 * 60_000, nextRunAt: async () => next, run: async () => {} });
    const waitAfterRun = async () => {
      await makeDue('sleepy-sweep');
      expect(await runner.runDue()).toBe(1);
      return (await rowOf('sleepy-sweep'))!.runAt!.getTime() - Date.now();
    };
    // Its work due in 90 s: then, not after the 10 minutes.
    expect(Math.abs((await waitAfterRun()) - 90_000)).toBeLessThan(5_000);
    // Nothing known: its interval.
    next = undefined;
    expect(Math.abs((await waitAfterRun()) - 10 * 60_000)).toBeLessThan(5_000);
    // Further than the interval: the interval.
    next = new Date(Date.now() + 60 * 60_000);
    expect(Math.abs((await waitAfterRun()) - 10 * 60_000)).toBeLessThan(5_000);
    // Already past (work the run left): a minute from now, not at once, again and again.
    next = new Date(Date.now() - 1_000);
    expect(Math.abs((await waitAfterRun()) - 60_000)).toBeLessThan(5_000);
    await changeJobTimes(t.database.db, sql`delete from jobs where name = 'sleepy-sweep'`);
  });

  it('brings a sleeping periodic job forward from a one-off run of it (a wake-up), or queues another when the periodic run is running (decision 115)', async () => {
    const runner = createJobRunner({ db: t.database.db });
    let runs = 0;
    runner.define('woken-sweep', { label: 'Woken sweep', everyMs: 10 * 60_000, nextRunAt: async () => new Date(Date.now() + 30_000), run: async () => void (runs += 1) });
    // The periodic row made and run once: asleep for 30 s.
    expect(await runner.runDue()).toBe(1);
    await changeJobTimes(t.database.db, sql`update jobs set run_at = now() + interval '10 minutes' where key = 'woken-sweep'`);
    // Work added: a one-off run now (as publishing an online test queues one); it runs the sweep and brings the periodic run to 30 s.
    await runner.enqueue('woken-sweep');
    expect(await runner.runDue()).toBe(1);
    expect(runs).toBe(2);
    expect(Math.abs((await rowOf('woken-sweep'))!.runAt!.getTime() - Date.now() - 30_000)).toBeLessThan(5_000);
    const oneOffs = () => t.database.db.select().from(jobs).where(sql`${jobs.name} = 'woken-sweep' and ${jobs.everyMs} is null`);
    expect(await oneOffs()).toEqual([]);
    // The periodic run running elsewhere (its record would set a time read before the work was there): another one-off at 30 s instead.
    await t.database.db.update(jobs).set({ lockedUntil: sql`now() + interval '1 minute'`, lockedBy: 'other-server', runAt: sql`now() + interval '10 minutes'` }).where(eq(jobs.key, 'woken-sweep'));
    await runner.enqueue('woken-sweep');
    expect(await runner.runDue()).toBe(1);
    const [chained] = await oneOffs();
    expect(Math.abs(chained!.runAt!.getTime() - Date.now() - 30_000)).toBeLessThan(5_000);
    expect((await rowOf('woken-sweep'))!.runAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    await changeJobTimes(t.database.db, sql`delete from jobs where name = 'woken-sweep'`);
  });

  it('backs off 30 s, 1 min, 2 min… up to an hour', () => {
    expect([1, 2, 3, 4, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000]);
  });

  it('keeps a one-off job that failed for good (without a next run) and deletes one that succeeded', async () => {
    const runner = createJobRunner({ db: t.database.db });
    runner.define('mail-once', { label: 'Mail', maxAttempts: 1, run: async (payload) => {
      if ((payload as { fail: boolean }).fail) throw new Error('smtp down');
    } });
    const good = await runner.enqueue('mail-once', { fail: false });
    const bad = await runner.enqueue('mail-once', { fail: true });
    expect(await runner.runDue()).toBe(2);
    expect(await rowOf(good)).toBeUndefined();
    expect(await rowOf(bad)).toMatchObject({ lastStatus: 'failed', lastError: 'smtp down', runAt: null });
  });

  it('runs at once a job queued by a run that commits after the runner set its head (an event queuing an absence alert)', async () => {
    const runner = createJobRunner({ db: t.database.db, concurrency: 2 });
    let alertSent = false;
    runner.define('send-alert', { label: 'Alert', run: async () => void (alertSent = true) });
    // Ends first: the runner, with a free slot, finds nothing more due and sets the head exactly, not
    // seeing the alert queued by the delivery's transaction, still open.
    runner.define('short-job', { label: 'Short', run: () => new Promise((resolve) => setTimeout(resolve, 150)) });
    runner.define('deliver-event', {
      label: 'Deliver',
      run: () =>
        t.database.db.transaction(async (tx) => {
          await runner.enqueue('send-alert', {}, { transaction: tx });
          await new Promise((resolve) => setTimeout(resolve, 600));
        }),
    });
    await runner.enqueue('deliver-event');
    await runner.enqueue('short-job');
    const first = await runner.runDue();
    // The head was set again when the delivery ended: the alert is due now, not at the next minute's upkeep.
    // On Citus the delivery's enqueue moves the head itself and holds its row until it commits (queueJobRun):
    // the runner's head waits for that commit and claims the alert in the same pass.
    if (citusWorkers().length > 0) expect(first + (await runner.runDue())).toBe(3);
    else {
      expect(first).toBe(2);
      expect(await runner.runDue()).toBe(1);
    }
    expect(alertSent).toBe(true);
  });

  it('sets its academy’s head with the record of each run: the next due time of its rows, a row leased elsewhere at its lease’s end', async () => {
    const exactHead = async () => {
      const { rows } = await t.database.db.execute<{ head: string | null; exact: string | null }>(sql`
        select (select next_due_at from job_heads where academy_id = current_academy_id())::text as head,
          (select min(greatest(run_at, coalesce(locked_until, run_at))) from jobs where run_at is not null)::text as exact`);
      return rows[0]!;
    };
    const runner = createJobRunner({ db: t.database.db });
    // Every row of the academy later than the ones below, so that they decide the head.
    await changeJobTimes(t.database.db, sql`update jobs set run_at = now() + interval '1 day' where run_at is not null`);
    runner.define('head-periodic', { label: 'Periodic', everyMs: 2 * 60 * 60 * 1000, run: async () => {} });
    runner.define('head-later', { label: 'Later', run: async () => {} });
    await runner.enqueue('head-later', {}, { runAt: new Date(Date.now() + 60 * 60 * 1000) });
    expect(await runner.runDue(['head-periodic'])).toBe(1);
    let head = await exactHead();
    expect(head.head).toBe(head.exact);
    // The periodic run's next run (in 2 hours) is later than the one-off's (in 1 hour): the one-off decides.
    expect(Date.parse(head.head!) - Date.now()).toBeGreaterThan(55 * 60 * 1000);
    expect(Date.parse(head.head!) - Date.now()).toBeLessThan(61 * 60 * 1000);

    // A run whose row another server takes meanwhile (its lease ran out while it ran): the record changes
    // nothing, and the head counts that row as the other server holds it.
    runner.define('head-taken', { label: 'Taken', everyMs: 3 * 60 * 60 * 1000, run: async () => {
      await t.database.db.execute(sql`update jobs set locked_by = 'other-server', locked_until = now() + interval '5 minutes' where key = 'head-taken'`);
    } });
    expect(await runner.runDue(['head-taken'])).toBe(1);
    head = await exactHead();
    expect(head.head).toBe(head.exact);
    expect(await rowOf('head-taken')).toMatchObject({ lockedBy: 'other-server', lastStatus: null });
    // The other server's lease ends in 5 minutes: the head is then.
    expect(Date.parse(head.head!) - Date.now()).toBeLessThan(6 * 60 * 1000);
    await changeJobTimes(t.database.db, sql`delete from jobs where key in ('head-taken', 'head-periodic') or name = 'head-later'`);
  });

  it('takes over a job whose runner died (its lease ran out), but not one whose lease is alive', async () => {
    const runner = createJobRunner({ db: t.database.db });
    let calls = 0;
    runner.define('takeover', { label: 'Takeover', run: async () => void (calls += 1) });
    const key = await runner.enqueue('takeover');
    await t.database.db.update(jobs).set({ lockedUntil: sql`now() + interval '1 minute'`, lockedBy: 'dead-server', attempts: 1 }).where(eq(jobs.key, key));
    expect(await runner.runDue()).toBe(0);
    await changeJobTimes(t.database.db, sql`update jobs set locked_until = now() - interval '1 second' where key = ${key}`);
    expect(await runner.runDue()).toBe(1);
    expect(calls).toBe(1);
  });

  it('runs a job queued while it is started within a moment, and what that run queues too, not at the next poll (decision 083)', async () => {
    const runner = createJobRunner({ db: t.database.db, pollMs: 60_000 });
    const ran: string[] = [];
    runner.define('code-message', { label: 'Code', run: async () => void (ran.push('code'), await runner.enqueue('code-sender')) });
    runner.define('code-sender', { label: 'Sender', run: async () => void ran.push('sender') });
    runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // the first poll is over
      await runner.enqueue('code-message');
      await expect.poll(() => ran, { timeout: 3_000 }).toEqual(['code', 'sender']);
    } finally {
      await runner.stop();
    }
  });

  it('finishes the runs in progress before it stops, renewing their lease meanwhile', async () => {
    const runner = createJobRunner({ db: t.database.db, leaseMs: 300, pollMs: 60_000 });
    let finished = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runner.define('slow', { label: 'Slow', everyMs: 60 * 60 * 1000, run: async () => {
      await gate;
      finished = true;
    } });
    runner.start();
    // Claimed by the first poll; the lease (300 ms) is renewed while it runs.
    await expect.poll(async () => (await rowOf('slow'))?.lockedBy ?? null).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await rowOf('slow'))!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    const stopping = runner.stop();
    setTimeout(release, 50);
    await stopping;
    expect(finished).toBe(true);
    expect(await rowOf('slow')).toMatchObject({ lastStatus: 'ok', lockedBy: null });
  });

  it('creates the rows of periodic jobs due at once, and the app defines today’s periodic work', async () => {
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(3);
    const status = await t.app.jobs.status();
    expect(status.map((job) => job.name)).toEqual(expect.arrayContaining(['announcement-notifications', 'expired-sign-in-records', 'rate-limit-pruning']));
    for (const job of status) expect(job.lastRun?.status).toBe('ok');
  });
});

describe('GET /api/admin/jobs', () => {
  it('shows the admin every job with its last and next run', async () => {
    await t.app.jobs.runDue();
    const admin = await buildUser(t.database.db, { role: 'admin' });
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: { cookie: await loginAs(t.app, admin.email) } });
    expect(response.statusCode).toBe(200);
    const notifications = response.json().data.find((job: { name: string }) => job.name === 'announcement-notifications');
    expect(notifications).toMatchObject({ label: 'Announcement notifications', everyMs: 300_000, running: false, lastRun: { status: 'ok', error: null, attempts: 1 } });
    expect(new Date(notifications.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(notifications.lastRun.finishedAt).getTime()).toBeGreaterThanOrEqual(new Date(notifications.lastRun.startedAt).getTime());
  });
});

describe('the rate-limit counters', () => {
  it('count within a fixed window, start over when it ends, and are pruned once dead', async () => {
    expect(await countHit(t.database.db, 'test|a', 60_000)).toMatchObject({ current: 1 });
    const second = await countHit(t.database.db, 'test|a', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    await t.database.db.update(rateLimitHits).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(rateLimitHits.key, 'test|a'));
    await countHit(t.database.db, 'test|b', 60_000);
    await pruneRateLimitHits(t.database.db);
    expect((await t.database.db.select().from(rateLimitHits)).map((row) => row.key)).not.toContain('test|a');
    expect(await countHit(t.database.db, 'test|a', 60_000)).toMatchObject({ current: 1 });
  });

  it('count concurrent requests exactly (one atomic upsert each)', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => countHit(t.database.db, 'test|burst', 60_000)));
    expect(counts.map((count) => count.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
