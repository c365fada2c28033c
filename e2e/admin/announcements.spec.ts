import { createBatchByApi, createTeacherByApi, expect, hasHorizontalOverflow, submitLogin, test, uniqueToken } from '../fixtures';

/** Today and other days in the academy's time zone (the demo academy's is Asia/Kolkata). */
function academyDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

test.describe('announcements (admin)', () => {
  // In order, in one worker: the paging test adds 21 announcements that would push the edit test's
  // own off the first page of the active list.
  test.describe.configure({ mode: 'default' });

  test('the form checks the dates with the words of the spec before sending', async ({ page, loginAs }) => {
    await loginAs('admin', '/app/announcements/create');
    await page.getByRole('textbox', { name: 'Title' }).fill('Dates check');
    await page.getByRole('textbox', { name: 'Content' }).fill('Nothing to see');
    const start = page.getByLabel('Start date');
    const end = page.getByLabel('End date');
    const submit = page.getByRole('button', { name: 'Create Announcement' });

    await start.fill('');
    await submit.click();
    await expect(page.getByText('Start date and end date are required').first()).toBeVisible();

    await start.fill(academyDay(-1));
    await end.fill(academyDay(2));
    await submit.click();
    await expect(page.getByText('Start date must be today or in the future')).toBeVisible();

    await start.fill(academyDay(3));
    await end.fill(academyDay(1));
    await submit.click();
    await expect(page.getByText('End date cannot be before start date')).toBeVisible();
    await expect(page).toHaveURL('/app/announcements/create');
  });

  test('the admin creates an announcement for one batch, edits it and deletes it', async ({ signIn, page }) => {
    const token = uniqueToken('ann');
    await signIn('admin');
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: 'teacher-pass-2026' });
    const batchName = `Batch ${token}`;
    await createBatchByApi(page, { name: batchName, teacher });

    await page.goto('/app/announcements');
    await page.getByRole('link', { name: 'Add Announcement' }).click();
    await expect(page).toHaveURL('/app/announcements/create');
    const title = `Extra class ${token}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Content' }).fill('Sunday 8:00 AM in room 2.');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Event' }).click();
    await page.getByRole('combobox', { name: 'Audience' }).click();
    await page.getByRole('option', { name: 'Students' }).click();
    await page.getByRole('combobox', { name: 'Only these batches' }).fill(token);
    await page.getByRole('option', { name: batchName }).click();
    await page.getByLabel('End date').fill(academyDay(3));
    await page.getByRole('button', { name: 'Create Announcement' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Announcement created successfully' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/announcements\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(`Students of ${batchName}`)).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await page.getByRole('textbox', { name: 'Title' }).fill(`${title} (moved)`);
    await page.getByRole('button', { name: 'Save Announcement' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Announcement updated successfully' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `${title} (moved)` })).toBeVisible();

    await page.goto('/app/announcements?status=active');
    await expect(page.getByRole('button', { name: /^Active \d+$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: `${title} (moved)`, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${title} (moved)` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Announcement deleted successfully' })).toBeVisible();
    await expect(page.getByRole('link', { name: `${title} (moved)`, exact: true })).toHaveCount(0);
  });

  test('lists are paged: 20 at a time with Load More, for the admin and for the teacher they are meant for; bad paging is refused', async ({ signIn, page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const token = uniqueToken('page');
    await signIn('admin');
    const email = `${token}.t@example.com`;
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email, password: 'teacher-pass-2026' });
    const batch = await createBatchByApi(page, { name: `Batch ${token}`, teacher });
    const titles = Array.from({ length: 21 }, (_, index) => `Paged ${token} ${String(index + 1).padStart(2, '0')}`);
    for (const title of titles) {
      const response = await page.request.post('/api/announcements', {
        data: { title, content: 'One of many.', type: 'general', priority: 'low', audience: 'teachers', batches: [batch], startDate: academyDay(0), endDate: academyDay(2) },
      });
      expect(response.status()).toBe(201);
    }
    const refused = await page.request.get('/api/announcements?limit=1000');
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe('Limit must be between 1 and 100');

    // The admin's active list: the newest 20 first, the tiles count every one.
    await page.goto('/app/announcements?status=active');
    const links = page.getByRole('link', { name: new RegExp(`^Paged ${token}`) });
    await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible();
    // 20 of ours, unless a test running beside this one added a newer announcement meanwhile.
    expect(await links.count()).toBeGreaterThanOrEqual(15);
    expect(await links.count()).toBeLessThanOrEqual(20);
    const activeTile = page.getByRole('button', { name: /^Active \d+$/ });
    const activeCount = Number((await activeTile.textContent())!.replace(/\D/g, ''));
    expect(activeCount).toBeGreaterThanOrEqual(21);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(links).toHaveCount(21);
    await expect(page.getByRole('link', { name: titles[0], exact: true })).toBeVisible();

    // Their teacher on a phone: the current tab pages the same way.
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL });
    const teacherPage = await phone.newPage();
    await teacherPage.goto('/login');
    await submitLogin(teacherPage, email, 'teacher-pass-2026');
    await expect(teacherPage).toHaveURL('/app/teacher/dashboard');
    await teacherPage.goto('/app/teacher/announcements');
    const cards = teacherPage.getByRole('link', { name: new RegExp(`^Paged ${token}`) });
    await expect(teacherPage.getByText(/^Showing 20 of \d+$/)).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(15);
    expect(await cards.count()).toBeLessThanOrEqual(20);
    expect(await hasHorizontalOverflow(teacherPage)).toBe(false);
    await teacherPage.getByRole('button', { name: 'Load More' }).click();
    await expect(cards).toHaveCount(21);
    if (process.env.PAGING_SHOTS) await teacherPage.screenshot({ path: `${process.env.PAGING_SHOTS}/announcements-load-more-360.png`, fullPage: true });
    await phone.close();

    // The edit test's list is not pushed around by these: remove them again.
    const list = (await (await page.request.get('/api/announcements?status=active&limit=100')).json()) as { data: { announcements: { _id: string; title: string }[] } };
    for (const announcement of list.data.announcements.filter((item) => item.title.startsWith(`Paged ${token}`))) {
      expect((await page.request.delete(`/api/announcements/${announcement._id}`)).status()).toBe(200);
    }
  });

  test('a teacher cannot open the create screen', async ({ page, loginAs }) => {
    await loginAs('teacher', '/app/announcements/create');
    await expect(page).toHaveURL('/app/teacher/dashboard');
  });
});
