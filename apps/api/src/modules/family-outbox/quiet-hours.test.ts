import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clockIn, formatClock, shiftDate } from '@academy/shared/calendar';
import { WEEKDAYS } from '@academy/shared/schedule';
import { auditLog, batches, parentMessages } from '../../db/schema';
import { buildBatch, buildEnquiry, buildParent, buildStudent, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { shareProviderTestApp, standInWhatsApp } from '../../../test/provider-test-app';
import { academyToday, getAcademySettings } from '../../academy-settings';

/**
 * Issue 54, point 5: messages held by the quiet hours say why and until when; the office's reminder
 * answer counts them apart from those sent; the office can send one now (audited); changing or turning
 * off the quiet hours times them again or lets them go; a demo class today and an absence alert go at
 * once. The quiet hours are set around the moment the test runs, so it runs at any hour.
 */
const { t, providers } = shareProviderTestApp();
let adminCookie: string;
let teacherCookie: string;
let today: string;
let timeZone: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object) => call(adminCookie, method, url, payload);
const runJobs = async () => {
  while ((await t.app.jobs.runDue()) > 0);
};

/** 'HH:MM' where the academy is, `minutes` from now. */
function clockFromNow(minutes: number): string {
  return clockIn(timeZone, new Date(Date.now() + minutes * 60_000));
}
/** Quiet hours from an hour ago to `minutes` from now: this moment is inside them. */
function quietAroundNow(minutes: number) {
  return { from: clockFromNow(-60), to: clockFromNow(minutes) };
}
/** Whether an ISO instant is within three minutes of `minutes` from now (the end is a whole minute; the file takes a while). */
function isAbout(iso: string | null, minutes: number): boolean {
  return iso !== null && Math.abs(Date.parse(iso) - (Date.now() + minutes * 60_000)) < 3 * 60_000;
}

const setQuietHours = async (quietHours: { from: string; to: string } | null) => {
  const saved = await asAdmin('PUT', '/api/admin/settings/messaging', { quietHours });
  expect(saved.statusCode, saved.body).toBe(200);
};

/** A student with an overdue ₹6,000 instalment and a parent reached on WhatsApp; the due's id. */
async function overdueFamily(name: string, phone: string) {
  const db = t.database.db;
  const batch = await buildBatch(db, { name: `Quiet ${name}` });
  const student = await buildStudent(db, { name });
  expect((await asAdmin('PUT', `/api/batches/${batch.id}/students/${student.id}/add`)).statusCode).toBe(200);
  const plan = await asAdmin('POST', '/api/fee-plans', { name: `Quiet ${name} fees`, batch: batch.id, amount: 6000, instalments: [{ dueDate: shiftDate(today, -10), amount: 6000 }] });
  expect(plan.statusCode, plan.body).toBe(201);
  const parent = await buildParent(db, { name: `Parent of ${name}`, phone, studentIds: [student.id] });
  const dues = (await asAdmin('GET', `/api/fees/dues?batch=${batch.id}`)).json().data.dues as { _id: string }[];
  return { student, parent, dueId: dues[0]!._id };
}

const messagesOf = async (parentId: string) => (await asAdmin('GET', `/api/admin/messages?parentId=${parentId}`)).json().data.items as Record<string, unknown>[];

beforeAll(async () => {
  const db = t.database.db;
  adminCookie = await loginAs(t.app, (await buildUser(db, { role: 'admin' })).email);
  teacherCookie = await loginAs(t.app, (await buildTeacher(db)).user.email);
  today = await academyToday(db);
  timeZone = (await getAcademySettings(db)).timeZone;
  await asAdmin('PUT', '/api/admin/settings/parent-alerts', { absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 0 } });
  const saved = await asAdmin('PUT', '/api/admin/settings/messaging', {
    whatsapp: standInWhatsApp({ 'fee-reminder': 'fee_reminder', absence: 'absence_alert', 'demo-class': 'demo_class' }),
    quietHours: quietAroundNow(120),
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
beforeEach(() => providers.reset());

describe('a message held by the quiet hours', () => {
  it('is counted as waiting in the reminder answer, says why and until when, is not sent; the office sends it now (audited), once', async () => {
    const { parent, dueId } = await overdueFamily('Neha Quiet', '+919822044401');
    const reminded = await asAdmin('POST', '/api/fees/reminders', { dueIds: [dueId] });
    expect(reminded.statusCode, reminded.body).toBe(200);
    const answer = reminded.json().data;
    expect(answer).toMatchObject({ queued: 1, skipped: 0, families: 1, unreachable: [], waiting: 1 });
    expect(isAbout(answer.waitingUntil, 120)).toBe(true);
    await runJobs();
    expect(providers.whatsapp).toHaveLength(0);

    const [held] = await messagesOf(parent.id);
    expect(held).toMatchObject({ kind: 'fee-reminder', channel: 'whatsapp', status: 'queued', waitingFor: 'quiet-hours' });
    expect(isAbout(held!.waitingUntil as string, 120)).toBe(true);

    // Only the office may; an unknown message is 404.
    expect((await call(teacherCookie, 'POST', `/api/admin/messages/${held!._id as string}/send-now`)).statusCode).toBe(403);
    expect((await asAdmin('POST', `/api/admin/messages/${randomUUID()}/send-now`)).statusCode).toBe(404);
    const now = await asAdmin('POST', `/api/admin/messages/${held!._id as string}/send-now`);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().message).toBe('The message is being sent now');
    await runJobs();
    expect(providers.whatsapp).toHaveLength(1);
    expect(providers.whatsapp[0]!.body).toMatchObject({ to: '919822044401', template: { name: 'fee_reminder' } });
    const [sent] = await messagesOf(parent.id);
    expect(sent).toMatchObject({ status: 'sent', waitingFor: null, waitingUntil: null });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'message.send_now'), eq(auditLog.entityId, parent.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toBe('Sent a message held by the quiet hours now');
    // Sent already: nothing is held any more.
    const again = await asAdmin('POST', `/api/admin/messages/${held!._id as string}/send-now`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a message waiting for quiet hours to end can be sent now');
  });

  it('waits for the new end when the quiet hours change, and goes at once when they are turned off', async () => {
    const { parent, dueId } = await overdueFamily('Omkar Quiet', '+919822044402');
    expect((await asAdmin('POST', '/api/fees/reminders', { dueIds: [dueId] })).json().data.waiting).toBe(1);
    await runJobs();
    expect(isAbout((await messagesOf(parent.id))[0]!.waitingUntil as string, 120)).toBe(true);

    // Longer quiet hours: the message waits for their new end.
    await setQuietHours(quietAroundNow(300));
    await runJobs();
    expect(providers.whatsapp).toHaveLength(0);
    const [longer] = await messagesOf(parent.id);
    expect(longer).toMatchObject({ status: 'queued', waitingFor: 'quiet-hours' });
    expect(isAbout(longer!.waitingUntil as string, 300)).toBe(true);

    // Turned off: released and sent by the next run.
    await setQuietHours(null);
    await runJobs();
    expect(providers.whatsapp).toHaveLength(1);
    expect((await messagesOf(parent.id))[0]).toMatchObject({ status: 'sent', waitingFor: null });
    const [row] = await t.database.db.select({ notBefore: parentMessages.notBefore }).from(parentMessages).where(eq(parentMessages.parentId, parent.id));
    expect(row!.notBefore).toBeNull();

    // Quiet hours that do not cover this moment release what they held too.
    await setQuietHours(quietAroundNow(120));
    const other = await overdueFamily('Pooja Quiet', '+919822044403');
    expect((await asAdmin('POST', '/api/fees/reminders', { dueIds: [other.dueId] })).json().data.waiting).toBe(1);
    await runJobs();
    providers.reset();
    await setQuietHours({ from: clockFromNow(180), to: clockFromNow(240) });
    await runJobs();
    expect(providers.whatsapp).toHaveLength(1);
    await setQuietHours(quietAroundNow(120));
  });

  it('a family reached by email is told at once: the reminder answer counts it sent', async () => {
    const { parent, dueId } = await overdueFamily('Riya Mail', '+919822044404');
    // The parent prefers email: the quiet hours hold what buzzes a phone, not a mail.
    expect((await asAdmin('PUT', `/api/parents/${parent.id}/channel`, { preferredChannel: 'email', whatsappStopped: false })).statusCode).toBe(200);
    const answer = (await asAdmin('POST', '/api/fees/reminders', { dueIds: [dueId] })).json().data;
    expect(answer).toMatchObject({ queued: 1, waiting: 0, waitingUntil: null });
    await runJobs();
    expect(await t.latestMailTo(parent.user.email)).toBeDefined();
    expect(providers.whatsapp).toHaveLength(0);
  });
});

describe('time-critical messages skip the quiet hours', () => {
  /** A batch with a class every day, running from a month ago. */
  async function dailyBatch(name: string, studentIds: string[] = []) {
    const db = t.database.db;
    const batch = await buildBatch(db, { name, studentIds, startDate: shiftDate(today, -30), endDate: shiftDate(today, 120) });
    await db.update(batches).set({ scheduleDays: [...WEEKDAYS], startTime: '07:00', endTime: '08:30' }).where(eq(batches.id, batch.id));
    return batch;
  }
  const demosOf = async (enquiryId: string) => (await asAdmin('GET', `/api/admission-enquiries/${enquiryId}/demos`)).json().data as { message: Record<string, unknown> | null }[];

  it('a demo class today is told at once; one on a later day waits, and the booking says until when', async () => {
    const batch = await dailyBatch('Morning Maths');
    const soon = await buildEnquiry(t.database.db, { studentName: 'Aditi Early', parentPhone: '+919822044405' });
    const booked = await asAdmin('POST', `/api/admission-enquiries/${soon.id}/demo`, { batch: batch.id, date: today });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().message).toBe('Demo class booked. The family will get the time and address by WhatsApp.');
    await runJobs();
    expect(providers.whatsapp.map((sent) => sent.body.to)).toEqual(['919822044405']);
    expect((await demosOf(soon.id))[0]!.message).toMatchObject({ channel: 'whatsapp', status: 'sent', waitingUntil: null });

    providers.reset();
    const later = await buildEnquiry(t.database.db, { studentName: 'Varun Later', parentPhone: '+919822044406' });
    const tomorrow = await asAdmin('POST', `/api/admission-enquiries/${later.id}/demo`, { batch: batch.id, date: shiftDate(today, 1) });
    expect(tomorrow.statusCode, tomorrow.body).toBe(201);
    const end = new Date(Date.now() + 120 * 60_000);
    const said = tomorrow.json().message as string;
    expect(said).toMatch(/^Demo class booked\. The family will get the time and address by WhatsApp when quiet hours end, at \d{1,2}:\d{2} [AP]M\.$/);
    // The end of the quiet hours, as the academy's clock reads it (within the minute the test took).
    const shown = [formatClock(clockIn(timeZone, new Date(end.getTime() - 60_000))), formatClock(clockIn(timeZone, end)), formatClock(clockIn(timeZone, new Date(end.getTime() + 60_000)))];
    expect(shown.some((time) => said.endsWith(`at ${time}.`))).toBe(true);
    await runJobs();
    expect(providers.whatsapp).toHaveLength(0);
    const message = (await demosOf(later.id))[0]!.message!;
    expect(message).toMatchObject({ channel: 'whatsapp', status: 'queued' });
    expect(isAbout(message.waitingUntil as string, 120)).toBe(true);
  });

  it('an absence alert goes at once (decision 051)', async () => {
    const db = t.database.db;
    const child = await buildStudent(db, { name: 'Kiran Absent' });
    const teacher = await buildTeacher(db);
    const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [child.id] });
    await buildParent(db, { name: 'Parent of Kiran', phone: '+919822044407', studentIds: [child.id] });
    const marked = await call(await loginAs(t.app, teacher.user.email), 'POST', `/api/attendance/batch/${batch.id}`, { date: today, records: [{ studentId: child.id, status: 'absent' }] });
    expect(marked.statusCode, marked.body).toBe(200);
    await runJobs();
    expect(providers.whatsapp.map((sent) => sent.body.to)).toContain('919822044407');
  });
});
