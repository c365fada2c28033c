import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, randomMobile, shownPhone, test, uniqueToken } from '../fixtures';

/** Today (or another day) in the academy's time zone, as YYYY-MM-DD. */
function academyDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}


const screenshots = process.env.PARENTS_OFFICE_SCREENSHOTS;

// The Absence alerts section of Settings is tested in e2e/parent/parents.spec.ts, in the same serial file as the
// alert flow: both change the academy's one alert setting, so they must never run at the same time.
test.describe("the office's parents screens", () => {
  test('the Parents list: reached from the sidebar, searched for a demo parent, with tap-to-call and links to the children', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Parents', exact: true }).click();
    await expect(page).toHaveURL('/app/parents');
    await expect(page.getByRole('heading', { level: 1, name: 'Parents' })).toBeVisible();

    await page.getByLabel('Search').fill('parent.patil@demo.academy');
    await expect(page).toHaveURL(/search=parent.patil/);
    const list = page.getByRole('list', { name: 'Parents' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    const card = list.getByRole('listitem').first();
    await expect(card.getByText('Ramesh Patil')).toBeVisible();
    await expect(card.getByText('Father')).toBeVisible();
    await expect(card.getByRole('link', { name: /^Call Ramesh Patil/ })).toHaveAttribute('href', /^tel:\+9194/);
    await expect(card.getByRole('link', { name: 'Aarav Patil' })).toBeVisible();
    await expect(page.getByText('1 parent', { exact: true })).toBeVisible();

    if (screenshots) {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${screenshots}/parents-${width}.png`, fullPage: true });
      }
    }
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await hasHorizontalOverflow(page)).toBe(false);

    await card.getByRole('link', { name: 'Aarav Patil' }).click();
    await expect(page).toHaveURL(/\/app\/students\/[0-9a-f-]{36}$/);

    // Nobody matches: said so.
    await page.goto('/app/parents?search=nobody-such-parent');
    await expect(page.getByText('No parents match this search.')).toBeVisible();
  });

  test('a teacher cannot open the Parents list (the server refuses, the screen is not in their area)', async ({ page, loginAs }) => {
    await loginAs('teacher');
    expect((await page.request.get('/api/parents')).status()).toBe(403);
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Parents', exact: true })).toHaveCount(0);
  });
  test("Absent today calls each parent: the record's parent phone is the first parent, then the linked mother", async ({ page, loginAs }) => {
    await loginAs('admin');
    const token = uniqueToken('pof');
    const standards = (await (await page.request.get('/api/standards')).json()).data as { _id: string }[];
    const subjects = (await (await page.request.get('/api/subjects')).json()).data as { _id: string }[];
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, subjects: [subjects[0]!._id] });
    const batchId = await createBatchByApi(page, { name: `Parents Batch ${token}`, teacher, startDate: academyDay(-30) });
    const oldMobile = randomMobile();
    const parentMobile = randomMobile();
    const studentName = `Linked ${token}`;
    const studentId = await createStudentByApi(page, { name: studentName, email: `${token}.s@example.com`, standard: standards[0]!._id, parentPhone: oldMobile });
    await enrolByApi(page, batchId, studentId);
    const linked = await page.request.post(`/api/students/${studentId}/parents`, { data: { name: `Mother ${token}`, email: `${token}.p@example.com`, phone: parentMobile, relation: 'mother' } });
    expect(linked.status()).toBe(201);
    const marked = await page.request.post(`/api/attendance/batch/${batchId}`, { data: { date: academyDay(0), records: [{ studentId, status: 'absent' }] } });
    expect(marked.status()).toBe(200);

    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/dashboard');
    const row = page.getByRole('list', { name: 'Absent students' }).getByRole('listitem').filter({ hasText: studentName });
    await expect(row).toContainText(`Mother ${token}`);
    await expect(row.getByRole('link', { name: `Call Mother ${token} of ${studentName}: ${shownPhone(parentMobile)}` })).toHaveAttribute('href', `tel:+91${parentMobile}`);
    // The phone entered on the student's record is their first parent (decision 030), listed first.
    const calls = row.getByRole('link', { name: /^Call / });
    await expect(calls).toHaveCount(2);
    await expect(calls.first()).toHaveAttribute('href', `tel:+91${oldMobile}`);
    await expect(calls.first()).toHaveAccessibleName(`Call Parent of ${studentName} of ${studentName}: ${shownPhone(oldMobile)}`);
  });
});
