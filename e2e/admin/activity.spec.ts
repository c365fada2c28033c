import fs from 'node:fs';
import { createStudentByApi, DEMO_USERS, expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';

test.describe('activity (the audit log)', () => {
  test('an edited student shows in Activity and in the student’s History, with filters and a CSV download', async ({ signIn, page }) => {
    const token = uniqueToken('aud');
    await signIn('admin');
    const id = await createStudentByApi(page, { name: `Kiran ${token}`, email: `${token}@example.com` });

    // The admin edits the student on the screen.
    await page.goto(`/app/students/${id}/edit`);
    await page.getByRole('textbox', { name: 'School', exact: true }).fill('Rajarshi Shahu Vidyalaya');
    await page.getByRole('button', { name: 'Save Student' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Student updated successfully' })).toBeVisible();

    // The student's History panel shows the change, old → new.
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText(`Updated student Kiran ${token}`)).toBeVisible();
    await history.getByRole('button', { name: /Show changes/ }).first().click();
    await expect(history.getByText('(empty) → Rajarshi Shahu Vidyalaya')).toBeVisible();
    await expect(history.getByText(`Added student Kiran ${token}`)).toBeVisible();

    // "See all" opens Activity filtered to this record.
    await history.getByRole('link', { name: 'See all' }).click();
    await expect(page).toHaveURL(`/app/activity?entityId=${id}`);
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    const entries = page.getByTestId('audit-entry');
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText(`Updated student Kiran ${token}`);
    await expect(entries.first()).toContainText(`By ${DEMO_USERS.admin.name} (admin)`);

    // The sidebar entry leads to the whole log; the record-type filter narrows it.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity', exact: true }).click();
    await expect(page).toHaveURL('/app/activity');
    await page.getByRole('combobox', { name: 'Record type' }).click();
    await page.getByRole('option', { name: 'Student', exact: true }).click();
    await expect(page).toHaveURL('/app/activity?entityType=student');
    await expect(entries.first()).toContainText('Student');
    await expect(page.getByText(`Updated student Kiran ${token}`)).toBeVisible();

    // Who: the admin chosen from the list.
    await page.getByRole('combobox', { name: 'Who' }).click();
    await page.getByRole('option', { name: `${DEMO_USERS.admin.name} (admin)` }).click();
    await expect(page).toHaveURL(/actor=[0-9a-f-]{36}/);
    await expect(page.getByText(`Updated student Kiran ${token}`)).toBeVisible();

    // The CSV export follows the filters.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('When (UTC),Who,Role,Action,Record type,Record id,Summary,Changes');
    expect(csv).toContain(`Updated student Kiran ${token}`);
  });

  test('dates the wrong way round get a clear message, and the screen fits a phone', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await loginAs('admin', '/app/activity?from=2026-05-10&to=2026-05-01');
    await expect(page.getByRole('alert').filter({ hasText: 'The "from" date must be on or before the "to" date' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/app/activity');
    await expect(page.getByTestId('audit-entry').first()).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  test('a teacher is refused /app/activity and the API', async ({ page, loginAs }) => {
    await loginAs('teacher', '/app/activity');
    await expect(page).toHaveURL(DEMO_USERS.teacher.home);
    expect((await page.request.get('/api/admin/audit-log')).status()).toBe(403);
  });
});
