import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shiftDate } from '@academy/shared/calendar';
import { announcements, attendanceRecords, batches, conversationMessages, conversations } from '../../db/schema';
import { withAcademy } from '../../lib/tenancy';
import { buildAcademies, buildBatch, buildParent, buildStudent, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { whatsAppInboundBody, metaSignature, type InboundParts } from '../../../test/provider-stand-ins';
import { shareProviderTestApp, STAND_IN } from '../../../test/provider-test-app';
import { runAbsenceAlerts } from '../parents/absence-alerts';
import { academyToday } from '../../academy-settings';

/**
 * Issue 60 against the WhatsApp stand-in: a parent's replies become the absence's reason, questions
 * answer themselves in the parent's language, an unknown number learns only the contact details, the
 * office replies inside the 24-hour window, and a replayed webhook changes nothing.
 */
const PUBLIC_URL = 'https://academy.example.in';

const { t, providers } = shareProviderTestApp(() => ({ config: { publicUrl: PUBLIC_URL } }));
let admin: string;
let today: string;
let sequence = 0;

const post = (body: string) => t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(STAND_IN.appSecret, body) }, payload: body });
const inbound = (from: string, parts: InboundParts, id = `wamid.in-${(sequence += 1)}`) => whatsAppInboundBody(from, id, { phoneNumberId: STAND_IN.phoneNumberId, ...parts });
const send = async () => {
  await t.app.backgroundIdle();
  while ((await t.app.jobs.runDue()) > 0);
};
/** What the stand-in was given for a number: the session messages' words. */
const sessionTextsTo = (phone: string) =>
  providers.whatsapp
    .filter((request) => request.body.to === phone.replace('+', '') && request.body.type !== 'template')
    .map((request) => (request.body.type === 'text' ? (request.body.text as { body: string }).body : (request.body.interactive as { body: { text: string } }).body.text));
const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  admin = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin', name: 'Office Admin' })).email);
  const saved = await asAdmin('PUT', '/api/admin/settings/messaging', {
    whatsapp: { enabled: true, phoneNumberId: STAND_IN.phoneNumberId, accessToken: STAND_IN.accessToken, appSecret: STAND_IN.appSecret, templates: { absence: 'absence_alert', announcement: 'announcement' } },
    quietHours: null,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const alerts = await asAdmin('PUT', '/api/admin/settings/parent-alerts', { absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 0 }, parentWebhook: { url: null } });
  expect(alerts.statusCode, alerts.body).toBe(200);
  today = await academyToday(t.database.db);
});
beforeEach(() => providers.reset());

/** A family: a student in a batch and their mother with a phone on WhatsApp. */
async function family(phone: string, language: 'en' | 'mr' | 'hi' = 'en') {
  const teacher = await buildTeacher(t.database.db);
  const student = await buildStudent(t.database.db, { name: `Rohan ${phone.slice(-4)}` });
  const batch = await buildBatch(t.database.db, { teacherId: teacher.id, studentIds: [student.id], startDate: '2026-01-01', endDate: '2099-12-31' });
  const parent = await buildParent(t.database.db, { name: 'Sunita Patil', relation: 'mother', phone, studentIds: [student.id], language });
  return { teacher, student, batch, parent, teacherCookie: await loginAs(t.app, teacher.user.email) };
}

describe('a reply to the absence alert becomes the reason', () => {
  it('takes the parent’s “Sick” tap as the reason on the sheet and the history, once, and the office may excuse it', async () => {
    const { student, batch, parent, teacher, teacherCookie } = await family('+919822160001');
    await t.database.db.insert(attendanceRecords).values({ batchId: batch.id, studentId: student.id, date: today, status: 'absent', markedBy: teacher.user.id });
    await runAbsenceAlerts(t.database.db, t.app.jobs, { date: today, studentIds: [student.id] });
    await send();
    // The alert went out as the template with its three quick-reply buttons.
    const alert = providers.whatsapp.find((request) => request.body.to === '919822160001')!;
    const components = (alert.body.template as { components: { type: string; sub_type?: string; parameters: { payload?: string }[] }[] }).components;
    expect(components.filter((component) => component.sub_type === 'quick_reply').map((component) => component.parameters[0]!.payload)).toEqual(['absence-reason:sick', 'absence-reason:family', 'absence-reason:call']);
    const wamid = 'wamid.stand-in-' + String(providers.whatsapp.length);

    const tap = inbound('919822160001', { button: { text: 'Sick', payload: 'absence-reason:sick' }, context: wamid });
    expect((await post(tap)).statusCode).toBe(200);
    await send();
    const day = await t.app.inject({ method: 'GET', url: `/api/attendance/${batch.id}/${today}`, headers: { cookie: teacherCookie } });
    const record = day.json().data.students.find((row: { _id: string }) => row._id === student.id);
    expect(record.reason).toMatchObject({ text: 'Sick', by: { name: 'Sunita Patil', relation: 'mother' }, excused: false });
    // The student's own history shows it too.
    const studentCookie = await loginAs(t.app, student.user.email);
    const history = await t.app.inject({ method: 'GET', url: '/api/student/attendance', headers: { cookie: studentCookie } });
    expect(history.json().data.records[0].reason).toMatchObject({ text: 'Sick', by: { name: 'Sunita Patil' } });
    // The parent was thanked, once.
    expect(sessionTextsTo(parent.phone!)).toEqual([`Thank you, Sunita Patil. We have noted the reason for ${student.user.name}’s absence.`]);

    // The same webhook again: answered 200, nothing stored or sent again.
    const before = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(conversationMessages);
    expect((await post(tap)).statusCode).toBe(200);
    await send();
    expect(await t.database.db.select({ count: sql<number>`count(*)::int` }).from(conversationMessages)).toEqual(before);
    expect(sessionTextsTo(parent.phone!)).toHaveLength(1);

    // The office accepts it as excused (audited); wrong input is worded.
    expect((await asAdmin('PUT', `/api/admin/absence-reasons/${record.reason._id}/excused`, { excused: 'yes' })).json().message).toBe('excused must be true or false');
    expect((await asAdmin('PUT', `/api/admin/absence-reasons/${record.reason._id}/excused`, { excused: true })).statusCode).toBe(200);
    const excused = await t.app.inject({ method: 'GET', url: `/api/attendance/${batch.id}/${today}`, headers: { cookie: teacherCookie } });
    // The mark itself is now excused: the statistics count it apart from the absences.
    expect(excused.json().data.students.find((row: { _id: string }) => row._id === student.id)).toMatchObject({ status: 'excused', reason: { excused: true, text: 'Sick' } });
    expect(excused.json().data.statistics).toMatchObject({ absent: 0, excused: 1 });
    // The office's absent-today list still shows the child, with the reason.
    const absent = await asAdmin('GET', '/api/admin/absent-today');
    expect(absent.json().data.students.find((row: { _id: string }) => row._id === student.id).reason).toMatchObject({ text: 'Sick', by: { name: 'Sunita Patil', relation: 'mother' }, excused: true });
  });

  it('takes words written the same day as the reason', async () => {
    const { student, batch, teacher, teacherCookie } = await family('+919822160002');
    await t.database.db.insert(attendanceRecords).values({ batchId: batch.id, studentId: student.id, date: today, status: 'absent', markedBy: teacher.user.id });
    await runAbsenceAlerts(t.database.db, t.app.jobs, { date: today, studentIds: [student.id] });
    await send();
    expect((await post(inbound('919822160002', { text: 'He has fever' }))).statusCode).toBe(200);
    const day = await t.app.inject({ method: 'GET', url: `/api/attendance/${batch.id}/${today}`, headers: { cookie: teacherCookie } });
    expect(day.json().data.students.find((row: { _id: string }) => row._id === student.id).reason).toMatchObject({ text: 'He has fever', excused: false });
  });

  it('keeps the first reason: a later “Hi” gets the menu and a later word waits for the office (issue 73)', async () => {
    const { student, batch, teacher, teacherCookie, parent } = await family('+919822160010', 'mr');
    await t.database.db.insert(attendanceRecords).values({ batchId: batch.id, studentId: student.id, date: today, status: 'absent', markedBy: teacher.user.id });
    await runAbsenceAlerts(t.database.db, t.app.jobs, { date: today, studentIds: [student.id] });
    await send();
    providers.reset();
    // A first “नमस्कार” before any reason is a greeting too: the menu, no reason.
    expect((await post(inbound('919822160010', { text: 'नमस्कार' }))).statusCode).toBe(200);
    const reasonOnSheet = async () => (await t.app.inject({ method: 'GET', url: `/api/attendance/${batch.id}/${today}`, headers: { cookie: teacherCookie } })).json().data.students.find((row: { _id: string }) => row._id === student.id).reason;
    expect(await reasonOnSheet()).toBeNull();
    expect((await post(inbound('919822160010', { text: 'तो आजारी आहे, ताप आला आहे' }))).statusCode).toBe(200);
    for (const text of ['Hi', 'धन्यवाद 🙏', 'ok']) expect((await post(inbound('919822160010', { text }))).statusCode).toBe(200);
    expect((await post(inbound('919822160010', { button: { text: 'Family reason', payload: 'absence-reason:family' } }))).statusCode).toBe(200);
    await send();
    expect(await reasonOnSheet()).toMatchObject({ text: 'तो आजारी आहे, ताप आला आहे', by: { name: 'Sunita Patil', relation: 'mother' } });
    const sent = providers.whatsapp.filter((request) => request.body.to === parent.phone!.replace('+', ''));
    // नमस्कार, the reason, Hi, धन्यवाद, ok, and the late tap: four menus, thanks for the reason, the office will answer.
    expect(sent.filter((request) => request.body.type === 'interactive')).toHaveLength(4);
    const texts = sessionTextsTo(parent.phone!);
    expect(texts.filter((text) => text.includes('कारण नोंदवले'))).toHaveLength(1);
    expect(texts).toContain('धन्यवाद. कार्यालय लवकरच उत्तर देईल.');
  });
});

describe('questions answer themselves', () => {
  it('answers “फी किती बाकी आहे?” with each child’s balance and pay link, in Marathi', async () => {
    const { batch, parent, student } = await family('+919822160003', 'mr');
    const plan = await asAdmin('POST', '/api/fee-plans', { name: 'Maths fees', batch: batch.id, amount: 12000, instalments: [{ dueDate: today, amount: 12000 }] });
    expect(plan.statusCode, plan.body).toBe(201);
    expect((await post(inbound('919822160003', { text: 'फी किती बाकी आहे?' }))).statusCode).toBe(200);
    await send();
    const [answer] = sessionTextsTo(parent.phone!);
    expect(answer).toContain(`${student.user.name}: ₹12,000`);
    expect(answer).toContain('भरायचे बाकी आहे');
    expect(answer).toContain(`${PUBLIC_URL}/mr/pay/`);
    // Another family's child is never in it.
    const other = await family('+919822160004');
    expect(answer).not.toContain(other.student.user.name);
  });

  it('sends the menu, and answers its choice (contact details)', async () => {
    const { parent } = await family('+919822160005');
    expect((await post(inbound('919822160005', { text: 'Hi' }))).statusCode).toBe(200);
    await send();
    const menu = providers.whatsapp.find((request) => request.body.to === '919822160005')!;
    expect((menu.body.interactive as { action: { sections: { rows: { id: string }[] }[] } }).action.sections[0]!.rows.map((row) => row.id)).toEqual(['topic:fees', 'topic:classes', 'topic:results', 'topic:contact']);
    expect((await post(inbound('919822160005', { listReply: { id: 'topic:contact', title: 'Contact' } }))).statusCode).toBe(200);
    await send();
    expect(sessionTextsTo(parent.phone!)[1]).toMatch(/Office hours: /);
  });

  it('answers today’s and tomorrow’s classes, and says when a holiday closes the batch', async () => {
    const { parent, batch, student } = await family('+919822160028');
    await t.database.db.update(batches).set({ name: 'Physics XII', scheduleDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], startTime: '16:00', endTime: '17:00' }).where(eq(batches.id, batch.id));
    const tomorrow = shiftDate(today, 1);
    await t.database.db.insert(announcements).values({ title: 'Diwali', content: 'Closed.', type: 'holiday', closure: true, startDate: tomorrow, endDate: tomorrow });
    expect((await post(inbound('919822160028', { listReply: { id: 'topic:classes', title: 'Classes' } }))).statusCode).toBe(200);
    await send();
    const [today_, tomorrow_] = sessionTextsTo(parent.phone!)[0]!.split('\n\n');
    expect(today_).toContain(`${student.user.name}: Physics XII 4:00`);
    expect(tomorrow_).toContain(`${student.user.name}: Physics XII: no class (Diwali)`);
  });

  it('gives an unknown number the contact details once a day, and nothing else', async () => {
    expect((await post(inbound('919822169999', { text: 'fees of my son?' }))).statusCode).toBe(200);
    expect((await post(inbound('919822169999', { text: 'hello?' }))).statusCode).toBe(200);
    await send();
    const texts = sessionTextsTo('+919822169999');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/Phone: /);
    expect(texts[0]).not.toMatch(/₹|pay/i);
    expect(await t.database.db.select().from(conversations).where(sql`false`)).toEqual([]);
  });

  it('ignores a message dated far from now', async () => {
    const { parent } = await family('+919822160006');
    expect((await post(inbound('919822160006', { text: 'fees?', timestamp: Math.floor(Date.now() / 1000) - 30 * 86_400 }))).statusCode).toBe(200);
    await send();
    expect(sessionTextsTo(parent.phone!)).toEqual([]);
    expect(await t.database.db.select().from(conversations).where(eq(conversations.parentId, parent.id))).toEqual([]);
  });
});

describe('the office’s inbox', () => {
  it('lists the conversation with its unread count, replies inside the window, and refuses after it (409)', async () => {
    const { parent } = await family('+919822160007');
    expect((await post(inbound('919822160007', { text: 'Can I meet the teacher on Saturday?' }))).statusCode).toBe(200);
    await send();
    // Not a question the academy answers by itself: the office is told, the parent is told it will answer.
    expect(sessionTextsTo(parent.phone!)).toEqual(['Thank you. The office will answer you soon.']);
    const list = await asAdmin('GET', '/api/admin/conversations');
    expect(list.statusCode).toBe(200);
    const item = list.json().data.conversations.find((row: { parent: { _id: string } }) => row.parent._id === parent.id);
    expect(item).toMatchObject({ unread: 1, waiting: true, parent: { name: 'Sunita Patil' } });
    expect(typeof item.lastMessageAt).toBe('string');

    const opened = await asAdmin('GET', `/api/admin/conversations/${item._id}`);
    expect(opened.json().data.conversation).toMatchObject({ unread: 0, windowOpen: true });
    expect(opened.json().data.messages.map((message: { direction: string }) => message.direction)).toEqual(['in', 'out']);

    expect((await asAdmin('POST', `/api/admin/conversations/${item._id}/messages`, { text: '  ' })).json().message).toBe('Write a reply');
    const reply = await asAdmin('POST', `/api/admin/conversations/${item._id}/messages`, { text: 'Yes, at 10 AM.' });
    expect(reply.statusCode, reply.body).toBe(201);
    await send();
    expect(sessionTextsTo(parent.phone!)).toContain('Yes, at 10 AM.');
    expect((await asAdmin('PATCH', `/api/admin/conversations/${item._id}`, { note: 'Prefers mornings' })).statusCode).toBe(200);

    // A day later the window has closed: a template only.
    await t.database.db.update(conversations).set({ lastInboundAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(conversations.id, item._id));
    const late = await asAdmin('POST', `/api/admin/conversations/${item._id}/messages`, { text: 'Are you coming?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The 24-hour window has closed: WhatsApp allows only an approved template now');
    expect((await asAdmin('GET', `/api/admin/conversations/${item._id}`)).json().data.conversation).toMatchObject({ windowOpen: false, note: 'Prefers mornings' });

    // The counts on the dashboard and in the metrics: the parent writes again, for the office.
    expect((await post(inbound('919822160007', { text: 'Thank you, see you then' }))).statusCode).toBe(200);
    const replies = (await asAdmin('GET', '/api/admin/dashboard/summary')).json().data.repliesToday;
    expect(replies.received).toBeGreaterThan(0);
    expect(replies.answeredAutomatically).toBeGreaterThan(0);
    expect(replies.waiting).toBeGreaterThan(0);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/academy_family_replies\{state="received"\} [1-9]/);
    expect(metrics).toMatch(/academy_family_replies\{state="waiting_for_office"\} [1-9]/);
  });

  it('after the window, sends the office’s words as the approved announcement template through the outbox', async () => {
    const { parent } = await family('+919822160018');
    expect((await post(inbound('919822160018', { text: 'Is the class on today?' }))).statusCode).toBe(200);
    await send();
    const id = (await asAdmin('GET', '/api/admin/conversations')).json().data.conversations.find((row: { parent: { _id: string } }) => row.parent._id === parent.id)._id as string;
    await t.database.db.update(conversations).set({ lastInboundAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(conversations.id, id));
    providers.reset();

    expect((await asAdmin('POST', `/api/admin/conversations/${id}/messages`, { text: 'Yes, at 5 PM.' })).statusCode).toBe(409);
    const empty = await asAdmin('POST', `/api/admin/conversations/${id}/template-messages`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write a reply');
    expect((await asAdmin('POST', `/api/admin/conversations/${id}/template-messages`, { text: 'x'.repeat(1001) })).statusCode).toBe(400);

    const sent = await asAdmin('POST', `/api/admin/conversations/${id}/template-messages`, { text: 'Yes,\n\nat 5 PM.' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toBe('Message queued as an approved template');
    await send();
    const templates = providers.whatsapp.filter((request) => request.body.to === '919822160018' && request.body.type === 'template');
    expect(templates).toHaveLength(1);
    const template = templates[0]!.body.template as { name: string; components: { type: string; parameters: { text?: string }[] }[] };
    expect(template.name).toBe('announcement');
    expect(template.components.find((component) => component.type === 'body')!.parameters.map((parameter) => parameter.text)).toEqual(['Sunita Patil', 'Yes, at 5 PM.']); // one line, as WhatsApp requires
    expect(sessionTextsTo(parent.phone!)).toEqual([]);

    const messages = (await asAdmin('GET', `/api/admin/conversations/${id}`)).json().data.messages as { kind: string; text: string; sentBy: { name: string } | null }[];
    expect(messages.at(-1)).toMatchObject({ kind: 'template', text: 'Yes,\n\nat 5 PM.', sentBy: { name: 'Office Admin' } });
    const [audit] = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where entity_id = ${id} and summary_key = 'conversation.template'`).then((result) => result.rows);
    expect(audit!.n).toBe(1);
  });

  it('is the admin’s only: a teacher gets 403', async () => {
    const teacher = await buildTeacher(t.database.db);
    const cookie = await loginAs(t.app, teacher.user.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/conversations', headers: { cookie } })).statusCode).toBe(403);
  });
});

describe('many academies', () => {
  it("never shows academy B academy A's conversations", async () => {
    const db = t.database.db;
    const B = '00000000-0000-4000-8000-0000000060b1';
    await buildAcademies(db, { id: B, slug: 'wa-b', name: 'B Classes' });
    const { parent } = await family('+919822160008');
    expect((await post(inbound('919822160008', { text: 'Can I meet the teacher?' }))).statusCode).toBe(200);
    const [own] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.parentId, parent.id));
    expect(own).toBeDefined();
    expect(await withAcademy(B, () => db.select().from(conversations))).toEqual([]);
    expect(await withAcademy(B, () => db.select().from(conversationMessages))).toEqual([]);
  });
});
