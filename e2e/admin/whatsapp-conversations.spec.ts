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
    data: { whatsapp: { enabled: true, phoneNumberId: E2E_PROVIDERS.phoneNumberId, accessToken: E2E_PROVIDERS.accessToken, appSecret: E2E_PROVIDERS.appSecret }, quietHours: null },
  });
  expect(saved.status(), await saved.text()).toBe(200);
});

test.afterAll(async () => {
  await admin.put('/api/admin/settings/messaging', { data: { whatsapp: { enabled: false }, quietHours: { from: '21:00', to: '07:00' } } });
  await admin.dispose();
});

type Sent = { to: string; type: string; text?: { body: string } };
const sessionTextsTo = async (mobile: string) =>
  ((await (await fetch(`${E2E_PROVIDERS_BASE}/_stand-in/sent`)).json()) as { whatsapp: Sent[] }).whatsapp.filter((message) => message.to === `91${mobile}` && message.type === 'text').map((message) => message.text!.body);

test('a parent’s fee question answers itself; the office replies to the rest from Conversations', async ({ page, loginAs, baseURL }) => {
  test.setTimeout(120_000);
  const token = uniqueToken('wa');
  const mobile = randomMobile();
  /** The parent writes: the stand-in posts Meta's webhook, signed with the app secret. */
  const write = async (text: string) => {
    const body = whatsAppInboundBody(`91${mobile}`, `wamid.e2e-${uniqueToken('in')}`, { text, phoneNumberId: E2E_PROVIDERS.phoneNumberId });
    const answer = await fetch(`${E2E_PROVIDERS_BASE}/_stand-in/inbound`, { method: 'POST', body: JSON.stringify({ webhook: `${baseURL}/api/webhooks/whatsapp`, appSecret: E2E_PROVIDERS.appSecret, body }) });
    expect(((await answer.json()) as { status: number }).status).toBe(200);
  };
  await loginAs('admin');
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

test('a teacher cannot open the inbox', async ({ page, loginAs }) => {
  await loginAs('teacher');
  expect((await page.request.get('/api/admin/conversations')).status()).toBe(403);
});
