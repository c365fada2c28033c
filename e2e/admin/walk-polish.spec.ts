import type { Browser, Page } from '@playwright/test';
import { academyDay, createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, shootWidths, test, uniqueToken } from '../fixtures';

/*
 * Issue 54 (the third walk), points 10–12 on a phone: the owner's dashboard opens on its to-dos; the office's
 * Record payment names the due the family pays; a Marathi parent reads "गैरहजर" whole in the attendance table.
 */

/** 'YYYY-MM-DD' → how the date fields show it. */
const typed = (date: string) => date.split('-').reverse().join('-');

/** A teacher, a batch of theirs (running since 60 days ago) and a student in it, all of this test's own. */
async function classOfOwn(page: Page, token: string) {
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: 'teacher-pass-2026' });
  const batchId = await createBatchByApi(page, { name: `Walk ${token}`, teacher, startDate: academyDay(-60), endDate: academyDay(120) });
  const studentId = await createStudentByApi(page, { name: `Pupil ${token}`, email: `${token}.s@example.com`, password: 'student-pass-2026' });
  await enrolByApi(page, batchId, studentId);
  return { batchId, studentId };
}

async function signedIn(browser: Browser, email: string, password: string, viewport = { width: 360, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  return { context, page };
}

test('the owner’s dashboard on a phone opens on its to-dos, and a to-do leads to its card', async ({ page, loginAs }) => {
  const token = uniqueToken('todo');
  await loginAs('admin');
  const { batchId, studentId } = await classOfOwn(page, token);
  // The student is absent today: their family is to be called.
  const marked = await page.request.post(`/api/attendance/batch/${batchId}`, { data: { date: academyDay(0), records: [{ studentId, status: 'absent' }] } });
  expect(marked.status()).toBe(200);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/app/dashboard');
  const todos = page.getByRole('region', { name: 'To do' });
  // The first screen of the phone: the to-dos, not the month's money or a list of messages.
  await expect(todos).toBeInViewport();
  const absent = todos.getByTestId('todo-absent');
  await expect(absent).toHaveText(/^\d+ absent students?’s? famil(y|ies) not called yet$/);
  // Fee totals once: the Fees tiles that repeated the month's figures are on the Fees screen only.
  await expect(page.getByTestId('fees-collected-month')).toHaveCount(0);
  await expect(page.getByTestId('owner-collected')).toHaveCount(1);
  // Messages as counts with a way to the Messages screen, not a row per message.
  const messages = page.getByRole('region', { name: 'Messages to parents today' });
  await expect(messages.getByRole('link', { name: 'Open Messages' })).toHaveAttribute('href', '/app/messages');
  expect(await hasHorizontalOverflow(page)).toBe(false);
  if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/walk-dashboard-first-screen-360.png` });
  await shootWidths(page, 'walk-dashboard-todos');

  await page.setViewportSize({ width: 360, height: 800 });
  await absent.click();
  const absentCard = page.getByRole('region', { name: /^Absent today/ });
  await expect(absentCard.getByRole('heading')).toBeInViewport();
  // Beside Call today's "1 to call", in the same letters (not "1 TO CALL").
  await expect(absentCard.getByText(/not called yet$/)).toHaveCSS('text-transform', 'none');
  if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/walk-dashboard-absent-360.png` });

  // Another role: the summary is the office's.
  const { context, page: teacher } = await signedIn(page.context().browser()!, `${token}.t@example.com`, 'teacher-pass-2026');
  expect((await teacher.request.get('/api/admin/dashboard/summary')).status()).toBe(403);
  await context.close();
});

test('Record payment names the due the family pays; the rest goes to the oldest', async ({ page, loginAs }) => {
  const token = uniqueToken('due');
  await loginAs('admin');
  const { batchId, studentId } = await classOfOwn(page, token);
  const plan = await page.request.post('/api/fee-plans', {
    data: { name: `Plan ${token}`, batch: batchId, amount: 9000, instalments: [{ dueDate: academyDay(-30), amount: 4000 }, { dueDate: academyDay(30), amount: 5000 }] },
  });
  expect(plan.status()).toBe(201);
  const ledger = async () => (await (await page.request.get(`/api/students/${studentId}/fees`)).json()).data as { dues: { _id: string; label: string; paid: number; dueDate: string }[] };
  const [oldest, later] = (await ledger()).dues;

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/app/students/${studentId}`);
  const fees = page.getByRole('region', { name: 'Fees' });
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹9,000', { timeout: 30_000 });
  await fees.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Record payment' });
  const amount = pay.getByRole('textbox', { name: 'Amount (₹)', exact: true });
  const dueField = pay.getByLabel('For', { exact: true });
  // Oldest first unless the office says otherwise; the amount is the oldest due's balance.
  await expect(dueField).toHaveValue('Oldest dues first');
  await expect(amount).toHaveValue('4,000');
  await dueField.click();
  await page.getByRole('option', { name: new RegExp(`due ${typed(later!.dueDate)}`) }).click();
  // The amount follows the chosen due, and the form says what goes first.
  await expect(amount).toHaveValue('5,000');
  await expect(pay).toContainText('The payment pays the chosen due first, the rest the oldest dues.');
  await shootWidths(page, 'walk-record-payment-due');
  // Bad input: nothing to pay.
  await amount.fill('');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByText('Enter an amount in rupees, for example 1500 or 1500.50')).toBeVisible();
  await amount.fill('6000');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  const after = await ledger();
  expect(after.dues.find((due) => due._id === later!._id)!.paid).toBe(5000);
  expect(after.dues.find((due) => due._id === oldest!._id)!.paid).toBe(1000);

  // A teacher may not record payments.
  const { context, page: teacher } = await signedIn(page.context().browser()!, `${token}.t@example.com`, 'teacher-pass-2026');
  const refused = await teacher.request.post(`/api/students/${studentId}/payments`, { data: { amount: 100, date: academyDay(0), mode: 'cash', dueId: oldest!._id } });
  expect(refused.status()).toBe(403);
  await context.close();
});

test('a Marathi parent reads “गैरहजर” whole in the attendance table at 360 px', async ({ page, loginAs, browser }) => {
  const token = uniqueToken('mr');
  await loginAs('admin');
  const { batchId, studentId } = await classOfOwn(page, token);
  const parentEmail = `${token}.p@example.com`;
  const linked = await page.request.post(`/api/students/${studentId}/parents`, { data: { name: `Aai ${token}`, email: parentEmail, password: 'parent-pass-2026', relation: 'mother', language: 'mr' } });
  expect(linked.status()).toBe(201);
  const marked = await page.request.post(`/api/attendance/batch/${batchId}`, { data: { date: academyDay(-2), records: [{ studentId, status: 'absent' }] } });
  expect(marked.status()).toBe(200);

  const { context, page: parent } = await signedIn(browser, parentEmail, 'parent-pass-2026');
  await parent.goto('/app/parent/dashboard');
  const word = parent.getByRole('table').getByText('गैरहजर', { exact: true });
  await expect(word).toBeVisible({ timeout: 20_000 });
  // Not cut: the badge's label is as wide as its text.
  const cut = await word.evaluate((element) => {
    const label = element.closest('.mantine-Badge-root')?.querySelector('.mantine-Badge-label') ?? element;
    return label.scrollWidth > label.clientWidth + 1;
  });
  expect(cut).toBe(false);
  expect(await hasHorizontalOverflow(parent)).toBe(false);
  // The academy's time zone in Marathi, not "Asia/Kolkata".
  await expect(parent.getByText(/Asia\/Kolkata/)).toHaveCount(0);
  if (process.env.E2E_SHOTS_DIR) await parent.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/walk-parent-marathi-360.png`, fullPage: true });
  // Another family's child is not this parent's.
  expect((await parent.request.get(`/api/parent/children/${studentId.replace(/.$/, (last) => (last === '0' ? '1' : '0'))}/attendance`)).status()).toBe(404);
  await context.close();
});
