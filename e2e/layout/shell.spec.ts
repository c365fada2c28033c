import { expect, test } from '../fixtures';

test.describe('role shells', () => {
  test('admin sidebar lists the admin pages and collapses to an icon rail at 1280 px', async ({ page, loginAs }) => {
    await loginAs('admin');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toContainText('Admin Panel');
    for (const item of ['Dashboard', 'Subjects', 'Standards', 'Teachers', 'Batches', 'Students', 'New Registrations', 'Announcements', 'Activity', 'Backup']) {
      await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    expect(Math.round((await nav.boundingBox())!.width)).toBe(280);
    await expect(page.getByRole('banner')).toHaveCSS('height', '64px');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => Math.round((await nav.boundingBox())!.width)).toBe(60);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => Math.round((await nav.boundingBox())!.width)).toBe(280);

    await nav.getByRole('link', { name: 'Subjects', exact: true }).click();
    await expect(page).toHaveURL('/app/subjects');
    await expect(page.getByRole('heading', { name: 'Subjects', level: 1 })).toBeVisible();
  });

  test('student panel lists its pages and greets by first name', async ({ page, loginAs }) => {
    await loginAs('student');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toContainText('Student Panel');
    for (const item of ['Dashboard', 'Batches', 'Attendance', 'Schedule', 'Notes', 'Announcements']) {
      await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('banner')).toContainText('Aarav');
    await expect(page.getByRole('banner')).not.toContainText('Aarav Patil');
  });

  test('teacher sidebar lists its pages', async ({ page, loginAs }) => {
    await loginAs('teacher');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const item of ['Dashboard', 'Batches', 'Students', 'Mark Attendance', 'Student Attendance', 'Notes', 'Announcements']) {
      await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 780 } });

    test('the sidebar is a drawer that slides in and closes after navigating', async ({ page, loginAs }) => {
      await loginAs('admin');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav).not.toBeInViewport();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(nav).toBeInViewport();
      await nav.getByRole('link', { name: 'Teachers', exact: true }).click();
      await expect(page).toHaveURL('/app/teachers');
      await expect(nav).not.toBeInViewport();
      // Nothing overflows sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
