import { request, type APIRequestContext } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, DEMO_PASSWORD, DEMO_USERS, enrolByApi, expect, hasHorizontalOverflow, randomMobile, shootWidths, test, uniqueToken, academyDay } from '../fixtures';
import { whatsAppInboundBody } from '../../apps/api/test/provider-stand-ins';
import { E2E_PROVIDERS, E2E_PROVIDERS_BASE } from '../stand-ins/provider-credentials';

/*
 * Issue 60, the office's side: a mother asks about fees on WhatsApp and gets her child's balance and
 * pay link by herself; her other question waits in Messages → Conversations, where the office replies.
 * WhatsApp is on for this file only (its own project after held-messages: playwright.config.ts), put
 * back off afterwards.
 */
test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const saved = await admin.put('/api/admin/settings/messaging', {
    data: {
      whatsapp: { enabled: true, phoneNumberId: E2E_PROVIDERS.phoneNumberId, accessToken: E2E_PROVIDERS.accessToken, appSecret: E2E_PROVIDERS.appSecret, templates: { absence: 'absence_alert', announcement: 'announcement' } },
      quietHours: null,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
});

test.afterAll(async () => {
  await admin.put('/api/admin/settings/messaging', { data: { whatsapp: { enabled: false }, quietHours: { from: '21:00', to: '07:00' } } });
  await admin.dispose();
});

type Sent = { to: string; type: string; text?: { body: string }; template?: { name: string } };
const sentOnWhatsApp = async () => (await (await fetch(`${E2E_PROVIDERS_BASE}/_stand-in/sent`)).json()) as { whatsapp: Sent[]; whatsappIds: (string | null)[] };
const sessionTextsTo = async (mobile: string) =>
  (await sentOnWhatsApp()).whatsapp.filter((message) => message.to === `91${mobile}` && message.type === 'text').map((message) => message.text!.body);

/** A parent writes from `mobile`: the stand-in posts Meta's webhook, signed with the app secret. */
async function writeFrom(baseURL: string | undefined, mobile: string, parts: Parameters<typeof whatsAppInboundBody>[2]) {
  const body = whatsAppInboundBody(`91${mobile}`, `wamid.e2e-${uniqueToken('in')}`, { phoneNumberId: E2E_PROVIDERS.phoneNumberId, ...parts });
  const answer = await fetch(`${E2E_PROVIDERS_BASE}/_stand-in/inbound`, { method: 'POST', body: JSON.stringify({ webhook: `${baseURL}/api/webhooks/whatsapp`, appSecret: E2E_PROVIDERS.appSecret, body }) });
  expect(((await answer.json()) as { status: number }).status).toBe(200);
  return body;
}

test('a parent’s fee question answers itself; the office replies to the rest from Conversations', async ({ signIn, page, baseURL }) => {
  test.setTimeout(120_000);
  const token = uniqueToken('wa');
  const mobile = randomMobile();
  const write = (text: string) => writeFrom(baseURL, mobile, { text });
  await signIn('admin');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batch = await createBatchByApi(page, { name: `WhatsApp ${token}`, teacher, schedule: { days: ['tue', 'thu'], startTime: '16:00', endTime: '17:00' } });
  const studentName = `Rohan ${token}`;
  const studentId = await createStudentByApi(page, { name: studentName, email: `${token}.s@example.com`, password: 'whatsapp-both-2026' });
  await enrolByApi(page, batch, studentId);
  expect((await page.request.post('/api/fee-plans', { data: { name: `Fees ${token}`, batch, amount: 6000, instalments: [{ dueDate: academyDay(5), amount: 6000 }] } })).status()).toBe(201);
  const parentName = `Sunita ${token}`;
  expect((await page.request.post(`/api/students/${studentId}/parents`, { data: { name: parentName, phone: mobile, relation: 'mother' } })).status()).toBe(201);

  // "How much fee is left?": the balance and the pay link, without anyone in the office.
  await write('How much fees is left?');
  await expect.poll(async () => (await sessionTextsTo(mobile)).join('\n'), { timeout: 30_000 }).toContain(`${studentName}: ₹6,000`);
  expect((await sessionTextsTo(mobile)).join('\n')).toMatch(/\/pay\//);

  // Another question waits for the office.
  await write('Can I meet the teacher on Saturday?');
  await page.goto('/app/messages');
  await page.getByRole('link', { name: 'Conversations' }).click();
  const item = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').filter({ hasText: parentName });
  await expect(item.getByText('Waiting for the office')).toBeVisible({ timeout: 30_000 });
  await item.getByRole('link', { name: parentName }).click();
  await expect(page.getByText('Can I meet the teacher on Saturday?')).toBeVisible();

  // An empty reply is refused with a clear message; a real one goes out on WhatsApp.
  await page.getByRole('button', { name: 'Send on WhatsApp' }).click();
  await expect(page.getByText('Write a reply')).toBeVisible();
  await page.getByLabel('Your reply').fill(`Yes, at 10 AM ${token}`);
  await page.getByRole('button', { name: 'Send on WhatsApp' }).click();
  await expect.poll(async () => await sessionTextsTo(mobile), { timeout: 30_000 }).toContain(`Yes, at 10 AM ${token}`);
  await expect(page.getByText(`Yes, at 10 AM ${token}`)).toBeVisible();

  await page.setViewportSize({ width: 360, height: 800 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await shootWidths(page, 'whatsapp-conversation');
});

test('a mother taps “Sick” on the absence alert and the sheet and the history say who gave the reason; other numbers learn only the contact; after 24 hours a template is offered', async ({ signIn, page, baseURL, browser }) => {
  test.setTimeout(180_000);
  const token = uniqueToken('sick');
  const mobile = randomMobile();
  type AbsenceAlerts = { enabled: boolean; statuses: string[]; delayMinutes: number };
  const { absenceAlerts: before } = ((await (await admin.get('/api/admin/settings')).json()) as { data: { absenceAlerts: AbsenceAlerts } }).data;
  // Absence alerts at once (the job runner polls every 10 s): put back as they were afterwards.
  expect((await admin.put('/api/admin/settings/parent-alerts', { data: { absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 0 }, parentWebhook: { url: null } } })).status()).toBe(200);
  try {
    await signIn('admin');
    const teacherEmail = `${token}.t@example.com`;
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: 'teacher-pass-2026' });
    const everyDay = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
    const batch = await createBatchByApi(page, { name: `Sick ${token}`, teacher, schedule: { days: everyDay, startTime: '16:00', endTime: '17:00' } });
    const studentName = `Aarav ${token}`;
    const studentEmail = `${token}.s@example.com`;
    const studentId = await createStudentByApi(page, { name: studentName, email: studentEmail, password: 'whatsapp-sick-2026' });
    await enrolByApi(page, batch, studentId);
    expect((await page.request.post('/api/fee-plans', { data: { name: `Fees ${token}`, batch, amount: 4500, instalments: [{ dueDate: academyDay(5), amount: 4500 }] } })).status()).toBe(201);
    const parentName = `Sunita ${token}`;
    expect((await page.request.post(`/api/students/${studentId}/parents`, { data: { name: parentName, phone: mobile, relation: 'mother' } })).status()).toBe(201);

    // The teacher marks Aarav absent: the alert goes to his mother as the template with its buttons.
    const teacherApi = await request.newContext({ baseURL });
    expect((await teacherApi.post('/api/auth/login', { data: { email: teacherEmail, password: 'teacher-pass-2026' } })).status()).toBe(200);
    expect((await teacherApi.post(`/api/attendance/batch/${batch}`, { data: { date: academyDay(0), records: [{ studentId, status: 'absent' }] } })).status()).toBe(200);
    let alertId: string | null = null;
    await expect
      .poll(async () => {
        const sent = await sentOnWhatsApp();
        const at = sent.whatsapp.findIndex((message) => message.to === `91${mobile}` && message.type === 'template' && message.template?.name === 'absence_alert');
        alertId = at < 0 ? null : sent.whatsappIds[at]!;
        return alertId;
      }, { timeout: 90_000 })
      .not.toBeNull();

    // She taps "Sick" on it (a quick-reply button answering that message); Meta's retry of the same webhook changes nothing.
    const tap = await writeFrom(baseURL, mobile, { button: { text: 'Sick', payload: 'absence-reason:sick' }, context: alertId! });
    await expect.poll(async () => await sessionTextsTo(mobile), { timeout: 30_000 }).toContain(`Thank you, ${parentName}. We have noted the reason for ${studentName}’s absence.`);
    const replayed = await fetch(`${E2E_PROVIDERS_BASE}/_stand-in/inbound`, { method: 'POST', body: JSON.stringify({ webhook: `${baseURL}/api/webhooks/whatsapp`, appSecret: E2E_PROVIDERS.appSecret, body: tap }) });
    expect(((await replayed.json()) as { status: number }).status).toBe(200);

    // The teacher's sheet shows it, with who gave it.
    const teacherContext = await browser.newContext({ baseURL, storageState: await teacherApi.storageState(), serviceWorkers: 'block' });
    const sheet = await teacherContext.newPage();
    await sheet.goto(`/app/teacher/attendance/mark?batchId=${batch}&date=${academyDay(0)}`);
    const reason = `Sick — reported by ${parentName} (mother)`;
    await expect(sheet.getByText(reason)).toBeVisible({ timeout: 20_000 });
    await teacherContext.close();
    await teacherApi.dispose();

    // So does the student's own attendance history.
    const studentApi = await request.newContext({ baseURL });
    expect((await studentApi.post('/api/auth/login', { data: { email: studentEmail, password: 'whatsapp-sick-2026' } })).status()).toBe(200);
    const studentContext = await browser.newContext({ baseURL, storageState: await studentApi.storageState(), serviceWorkers: 'block' });
    const history = await studentContext.newPage();
    await history.goto('/app/student/attendance');
    await expect(history.getByText(reason)).toBeVisible({ timeout: 20_000 });
    await history.setViewportSize({ width: 360, height: 800 });
    expect(await hasHorizontalOverflow(history)).toBe(false);
    await studentContext.close();
    await studentApi.dispose();
    // The replay thanked no one twice.
    expect((await sessionTextsTo(mobile)).filter((text) => text.startsWith('Thank you'))).toHaveLength(1);

    // "फी किती बाकी आहे?": her son's balance and pay link, in Marathi.
    await writeFrom(baseURL, mobile, { text: 'फी किती बाकी आहे?' });
    await expect.poll(async () => (await sessionTextsTo(mobile)).join('\n'), { timeout: 30_000 }).toContain(`${studentName}: ₹4,500 भरायचे बाकी आहे.`);
    expect((await sessionTextsTo(mobile)).join('\n')).toMatch(/\/mr\/pay\//);

    // A number that is no parent's gets the academy's contact details only.
    const stranger = randomMobile();
    await writeFrom(baseURL, stranger, { text: `How much fees for ${studentName}?` });
    await expect.poll(async () => (await sessionTextsTo(stranger)).length, { timeout: 30_000 }).toBe(1);
    const [contact] = await sessionTextsTo(stranger);
    expect(contact).toMatch(/Phone: /);
    expect(contact).not.toContain(studentName);
    expect(contact).not.toMatch(/₹|\/pay\//);

    // A father whose last message is two days old: his window has closed; the office is offered a template.
    const father = randomMobile();
    const fatherName = `Ramesh ${token}`;
    expect((await page.request.post(`/api/students/${studentId}/parents`, { data: { name: fatherName, phone: father, relation: 'father' } })).status()).toBe(201);
    await writeFrom(baseURL, father, { text: 'Please call me about the bus', timestamp: Math.floor(Date.now() / 1000) - 2 * 86_400 });
    await page.goto('/app/messages/conversations');
    const item = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').filter({ hasText: fatherName });
    await item.getByRole('link', { name: fatherName }).click({ timeout: 30_000 });
    await expect(page.getByText('WhatsApp allows free text only within 24 hours', { exact: false })).toBeVisible();
    await page.getByLabel('Your reply').fill(`We will call you at 6 PM ${token}`);
    await page.getByRole('button', { name: 'Send as template message' }).click();
    await expect(page.getByText(`We will call you at 6 PM ${token}`)).toBeVisible();
    await expect
      .poll(async () => (await sentOnWhatsApp()).whatsapp.filter((message) => message.to === `91${father}`).map((message) => message.type), { timeout: 30_000 })
      .toEqual(['template']);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await shootWidths(page, 'whatsapp-template-offer');
  } finally {
    const restored = { enabled: before.enabled, statuses: before.statuses, delayMinutes: before.delayMinutes };
    expect((await admin.put('/api/admin/settings/parent-alerts', { data: { absenceAlerts: restored, parentWebhook: { url: null } } })).status()).toBe(200);
  }
});

test('a teacher cannot open the inbox', async ({ page, loginAs }) => {
  await loginAs('teacher');
  expect((await page.request.get('/api/admin/conversations')).status()).toBe(403);
});
