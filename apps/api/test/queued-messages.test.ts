import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, parentMessages } from '../src/db/schema';
import type { JobName } from '../src/events/catalog';
import { apiCaller, shareSignedInTestApp } from './shared-test-app';
import { buildBatch, buildParent, buildStudent, buildUser } from './factories';

/**
 * The five messages that once ran in the server's memory after the answer (decision 083): each is now
 * a job queued with its change, kept in the `jobs` table until it runs (so a restart does not lose it),
 * and its run sends the mail or writes the notification.
 */
const t = shareSignedInTestApp();
const call = apiCaller(t);

/** The payloads of the queued runs of a job, oldest first. */
async function queued(name: JobName): Promise<Record<string, unknown>[]> {
  const { rows } = await t.database.db.execute<{ payload: Record<string, unknown> }>(sql`select payload from jobs where name = ${name} and every_ms is null order by run_at, key`);
  return rows.map((row) => row.payload);
}

let nextAddress = 1;
const remote = () => `10.83.0.${nextAddress++}`;

describe('messages are jobs queued with their change', () => {
  it('welcome mail: queued with the new account, its link sealed; the run mails it', async () => {
    const response = await call('POST', '/teachers', { name: 'Kavita Queued', email: 'kavita.queued@example.in' });
    expect(response.statusCode).toBe(201);
    const [job] = (await queued('welcome-mail')).filter((payload) => payload.email === 'kavita.queued@example.in');
    expect(job).toMatchObject({ name: 'Kavita Queued', role: 'teacher', sealedToken: expect.stringMatching(/^v1\./) });
    expect(job).not.toHaveProperty('token');
    const mail = await t.latestMailTo('kavita.queued@example.in'); // runs the mail jobs, then reads the outbox
    expect(mail?.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]+/);
    expect(await queued('welcome-mail')).toEqual([]);
  });

  it('password reset mail: queued for every address, known or not; the run mails only an account', async () => {
    await buildUser(t.database.db, { email: 'reset.queued@example.in' });
    for (const email of ['reset.queued@example.in', 'nobody.queued@example.in']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: remote(), payload: { email } })).statusCode).toBe(200);
    }
    expect((await queued('password-reset-mail')).map((payload) => payload.email)).toEqual(['reset.queued@example.in', 'nobody.queued@example.in']);
    expect((await t.latestMailTo('reset.queued@example.in'))?.text).toMatch(/\/reset-password\//);
    expect(await t.mailsTo('nobody.queued@example.in')).toEqual([]);
    expect(await queued('password-reset-mail')).toEqual([]);
  });

  it('enquiry confirmation: queued in the enquiry’s transaction; the run mails it', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admission-enquiries/contact', remoteAddress: remote(), payload: { name: 'Queued Family', email: 'family.queued@example.in', message: 'Is there a batch for class 9?' } });
    expect(response.statusCode).toBe(201);
    expect(await queued('enquiry-confirmation-mail')).toEqual([expect.objectContaining({ to: 'family.queued@example.in', source: 'contact' })]);
    expect((await t.latestMailTo('family.queued@example.in'))?.subject).toMatch(/^We have received your message/);
  });

  it('sign-in code: queued for any number; with no channel set up, the run records the failed message for the parent', async () => {
    const parent = await buildParent(t.database.db, { phone: '+919822183001' });
    for (const phone of ['9822183001', '9822183999']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code', remoteAddress: remote(), payload: { phone } })).statusCode).toBe(409);
    }
    expect((await queued('sign-in-code-message')).map((payload) => payload.phone)).toEqual(['+919822183001', '+919822183999']);
    expect(await t.database.db.select().from(parentMessages).where(eq(parentMessages.parentId, parent.id))).toEqual([]);
    await t.app.jobs.runDue(['sign-in-code-message']);
    expect(await t.database.db.select().from(parentMessages).where(eq(parentMessages.parentId, parent.id))).toEqual([expect.objectContaining({ kind: 'sign-in-code', status: 'failed' })]);
    expect(await queued('sign-in-code-message')).toEqual([]);
  });

  it('announcement bell: queued with the announcement; the run puts it in its students’ bells', async () => {
    const student = await buildStudent(t.database.db);
    const batch = await buildBatch(t.database.db, { studentIds: [student.id] });
    const response = await call('POST', '/announcements', { title: 'Bell queued', content: 'Today', type: 'exam', priority: 'high', audience: 'students', batches: [batch.id], startDate: t.today, endDate: t.today });
    expect(response.statusCode).toBe(201);
    expect(await queued('announcement-bell')).toEqual([{ announcementId: response.json().data._id }]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.studentId, student.id))).toEqual([]);
    await t.app.jobs.runDue(['announcement-bell']);
    expect((await t.database.db.select().from(notifications).where(eq(notifications.studentId, student.id))).map((row) => row.message)).toEqual(['New announcement: Bell queued']);
  });
});
