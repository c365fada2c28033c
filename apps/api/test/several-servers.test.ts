import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createDatabase } from '../src/db/client';
import type { JobRunner } from '../src/db/job-runner';
import { backupJobs, batches, jobs } from '../src/db/schema';
import { LOGIN_FAILURE_LIMIT } from '../src/modules/auth/auth.service';
import { NEWSLETTER_RATE_LIMIT } from '../src/modules/newsletter/newsletter.routes';
import { academyToday } from '../src/academy-settings';
import { buildTestApp, createTestDatabaseConnection, type TestApp } from './build-test-app';
import { buildBatch, buildStudent, buildTeacher, buildUser, loginAs, TEST_PASSWORD } from './factories';
import { onCitus } from './citus-cluster';
import { changeJobTimes } from './job-times';
import { keepsAnswers } from '../src/lib/read-cache';

/** On Citus each statement is a transaction of its own (three round trips, db/client.ts): these many-statement tests get more time there. */
const ON_CITUS_TIME = onCitus() ? 180_000 : undefined;

/**
 * Two servers on one database (README "Several servers", decision 016): two complete apps, each with
 * its own connection pool, its own rate-limit store and its own job runner, on one PostgreSQL database.
 * Anything one server kept only in its memory would show up here as the other not knowing it.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const connection = await createTestDatabaseConnection();
  a = await buildTestApp({ database: createDatabase(connection) });
  b = await buildTestApp({ database: createDatabase(connection) });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('two servers on one database', () => {
  it('a session made on one server works on the other, and signing out on the other ends it on both', async () => {
    const admin = await buildUser(a.database.db, { role: 'admin' });
    const cookie = await loginAs(a.app, admin.email);
    const me = await b.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data._id).toBe(admin.id);

    // Used on the first server too: its session is kept there (issue 77), and still ends as soon as the other's notice arrives.
    await vi.waitFor(() => expect(keepsAnswers(a.database.db)).toBe(true));
    expect((await a.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    await expect.poll(async () => (await a.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it("an account deactivated on one server is signed out on the other, where its session was kept", async () => {
    const admin = await loginAs(b.app, (await buildUser(a.database.db, { role: 'admin' })).email);
    const student = await buildStudent(a.database.db, { name: 'Deactivated Across Servers' });
    const cookie = await loginAs(a.app, student.user.email);
    await vi.waitFor(() => expect(keepsAnswers(a.database.db)).toBe(true));
    for (let n = 0; n < 2; n += 1) expect((await a.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    const archived = await b.app.inject({ method: 'PUT', url: `/api/students/${student.id}`, headers: { cookie: admin }, payload: { status: 'archived' } });
    expect(archived.statusCode, archived.body).toBe(200);
    await expect.poll(async () => (await a.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('counts failed sign-ins across both servers: the limit is reached however the tries are spread', async () => {
    const user = await buildUser(a.database.db);
    const remoteAddress = '198.51.100.7';
    const tryOn = (t: TestApp, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: user.email, password } });
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      expect((await tryOn(i % 2 === 0 ? a : b, 'not-the-password')).statusCode).toBe(401);
    }
    // Either server now refuses, even the right password.
    expect((await tryOn(a, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await tryOn(b, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('counts a rate limit across both servers, with Retry-After from the shared window', async () => {
    const remoteAddress = '198.51.100.8';
    const subscribe = (t: TestApp, n: number) => t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', remoteAddress, payload: { email: `reader-${n}@example.com` } });
    for (let n = 0; n < NEWSLETTER_RATE_LIMIT.max; n += 1) {
      expect((await subscribe(n % 2 === 0 ? a : b, n)).statusCode).toBe(200);
    }
    for (const t of [a, b]) {
      const refused = await subscribe(t, 99);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, message: expect.any(String) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Another client is not affected.
    expect((await b.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', remoteAddress: '198.51.100.9', payload: { email: 'other@example.com' } })).statusCode).toBe(200);
  });

  it('a correction of a past day on one server shows on the other’s dashboard at once (its kept counts are forgotten)', async () => {
    const db = a.database.db;
    const adminCookie = await loginAs(b.app, (await buildUser(db, { role: 'admin' })).email);
    const summaryOnB = async () => {
      const response = await b.app.inject({ method: 'GET', url: '/api/admin/dashboard/summary', headers: { cookie: adminCookie } });
      expect(response.statusCode).toBe(200);
      return response.json().data as { attendance: { today: { date: string }; trend: { date: string; total: number; percentage: number | null }[] } };
    };
    const teacher = await buildTeacher(db);
    const student = await buildStudent(db);
    const before = await summaryOnB();
    const yesterday = before.attendance.trend.at(-2)!.date;
    const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id], startDate: before.attendance.trend[0]!.date, endDate: before.attendance.today.date });
    const teacherCookie = await loginAs(a.app, teacher.user.email);
    const markOnA = async (status: string) => {
      const response = await a.app.inject({ method: 'POST', url: `/api/attendance/batch/${batch.id}`, headers: { cookie: teacherCookie }, payload: { date: yesterday, records: [{ studentId: student.id, status }] } });
      expect(response.statusCode).toBe(200);
    };
    const yesterdayOnB = async () => (await summaryOnB()).attendance.trend.find((day) => day.date === yesterday)!;
    await markOnA('absent');
    // The notification arrives a moment after the commit, well within the minute B keeps its counts.
    await expect.poll(yesterdayOnB, { timeout: 5_000 }).toMatchObject({ total: 1, percentage: 0 });
    await markOnA('present');
    await expect.poll(yesterdayOnB, { timeout: 5_000 }).toMatchObject({ total: 1, percentage: 100 });
  });

  it('a batch renamed on one server shows in the other’s kept batch list as soon as the notice arrives', async () => {
    const db = a.database.db;
    const adminCookie = await loginAs(b.app, (await buildUser(db, { role: 'admin' })).email);
    const batch = await buildBatch(db, { name: 'Before The Rename' });
    const namesOnB = async () => {
      const response = await b.app.inject({ method: 'GET', url: '/api/batches', headers: { cookie: adminCookie } });
      expect(response.statusCode).toBe(200);
      return (response.json().data as { name: string }[]).map((row) => row.name);
    };
    // Read twice: the second answer comes from what B kept.
    await vi.waitFor(async () => expect(await namesOnB()).toContain('Before The Rename'));
    expect(await namesOnB()).toContain('Before The Rename');
    await db.update(batches).set({ name: 'After The Rename' }).where(eq(batches.id, batch.id));
    await expect.poll(namesOnB).toContain('After The Rename');
  });

  it('a manual backup started on one server is followed on the other, which refuses a second one meanwhile', async () => {
    const cookieA = await loginAs(a.app, (await buildUser(a.database.db, { role: 'admin' })).email);
    const cookieB = await loginAs(b.app, (await buildUser(a.database.db, { role: 'admin' })).email);
    const started = await a.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: cookieA } });
    expect(started.statusCode).toBe(202);
    const id = started.json().data.id as string;
    const onB = async () => (await b.app.inject({ method: 'GET', url: `/api/admin/backups/jobs/${id}`, headers: { cookie: cookieB } })).json().data;
    await expect.poll(async () => (await onB()).status, { timeout: 20_000 }).toBe('succeeded');
    expect((await onB()).backupName).toMatch(/^academy-.*-manual-/);

    // A job running on a server (its heartbeat fresh): the other server knows it and refuses another.
    const running = { id: '00000000-0000-4000-8000-000000000001', type: 'create', status: 'running', progress: 0.3, step: 'Copying table users', backupName: null, error: null, startedAt: new Date().toISOString(), finishedAt: null };
    await a.database.db.insert(backupJobs).values({ id: running.id, state: running });
    expect((await b.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: cookieB } })).statusCode).toBe(409);
    expect((await b.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie: cookieB } })).json().data.activeJob).toMatchObject({ id: running.id, progress: 0.3 });
    // Its server stopped (no heartbeat for a while): reported as failed, and a new backup may start.
    await a.database.db.update(backupJobs).set({ heartbeatAt: sql`now() - interval '5 minutes'` }).where(sql`${backupJobs.id} = ${running.id}`);
    const id2 = running.id;
    expect((await b.app.inject({ method: 'GET', url: `/api/admin/backups/jobs/${id2}`, headers: { cookie: cookieB } })).json().data).toMatchObject({ status: 'failed', error: expect.stringContaining('stopped') });
    const again = await b.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: cookieB } });
    expect(again.statusCode).toBe(202);
    await b.app.backgroundIdle();
  });

  it('an event written on one server is handled once, by whichever server delivers it first (decision 026)', async () => {
    const db = a.database.db;
    const adminCookie = await loginAs(a.app, (await buildUser(db, { role: 'admin' })).email);
    // Alerts after a long delay: each attendance.marked event's handler queues one alert job, which stays queued here.
    const saved = await a.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/parent-alerts',
      headers: { cookie: adminCookie },
      payload: { absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 60 }, parentWebhook: { url: null } },
    });
    expect(saved.statusCode).toBe(200);
    const today = await academyToday(db);
    const submissions = 6;
    for (let n = 0; n < submissions; n += 1) {
      const teacher = await buildTeacher(db);
      const student = await buildStudent(db);
      const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id] });
      const cookie = await loginAs(n % 2 === 0 ? a.app : b.app, teacher.user.email);
      const marked = await (n % 2 === 0 ? a : b).app.inject({ method: 'POST', url: `/api/attendance/batch/${batch.id}`, headers: { cookie }, payload: { date: today, records: [{ studentId: student.id, status: 'absent' }] } });
      expect(marked.statusCode).toBe(200);
    }
    // Both servers claim the wake-up runs and the periodic run at the same moment.
    for (let round = 0; round < 3; round += 1) await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue(), a.app.jobs.runDue(), b.app.jobs.runDue()]);
    const alertJobs = await db.select().from(jobs).where(sql`${jobs.name} = 'absence-alerts'`);
    expect(alertJobs).toHaveLength(submissions);
    const { rows } = await db.execute<{ status: string; attempts: number; n: number }>(sql`
      select d.status, d.attempts, count(*)::int as n from domain_event_deliveries d join domain_events e on e.id = d.event_id and e.academy_id = d.academy_id
      where d.handler = 'parents.absence-alerts' and e.payload->>'date' = ${today} group by d.status, d.attempts`);
    expect(rows).toEqual([{ status: 'done', attempts: 1, n: submissions }]);
    await a.database.db.delete(jobs).where(sql`${jobs.name} = 'absence-alerts'`);
  }, ON_CITUS_TIME);

  it('runs a due job exactly once when both servers poll at the same moment (many times over)', async () => {
    const runs: string[] = [];
    // Jobs of this test only, on each app's runner (the app's catalog knows none of them).
    type CountingJobs = JobRunner<{ 'count-once': { n: number }; 'count-periodic': Record<string, never> }>;
    const runnerOf = (t: TestApp) => t.app.jobs as unknown as CountingJobs;
    for (const [server, t] of [
      ['a', a],
      ['b', b],
    ] as const) {
      runnerOf(t).define('count-once', { label: 'Count once', run: async (payload) => void runs.push(`${payload.n}:${server}`) });
      runnerOf(t).define('count-periodic', { label: 'Count periodic', everyMs: 60 * 60 * 1000, run: async () => void runs.push(`periodic:${server}`) });
    }
    const rounds = 40;
    for (let n = 0; n < rounds; n += 1) {
      await runnerOf(a).enqueue('count-once', { n });
      // The periodic job is due again in every round.
      // (with the academy's job head: on Citus the trigger that moves it is dropped, test/job-times.ts)
      await changeJobTimes(a.database.db, sql`update jobs set run_at = now() where key = 'count-periodic'`);
      await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue(), a.app.jobs.runDue(), b.app.jobs.runDue()]);
    }
    const oneOff = runs.filter((run) => !run.startsWith('periodic'));
    expect(oneOff.map((run) => Number(run.split(':')[0]))).toEqual(Array.from({ length: rounds }, (_, n) => n));
    expect(runs.filter((run) => run.startsWith('periodic'))).toHaveLength(rounds);
    // Done one-off jobs leave no row; the periodic one waits an hour for its next run.
    const rows = await a.database.db.select().from(jobs).where(sql`${jobs.name} in ('count-once', 'count-periodic')`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lastStatus).toBe('ok');
    expect(rows[0]!.runAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
  }, ON_CITUS_TIME);
});
