import { and, eq, like, ne } from 'drizzle-orm';
import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { academySettings, admissionEnquiries, auditLog, parentMessages, parents, parentStudents, signInCodes } from '../../db/schema';
import { TEST_SERVER_KEYS } from '../../../test/build-test-app';
import { collectLogLines } from '../../../test/log-lines';
import { buildBatch, buildParent, buildStandard, buildStudent, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { metaSignature, whatsAppReplyBody, whatsAppStatusBody } from '../../../test/provider-stand-ins';
import { shareProviderTestApp, STAND_IN, standInWhatsApp } from '../../../test/provider-test-app';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../../test/push-service-stand-in';
import { academyToday } from '../../academy-settings';
import { createBackup } from '../backups/backups.service';
import { isGsm7, smsParts } from '@academy/shared/schemas/messaging';

/**
 * Issue 37, end to end through the API against local stand-ins of the WhatsApp Cloud API and MSG91:
 * channel choice, template messages in the parent's language, signed statuses, the SMS fallback, STOP,
 * a phone-only parent's sign-in code, and credentials that never leave the server.
 */
const { accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, authKey: AUTH_KEY, phoneNumberId: PHONE_NUMBER_ID } = STAND_IN;

let pushService: PushServiceStandIn;
let adminCookie: string;
let today: string;
/** Everything the server logs while this file runs (info and above): no credential may be in it. */
const { lines: logLines, logger } = collectLogLines();

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
});
afterAll(() => pushService.close());
const { t, providers } = shareProviderTestApp(() => ({ logger, config: { pushAllowedHosts: [pushService.host] } }));

const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: adminCookie }, ...(payload ? { payload } : {}) });
const runJobs = async () => {
  // A sign-in code's message is queued after the answer (issue 53): wait for it first.
  await t.app.backgroundIdle();
  while ((await t.app.jobs.runDue()) > 0);
};
const postSigned = (body: string, signature = metaSignature(APP_SECRET, body)) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: body });
const messagesOf = async (query: string) => (await asAdmin('GET', `/api/admin/messages?${query}`)).json().data;

const TEMPLATES = { absence: 'absence_alert', 'fee-reminder': 'fee_reminder', 'fee-receipt': 'fee_receipt', 'report-card': 'report_card', results: 'results_out', announcement: 'announcement', 'sign-in-code': 'sign_in_code' };
const DLT = { absence: '1107161234567890123', 'fee-reminder': '1107161234567890124', 'fee-receipt': '1107161234567890125', 'report-card': '1107161234567890126', 'sign-in-code': '1107161234567890127' };

beforeAll(async () => {
  adminCookie = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin' })).email);
  today = await academyToday(t.database.db);
  // Alerts at once (no correction delay), no quiet hours: the tests run at any hour.
  await asAdmin('PUT', '/api/admin/settings/parent-alerts', { absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 0 } });
  const saved = await asAdmin('PUT', '/api/admin/settings/messaging', {
    whatsapp: standInWhatsApp(TEMPLATES),
    sms: { enabled: true, authKey: AUTH_KEY, senderId: 'shracd', templates: DLT },
    fallbackMinutes: 15,
    quietHours: null,
  });
  expect(saved.statusCode).toBe(200);
});
beforeEach(() => providers.reset());

/** A child in a teacher's batch, and a function submitting today's marks as that teacher. */
async function classroom(childName: string) {
  const db = t.database.db;
  const child = await buildStudent(db, { name: childName });
  const teacher = await buildTeacher(db);
  const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [child.id], name: `Maths ${Math.random().toString(36).slice(2, 7)}` });
  const cookie = await loginAs(t.app, teacher.user.email);
  const markAbsent = async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/attendance/batch/${batch.id}`, headers: { cookie }, payload: { date: today, records: [{ studentId: child.id, status: 'absent' }] } });
    expect(response.statusCode).toBe(200);
    await runJobs();
  };
  return { child, batch, markAbsent };
}

describe('Settings → Messages', () => {
  it('keeps credentials write-only and sealed: never in an answer, the audit log or the database in clear', async () => {
    const answer = await asAdmin('GET', '/api/admin/settings/messaging');
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data.whatsapp).toMatchObject({ enabled: true, phoneNumberId: PHONE_NUMBER_ID, accessTokenSet: true, appSecretSet: true, verifyTokenSet: true, templates: TEMPLATES, webhookPath: '/api/webhooks/whatsapp' });
    expect(data.sms).toMatchObject({ enabled: true, authKeySet: true, senderId: 'SHRACD', templates: DLT });
    expect(data.sms.webhookPath).toMatch(/^\/api\/webhooks\/msg91\?token=[\w-]{32}$/);
    expect(data).toMatchObject({ fallbackMinutes: 15, quietHours: null });
    const secrets = [ACCESS_TOKEN, APP_SECRET, VERIFY_TOKEN, AUTH_KEY];
    const [row] = await t.database.db.select({ messaging: academySettings.messaging, secrets: academySettings.messagingSecrets }).from(academySettings);
    const audit = await t.database.db.select().from(auditLog);
    for (const secret of secrets) {
      expect(answer.body).not.toContain(secret);
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(JSON.stringify(audit)).not.toContain(secret);
    }
    // Left out: kept. A channel turned on without its credentials: refused, nothing changes.
    expect((await asAdmin('PUT', '/api/admin/settings/messaging', { fallbackMinutes: 20 })).json().data.whatsapp.accessTokenSet).toBe(true);
    const bad = await asAdmin('PUT', '/api/admin/settings/messaging', { sms: { enabled: true, senderId: 'AB1', templates: { absence: 'not-an-id!' } }, quietHours: { from: '25:00', to: '07:00' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['quietHours.from', 'sms.senderId', 'sms.templates.absence']);
    await asAdmin('PUT', '/api/admin/settings/messaging', { fallbackMinutes: 15 });
  });

  it('answers Meta’s subscription handshake only with the verify token', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({ method: 'GET', url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1' });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('messages to families on WhatsApp and SMS', () => {
  it('a child marked absent: one WhatsApp template to the parent in their language naming the child; signed delivered and read turn the office’s list to read', async () => {
    const { child, batch, markAbsent } = await classroom('Aarav Jadhav');
    const mother = await buildParent(t.database.db, { name: 'Sunita Jadhav', studentIds: [child.id], language: 'mr', phone: '+919822011111' });
    await markAbsent();

    expect(providers.whatsapp).toHaveLength(1);
    const sent = providers.whatsapp[0]!;
    expect(sent.path).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
    expect(sent.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '919822011111',
      type: 'template',
      template: { name: 'absence_alert', language: { code: 'mr' }, components: [
          { type: 'body', parameters: [{ type: 'text', text: 'Sunita Jadhav' }, { type: 'text', text: 'Aarav Jadhav' }, { type: 'text' }, { type: 'text', text: batch.name }] },
          // The quick-reply buttons Sick / Family reason / Will call (issue 60): their payloads come back with the tap.
          { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'absence-reason:sick' }] },
          { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'absence-reason:family' }] },
          { type: 'button', sub_type: 'quick_reply', index: '2', parameters: [{ type: 'payload', payload: 'absence-reason:call' }] },
        ],
      },
    });
    expect(providers.sms).toHaveLength(0);
    // Email: not a second copy (the parent's one channel is WhatsApp).
    expect(await t.mailsTo(mother.user.email)).toHaveLength(0);

    const [listed] = (await messagesOf(`parentId=${mother.id}`)).items;
    expect(listed).toMatchObject({ kind: 'absence', channel: 'whatsapp', to: '+919822011111', status: 'sent', child: { _id: child.id, name: 'Aarav Jadhav' }, parts: 1 });
    const wamid = listed.providerId as string;
    expect(wamid).toMatch(/^wamid\./);

    // A bad signature is refused and changes nothing.
    const forged = whatsAppStatusBody(wamid, 'read');
    expect((await postSigned(forged, metaSignature('not-the-app-secret-000000', forged))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers: { 'content-type': 'application/json' }, payload: forged })).statusCode).toBe(401);
    expect((await messagesOf(`parentId=${mother.id}`)).items[0].status).toBe('sent');

    expect((await postSigned(whatsAppStatusBody(wamid, 'delivered'))).statusCode).toBe(200);
    expect((await messagesOf(`parentId=${mother.id}`)).items[0].status).toBe('delivered');
    expect((await postSigned(whatsAppStatusBody(wamid, 'read'))).statusCode).toBe(200);
    // A late "delivered" after "read" never moves it back.
    await postSigned(whatsAppStatusBody(wamid, 'delivered'));
    const read = (await messagesOf(`parentId=${mother.id}`)).items[0];
    expect(read.status).toBe('read');
    expect(read.deliveredAt).not.toBeNull();
    expect(read.readAt).not.toBeNull();
    const day = await messagesOf(`date=${today}&channel=whatsapp&status=read`);
    expect(day.items.map((item: { _id: string }) => item._id)).toContain(read._id);
    expect(day.today.read).toBeGreaterThanOrEqual(1);
    expect(day.month.find((row: { channel: string }) => row.channel === 'whatsapp').messages).toBeGreaterThanOrEqual(1);
  });

  it('a parent whose number is not on WhatsApp gets the SMS with the DLT template id; MSG91’s delivery report marks it delivered', async () => {
    const { child, markAbsent } = await classroom('Kabir Shinde');
    const father = await buildParent(t.database.db, { name: 'Rahul Shinde', studentIds: [child.id], language: 'hi', phone: '+919822022222' });
    providers.notOnWhatsApp.add('919822022222');
    await markAbsent();

    expect(providers.whatsapp).toHaveLength(1);
    expect(providers.sms).toHaveLength(1);
    const sms = providers.sms[0]!;
    expect(sms.headers.authkey).toBe(AUTH_KEY);
    expect(sms.body).toMatchObject({ template_id: DLT.absence, sender: 'SHRACD', recipients: [{ mobiles: '919822022222', VAR1: 'Rahul Shinde', VAR2: 'Kabir Shinde' }] });

    const items = (await messagesOf(`parentId=${father.id}`)).items as { channel: string; status: string; error: string | null; providerId: string; parts: number }[];
    const whatsapp = items.find((item) => item.channel === 'whatsapp')!;
    expect(whatsapp).toMatchObject({ status: 'failed', error: 'This number is not on WhatsApp or cannot receive WhatsApp messages' });
    const text = items.find((item) => item.channel === 'sms')!;
    expect(text.status).toBe('sent');
    // Hindi (Devanagari) is Unicode: 70 characters a part.
    expect(text.parts).toBeGreaterThanOrEqual(1);

    const token = (await asAdmin('GET', '/api/admin/settings/messaging')).json().data.sms.webhookPath.split('token=')[1];
    const report = { data: [{ requestId: text.providerId, userId: '1', report: [{ date: new Date().toISOString(), number: '919822022222', status: '1', desc: 'DELIVERED' }] }] };
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/msg91?token=wrong', payload: report })).statusCode).toBe(401);
    // MSG91's documented v2 form: a form post whose `data` is the JSON text, its time Indian time without a zone.
    // A time a few seconds ago, written as MSG91 writes it (Indian time, no zone); an impossible time would not be believed.
    const reportedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 5_000);
    const indian = new Date(reportedAt.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const v2 = new URLSearchParams({ data: JSON.stringify([{ senderId: 'SHRACD', requestId: text.providerId, userId: '1', report: [{ date: indian, number: '919822022222', status: '1', desc: 'DELIVERED' }] }]) });
    const form = await t.app.inject({ method: 'POST', url: `/api/webhooks/msg91?token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: v2.toString() });
    expect(form.statusCode).toBe(200);
    expect(((await messagesOf(`parentId=${father.id}&channel=sms`)).items[0] as { status: string }).status).toBe('delivered');
    const [delivered] = await t.database.db.select({ at: parentMessages.deliveredAt }).from(parentMessages).where(eq(parentMessages.providerId, text.providerId));
    expect(delivered!.at!.toISOString()).toBe(reportedAt.toISOString());
    // The v3 form (JSON) is read too.
    expect((await t.app.inject({ method: 'POST', url: `/api/webhooks/msg91?token=${token}`, payload: report })).statusCode).toBe(200);

    // The office sends a failed one again: it goes out once more.
    const failedId = (items as unknown as { _id: string; channel: string }[]).find((item) => item.channel === 'whatsapp')!._id;
    providers.notOnWhatsApp.clear(); // the parent has joined WhatsApp since
    expect((await asAdmin('POST', `/api/admin/messages/${failedId}/retry`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/messages/${failedId}/retry`)).statusCode).toBe(409);
    await runJobs();
    expect(providers.whatsapp).toHaveLength(2);
    expect(((await messagesOf(`parentId=${father.id}&channel=whatsapp`)).items[0] as { status: string }).status).toBe('sent');
  });

  it('a parent who replies STOP gets no more WhatsApp: the next message goes by SMS; the office sees it and can restart it', async () => {
    const { child, markAbsent } = await classroom('Meera Pawar');
    const parent = await buildParent(t.database.db, { name: 'Anita Pawar', studentIds: [child.id], phone: '+919822033333' });
    const stoppedAt = async () => (await t.database.db.select({ stopped: parents.whatsappStoppedAt }).from(parents).where(eq(parents.id, parent.id)))[0]!.stopped;
    expect((await postSigned(whatsAppReplyBody('919822033333', 'STOP'))).statusCode).toBe(200);
    // The webhook announces the reply (event whatsapp.stop-or-start-replied); the parents module, owner of
    // the parent's record, stops WhatsApp for them when it is delivered.
    expect(await stoppedAt()).toBeNull();
    await runJobs();
    expect(await stoppedAt()).not.toBeNull();
    await markAbsent();
    expect(providers.whatsapp).toHaveLength(0);
    expect(providers.sms).toHaveLength(1);
    const listed = (await asAdmin('GET', `/api/students/${child.id}/parents`)).json().data[0];
    expect(listed).toMatchObject({ whatsappStopped: true, preferredChannel: null });
    const restarted = await asAdmin('PUT', `/api/parents/${parent.id}/channel`, { preferredChannel: 'whatsapp', whatsappStopped: false });
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json().data).toMatchObject({ whatsappStopped: false, preferredChannel: 'whatsapp' });
    expect((await asAdmin('PUT', `/api/parents/${parent.id}/channel`, { preferredChannel: 'pigeon', whatsappStopped: false })).statusCode).toBe(400);
    // START is heard the same way, and so is the parent's own STOP again.
    expect((await postSigned(whatsAppReplyBody('919822033333', 'STOP'))).statusCode).toBe(200);
    await runJobs();
    expect(await stoppedAt()).not.toBeNull();
    expect((await postSigned(whatsAppReplyBody('919822033333', 'START'))).statusCode).toBe(200);
    await runJobs();
    expect(await stoppedAt()).toBeNull();
  });

  it('fee reminders, receipts and report cards go the same way (WhatsApp, in the parent’s language)', async () => {
    const db = t.database.db;
    const child = await buildStudent(db, { name: 'Om Kulkarni' });
    const batch = await buildBatch(db, { studentIds: [child.id] });
    await buildParent(db, { name: 'Vasant Kulkarni', studentIds: [child.id], language: 'hi', phone: '+919822044444' });
    const plan = await asAdmin('POST', '/api/fee-plans', { name: 'Term fees', batch: batch.id, amount: 12000, instalments: [{ dueDate: today, amount: 12000 }] });
    expect(plan.statusCode).toBe(201);
    const payment = await asAdmin('POST', `/api/students/${child.id}/payments`, { amount: 2000, date: today, mode: 'cash' });
    expect(payment.statusCode).toBe(201);
    await runJobs();
    const dues = (await asAdmin('GET', `/api/fees/dues?search=${encodeURIComponent('Om Kulkarni')}`)).json().data.dues as { _id: string }[];
    expect((await asAdmin('POST', '/api/fees/reminders', { dueIds: dues.map((due) => due._id) })).json().data.queued).toBe(1);
    await runJobs();
    expect((await asAdmin('POST', `/api/batches/${batch.id}/report-cards/mail`, {})).statusCode).toBe(202);
    await runJobs();
    const templates = providers.whatsapp.filter((request) => request.body.to === '919822044444').map((request) => (request.body.template as { name: string; language: { code: string } }).name);
    expect(templates.sort()).toEqual(['fee_receipt', 'fee_reminder', 'report_card'].sort());
    for (const request of providers.whatsapp) expect((request.body.template as { language: { code: string } }).language.code).toBe('hi');
    const receipt = providers.whatsapp.find((request) => (request.body.template as { name: string }).name === 'fee_receipt')!;
    expect(JSON.stringify(receipt.body)).toContain('Om Kulkarni');
    // The reminder's fifth value is the pay link (an https address: WhatsApp opens no upi:// link), in the
    // parent's language (issue 54): /hi/pay/… opens in Hindi.
    const reminder = providers.whatsapp.find((request) => (request.body.template as { name: string }).name === 'fee_reminder')!;
    const values = (reminder.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters.map((parameter) => parameter.text);
    expect(values).toHaveLength(5);
    expect(values[4]).toMatch(/^http:\/\/localhost\/hi\/pay\/[\w-]{22}\.[0-9a-z]+\.[\w-]{22}$/);
  });

  it('an English fee reminder by SMS is GSM-7 text (Rs., not ₹) in few parts; a Marathi one goes with MSG91’s unicode flag', async () => {
    const db = t.database.db;
    const [english, marathi] = [await buildStudent(db, { name: 'Neel Pawar' }), await buildStudent(db, { name: 'Isha Pawar' })];
    const batch = await buildBatch(db, { teacherId: (await buildTeacher(db)).id, studentIds: [english.id, marathi.id] });
    const englishParent = await buildParent(db, { name: 'Kiran Pawar', studentIds: [english.id], language: 'en', phone: '+919822077001' });
    const marathiParent = await buildParent(db, { name: 'Meena Pawar', studentIds: [marathi.id], language: 'mr', phone: '+919822077002' });
    for (const parent of [englishParent, marathiParent]) expect((await asAdmin('PUT', `/api/parents/${parent.id}/channel`, { preferredChannel: 'sms', whatsappStopped: false })).statusCode).toBe(200);
    expect((await asAdmin('POST', '/api/fee-plans', { name: 'Term fees', batch: batch.id, amount: 15500, instalments: [{ dueDate: today, amount: 15500 }] })).statusCode).toBe(201);
    const dues = (await asAdmin('GET', `/api/fees/dues?search=${encodeURIComponent('Pawar')}`)).json().data.dues as { _id: string }[];
    expect((await asAdmin('POST', '/api/fees/reminders', { dueIds: dues.map((due) => due._id) })).json().data.queued).toBe(2);
    await runJobs();
    const sent = (phone: string) => providers.sms.find((request) => (request.body.recipients as { mobiles: string }[])[0]!.mobiles === phone)!.body;
    const englishSms = sent('919822077001');
    expect(englishSms.unicode).toBe(0);
    expect(isGsm7(Object.values((englishSms.recipients as Record<string, string>[])[0]!).join(' '))).toBe(true);
    expect(sent('919822077002').unicode).toBe(1);
    const stored = await db.select({ text: parentMessages.text, parts: parentMessages.parts, parentId: parentMessages.parentId }).from(parentMessages).where(and(eq(parentMessages.kind, 'fee-reminder'), eq(parentMessages.channel, 'sms')));
    const englishRow = stored.find((row) => row.parentId === englishParent.id)!;
    expect(englishRow.text).toContain('Rs.');
    expect(englishRow.text).not.toMatch(/[₹·—]/);
    expect(isGsm7(englishRow.text)).toBe(true);
    expect(englishRow.parts).toBe(smsParts(englishRow.text));
    // As UCS-2 (with ₹ and ·) the same reminder took six parts.
    expect(englishRow.parts).toBeLessThanOrEqual(3);
  });

  it('published results and announcements for parents reach each parent once', async () => {
    const db = t.database.db;
    const [first, second] = [await buildStudent(db, { name: 'Sai Gaikwad' }), await buildStudent(db, { name: 'Tara Gaikwad' })];
    const teacher = await buildTeacher(db);
    const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [first.id, second.id] });
    await buildParent(db, { name: 'Nitin Gaikwad', studentIds: [first.id, second.id], phone: '+919822088888' });
    const cookie = await loginAs(t.app, teacher.user.email);
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const test = (await call('POST', `/api/batches/${batch.id}/tests`, { name: 'Unit test 3', date: today, maxMarks: 20 })).json().data;
    expect((await call('PUT', `/api/tests/${test._id}/marks`, { marks: [{ studentId: first.id, marks: 17.5 }, { studentId: second.id, absent: true }] })).statusCode).toBe(200);
    expect((await call('POST', `/api/tests/${test._id}/publish`)).statusCode).toBe(200);
    await runJobs();
    const results = providers.whatsapp.filter((request) => (request.body.template as { name: string }).name === 'results_out');
    expect(results.map((request) => JSON.stringify(request.body)).sort()).toEqual([expect.stringContaining('17.5/20'), expect.stringContaining('Absent')].sort());

    providers.reset();
    const posted = await asAdmin('POST', '/api/announcements', { title: 'Parents meeting on Sunday', content: 'At 10 AM in the hall.', audience: 'parents', batches: [batch.id], startDate: today, endDate: today });
    expect(posted.statusCode).toBe(201);
    await runJobs();
    const announced = providers.whatsapp.filter((request) => (request.body.template as { name: string }).name === 'announcement');
    // One parent of two children: one message.
    expect(announced).toHaveLength(1);
    expect(JSON.stringify(announced[0]!.body)).toContain('Parents meeting on Sunday');
  });
});

describe('the installed app first (Web Push)', () => {
  it('a parent who turned notifications on gets the alert in the app; shown, it reads delivered; a gone subscription hands it to WhatsApp', async () => {
    const { child, markAbsent } = await classroom('Ira Sawant');
    const mother = await buildParent(t.database.db, { name: 'Rupali Sawant', studentIds: [child.id], phone: '+919822090001' });
    const cookie = await loginAs(t.app, mother.user.email);
    const subscription = pushService.subscription('/push/rupali');
    expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { cookie }, payload: subscription })).statusCode).toBeLessThan(300);
    await markAbsent();
    expect(providers.whatsapp).toHaveLength(0);
    const pushed = pushService.received.filter((push) => push.path === '/push/rupali');
    expect(pushed).toHaveLength(1);
    expect(JSON.stringify(pushed[0]!.payload)).toContain('Ira Sawant');
    const [item] = (await messagesOf(`parentId=${mother.id}`)).items;
    expect(item).toMatchObject({ channel: 'push', status: 'sent' });
    // The service worker reports it shown.
    expect((await t.app.inject({ method: 'POST', url: '/api/push/received', headers: { cookie }, payload: { messageId: item._id } })).statusCode).toBe(200);
    expect((await messagesOf(`parentId=${mother.id}`)).items[0].status).toBe('delivered');

    // The phone's browser dropped the subscription (410): the next alert goes by WhatsApp at once.
    pushService.statusFor.set('/push/rupali', 410);
    const second = await classroom('Om Sawant');
    await t.database.db.insert(parentStudents).values({ parentId: mother.id, studentId: second.child.id });
    await second.markAbsent();
    expect(providers.whatsapp.filter((request) => request.body.to === '919822090001')).toHaveLength(1);
    const channels = ((await messagesOf(`parentId=${mother.id}`)).items as { channel: string; status: string; child: { name: string } }[]).filter((row) => row.child.name === 'Om Sawant').map((row) => `${row.channel}:${row.status}`);
    expect(channels.sort()).toEqual(['push:failed', 'whatsapp:sent']);
  });
});

describe('a parent with only a phone', () => {
  it('is linked with a phone and no email, shared by siblings, and signs in with a code sent by WhatsApp', async () => {
    const db = t.database.db;
    const [first, second] = [await buildStudent(db, { name: 'Riya More' }), await buildStudent(db, { name: 'Dev More' })];
    const created = await asAdmin('POST', `/api/students/${first.id}/parents`, { name: 'Lata More', phone: '98220 55555', relation: 'mother', language: 'mr' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ email: null, phone: '+919822055555', preferredChannel: null });
    const sibling = await asAdmin('POST', `/api/students/${second.id}/parents`, { name: 'Lata More', phone: '+91 98220-55555' });
    expect(sibling.statusCode).toBe(200);
    expect(sibling.json().data._id).toBe(created.json().data._id);
    expect(sibling.json().data.children).toHaveLength(2);
    const neither = await asAdmin('POST', `/api/students/${first.id}/parents`, { name: 'No Way' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors.phone).toBe("Enter the parent's mobile number or email");

    // The same answer for a number that is nobody's: it tells no one who is a parent.
    const nobody = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code', payload: { phone: '9822099999' } });
    expect(nobody.statusCode).toBe(200);
    await runJobs();
    expect(providers.whatsapp).toHaveLength(0);

    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code', payload: { phone: '9822055555' } });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe('If this number belongs to a parent, a sign-in code is on its way by WhatsApp or SMS');
    await runJobs();
    expect(providers.whatsapp).toHaveLength(1);
    const template = providers.whatsapp[0]!.body.template as { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
    expect(template.name).toBe('sign_in_code');
    expect(template.language.code).toBe('mr');
    const code = template.components[0]!.parameters[0]!.text;
    expect(code).toMatch(/^\d{6}$/);
    // Meta's authentication template: the code in the body and in the copy-code button, nothing else (the expiry is the template's).
    expect(template.components).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: code }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
    ]);

    // Asked again within the minute: the same answer as any ask (issue 53), no second message, the first code still works.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code', payload: { phone: '9822055555' } })).statusCode).toBe(200);
    await runJobs();
    expect(providers.whatsapp).toHaveLength(1);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code/verify', payload: { phone: '9822055555', code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toBe('This code is not correct. Please check it and try again');
    const right = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code/verify', payload: { phone: '+919822055555', code } });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ role: 'parent', name: 'Lata More', email: null });
    const cookie = right.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const children = await t.app.inject({ method: 'GET', url: '/api/parent/children', headers: { cookie } });
    expect(children.json().data.map((c: { name: string }) => c.name).sort()).toEqual(['Dev More', 'Riya More']);
    // Used once; and the code is no longer kept in its message (nor in backups).
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code/verify', payload: { phone: '9822055555', code } })).statusCode).toBe(400);
    const stored = await db.select({ text: parentMessages.text, values: parentMessages.templateValues }).from(parentMessages).where(eq(parentMessages.kind, 'sign-in-code'));
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('gets the sign-in code by SMS when the number is not on WhatsApp (the same code)', async () => {
    const child = await buildStudent(t.database.db);
    expect((await asAdmin('POST', `/api/students/${child.id}/parents`, { name: 'Sakshi Bhosale', phone: '9822056666' })).statusCode).toBe(201);
    providers.notOnWhatsApp.add('919822056666');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code', payload: { phone: '9822056666' } })).statusCode).toBe(200);
    await runJobs();
    const whatsappCode = (providers.whatsapp[0]!.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters[0]!.text;
    expect(providers.sms).toHaveLength(1);
    expect(providers.sms[0]!.body).toMatchObject({ template_id: DLT['sign-in-code'], recipients: [{ mobiles: '919822056666', VAR1: whatsappCode, VAR2: '10' }] });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code/verify', payload: { phone: '9822056666', code: whatsappCode } })).statusCode).toBe(200);
  });

  it('limits admission codes per number as the email codes are limited: the earlier code within a minute, five an hour', async () => {
    const ask = () => t.app.inject({ method: 'POST', url: '/api/phone-verification/send-otp', payload: { phone: '9822058888' } });
    expect((await ask()).statusCode).toBe(200);
    const again = await ask();
    expect(again.statusCode).toBe(429);
    expect(again.json().errors.code).toMatch(/^A code was sent to this number less than a minute ago and still works: enter it below\. You can ask for a new one in \d+ seconds?\.$/);
    // Four more sends earlier this hour (each over a minute ago): the sixth is refused with when to try again.
    await t.database.db
      .insert(signInCodes)
      .values([2, 3, 4, 5].map((minutes) => ({ purpose: 'admission' as const, phone: '+919822058888', codeHash: 'x', ip: '10.0.0.9', createdAt: new Date(Date.now() - minutes * 60_000), sentAt: new Date(Date.now() - minutes * 60_000), expiresAt: new Date() })));
    // The first ask, six minutes back: the oldest send of the hour, so the limit ends in 54 minutes.
    await t.database.db.update(signInCodes).set({ createdAt: new Date(Date.now() - 6 * 60_000) }).where(and(eq(signInCodes.phone, '+919822058888'), ne(signInCodes.codeHash, 'x')));
    const sixth = await ask();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many codes were sent to this number. Please try again in 54 minutes.');
    // The first ask's message goes now, not in the next test.
    await runJobs();
  });

  it('refuses an email and a phone of two different parents', async () => {
    const db = t.database.db;
    const child = await buildStudent(db);
    const one = await buildParent(db, { phone: '+919822066666' });
    await buildParent(db, { email: 'other.parent@example.in', phone: '+919822077777' });
    const clash = await asAdmin('POST', `/api/students/${child.id}/parents`, { name: 'Mixed Up', email: 'other.parent@example.in', phone: '9822066666' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors.phone).toBe('This mobile number belongs to another parent');
    expect(one.phone).toBe('+919822066666');
  });
});

describe('the admission form for a family without email', () => {
  it('proves the phone with a code by WhatsApp, then the application needs no email; the proof works once', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().data.phoneCodes).toBe(true);
    const standard = await buildStandard(t.database.db);
    const sent = await t.app.inject({ method: 'POST', url: '/api/phone-verification/send-otp', headers: { 'accept-language': 'mr' }, payload: { phone: '98220 81234' } });
    expect(sent.statusCode).toBe(200);
    await runJobs();
    expect(providers.whatsapp).toHaveLength(1);
    expect(providers.whatsapp[0]!.body).toMatchObject({ to: '919822081234', template: { name: 'sign_in_code' } });
    const code = (providers.whatsapp[0]!.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters[0]!.text;
    const wrong = await t.app.inject({ method: 'POST', url: '/api/phone-verification/verify-otp', payload: { phone: '9822081234', otp: code === '000000' ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.otp).toBe('This code is not correct. Please check it and try again');
    const right = await t.app.inject({ method: 'POST', url: '/api/phone-verification/verify-otp', payload: { phone: '9822081234', otp: code } });
    expect(right.statusCode).toBe(200);
    const token = right.json().data.verificationToken as string;
    // A sign-in code and an admission code are apart: this code opens no session.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code/verify', payload: { phone: '9822081234', code } })).statusCode).toBe(400);

    const form = { studentName: 'Vedika Kale', phone: '9822081234', standard: standard.id };
    const missing = await t.app.inject({ method: 'POST', url: '/api/admission-enquiries', payload: form });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ email: 'Email is required', verificationToken: 'Verify your email address first' });
    const otherPhone = await t.app.inject({ method: 'POST', url: '/api/admission-enquiries', payload: { ...form, phone: '9822081299', phoneVerificationToken: token } });
    expect(otherPhone.statusCode).toBe(400);
    const applied = await t.app.inject({ method: 'POST', url: '/api/admission-enquiries', payload: { ...form, phoneVerificationToken: token } });
    expect(applied.statusCode).toBe(201);
    expect(applied.json().message).toBe('Thank you! We have received your application. The office will call you soon.');
    const [stored] = await t.database.db.select().from(admissionEnquiries).where(eq(admissionEnquiries.studentName, 'Vedika Kale'));
    expect(stored).toMatchObject({ email: null, phone: '+919822081234', emailVerifiedAt: null });
    expect(stored!.phoneVerifiedAt).toBeInstanceOf(Date);
    const again = await t.app.inject({ method: 'POST', url: '/api/admission-enquiries', payload: { ...form, phoneVerificationToken: token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.phoneVerificationToken).toBe('Your phone number is not verified, or the verification has expired. Please verify it again.');
  });
});

describe('told on their phone (issue 54)', () => {
  const templates = { ...TEMPLATES, 'enquiry-received': 'enquiry_received', 'parent-welcome': 'parent_welcome' };
  const templateOf = (index: number) => providers.whatsapp[index]!.body.template as { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };

  it('a family that applied with its phone gets its ENQ reference by WhatsApp in the page’s language; nothing without the template', async () => {
    const standard = await buildStandard(t.database.db);
    const apply = async (phone: string, language: string) => {
      const sent = await t.app.inject({ method: 'POST', url: '/api/phone-verification/send-otp', headers: { 'accept-language': language }, payload: { phone } });
      expect(sent.statusCode).toBe(200);
      await runJobs();
      const code = templateOf(providers.whatsapp.length - 1).components[0]!.parameters[0]!.text;
      const token = (await t.app.inject({ method: 'POST', url: '/api/phone-verification/verify-otp', payload: { phone, otp: code } })).json().data.verificationToken as string;
      const applied = await t.app.inject({ method: 'POST', url: '/api/admission-enquiries', headers: { 'accept-language': language }, payload: { studentName: 'Aditi Yadav', phone, standard: standard.id, phoneVerificationToken: token } });
      expect(applied.statusCode).toBe(201);
      await runJobs();
      return applied.json().data.reference as string;
    };
    // Without a template for it the office has not said how: nothing goes (the page showed the reference).
    await apply('9822082001', 'hi');
    expect(providers.whatsapp.map((message) => (message.body.template as { name: string }).name)).toEqual(['sign_in_code']);

    providers.reset();
    expect((await asAdmin('PUT', '/api/admin/settings/messaging', { whatsapp: { enabled: true, templates } })).statusCode).toBe(200);
    try {
      const reference = await apply('9822082002', 'hi');
      expect(reference).toMatch(/^ENQ-\d+$/);
      expect(providers.whatsapp).toHaveLength(2);
      const received = templateOf(1);
      expect(providers.whatsapp[1]!.body.to).toBe('919822082002');
      expect(received.name).toBe('enquiry_received');
      expect(received.language.code).toBe('hi');
      expect(received.components[0]!.parameters.map((parameter) => parameter.text).slice(1)).toEqual(['Aditi Yadav', reference]);
      const [row] = await t.database.db.select().from(parentMessages).where(eq(parentMessages.kind, 'enquiry-received'));
      expect(row).toMatchObject({ parentId: null, channel: 'whatsapp', toAddress: '+919822082002' });
      expect(row!.text).toContain(`आपका संदर्भ नंबर ${reference} है`);
    } finally {
      await asAdmin('PUT', '/api/admin/settings/messaging', { whatsapp: { enabled: true, templates: TEMPLATES } });
    }
  });

  it('a parent linked with only a phone is told how to sign in, once, in their language; one with an email gets the mail instead', async () => {
    const db = t.database.db;
    expect((await asAdmin('PUT', '/api/admin/settings/messaging', { whatsapp: { enabled: true, templates } })).statusCode).toBe(200);
    try {
      const [first, second] = [await buildStudent(db, { name: 'Kiran Jadhav' }), await buildStudent(db, { name: 'Om Jadhav' })];
      const linked = await asAdmin('POST', `/api/students/${first.id}/parents`, { name: 'Sunita Jadhav', phone: '9822083001', relation: 'mother', language: 'mr' });
      expect(linked.statusCode).toBe(201);
      expect(linked.json().message).toBe('Parent linked. How to sign in with a code was sent to their phone');
      await runJobs();
      expect(providers.whatsapp).toHaveLength(1);
      const welcome = templateOf(0);
      expect(welcome.name).toBe('parent_welcome');
      expect(welcome.language.code).toBe('mr');
      expect(welcome.components[0]!.parameters.map((parameter) => parameter.text)).toEqual(['Sunita Jadhav', expect.any(String), 'Kiran Jadhav', expect.stringMatching(/\/mr\/login$/)]);
      // This parent's welcome: earlier tests in this file linked parents by phone too (in English).
      const [row] = await db.select().from(parentMessages).where(and(eq(parentMessages.kind, 'parent-welcome'), like(parentMessages.toAddress, '%9822083001')));
      expect(row!.text).toContain('फोनवर आलेल्या कोडने साइन इन करा');
      // Linked to a sibling later: they know already.
      const sibling = await asAdmin('POST', `/api/students/${second.id}/parents`, { name: 'Sunita Jadhav', phone: '9822083001' });
      expect(sibling.statusCode).toBe(200);
      expect(sibling.json().message).toBe('Parent linked. They can sign in with a code sent to their phone');
      await runJobs();
      expect(providers.whatsapp).toHaveLength(1);
      // With an email: the set-password mail, no WhatsApp.
      const withEmail = await asAdmin('POST', `/api/students/${first.id}/parents`, { name: 'Rajesh Jadhav', email: 'rajesh.jadhav@example.in', phone: '9822083002', relation: 'father' });
      expect(withEmail.json().message).toBe('Parent linked. A set-password link was emailed to them');
      await runJobs();
      expect(providers.whatsapp).toHaveLength(1);
    } finally {
      await asAdmin('PUT', '/api/admin/settings/messaging', { whatsapp: { enabled: true, templates: TEMPLATES } });
    }
  });
});

// Last in this file: by now every kind of message was sent, statuses and replies came back, and Meta's handshake was answered.
describe('the credentials, after all of the above', () => {
  it('appear in no log line and no backup in clear text', async () => {
    const secrets = [ACCESS_TOKEN, APP_SECRET, VERIFY_TOKEN, AUTH_KEY];
    const log = logLines.join('');
    expect(log).toContain('/api/webhooks/whatsapp');
    const backup = await createBackup(t.database.db, { backupsDir: t.backupsDir, filesDir: t.filesDir }, TEST_SERVER_KEYS, { kind: 'manual' });
    const archive = gunzipSync(fs.readFileSync(backup.file)).toString('latin1');
    // The backup is readable here: the phone number ID, which is no secret, is in it.
    expect(archive).toContain(PHONE_NUMBER_ID);
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      expect(archive).not.toContain(secret);
    }
  });
});
