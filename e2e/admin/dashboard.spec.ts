import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, shootWidths, test, uniqueToken } from '../fixtures';

/** The academy's day (Asia/Kolkata) `days` from today, as YYYY-MM-DD. */
function academyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "₹1,23,456" → 123456. */
const rupeesIn = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test.describe('admin dashboard', () => {
  test('the tiles show the counts and open their lists', async ({ page, loginAs }) => {
    await loginAs('admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const main = page.getByRole('main');
    const tiles = [
      ['Active students', '/app/students'],
      ['Teachers', '/app/teachers'],
      ['Batches', '/app/batches'],
      ['Subjects', '/app/subjects'],
      ['Standards', '/app/standards'],
      ['New registrations', '/app/registrations'],
      ['Active announcements', '/app/announcements'],
    ] as const;
    for (const [label, to] of tiles) {
      const tile = main.getByRole('link', { name: new RegExp(`^${label}\\s*\\d+$`) });
      await expect(tile).toHaveAttribute('href', to);
    }
    // Other tests add and remove subjects and standards meanwhile: the demo's ones are at least there.
    const subjects = Number(await main.getByTestId('count-subjects').textContent());
    expect(subjects).toBeGreaterThanOrEqual(6);
    expect(Number(await main.getByTestId('count-standards').textContent())).toBeGreaterThanOrEqual(4);

    await main.getByRole('link', { name: /^Subjects\s*\d+$/ }).click();
    await expect(page).toHaveURL('/app/subjects');
    await expect(page.getByRole('heading', { level: 1, name: 'Subjects' })).toBeVisible();
    await page.goBack();
    await main.getByRole('link', { name: /^Standards\s*\d+$/ }).click();
    await expect(page).toHaveURL('/app/standards');
  });

  test('recent students and batches near capacity link to their records', async ({ page, loginAs }) => {
    await loginAs('admin');
    const summary = (await (await page.request.get('/api/admin/dashboard/summary')).json()).data;
    const recent = page.getByRole('region', { name: 'Recent students' });
    await expect(recent).toBeVisible();
    const first = summary.recentStudents[0];
    if (first) {
      await expect(recent.getByRole('link', { name: first.name }).first()).toHaveAttribute('href', /\/app\/students\/[0-9a-f-]{36}$/);
    }
    const near = page.getByRole('region', { name: 'Batches near capacity' });
    await expect(near).toBeVisible();
    const fullest = summary.batchesNearCapacity[0];
    if (fullest) {
      await expect(near.getByRole('link', { name: fullest.name })).toHaveAttribute('href', `/app/batches/${fullest._id}`);
      await expect(near.getByRole('progressbar').first()).toBeVisible();
    } else {
      await expect(near).toContainText('Every batch has seats to spare.');
    }
  });

  test("the owner's month comes first: money against last month and the target, overdue and attendance by batch, admissions", async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await loginAs('admin');
    const token = uniqueToken('owner');
    // A batch of this test's own: one student, a fee paid today, marked absent today (0 %: listed first).
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
    const batchName = `AAA Owner ${token}`;
    const batchId = await createBatchByApi(page, { name: batchName, teacher, startDate: academyDate(-30), endDate: academyDate(120) });
    const studentId = await createStudentByApi(page, { name: `Owner Student ${token}`, email: `${token}.s@example.com` });
    const plan = await page.request.post('/api/fee-plans', { data: { name: `Fees ${token}`, batch: batchId, amount: 5000, instalments: [{ dueDate: academyDate(30), amount: 5000 }] } });
    expect(plan.status()).toBe(201);
    await enrolByApi(page, batchId, studentId);
    expect((await page.request.post(`/api/students/${studentId}/payments`, { data: { amount: 1000, date: academyDate(0), mode: 'cash' } })).status()).toBe(201);
    const marked = await page.request.post(`/api/attendance/batch/${batchId}`, { data: { date: academyDate(0), records: [{ studentId, status: 'absent' }] } });
    expect(marked.status(), await marked.text()).toBe(200);
    // A monthly target in Settings (put back afterwards: none by default).
    const settings = (await (await page.request.get('/api/admin/settings')).json()).data;
    const { updatedAt: _updatedAt, parentWebhook: _webhook, absenceAlerts: _alerts, phoneCodes: _codes, ...input } = settings;
    expect((await page.request.put('/api/admin/settings', { data: { ...input, monthlyFeeTarget: 1234567 } })).status()).toBe(200);
    try {
      await page.reload();
      const main = page.getByRole('main');
      const summary = (await (await page.request.get('/api/admin/dashboard/summary')).json()).data;
      // "Nov 2026", as Intl names the month in English.
      const [year, month] = (summary.month.month as string).split('-').map(Number) as [number, number];
      const monthName = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
      const heading = main.getByRole('heading', { level: 2, name: `This month: ${monthName}` });
      await expect(heading).toBeVisible();
      // First on the page: above the count tiles.
      const tile = main.getByRole('link', { name: /^Active students\s*\d+$/ });
      expect((await heading.boundingBox())!.y).toBeLessThan((await tile.boundingBox())!.y);

      const collected = main.getByRole('region', { name: 'Fees collected' });
      expect(rupeesIn(await collected.getByTestId('owner-collected').textContent())).toBeGreaterThanOrEqual(1000);
      await expect(collected.getByTestId('owner-collected-compare')).toContainText('by this day last month');
      await expect(collected.getByTestId('owner-target')).toContainText('₹12,34,567');
      await expect(collected.getByRole('progressbar')).toBeVisible();

      const admissions = main.getByRole('region', { name: 'Enquiries and admissions' });
      expect(Number(await admissions.getByTestId('owner-admissions').textContent())).toBeGreaterThanOrEqual(1);

      const overdue = main.getByRole('region', { name: 'Overdue by batch' });
      const first = summary.month.overdueByBatch[0];
      if (first?.batch) await expect(overdue.getByRole('link', { name: first.batch.name })).toHaveAttribute('href', `/app/batches/${first.batch._id}`);
      else if (!first) await expect(overdue).toContainText('Nothing is overdue.');

      const attendance = main.getByRole('region', { name: 'Attendance this week' });
      const ours = attendance.getByRole('listitem').filter({ hasText: batchName });
      await expect(ours).toContainText('0%');
      await expect(ours.getByRole('link', { name: batchName })).toHaveAttribute('href', `/app/batches/${batchId}`);

      // On a phone the cards stack, nothing scrolls sideways.
      await page.setViewportSize({ width: 360, height: 800 });
      await expect(async () => {
        const [a, b] = [await collected.boundingBox(), await admissions.boundingBox()];
        expect(Math.abs(a!.x - b!.x)).toBeLessThan(2);
        expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
      }).toPass();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.setViewportSize({ width: 1280, height: 900 });
      await shootWidths(page, 'admin-dashboard');
    } finally {
      expect((await page.request.put('/api/admin/settings', { data: { ...input, monthlyFeeTarget: null } })).status()).toBe(200);
    }
  });

  test('a failed summary shows the reason and a retry', async ({ signIn, page }) => {
    await page.route('**/api/admin/dashboard/summary', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Database is away' }) }),
    );
    await signIn('admin');
    // The dashboard opened directly came with its data from the server; going back to it from another
    // screen asks the API (the summary is kept for 30 s, so after a reload on another screen).
    await page.goto('/app/profile');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    // A server error is asked again (with waits) before the screen gives up: more than the default wait.
    await expect(page.getByRole('alert').filter({ hasText: 'The dashboard could not be loaded' })).toContainText('Database is away', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
