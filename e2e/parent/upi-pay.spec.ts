import { devices, type Browser, type Page } from '@playwright/test';
import { createBatchByApi, createTeacherByApi, DEMO_PASSWORD, DEMO_USERS, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken, waitForMailLink } from '../fixtures';

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
  await loginAs('admin', '/app/settings?section=payments');
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

/** As the office: a batch with a ₹10,000 plan (₹6,000 overdue, ₹4,000 later), a child in it and the child's mother (who signs in with a password). */
async function familyWithDues(page: Page, motherName?: string) {
  const token = uniqueToken('upi');
  expect((await page.request.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const teacherEmail = `${token}.t@example.com`;
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: 'teacher-pass-2026' });
  const batch = await createBatchByApi(page, { name: `UPI batch ${token}`, teacher });
  const standard = ((await (await page.request.get('/api/standards')).json()) as { data: { _id: string }[] }).data[0]!._id;
  const student = await page.request.post('/api/students', { data: { name: `Sai ${token}`, email: `${token}.s@example.com`, password: 'student-pass-2026', standard } });
  expect(student.status()).toBe(201);
  const studentId = ((await student.json()) as { data: { _id: string } }).data._id;
  await enrolByApi(page, batch, studentId);
  // The plan comes after the child joined, so its first instalment is overdue for them (a late joiner's would not be).
  const plan = await page.request.post('/api/fee-plans', { data: { name: 'Term fees', batch, amount: 10000, instalments: [{ dueDate: academyDate(-5), amount: 6000 }, { dueDate: academyDate(30), amount: 4000 }] } });
  expect(plan.status()).toBe(201);
  const parentEmail = `${token}.p@example.com`;
  expect((await page.request.post(`/api/students/${studentId}/parents`, { data: { name: motherName ?? `Mother ${token}`, email: parentEmail, relation: 'mother', language: 'en', password: 'parent-pass-2026' } })).status()).toBe(201);
  return { token, studentId, parentEmail, teacherEmail };
}

/** A browser context of a phone (a touch screen: the Pay button is there), signed in as the mother. */
async function mothersPhone(browser: Browser, baseURL: string | undefined, parentEmail: string) {
  const phone = await browser.newContext({ ...devices['Pixel 5'], baseURL });
  const mother = await phone.newPage();
  expect((await mother.request.post('/api/auth/login', { data: { email: parentEmail, password: 'parent-pass-2026' } })).status()).toBe(200);
  await mother.goto('/app/parent/fees');
  return { phone, mother };
}

test('a parent on a phone taps Pay: the UPI app gets the academy, the amount left and the due’s reference; a computer shows the QR code', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const { token, studentId, parentEmail, teacherEmail } = await familyWithDues(page);
  // The office's own view of the child's fees has no Pay button: it is the family's.
  await page.goto(`/app/students/${studentId}`);
  await expect(page.getByRole('region', { name: 'Pay by UPI' })).toHaveCount(0);

  // The mother, on her phone (a touch screen: the Pay button is there).
  const { phone, mother } = await mothersPhone(browser, baseURL, parentEmail);
  try {
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
  expect((await page.request.post('/api/auth/login', { data: { email: teacherEmail, password: 'teacher-pass-2026' } })).status()).toBe(200);
  expect((await page.request.get(`/api/dues/${dueId}/upi-qr.svg`)).status()).toBe(403);
});

async function showsQrWithoutPayButton(page: Page) {
  const first = page.getByRole('region', { name: 'Pay by UPI' }).getByTestId('upi-due').first();
  await expect(first.getByRole('img', { name: 'QR code to pay ₹6,000 by UPI' })).toBeVisible({ timeout: 20_000 });
  await expect(first).toContainText('Scan this code with any UPI app on your phone to pay ₹6,000.');
  await expect(first.getByRole('link', { name: /by UPI$/ })).toHaveCount(0);
}

test('a mother reports her UPI payment by its UTR; the office confirms one (the receipt is made) and rejects another with a reason she reads', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { token, parentEmail } = await familyWithDues(page);
  const utr = `5${String(Date.now()).slice(-11)}`;
  const { phone, mother } = await mothersPhone(browser, baseURL, parentEmail);
  try {
    const dues = mother.getByRole('region', { name: 'Pay by UPI' }).getByTestId('upi-due');
    await dues.first().getByRole('button', { name: 'I have paid' }).click();
    const form = dues.first().getByRole('form', { name: 'I have paid' });
    await expect(form.getByLabel('Amount paid (₹)')).toHaveValue('6,000');
    // Not a UTR: said under the field, nothing sent.
    await form.getByLabel('UPI transaction ID (UTR)').fill('4123 4567');
    await form.getByRole('button', { name: 'Send to the office' }).click();
    await expect(form).toContainText("The UPI transaction ID (UTR) is the 12-digit number in the payment's details in your UPI app");
    await form.getByLabel('UPI transaction ID (UTR)').fill(utr);
    await form.getByRole('button', { name: 'Send to the office' }).click();
    await expect(mother.getByText('Thank you: the office will confirm your payment, and the receipt will appear here').first()).toBeVisible();
    // Issue 54: reported, not "overdue" with the big Pay button above: paying again is one deliberate tap away.
    await expect(dues.first().getByTestId('payment-reported')).toContainText('Payment reported · waiting for the office to confirm');
    await expect(dues.first().getByTestId('payment-reported')).toContainText(`₹6,000 · UTR ${utr}`);
    await expect(dues.first()).toContainText('Reported');
    await expect(dues.first()).not.toContainText('Overdue');
    await expect(dues.first().getByRole('link', { name: 'Pay ₹6,000 by UPI' })).toHaveCount(0);
    if (shots) await mother.screenshot({ path: `${shots}/parent-upi-reported-waiting-phone.png` });
    await dues.first().getByRole('button', { name: 'Pay again' }).click();
    await expect(dues.first().getByRole('link', { name: 'Pay ₹6,000 by UPI' })).toBeVisible();
    await expect(mother.getByTestId('payment-report')).toContainText(`UTR ${utr}`);
    await expect(mother.getByTestId('payment-report')).toContainText('Waiting for the office');

    // The second instalment, reported with a number the bank does not show.
    await dues.nth(1).getByRole('button', { name: 'I have paid' }).click();
    const second = dues.nth(1).getByRole('form', { name: 'I have paid' });
    await second.getByLabel('UPI transaction ID (UTR)').fill(`6${utr.slice(1)}`);
    await second.getByRole('button', { name: 'Send to the office' }).click();
    await expect(dues.nth(1).getByTestId('payment-reported')).toContainText('₹4,000 · UTR');
    expect(await hasHorizontalOverflow(mother)).toBe(false);
    if (shots) await mother.screenshot({ path: `${shots}/parent-upi-reported-phone.png` });

    // The office: the dashboard's fees card says payments wait, and opens Fees → UPI payments.
    await page.goto('/app/dashboard');
    await page.getByTestId('fees-pending-claims').click();
    await expect(page).toHaveURL('/app/fees?tab=upi');
    await expect(page.getByRole('tab', { name: /UPI payments/ })).toHaveAttribute('aria-selected', 'true');
    // A table at this width: a row per report.
    const first = page.getByRole('row').filter({ hasText: utr });
    await expect(first).toContainText(`Sai ${token}`);
    await expect(first).toContainText('₹6,000');
    if (shots) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `${shots}/office-upi-payments-1280.png`, fullPage: true });
    }
    await first.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Record the payment' }).click();
    await expect(page.getByText(/^Payment confirmed: receipt /).first()).toBeVisible();
    await expect(first).toHaveCount(0);

    const other = page.getByRole('row').filter({ hasText: `6${utr.slice(1)}` });
    await other.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this report?' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toContainText('Say why, in 3 to 300 characters');
    await dialog.getByLabel('Reason the family will see').fill('This UTR is not in our bank account');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(other).toHaveCount(0);

    // The mother: the first instalment paid (a UPI receipt with her UTR), the second's report not accepted and why.
    await mother.reload();
    const payments = mother.getByRole('list', { name: 'Payments', exact: true });
    await expect(payments).toContainText('₹6,000');
    await expect(payments).toContainText(utr);
    await expect(mother.getByRole('region', { name: 'Pay by UPI' }).getByTestId('upi-due')).toHaveCount(1);
    const report = mother.getByTestId('payment-report');
    await expect(report).toContainText('Not accepted');
    await expect(report).toContainText('The office says: This UTR is not in our bank account');
  } finally {
    await phone.close();
  }
});

test('the office reads an HDFC statement: the credit with a due’s reference and the likely one become receipts, the unknown stays, and the same file again adds nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const family = await familyWithDues(page);
  // The child's reference, as the family's UPI app put it in the note.
  const ledger = (await (await page.request.get(`/api/students/${family.studentId}/fees`)).json()) as { data: { dues: { upi: { reference: string } | null }[] } };
  const reference = ledger.data.dues[0]!.upi!.reference;
  // A payer named as people are (letters only, and unlike any other test's parent): a bank narration carries the payer's name.
  const surname = uniqueToken('').replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)]!);
  const other = await familyWithDues(page, `Sunita ${surname}`);
  const stamp = String(Date.now()).slice(-10);
  const [utr1, utr2, utr3] = [`7${stamp}1`, `7${stamp}2`, `7${stamp}3`];
  const today = academyDate(0);
  const hdfc = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(2, 4)}`;
  const csv = [
    'HDFC BANK Ltd.',
    'Statement From : 01/11/26 To : 30/11/26',
    '',
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    `${hdfc},"UPI-SAI-sai@okaxis-SBIN0001234-${utr1}-${reference} Fees",0000${utr1},${hdfc},,"6,000.00","1,00,000.00"`,
    `${hdfc},"UPI-SUNITA ${surname.toUpperCase()}-9822012345@ybl-HDFC0000123-${utr2}-PAYMENT",0000${utr2},${hdfc},,"6,000.00","1,06,000.00"`,
    `${hdfc},"UPI-NOBODY KNOWN-x@okicici-ICIC0000001-${utr3}-PAYTM",0000${utr3},${hdfc},,"1,234.00","1,07,234.00"`,
    '',
    'STATEMENT SUMMARY :-',
  ].join('\n');

  await page.goto('/app/fees');
  await page.getByRole('tab', { name: 'Bank statement' }).click();
  const upload = async () => {
    await page.getByRole('tabpanel').locator('input[type="file"]').setInputFiles({ name: `statement-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Read the statement' }).click();
  };
  await upload();
  const row = (utr: string) => page.getByRole('row').filter({ hasText: utr });
  await expect(row(utr1)).toContainText('Exact');
  await expect(row(utr1)).toContainText(`Sai ${family.token}`);
  await expect(row(utr2)).toContainText('Likely');
  await expect(row(utr2)).toContainText(`Sai ${other.token}`);
  await expect(row(utr3)).toContainText('No match');
  if (shots) await page.screenshot({ path: `${shots}/office-bank-statement-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'Confirm all exact matches (1)' }).click();
  await expect(row(utr1)).toContainText('Receipted');

  // Issue 54: the unknown credit is no fee (say, a refund): set aside with a note, the dashboard's count
  // drops by one; put back, it counts again. The count's link opens a statement with such a credit.
  const unreceipted = async () => ((await (await page.request.get('/api/fees/summary')).json()) as { data: { unreconciledCredits: number } }).data.unreconciledCredits;
  const before = await unreceipted();
  await row(utr3).getByRole('button', { name: 'Set aside' }).click();
  const aside = page.getByRole('dialog', { name: 'Set this credit aside' });
  await aside.getByLabel('Note (optional)').fill('Refund from the stationery shop');
  await aside.getByRole('button', { name: 'Set aside' }).click();
  await expect(row(utr3)).toContainText('Set aside: Refund from the stationery shop');
  expect(await unreceipted()).toBe(before - 1);
  if (shots) await page.screenshot({ path: `${shots}/office-bank-statement-set-aside-1280.png`, fullPage: true });
  await row(utr3).getByRole('button', { name: 'Put back' }).click();
  await expect(row(utr3)).toContainText('No match');
  expect(await unreceipted()).toBe(before);
  // Statements are told apart by bank, file and period.
  await expect(page.getByRole('combobox', { name: 'Statement' })).toHaveValue(/^HDFC · /);
  await expect(page.getByRole('tabpanel').getByText(`statement-${stamp}.csv · 3 credits`)).toBeVisible();
  await expect(row(utr1)).toContainText('Receipted');
  await row(utr2).getByRole('button', { name: 'Make receipt' }).click();
  await expect(row(utr2)).toContainText('Receipted');
  await expect(row(utr3)).toContainText('No match');
  for (const [studentId, utr] of [[family.studentId, utr1], [other.studentId, utr2]] as const) {
    const receipts = ((await (await page.request.get(`/api/students/${studentId}/fees`)).json()) as { data: { payments: { mode: string; reference: string | null }[] } }).data.payments;
    expect(receipts.filter((receipt) => receipt.reference === utr)).toEqual([expect.objectContaining({ mode: 'upi' })]);
  }

  // The same file again: nothing new.
  await upload();
  await expect(page.getByText('No new credit in this file.')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  if (shots) {
    await page.getByRole('tabpanel').getByRole('combobox', { name: 'Statement' }).click();
    await page.getByRole('option').first().click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/office-bank-statement-360.png`, fullPage: true });
  }
});

test('a fee reminder’s pay link opens the child’s dues on a phone without signing in; a broken link says what to do; each open due prints its fee slip', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const family = await familyWithDues(page);
  const since = Date.now();
  const dues = ((await (await page.request.get(`/api/fees/dues?search=${encodeURIComponent(`Sai ${family.token}`)}`)).json()) as { data: { dues: { _id: string }[] } }).data.dues;
  expect((await page.request.post('/api/fees/reminders', { data: { dueIds: dues.map((due) => due._id) } })).status()).toBe(200);
  // The reminder reaches the mother by mail here (she has no phone number); WhatsApp and SMS carry the same link.
  const link = await waitForMailLink(family.parentEmail, '/pay/', since, 60_000);

  // The mother opens it on her phone, signed in nowhere.
  const phone = await browser.newContext({ ...devices['Pixel 5'], baseURL });
  try {
    const mother = await phone.newPage();
    await mother.goto(link.pathname);
    await expect(mother.getByRole('heading', { name: 'Pay the fees' })).toBeVisible({ timeout: 20_000 });
    // What is due now (decision 072: the ₹6,000 overdue, not the ₹4,000 due next month), as the reminder said.
    await expect(mother.getByText(`fees of Sai ${family.token}. Left to pay: ₹6,000.`)).toBeVisible();
    const first = mother.getByTestId('upi-due').first();
    const pay = first.getByRole('link', { name: 'Pay ₹6,000 by UPI' });
    expect(((await pay.getAttribute('href')) ?? '').startsWith(`upi://pay?pa=${DEMO_UPI.vpa}&`)).toBe(true);
    // The server's own page (issue 54): the QR code behind a plain disclosure, no script needed.
    await first.getByText('Show the QR code').click();
    const qr = first.getByRole('img', { name: 'QR code to pay ₹6,000 by UPI' });
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await hasHorizontalOverflow(mother)).toBe(false);
    if (shots) await mother.screenshot({ path: `${shots}/pay-link-phone.png` });

    // A link cut short in a forwarded message: the page says what to do.
    await mother.goto(`${link.pathname.slice(0, -3)}`);
    await expect(mother.getByRole('alert')).toContainText('This pay link has expired or is not valid. Sign in to the app to see your fees, or ask the office for a new link.', { timeout: 20_000 });
  } finally {
    await phone.close();
  }

  // On a computer, signed in, each open due of her Fees screen prints its slip.
  await page.context().clearCookies();
  expect((await page.request.post('/api/auth/login', { data: { email: family.parentEmail, password: 'parent-pass-2026' } })).status()).toBe(200);
  await page.goto('/app/parent/fees');
  const slips = page.getByRole('link', { name: /^Fee slip for Term fees/ });
  await expect(slips).toHaveCount(2, { timeout: 20_000 });
  const slip = await page.request.get((await slips.first().getAttribute('href')) ?? '');
  expect(slip.status()).toBe(200);
  expect(slip.headers()['content-type']).toBe('application/pdf');
  if (shots) {
    await page.goto(link.pathname);
    await expect(page.getByRole('heading', { name: 'Pay the fees' })).toBeVisible();
    await page.screenshot({ path: `${shots}/pay-link-1280.png`, fullPage: true });
  }
});
