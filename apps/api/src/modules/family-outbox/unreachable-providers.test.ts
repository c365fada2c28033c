import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, conversationMessages, conversations, parentMessages } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { startProviderStandIns, type ProviderStandIns } from '../../../test/provider-stand-ins';
import { STAND_IN, standInWhatsApp } from '../../../test/provider-test-app';
import { SEND_MAX_ATTEMPTS } from '../../lib/delivery-timing';
import { runAbsenceAlerts } from '../parents/absence-alerts';
import { academyToday } from '../../academy-settings';
import { changeJobTimes } from '../../../test/job-times';

/**
 * Issue 73, point 12: with no provider reachable (a closed port: connection refused) or a provider
 * answering 503, every message ends failed with its reason after the short schedule of
 * delivery-timing.ts (decision 072), and the next channel takes over as soon as one has definitively
 * failed: WhatsApp → SMS → email. The waits between tries are skipped by moving the clock of the
 * message (its `updated_at`) and of the job (its `run_at`) back, as the minutes passing would.
 */
const TEMPLATES = { absence: 'absence_alert' };
const DLT = { absence: '1107161234567890123' };

/** A port on loopback that nothing listens on (bound, then closed): connecting is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function appWith(base: string): Promise<{ t: TestApp; admin: string; today: string }> {
  const t = await buildTestApp({ config: { providers: { whatsappBase: base, msg91Base: base } } });
  const admin = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin' })).email);
  const asAdmin = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: { cookie: admin }, payload });
  expect((await asAdmin('/api/admin/settings/parent-alerts', { absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 0 } })).statusCode).toBe(200);
  const saved = await asAdmin('/api/admin/settings/messaging', { whatsapp: standInWhatsApp(TEMPLATES), sms: { enabled: true, authKey: STAND_IN.authKey, senderId: 'shracd', templates: DLT }, quietHours: null });
  expect(saved.statusCode, saved.body).toBe(200);
  return { t, admin, today: await academyToday(t.database.db) };
}

/** Runs what is due, then lets the retry waits pass (messages' and jobs' clocks moved back), `rounds` times. */
async function letMinutesPass(t: TestApp, rounds: number) {
  for (let round = 0; round < rounds; round += 1) {
    await t.app.backgroundIdle();
    while ((await t.app.jobs.runDue()) > 0);
    await t.database.db.execute(sql`update parent_messages set updated_at = now() - interval '10 minutes' where status = 'failed'`);
    await changeJobTimes(t.database.db, sql`update jobs set run_at = now() where run_at > now()`);
  }
}

/** A child marked absent today whose mother has a phone and an email. */
async function absentChild(t: TestApp, today: string, phone: string) {
  const db = t.database.db;
  const teacher = await buildTeacher(db);
  const student = await buildStudent(db);
  const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id] });
  const parent = await buildParent(db, { phone, studentIds: [student.id] });
  await db.insert(attendanceRecords).values({ batchId: batch.id, studentId: student.id, date: today, status: 'absent', markedBy: teacher.user.id });
  await runAbsenceAlerts(db, t.app.jobs, { date: today, studentIds: [student.id] });
  return parent;
}

const alertsOf = (t: TestApp, parentId: string) =>
  t.database.db
    .select({ channel: parentMessages.channel, status: parentMessages.status, attempts: parentMessages.attempts, error: parentMessages.error })
    .from(parentMessages)
    .where(and(eq(parentMessages.parentId, parentId), eq(parentMessages.kind, 'absence')))
    .orderBy(parentMessages.createdAt);

describe('no provider reachable (connection refused)', () => {
  let t: TestApp;
  let admin: string;
  let today: string;
  beforeAll(async () => {
    ({ t, admin, today } = await appWith(`http://127.0.0.1:${await closedPort()}`));
  });
  afterAll(() => t.close());

  it('fails the absence alert on WhatsApp, then SMS, after three tries each, and hands it to email at once', async () => {
    const parent = await absentChild(t, today, '+919822073001');
    await letMinutesPass(t, 2 * SEND_MAX_ATTEMPTS + 1);
    expect(await alertsOf(t, parent.id)).toEqual([
      { channel: 'whatsapp', status: 'failed', attempts: SEND_MAX_ATTEMPTS, error: 'WhatsApp did not answer' },
      { channel: 'sms', status: 'failed', attempts: SEND_MAX_ATTEMPTS, error: 'MSG91 did not answer' },
      { channel: 'email', status: 'sent', attempts: 1, error: null },
    ]);
    expect((await t.mailsTo(parent.user.email!)).length).toBe(1);
  });

  it('fails the office’s WhatsApp reply after three tries instead of leaving it “Sending”', async () => {
    const db = t.database.db;
    const parent = await buildParent(db, { phone: '+919822073002' });
    const [conversation] = await db.insert(conversations).values({ parentId: parent.id, lastMessageAt: new Date(), lastInboundAt: new Date() }).returning();
    await db.insert(conversationMessages).values({ conversationId: conversation!.id, direction: 'in', kind: 'text', text: 'When is the test?', status: 'received' });
    const reply = await t.app.inject({ method: 'POST', url: `/api/admin/conversations/${conversation!.id}/messages`, headers: { cookie: admin }, payload: { text: 'On Monday at 10.' } });
    expect(reply.statusCode, reply.body).toBe(201);
    const statusOf = async () => (await db.select({ status: conversationMessages.status, error: conversationMessages.error }).from(conversationMessages).where(and(eq(conversationMessages.conversationId, conversation!.id), eq(conversationMessages.direction, 'out'))))[0];
    await letMinutesPass(t, 1);
    expect((await statusOf())!.status).toBe('queued');
    await letMinutesPass(t, SEND_MAX_ATTEMPTS);
    expect(await statusOf()).toEqual({ status: 'failed', error: 'WhatsApp did not answer' });
  });
});

describe('a provider answering 503', () => {
  let t: TestApp;
  let providers: ProviderStandIns;
  let today: string;
  beforeAll(async () => {
    providers = await startProviderStandIns({ accessToken: STAND_IN.accessToken, phoneNumberId: STAND_IN.phoneNumberId, authKey: STAND_IN.authKey });
    ({ t, today } = await appWith(providers.base));
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  it('says it is busy, tries three times on the short schedule, then the next channel', async () => {
    providers.failWith = 503;
    const parent = await absentChild(t, today, '+919822073003');
    await letMinutesPass(t, 1);
    expect(await alertsOf(t, parent.id)).toEqual([{ channel: 'whatsapp', status: 'failed', attempts: 1, error: 'WhatsApp did not answer' }]);
    await letMinutesPass(t, 2 * SEND_MAX_ATTEMPTS);
    const alerts = await alertsOf(t, parent.id);
    expect(alerts.map((alert) => [alert.channel, alert.status, alert.attempts])).toEqual([
      ['whatsapp', 'failed', SEND_MAX_ATTEMPTS],
      ['sms', 'failed', SEND_MAX_ATTEMPTS],
      ['email', 'sent', 1],
    ]);
    expect(alerts[1]!.error).toBe('MSG91 is busy');
  });
});
