import { expect, test } from '../fixtures';

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL('/');
});

test('an unknown path inside the app shows a not-found inside the signed-in layout', async ({ page, loginAs }) => {
  await loginAs('admin', '/app/no-such-screen');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  // The sidebar stays: the admin is still in the app, not on the public site.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText('Admin Panel');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL('/app/dashboard');
});

test('the navbar shows Login to a visitor and the name to a signed-in user', async ({ page, loginAs }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  for (const link of ['Home', 'Courses', 'Resources', 'Registration', 'About Us', 'Contact Us']) {
    await expect(header.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await header.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/login');

  await loginAs('teacher', '/');
  await page.getByRole('banner').getByRole('link', { name: 'Priya Kulkarni' }).click();
  await expect(page).toHaveURL('/app/teacher/dashboard');
});

test('the window scrolls to the top on every path change', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Courses' }).click();
  await expect(page).toHaveURL('/courses');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
