import type { Page } from '@playwright/test';
import { createStudentByApi, DEMO_PASSWORD, DEMO_USERS, expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR;
/** Optional screenshots at 360 and 1280 px (E2E_SHOTS_DIR=/tmp/…), to look at the screen. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/*
 * The new academic year (issue 39). The e2e database is shared with the other specs and the demo
 * academy, so this spec never starts a real year (it would move every demo student at once): it checks
 * the screen and the dry run, which changes nothing. The real rollover is proven in
 * apps/api/src/modules/academic-years/rollover.test.ts.
 */
test('new academic year: the office picks a student who repeats, checks what the rollover would do, and nothing changes; the dashboard, fee report and dues switch years; a teacher cannot', async ({ signIn, page, browser }) => {
  test.setTimeout(120_000);
  await signIn('admin');
  const token = uniqueToken('year');
  const standards = ((await (await page.request.get('/api/standards')).json()) as { data: { _id: string; name: string; level: number }[] }).data;
  const lowest = [...standards].sort((a, b) => a.level - b.level)[0]!;
  const name = `Repeater ${token}`;
  const studentId = await createStudentByApi(page, { name, email: `${token}@example.com`, standard: lowest._id, password: 'Year-2026-pass' });

  await page.goto('/app/academic-year');
  await expect(page.getByRole('heading', { name: 'New academic year', level: 1 })).toBeVisible();
  await expect(page.getByTestId('current-year')).toHaveText(/^\d{4}-\d{2}$/);
  await expect(page.getByTestId('rollover-students')).toBeVisible();
  await shoot(page, 'academic-year-list');
  await page.getByLabel('Search students').fill(token);
  const students = page.getByTestId('rollover-students');
  await expect(students.getByText(name)).toBeVisible();
  await students.getByRole('radiogroup', { name: `What ${name} does in the new year` }).getByText('Repeats', { exact: true }).click();

  // The dry run: its counts, with exactly the one exception chosen here.
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const summary = page.getByTestId('rollover-summary');
  await expect(summary).toContainText('Repeating a standard: 1 student');
  await expect(summary).toContainText('Leaving the academy: 0 students');
  await expect(summary).toContainText('Unpaid fees carried to the new year: ₹');
  await expect(summary).toContainText(`${lowest.name} → `);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'academic-year-check');

  // "Start the new year" asks first; declining changes nothing.
  await page.getByRole('button', { name: 'Start the new year' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('You can undo it until the first change of the new year.');
  await dialog.getByRole('button', { name: 'Not yet' }).click();
  await expect(dialog).toHaveCount(0);
  const student = ((await (await page.request.get(`/api/students/${studentId}`)).json()) as { data: { standard: { _id: string }; status: string } }).data;
  expect(student).toMatchObject({ standard: { _id: lowest._id }, status: 'active' });
  const years = ((await (await page.request.get('/api/academic-years')).json()) as { data: { rollovers: unknown[] } }).data;
  expect(years.rollovers).toEqual([]);

  // The batch list's year switcher: the current year by default.
  await page.goto('/app/batches');
  await expect(page.getByTestId('batch-year')).toHaveValue(/^Current year \(\d{4}-\d{2}\)$/);
  await shoot(page, 'batches-year');

  // The dashboard's year card: this year's figures by default, last year's from the switcher.
  const lastYear = await page.evaluate(async () => {
    const summary = (await (await fetch('/api/admin/dashboard/year')).json()) as { data: { year: string } };
    const start = Number(summary.data.year.slice(0, 4)) - 1;
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  });
  await page.goto('/app/dashboard');
  const yearCard = page.getByRole('region', { name: 'The year at a glance' });
  await expect(yearCard.getByTestId('dashboard-year')).toHaveValue(/^Current year \(\d{4}-\d{2}\)$/);
  await expect(yearCard.getByTestId('year-batches')).not.toHaveText('0');
  const pastSummary = ((await (await page.request.get(`/api/admin/dashboard/year?year=${lastYear}`)).json()) as { data: { batches: number; current: boolean } }).data;
  expect(pastSummary.current).toBe(false);
  await yearCard.getByTestId('dashboard-year').click();
  await page.getByRole('option', { name: lastYear, exact: true }).click();
  await expect(yearCard.getByTestId('dashboard-year')).toHaveValue(lastYear);
  await expect(yearCard.getByTestId('year-batches')).toHaveText(String(pastSummary.batches));
  await shoot(page, 'dashboard-year');

  // The fee report and the dues list switch the same way; a past year's dues are read, not reminded.
  await page.goto('/app/fees?tab=report');
  await expect(page.getByRole('table', { name: 'Fees per batch' })).toBeVisible();
  await shoot(page, 'fee-report-year');
  await page.getByTestId('fee-report-year').click();
  const pastReport = page.waitForResponse((response) => response.url().endsWith(`/api/fees/report?year=${lastYear}`) && response.ok());
  await page.getByRole('option', { name: lastYear, exact: true }).click();
  await pastReport;
  await expect(page.getByTestId('fee-report-year')).toHaveValue(lastYear);
  await expect(page.getByText(`Collected in ${lastYear}`)).toBeVisible();
  await page.goto('/app/fees');
  await expect(page.getByRole('button', { name: 'Remind all overdue' })).toBeVisible();
  await page.getByTestId('dues-year').click();
  await page.getByRole('option', { name: lastYear, exact: true }).click();
  await expect(page.getByText(`What was left unpaid in ${lastYear}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remind all overdue' })).toHaveCount(0);

  // A teacher can neither read the years nor roll one over.
  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  expect((await teacherPage.request.post('/api/auth/login', { data: { email: DEMO_USERS.teacher.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  expect((await teacherPage.request.get('/api/academic-years')).status()).toBe(403);
  expect((await teacherPage.request.post('/api/academic-years/rollover?dryRun=true', { data: { batchesEndOn: '2026-05-31' } })).status()).toBe(403);
  expect((await teacherPage.request.get('/api/admin/dashboard/year')).status()).toBe(403);
  expect((await teacherPage.request.get('/api/fees/report')).status()).toBe(403);
  await teacherContext.close();
});
