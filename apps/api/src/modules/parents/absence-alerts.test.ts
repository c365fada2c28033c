import type http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parentMessages } from '../../db/schema';
import { NO_PROVIDERS, TEST_SERVER_KEYS } from '../../../test/build-test-app';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, loginAs } from '../../../test/factories';
import { absenceMessages } from './absence-alerts';
import { notifyParents } from '../family-outbox/queue-messages';
import { sendDueParentMessages } from '../family-outbox/send-messages';
import type { ParentSenderDeps } from '../family-outbox/sender-parts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../family-outbox/send-to-webhook';
import { formatDate, shiftDate } from '@academy/shared/calendar';
import { changeJobTimes } from '../../../test/job-times';
import { startStandInServer } from '../../../test/stand-in-server';

const SECRET = 'a-long-webhook-secret-0123456789';
type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let webhookStatus = 200;
/** How long the stand-in provider takes to answer (a slow SMS gateway). */
let webhookDelayMs = 0;
let webhookServer: http.Server;
let webhookUrl: string;

const t = shareSignedInTestApp();
beforeAll(async () => {
  const standIn = await startStandInServer((request, body, response) => {
    received.push({ headers: request.headers, body });
    setTimeout(() => {
      response.statusCode = webhookStatus;
      response.end('ok');
    }, webhookDelayMs);
  });
  webhookServer = standIn.server;
  webhookUrl = `${standIn.origin}/hook`;
});
afterAll(() => new Promise((resolve) => webhookServer.close(resolve)));
beforeEach(() => {
  received.length = 0;
  webhookStatus = 200;
  webhookDelayMs = 0;
});

const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: t.adminCookie }, ...(payload ? { payload } : {}) });

async function settings(absenceAlerts: { enabled: boolean; statuses: ('absent' | 'late')[]; delayMinutes: number }, webhook = true) {
  const response = await asAdmin('PUT', '/api/admin/settings/parent-alerts', { absenceAlerts, parentWebhook: webhook ? { url: webhookUrl, secret: SECRET } : { url: null } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** A teacher's batch with these students, and a function that submits today's marks as that teacher. */
async function classroom(studentIds: string[]) {
  const teacher = await buildTeacher(t.database.db);
  const batch = await buildBatch(t.database.db, { teacherId: teacher.id, studentIds, name: `Maths ${studentIds.length}-${Math.random().toString(36).slice(2, 6)}` });
  const cookie = await loginAs(t.app, teacher.user.email);
  const submit = async (marks: Record<string, 'present' | 'absent' | 'late'>, batchId = batch.id) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/attendance/batch/${batchId}`,
      headers: { cookie },
      payload: { date: t.today, records: Object.entries(marks).map(([studentId, status]) => ({ studentId, status })) },
    });
    expect(response.statusCode).toBe(200);
  };
  return { batch, teacher, submit };
}

/** Runs every due job until none is left (an alert job enqueues the sending job). */
async function runJobs() {
  while ((await t.app.jobs.runDue()) > 0);
}

/** One server's sender, as the job runs it (development: the stand-in webhook on 127.0.0.1). */
const sendDue = (options: Partial<ParentSenderDeps> = {}) => sendDueParentMessages({ db: t.database.db, mailer: t.mailer, keys: TEST_SERVER_KEYS, outbound: { production: false }, providers: NO_PROVIDERS, ...options });

const alertsOf = async (studentId: string) => (await asAdmin('GET', `/api/admin/absence-alerts?date=${t.today}`)).json().data.alerts.filter((alert: { child: { _id: string } }) => alert.child._id === studentId);

describe('same-day absence alerts', () => {
  it('settings: shown to the admin without the secret, checked, and audited', async () => {
    const saved = await settings({ enabled: true, statuses: ['absent', 'late'], delayMinutes: 5 });
    expect(saved.absenceAlerts).toMatchObject({ enabled: true, statuses: ['absent', 'late'], delayMinutes: 5 });
    expect(saved.parentWebhook).toEqual({ url: webhookUrl, secretSet: true });
    expect(JSON.stringify(saved)).not.toContain(SECRET);
    const bad = await asAdmin('PUT', '/api/admin/settings/parent-alerts', { absenceAlerts: { enabled: 'yes', statuses: [], delayMinutes: 500 }, parentWebhook: { url: 'http://example.com/x', secret: 'short' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['absenceAlerts.delayMinutes', 'absenceAlerts.enabled', 'absenceAlerts.statuses', 'parentWebhook.secret', 'parentWebhook.url']);
  });

  it("sends one alert per linked parent by email (in the parent's language) and a signed webhook; the sibling and an unlinked parent get nothing", async () => {
    await settings({ enabled: true, statuses: ['absent'], delayMinutes: 0 });
    const db = t.database.db;
    const child = await buildStudent(db, { name: 'Aarav Absent' });
    const sibling = await buildStudent(db, { name: 'Isha Present' });
    const mother = await buildParent(db, { name: 'Sunita Patil', studentIds: [child.id, sibling.id], language: 'mr', phone: '+919822011111' });
    const stranger = await buildParent(db, { studentIds: [sibling.id] });
    const { batch, submit } = await classroom([child.id, sibling.id]);
    await submit({ [child.id]: 'absent', [sibling.id]: 'present' });
    await runJobs();

    const mails = await t.mailsTo(mother.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Aarav Absent आज गैरहजर आहे');
    expect(mails[0]!.text).toContain(batch.name);
    expect(await t.mailsTo(stranger.user.email)).toHaveLength(0);

    expect(received).toHaveLength(1);
    const [hook] = received;
    const signature = String(hook!.headers[WEBHOOK_SIGNATURE_HEADER]);
    const [, timestamp, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
    expect(v1).toBe(signWebhook(SECRET, Number(timestamp), hook!.body));
    expect(signWebhook('another-secret-0123456789', Number(timestamp), hook!.body)).not.toBe(v1);
    expect(JSON.parse(hook!.body)).toMatchObject({
      kind: 'absence',
      date: t.today,
      status: 'absent',
      phone: '+919822011111',
      parent: { name: 'Sunita Patil', language: 'mr' },
      child: { _id: child.id, name: 'Aarav Absent' },
      batch: { _id: batch.id, name: batch.name },
    });
    expect(JSON.parse(hook!.body).message).toContain('गैरहजर');

    const alerts = await alertsOf(child.id);
    expect(alerts.map((alert: { channel: string; status: string }) => `${alert.channel}:${alert.status}`).sort()).toEqual(['email:sent', 'webhook:sent']);
    expect(await alertsOf(sibling.id)).toEqual([]);
  });

  it("uses the academy's template in the parent's language for the email and the webhook message", async () => {
    const db = t.database.db;
    const current = (await asAdmin('GET', '/api/admin/settings')).json().data.absenceAlerts.templates;
    const templates = { ...current, mr: '{parent}, {academy}: {child} ({batch}) {date} रोजी {status}.' };
    await asAdmin('PUT', '/api/admin/settings/parent-alerts', { absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 0, templates }, parentWebhook: { url: webhookUrl, secret: SECRET } });
    try {
      const child = await buildStudent(db, { name: 'Tanvi Template' });
      const mother = await buildParent(db, { name: 'Sunita Template', studentIds: [child.id], language: 'mr' });
      const { batch, submit } = await classroom([child.id]);
      await submit({ [child.id]: 'absent' });
      await runJobs();
      const academy = (await asAdmin('GET', '/api/admin/settings')).json().data.name;
      const expected = `Sunita Template, ${academy}: Tanvi Template (${batch.name}) ${formatDate(t.today)} रोजी गैरहजर.`;
      const mails = await t.mailsTo(mother.user.email);
      expect(mails[0]!.text).toContain(expected);
      expect(JSON.parse(received[0]!.body).message).toBe(expected);
    } finally {
      await asAdmin('PUT', '/api/admin/settings/parent-alerts', { absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 0, templates: current } });
    }
  });

  it('one alert per child per day, whatever the number of batches or submissions', async () => {
    await settings({ enabled: true, statuses: ['absent'], delayMinutes: 0 }, false);
    const db = t.database.db;
    const child = await buildStudent(db);
    const parent = await buildParent(db, { studentIds: [child.id] });
    const first = await classroom([child.id]);
    const second = await classroom([child.id]);
    await first.submit({ [child.id]: 'absent' });
    await second.submit({ [child.id]: 'absent' });
    await first.submit({ [child.id]: 'absent' });
    await runJobs();
    expect(await t.mailsTo(parent.user.email)).toHaveLength(1);
    expect(received).toHaveLength(0);
  });

  it('a correction within the delay sends nothing (the alert reads cancelled); late alerts only when chosen', async () => {
    await settings({ enabled: true, statuses: ['absent'], delayMinutes: 10 }, false);
    const db = t.database.db;
    const child = await buildStudent(db);
    const late = await buildStudent(db);
    const parent = await buildParent(db, { studentIds: [child.id, late.id] });
    const { submit } = await classroom([child.id, late.id]);
    await submit({ [child.id]: 'absent', [late.id]: 'late' });
    // Not due before the delay.
    await runJobs();
    expect(await alertsOf(child.id)).toEqual([]);
    await submit({ [child.id]: 'present', [late.id]: 'late' });
    // The delay has passed.
    await changeJobTimes(db, sql`update jobs set run_at = now() where name = 'absence-alerts' and run_at > now()`);
    await runJobs();
    expect(await t.mailsTo(parent.user.email)).toHaveLength(0);
    expect((await alertsOf(child.id)).map((alert: { status: string }) => alert.status)).toEqual(['cancelled']);
    expect(await alertsOf(late.id)).toEqual([]);
  });

  it('is still sent when its delivery runs after midnight: the day was judged when the marks were saved (issue 61)', async () => {
    await settings({ enabled: true, statuses: ['absent'], delayMinutes: 0 }, false);
    const db = t.database.db;
    const child = await buildStudent(db, { name: 'Nikhil Night' });
    const parent = await buildParent(db, { studentIds: [child.id] });
    const { submit } = await classroom([child.id]);
    await submit({ [child.id]: 'absent' });
    // The event is delivered (a retry, a busy server) at 00:03 the next day.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(`${shiftDate(t.today, 1)}T00:03:00+05:30`));
      await runJobs();
    } finally {
      vi.useRealTimers();
    }
    // The alert it scheduled goes out (with the real clock, the sender's).
    await runJobs();
    const mails = await t.mailsTo(parent.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Nikhil Night');
  });

  it('never reaches a parent unlinked before the alert is sent', async () => {
    await settings({ enabled: true, statuses: ['absent'], delayMinutes: 0 }, false);
    const db = t.database.db;
    const child = await buildStudent(db);
    const parent = await buildParent(db, { studentIds: [child.id] });
    const { submit } = await classroom([child.id]);
    await submit({ [child.id]: 'absent' });
    // The attendance.marked event schedules the alert job, which queues the message; the office unlinks
    // the parent before it is sent. Only those two jobs run here: a bare runDue could also claim the
    // sender the alert job had just queued, and then the mail was out before the unlink.
    await t.app.jobs.runDue(['domain-events']);
    await t.app.jobs.runDue(['absence-alerts']);
    expect(await db.select().from(parentMessages).where(eq(parentMessages.studentId, child.id))).not.toHaveLength(0);
    expect(await t.mailsTo(parent.user.email)).toHaveLength(0);
    expect((await asAdmin('POST', `/api/students/${child.id}/parents`, { name: 'x', email: 'x@example.com' })).statusCode).toBe(201);
    const unlinked = await t.app.inject({ method: 'DELETE', url: `/api/students/${child.id}/parents/${parent.id}`, headers: { cookie: t.adminCookie } });
    expect(unlinked.statusCode).toBe(200);
    await runJobs();
    expect(await t.mailsTo(parent.user.email)).toHaveLength(0);
  });

  it('retries a failing webhook with backoff, then the office retries a failed alert', async () => {
    await settings({ enabled: true, statuses: ['absent'], delayMinutes: 0 });
    const db = t.database.db;
    const child = await buildStudent(db);
    await buildParent(db, { studentIds: [child.id] });
    const { submit } = await classroom([child.id]);
    webhookStatus = 503;
    await submit({ [child.id]: 'absent' });
    await runJobs();
    const webhookRow = async () => (await db.select().from(parentMessages).where(eq(parentMessages.studentId, child.id))).find((row) => row.channel === 'webhook')!;
    expect(await webhookRow()).toMatchObject({ status: 'failed', attempts: 1, error: 'The webhook answered 503' });
    // Not again before its backoff (30 s after the first try).
    expect((await sendDue()).failed).toBe(0);
    await db.execute(sql`update parent_messages set updated_at = now() - interval '31 seconds' where student_id = ${child.id}`);
    expect((await sendDue()).failed).toBe(1);
    expect(await webhookRow()).toMatchObject({ status: 'failed', attempts: 2 });
    // Given up after five tries: the office sends it again.
    await db.execute(sql`update parent_messages set attempts = 5, updated_at = now() - interval '2 hours' where student_id = ${child.id} and channel = 'webhook'`);
    expect((await sendDue()).failed).toBe(0);
    webhookStatus = 200;
    const id = (await webhookRow()).id;
    const retried = await asAdmin('POST', `/api/admin/absence-alerts/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    await runJobs();
    expect(await webhookRow()).toMatchObject({ status: 'sent', error: null });
    expect((await asAdmin('POST', `/api/admin/absence-alerts/${id}/retry`)).statusCode).toBe(409);
  });

  it('two senders at once (two servers) send each message once', async () => {
    await settings({ enabled: true, statuses: ['absent'], delayMinutes: 0 });
    const db = t.database.db;
    const children = await Promise.all([0, 1, 2, 3, 4].map(() => buildStudent(db)));
    for (const child of children) await buildParent(db, { studentIds: [child.id] });
    const { submit } = await classroom(children.map((child) => child.id));
    await submit(Object.fromEntries(children.map((child) => [child.id, 'absent' as const])));
    // Only the attendance.marked event's delivery, then the alert job (it queues the messages); then two senders race.
    await changeJobTimes(db, sql`update jobs set run_at = now() + interval '1 hour' where name = 'parent-messages'`);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const [a, b] = await Promise.all([sendDue(), sendDue()]);
    expect(a.sent + b.sent).toBe(10);
    expect(received).toHaveLength(5);
    await changeJobTimes(db, sql`update jobs set run_at = now() where name = 'parent-messages'`);
  });

  it('a slow webhook keeps its claims: a second server starting after the lease would have run out sends nothing twice', async () => {
    await settings({ enabled: true, statuses: ['absent'], delayMinutes: 0 });
    const db = t.database.db;
    const children = await Promise.all([0, 1, 2].map(() => buildStudent(db)));
    for (const child of children) {
      await buildParent(db, { studentIds: [child.id] });
      // Queued without a job runner: only the two senders below send them.
      const messages = absenceMessages({ child: 'Child', batches: 'Maths', status: 'absent', date: t.today, academy: 'Academy' });
      await notifyParents(db, undefined, { studentId: child.id, kind: 'absence', key: `absence:${child.id}:${t.today}`, date: t.today, messages, payload: {}, values: {} });
    }
    // Each webhook call outlasts the lease: only its renewal keeps the second server off the message.
    webhookDelayMs = 500;
    const first = sendDue({ leaseMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 450));
    const second = sendDue({ leaseMs: 300 });
    const [a, b] = await Promise.all([first, second]);
    expect(a.sent + b.sent).toBe(6);
    expect(a.failed + b.failed).toBe(0);
    const ids = received.map((hook) => JSON.parse(hook.body).id as string);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    // The second server shared the work (it did not sit idle behind a claim of everything).
    expect(b.sent).toBeGreaterThan(0);
  });
});
