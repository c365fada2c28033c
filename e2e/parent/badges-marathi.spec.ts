import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { academyDay, createBatchByApi, createTeacherByApi, E2E_DATA_DIR, enrolByApi, expect, test, uniqueToken } from '../fixtures';

/*
 * Issue 42, point 6: "no badge anywhere truncates its word ('गैर…', 'थ…')". At 360 px in Marathi, a
 * family of the test's own (a child absent today with an overdue fee, a Marathi parent) and a Marathi
 * admin of its own walk their main screens; every Mantine Badge shows its whole word (its label is not
 * narrower than its text). E2E_SHOTS_DIR=<folder> saves the parent's fees and dashboard at 360 and 1280 px.
 */
const PASSWORD = 'badges-marathi-2026';
const PHONE = { width: 360, height: 800 };

/** The words of every badge on the screen whose label is cut short (an ellipsis, or clipped). */
async function truncatedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-label'))
      .filter((label) => label.getClientRects().length > 0 && (label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1))
      .map((label) => label.textContent ?? ''),
  );
}

async function phoneOf(browser: Browser, baseURL: string | undefined, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  return page;
}

/** Opens each screen, waits for its data, and collects the badges it cuts short. */
async function walk(page: Page, who: string, urls: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 20_000 });
    found.push(...(await truncatedBadges(page)).map((word) => `${who} ${url}: "${word}"`));
  }
  return found;
}

test('at 360 px in Marathi no badge cuts its word short: the parent’s, the student’s and the office’s main screens', async ({ page, loginAs, browser, baseURL }) => {
  test.setTimeout(240_000);
  await loginAs('admin');
  const token = uniqueToken('badge');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batchId = await createBatchByApi(page, {
    // In Latin letters: open batches show on the public /courses, where another spec checks an English page needs no Devanagari font.
    name: `Badges ${token}`,
    teacher,
    startDate: academyDay(-60),
    schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], startTime: '07:00', endTime: '08:00' },
  });
  const standard = ((await (await page.request.get('/api/standards')).json()) as { data: { _id: string }[] }).data[0]!._id;
  const created = await page.request.post('/api/students', { data: { name: `सई ${token}`, email: `${token}.s@example.com`, password: PASSWORD, standard } });
  expect(created.status()).toBe(201);
  const studentId = ((await created.json()) as { data: { _id: string } }).data._id;
  await enrolByApi(page, batchId, studentId);
  // The plan after the child joined: its first instalment is overdue ("थकीत"), the next one due.
  const plan = await page.request.post('/api/fee-plans', { data: { name: `फी ${token}`, batch: batchId, amount: 12000, instalments: [{ dueDate: academyDay(-20), amount: 6000 }, { dueDate: academyDay(30), amount: 6000 }] } });
  expect(plan.status()).toBe(201);
  // Absent today ("गैरहजर"), present yesterday.
  for (const [date, status] of [[academyDay(0), 'absent'], [academyDay(-1), 'present']] as const) {
    expect((await page.request.post(`/api/attendance/batch/${batchId}`, { data: { date, records: [{ studentId, status }] } })).status()).toBe(200);
  }
  const parentEmail = `${token}.p@example.com`;
  expect((await page.request.post(`/api/students/${studentId}/parents`, { data: { name: `आई ${token}`, email: parentEmail, relation: 'mother', language: 'mr', password: PASSWORD } })).status()).toBe(201);

  // A Marathi admin of the test's own (the demo admin is shared and stays English).
  const adminEmail = `${token}.a@example.com`;
  execFileSync(process.execPath, [path.resolve('apps/api/dist/cli.js'), 'users:create', '--role', 'admin', '--name', `Admin ${token}`, '--email', adminEmail, '--password', PASSWORD], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });

  const found: string[] = [];
  const parent = await phoneOf(browser, baseURL, parentEmail, PASSWORD);
  // The parent's dashboard says what is due: the overdue ₹6,000 in red, then the next one and its date.
  await parent.goto('/app/parent/dashboard');
  const due = parent.getByTestId('fees-due');
  await expect(due).toContainText(`सई ${token}`, { timeout: 20_000 });
  await expect(due.getByTestId('fees-due-overdue')).toContainText('₹6,000');
  await expect(due.getByTestId('fees-due-next')).toContainText(academyDay(30).split('-').reverse().join('-'));
  found.push(...(await walk(parent, 'parent', ['/app/parent/dashboard', '/app/parent/fees', '/app/parent/tests'])));
  for (const [name, url] of [['parent-dashboard', '/app/parent/dashboard'], ['parent-fees', '/app/parent/fees']] as const) {
    if (!process.env.E2E_SHOTS_DIR) break;
    await parent.goto(url);
    await expect(parent.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 20_000 });
    for (const width of [360, 1280]) {
      await parent.setViewportSize({ width, height: 900 });
      await parent.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/badges-${name}-${width}.png`, fullPage: true });
    }
    await parent.setViewportSize(PHONE);
  }

  const student = await phoneOf(browser, baseURL, `${token}.s@example.com`, PASSWORD);
  expect((await student.request.put('/api/auth/language', { data: { language: 'mr' } })).status()).toBe(200);
  await student.goto('/app/student/dashboard');
  await expect(student.getByTestId('fees-due').getByTestId('fees-due-overdue')).toContainText('₹6,000', { timeout: 20_000 });
  found.push(...(await walk(student, 'student', ['/app/student/dashboard', '/app/student/fees', '/app/student/attendance', '/app/student/tests'])));

  const admin = await phoneOf(browser, baseURL, adminEmail, PASSWORD);
  expect((await admin.request.put('/api/auth/language', { data: { language: 'mr' } })).status()).toBe(200);
  found.push(...(await walk(admin, 'admin', ['/app/students', '/app/fees', `/app/students/${studentId}`])));

  expect(found, 'badges cut short').toEqual([]);
  for (const context of [parent.context(), student.context(), admin.context()]) await context.close();
});
