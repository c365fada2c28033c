import { createBatchByApi, createTeacherByApi, expect, test, uniqueToken } from '../fixtures';

/** Today and other days in the academy's time zone (the demo academy's is Asia/Kolkata). */
function academyDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

test.describe('announcements (admin)', () => {
  test('the form checks the dates with the words of the spec before sending', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto('/app/announcements/create');
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

  test('the admin creates an announcement for one batch, edits it and deletes it', async ({ page, loginAs }) => {
    const token = uniqueToken('ann');
    await loginAs('admin');
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

  test('a teacher cannot open the create screen', async ({ page, loginAs }) => {
    await loginAs('teacher');
    await page.goto('/app/announcements/create');
    await expect(page).toHaveURL('/app/teacher/dashboard');
  });
});
