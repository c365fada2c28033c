import { request, type APIRequestContext } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_USERS, expect, hasHorizontalOverflow, randomMobile, shownPhone, test, uniqueToken } from '../fixtures';
import { E2E_PROVIDERS, E2E_PROVIDERS_BASE } from '../stand-ins/provider-credentials';

/*
 * A family reached by phone (issue 37), in the browser: the academy turns on WhatsApp and SMS for
 * codes, a family without email applies by verifying its mobile number, and a parent the office
 * linked with only a phone signs in with a code sent on WhatsApp; the office then sees that message
 * turn to "read" from Meta's signed status. The providers are the run's local stand-ins
 * (playwright.config.ts); the code is read back from what the WhatsApp stand-in was sent, as the
 * parent would read it on their phone. This file runs alone, after the parallel specs (the channels
 * it turns on are off for every other spec), in one worker, and turns them off again.
 */
test.describe.configure({ mode: 'serial' });

const SIGN_IN_TEMPLATE = 'academy_sign_in_code';
const shots = process.env.FAMILY_SHOTS; // e.g. /tmp/shots: the screens at 360 (and 1280) px
let admin: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const saved = await admin.put('/api/admin/settings/messaging', {
    data: {
      whatsapp: {
        enabled: true,
        phoneNumberId: E2E_PROVIDERS.phoneNumberId,
        accessToken: E2E_PROVIDERS.accessToken,
        appSecret: E2E_PROVIDERS.appSecret,
        templates: { 'sign-in-code': SIGN_IN_TEMPLATE },
      },
      sms: { enabled: true, authKey: E2E_PROVIDERS.authKey, senderId: 'ACADMY', templates: { 'sign-in-code': '64f0a1b2c3d4e5f6a7b8c9d1' } },
      quietHours: null,
    },
  });
  expect(saved.status()).toBe(200);
});

test.afterAll(async () => {
  await admin.put('/api/admin/settings/messaging', { data: { whatsapp: { enabled: false }, sms: { enabled: false } } });
  await admin.dispose();
});

type SentTemplate = { to: string; template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] } };

/** The newest WhatsApp code template the stand-in was sent for this number (`91XXXXXXXXXX`), as the phone shows it. */
async function codeSentOnWhatsApp(mobile: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const sent = (await (await fetch(`${E2E_PROVIDERS_BASE}/_stand-in/sent`)).json()) as { whatsapp: SentTemplate[] };
        const last = sent.whatsapp.filter((message) => message.to === `91${mobile}` && message.template.name === SIGN_IN_TEMPLATE).at(-1);
        code = last?.template.components[0]?.parameters[0]?.text ?? '';
        return code;
      },
      { timeout: 20_000, message: `a WhatsApp code to ${mobile}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

test('a family without email applies by verifying its mobile number with a WhatsApp code', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const token = uniqueToken('ph');
  const mobile = randomMobile();
  await page.goto('/admission');
  await expect(page.getByText('We mail you a confirmation.')).toBeVisible();
  await page.getByLabel("Student's mobile number").fill(mobile);
  await page.getByLabel('Student name').fill(`Sai ${token}`);
  await page.getByRole('button', { name: 'No email? Verify the mobile number instead' }).click();
  // No email, no confirmation mail: the page no longer promises one (the office calls).
  await expect(page.getByText('We mail you a confirmation.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await codeSentOnWhatsApp(mobile);
  await page.getByLabel('Verification code').fill(code);
  await expect(page.getByText(`${shownPhone(mobile)} is verified`)).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/admission-phone-verified-360.png`, fullPage: true });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('combobox', { name: 'Standard' }).click();
  await page.getByRole('option', { name: '10th Standard' }).click();
  await page.getByText('Mathematics', { exact: true }).click();
  await page.getByRole('radio', { name: 'State Board' }).check();
  await page.getByRole('radio', { name: 'Semi-English' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you! We have received your application.' })).toBeVisible();

  // The office finds it by the child's name, with the phone it proved and no email.
  const found = (await (await admin.get(`/api/admission-enquiries?search=${encodeURIComponent(token)}`)).json()) as { data: { enquiries: { phone: string; email: string | null }[] } };
  expect(found.data.enquiries).toHaveLength(1);
  expect(found.data.enquiries[0]).toMatchObject({ phone: `+91${mobile}` });
  expect(found.data.enquiries[0]!.email ?? null).toBeNull();
});

test('a parent with only a phone signs in with a WhatsApp code; the office sees the message turn to read', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const token = uniqueToken('pp');
  const mobile = randomMobile();
  const childName = `Child ${token}`;
  const parentName = `Mother ${token}`;
  const standards = (await (await admin.get('/api/standards')).json()) as { data: { _id: string }[] };
  const created = await admin.post('/api/students', { data: { name: childName, email: `${token}@example.com`, standard: standards.data[0]!._id } });
  expect(created.status()).toBe(201);
  const studentId = ((await created.json()) as { data: { _id: string } }).data._id;
  const linked = await admin.post(`/api/students/${studentId}/parents`, { data: { name: parentName, phone: mobile, relation: 'mother' } });
  expect(linked.status()).toBe(201);
  const parentId = ((await linked.json()) as { data: { _id: string } }).data._id;

  // The parent, on their phone: a code by WhatsApp, typed in, and they are in with their child.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Parent? Sign in with a code sent to your phone' }).click();
  const form = page.getByRole('form', { name: 'Sign in with a code' });
  await form.getByLabel('Mobile number').fill(mobile);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByRole('status')).toContainText(shownPhone(mobile));
  const code = await codeSentOnWhatsApp(mobile);
  await form.getByLabel('Sign-in code').fill(code);
  await expect(page).toHaveURL(/\/app\/parent\/dashboard/);
  await expect(page.getByText(childName).first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/parent-by-code-dashboard-360.png`, fullPage: true });
  expect(await hasHorizontalOverflow(page)).toBe(false);

  // The office: the code's message to that parent, sent on WhatsApp; Meta's signed "read" turns it to read.
  const office = await browser.newPage();
  try {
    await office.request.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } });
    const messages = (await (await office.request.get(`/api/admin/messages?parentId=${parentId}`)).json()) as { data: { items: { kind: string; channel: string; status: string; providerId: string | null }[] } };
    const sent = messages.data.items.find((item) => item.kind === 'sign-in-code');
    expect(sent).toMatchObject({ channel: 'whatsapp', status: 'sent' });
    const status = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id: sent!.providerId, status: 'read', timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: `91${mobile}` }] } }] }],
    });
    // Unsigned: refused, and nothing changes.
    const unsigned = await office.request.post('/api/webhooks/whatsapp', { data: status, headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' } });
    expect(unsigned.status()).toBe(401);
    const signature = `sha256=${createHmac('sha256', E2E_PROVIDERS.appSecret).update(status).digest('hex')}`;
    const signed = await office.request.post('/api/webhooks/whatsapp', { data: status, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } });
    expect(signed.status()).toBe(200);

    await office.goto(`/app/messages?parentId=${parentId}`);
    // Linking the parent also sent "How to sign in" (issue 73): the code's own row is the one that turns to read.
    const row = office.getByRole('row').filter({ hasText: parentName }).filter({ hasText: 'Sign-in code' });
    await expect(row).toContainText('WhatsApp');
    await expect(row).toContainText('Read');
    await expect(row).toContainText(shownPhone(mobile));
    if (shots) {
      for (const width of [360, 1280]) {
        await office.setViewportSize({ width, height: 800 });
        await office.screenshot({ path: `${shots}/parent-messages-read-${width}.png`, fullPage: true });
      }
    }
  } finally {
    await office.close();
  }
});
