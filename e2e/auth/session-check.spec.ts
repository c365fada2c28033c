import type { Page } from '@playwright/test';
import { DEMO_USERS, expect, test } from '../fixtures';

/*
 * Issue 17: the start-up session check (GET /api/auth/me, a 2 s round trip on slow mobile data) is asked
 * only when the browser holds the server's signed-in cookie, set and cleared with the session. A
 * visitor's page, from the network or from the phone's cache, never waits for it.
 */

function sessionChecks(page: Page): string[] {
  const checks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/me') checks.push(request.url());
  });
  return checks;
}

test("a visitor's page does not wait for the session check; a signed-in person's is checked until they log out", async ({ page, loginAs }) => {
  const checks = sessionChecks(page);
  // An address the server does not render: the app's shell, drawn in the browser.
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  expect(checks).toHaveLength(0);

  await loginAs('student');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('academy_signed_in');
  checks.length = 0;
  // A signed-in person on the login page goes to their dashboard (spec section 4): the check ran.
  await page.goto('/login');
  await expect(page).toHaveURL(DEMO_USERS.student.home);
  expect(checks.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('academy_signed_in');
  checks.length = 0;
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  expect(checks).toHaveLength(0);
});

test('a session from before the signed-in cookie is still found in the signed-in area, and gets the cookie', async ({ page, loginAs }) => {
  await loginAs('teacher');
  await page.context().clearCookies({ name: 'academy_signed_in' });
  await page.goto(DEMO_USERS.teacher.home);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(DEMO_USERS.teacher.home);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('academy_signed_in');
});
