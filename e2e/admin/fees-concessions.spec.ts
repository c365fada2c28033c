import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';

/** Today plus some days in the academy's time zone, as YYYY-MM-DD. */
function academyDay(offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

test('fees: the office gives a 10% concession with a reason; empty fields and too much are refused; the student sees it; a teacher cannot', async ({ signIn, page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn('admin');
  const token = uniqueToken('feecon');
  const teacherEmail = `${token}.t@example.com`;
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: 'teacher-pass-2026' });
  const batchId = await createBatchByApi(page, { name: `Concession ${token}`, teacher });
  const studentPassword = 'student-pass-2026';
  const studentId = await createStudentByApi(page, { name: `Sibling ${token}`, email: `${token}.s@example.com`, password: studentPassword });
  const plan = await page.request.post('/api/fee-plans', {
    data: { name: `Plan ${token}`, batch: batchId, amount: 12000, instalments: [{ dueDate: academyDay(-5), amount: 6000 }, { dueDate: academyDay(30), amount: 6000 }] },
  });
  expect(plan.status()).toBe(201);
  await enrolByApi(page, batchId, studentId);

  await page.goto(`/app/students/${studentId}`);
  const fees = page.getByRole('region', { name: 'Fees' });
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹12,000', { timeout: 30_000 });
  // The section's two buttons fit a phone.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  if (process.env.E2E_SHOTS_DIR) await fees.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/concession-section-360.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await fees.getByRole('button', { name: 'Give concession' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give concession' });
  const form = dialog.getByRole('form', { name: 'Give concession' });

  // Nothing filled: both fields say what they need, and nothing is sent.
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/students/${studentId}/concessions`)) posts += 1;
  });
  const save = form.getByRole('button', { name: 'Save' });
  await save.click();
  await expect(form.getByText('Enter an amount in rupees, for example 1500 or 1500.50')).toBeVisible();
  await expect(form.getByText('Reason is required')).toBeVisible();
  // A percentage that is not 1 to 100, and still no reason: refused here too.
  await form.getByText('Percentage (%)', { exact: true }).first().click();
  await form.getByRole('textbox', { name: 'Percentage (%)' }).fill('150');
  await save.click();
  await expect(form.getByText('Enter a percentage between 1 and 100')).toBeVisible();
  await expect(form.getByText('Reason is required')).toBeVisible();
  expect(posts).toBe(0);

  // An amount above what is still due: the server's words under the amount.
  await form.getByText('Amount (₹)', { exact: true }).first().click();
  const amount = form.getByRole('textbox', { name: 'Amount (₹)' });
  await amount.fill('20000');
  await form.getByRole('textbox', { name: 'Reason' }).fill('Sibling discount');
  await save.click();
  await expect(amount).toHaveAccessibleDescription('The concession is more than the ₹12,000 still due');
  expect(posts).toBe(1);

  // 10% of what is still due: the form says what it takes off, then ₹1,200 off, listed with its reason.
  await form.getByText('Percentage (%)', { exact: true }).first().click();
  await form.getByRole('textbox', { name: 'Percentage (%)' }).fill('10');
  await expect(form.getByText('Takes ₹1,200 off; the balance becomes ₹10,800.')).toBeVisible();
  if (process.env.E2E_SHOTS_DIR) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/concession-form-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Concession recorded')).toBeVisible();
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹10,800');
  const listed = fees.getByRole('list', { name: 'Concessions' }).getByTestId('concession');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('₹1,200 off');
  await expect(listed).toContainText('10% of what was due');
  await expect(listed).toContainText('Reason: Sibling discount');
  await expect(fees.getByTestId('ledger-concession')).toHaveText('₹1,200 in all');
  if (process.env.E2E_SHOTS_DIR) {
    await fees.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/concession-ledger-1280.png` });
    await page.setViewportSize({ width: 360, height: 800 });
    await fees.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/concession-ledger-360.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // Cancel closes the form without sending anything.
  await fees.getByRole('button', { name: 'Give concession' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(posts).toBe(2);

  // The student sees the same concession, read-only.
  const own = await browser.newContext({ baseURL });
  const studentPage = await own.newPage();
  expect((await own.request.post('/api/auth/login', { data: { email: `${token}.s@example.com`, password: studentPassword } })).status()).toBe(200);
  await studentPage.goto('/app/student/fees');
  await expect(studentPage.getByTestId('ledger-balance')).toHaveText('₹10,800', { timeout: 30_000 });
  await expect(studentPage.getByTestId('concession')).toContainText('Reason: Sibling discount');
  await expect(studentPage.getByRole('button', { name: 'Give concession' })).toHaveCount(0);
  await own.close();

  // A teacher is refused by the server.
  const other = await browser.newContext({ baseURL });
  expect((await other.request.post('/api/auth/login', { data: { email: teacherEmail, password: 'teacher-pass-2026' } })).status()).toBe(200);
  const refused = await other.request.post(`/api/students/${studentId}/concessions`, { data: { kind: 'percent', percent: 50, reason: 'Not allowed' } });
  expect(refused.status()).toBe(403);
  await other.close();
  const ledger = (await (await page.request.get(`/api/students/${studentId}/fees`)).json()) as { data: { totals: { balance: number } } };
  expect(ledger.data.totals.balance).toBe(10800);
});
