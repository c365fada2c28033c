import { devices, type Page } from '@playwright/test';
import { createBatchByApi, createTeacherByApi, DEMO_PASSWORD, DEMO_USERS, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';

/*
 * Fees paid by UPI (issue 38), the request's side: the office keeps the academy's UPI ID in Settings →
 * Payments, and a parent on a phone taps Pay on a due: the link hands the UPI app the academy, the
 * amount left and the due's reference; on a computer the QR code shows. The demo academy has a UPI ID
 * (the seed's); the office's test saves that same one back, so no other spec sees a change. Serial: the
 * parent's test reads the UPI ID the office's test saved.
 */
test.describe.configure({ mode: 'serial' });

const shots = process.env.UPI_SHOTS; // e.g. /tmp/shots: the screens at 360 and 1280 px
const DEMO_UPI = { vpa: 'shreeacademy.demo@okhdfcbank', payeeName: 'Shree Academy Latur (demo)' };

/** A date `days` from today where the academy is (Asia/Kolkata), as YYYY-MM-DD. */
function academyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('the office keeps the academy’s UPI ID in Settings → Payments; one that is not name@bank is refused with the reason', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/app/settings');
  const form = page.getByRole('form', { name: 'Payments' });
  await expect(form.getByLabel('UPI ID')).toHaveValue(DEMO_UPI.vpa, { timeout: 20_000 });
  await form.getByLabel('UPI ID').fill('shree academy');
  await form.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(form.getByText('Enter the UPI ID as name@bank, for example shreeacademy@okhdfcbank')).toBeVisible();
  expect((await (await page.request.get('/api/admin/settings/payments')).json()).data.upi.vpa).toBe(DEMO_UPI.vpa);

  // Typed in capitals with spaces around: kept as UPI apps read it.
  await form.getByLabel('UPI ID').fill(`  ${DEMO_UPI.vpa.toUpperCase()} `);
  await form.getByLabel('Name shown to the payer').fill(DEMO_UPI.payeeName);
  await form.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved').first()).toBeVisible();
  await expect(form.getByLabel('UPI ID')).toHaveValue(DEMO_UPI.vpa);
  if (shots) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(500);
      await form.screenshot({ path: `${shots}/settings-payments-${width}.png` });
    }
  }
});

test('a parent on a phone taps Pay: the UPI app gets the academy, the amount left and the due’s reference; a computer shows the QR code', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const token = uniqueToken('upi');
  // The office: a batch with a ₹10,000 plan (₹6,000 overdue, ₹4,000 later), a child in it, and the child's mother.
  expect((await page.request.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: 'teacher-pass-2026' });
  const batch = await createBatchByApi(page, { name: `UPI batch ${token}`, teacher });
  const plan = await page.request.post('/api/fee-plans', { data: { name: 'Term fees', batch, amount: 10000, instalments: [{ dueDate: academyDate(-5), amount: 6000 }, { dueDate: academyDate(30), amount: 4000 }] } });
  expect(plan.status()).toBe(201);
  const standard = ((await (await page.request.get('/api/standards')).json()) as { data: { _id: string }[] }).data[0]!._id;
  const student = await page.request.post('/api/students', { data: { name: `Sai ${token}`, email: `${token}.s@example.com`, password: 'student-pass-2026', standard } });
  expect(student.status()).toBe(201);
  const studentId = ((await student.json()) as { data: { _id: string } }).data._id;
  await enrolByApi(page, batch, studentId);
  const parentEmail = `${token}.p@example.com`;
  expect((await page.request.post(`/api/students/${studentId}/parents`, { data: { name: `Mother ${token}`, email: parentEmail, relation: 'mother', language: 'en', password: 'parent-pass-2026' } })).status()).toBe(201);
  // The office's own view of the child's fees has no Pay button: it is the family's.
  await page.goto(`/app/students/${studentId}`);
  await expect(page.getByRole('region', { name: 'Pay by UPI' })).toHaveCount(0);

  // The mother, on her phone (a touch screen: the Pay button is there).
  const phone = await browser.newContext({ ...devices['Pixel 5'], baseURL });
  try {
    const mother = await phone.newPage();
    expect((await mother.request.post('/api/auth/login', { data: { email: parentEmail, password: 'parent-pass-2026' } })).status()).toBe(200);
    await mother.goto('/app/parent/fees');
    const panel = mother.getByRole('region', { name: 'Pay by UPI' });
    const first = panel.getByTestId('upi-due').first();
    await expect(first).toContainText('Term fees', { timeout: 20_000 });
    const reference = ((await first.locator('code').textContent()) ?? '').trim();
    expect(reference).toMatch(/^LAT\d\d-\d{4,}-I1$/);
    const pay = first.getByRole('link', { name: 'Pay ₹6,000 by UPI' });
    const link = (await pay.getAttribute('href')) ?? '';
    expect(link.startsWith(`upi://pay?pa=${DEMO_UPI.vpa}&`)).toBe(true);
    const params = Object.fromEntries(new URL(link.replace('upi://pay', 'https://upi.invalid/pay')).searchParams);
    expect(params).toMatchObject({ pa: DEMO_UPI.vpa, pn: DEMO_UPI.payeeName, am: '6000.00', cu: 'INR', tr: reference });
    expect(params.tn!.startsWith(`${reference} Fees Sai ${token}`.slice(0, 40))).toBe(true);
    // The second instalment asks for its own amount.
    await expect(panel.getByTestId('upi-due').nth(1).getByRole('link', { name: 'Pay ₹4,000 by UPI' })).toBeVisible();

    // The QR code is a tap away (the father scans it from the child's phone).
    await first.getByRole('button', { name: 'Show the QR code' }).click();
    const qr = first.getByRole('img', { name: 'QR code to pay ₹6,000 by UPI' });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await hasHorizontalOverflow(mother)).toBe(false);
    // Not a full-page picture: taking one resets the phone's emulation for a moment, and the screen redraws as a computer's.
    if (shots) await mother.screenshot({ path: `${shots}/parent-fees-upi-phone.png` });
  } finally {
    await phone.close();
  }

  // The same mother on a computer: the QR code shows at once, no Pay button (a computer has no UPI app).
  await page.context().clearCookies();
  expect((await page.request.post('/api/auth/login', { data: { email: parentEmail, password: 'parent-pass-2026' } })).status()).toBe(200);
  await page.goto('/app/parent/fees');
  await showsQrWithoutPayButton(page);
  if (shots) await page.screenshot({ path: `${shots}/parent-fees-upi-1280.png`, fullPage: true });
  // A teacher may not draw a family's code.
  const dueId = ((await (await page.request.get(`/api/parent/children/${studentId}/fees`)).json()) as { data: { dues: { _id: string }[] } }).data.dues[0]!._id;
  await page.context().clearCookies();
  expect((await page.request.post('/api/auth/login', { data: { email: `${token}.t@example.com`, password: 'teacher-pass-2026' } })).status()).toBe(200);
  expect((await page.request.get(`/api/dues/${dueId}/upi-qr.svg`)).status()).toBe(403);
});

async function showsQrWithoutPayButton(page: Page) {
  const first = page.getByRole('region', { name: 'Pay by UPI' }).getByTestId('upi-due').first();
  await expect(first.getByRole('img', { name: 'QR code to pay ₹6,000 by UPI' })).toBeVisible({ timeout: 20_000 });
  await expect(first).toContainText('Scan this code with any UPI app on your phone to pay ₹6,000.');
  await expect(first.getByRole('link', { name: /by UPI$/ })).toHaveCount(0);
}
