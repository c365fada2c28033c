import { DEMO_PASSWORD, DEMO_USERS, expect, submitLogin, test } from '../fixtures';

test('logout shows the popup, ends on /login, and the session is gone', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();
  await expect(page.getByText('You have been successfully logged out')).toBeVisible();
  await expect(page).toHaveURL('/login');
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL('/login');
});

test('a failed logout still ends on /login with the failure popup', async ({ page, loginAs }) => {
  await loginAs('teacher');
  await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"boom"}' }));
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logout Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('There was an issue logging you out. Please try again.')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test("a request from before sign-out that is answered after the next sign-in does not end the new session", async ({ page, loginAs, context }) => {
  await loginAs('admin');
  const adminCookie = (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

  // The admin signs out, and the teacher signs in on the same browser.
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await submitLogin(page, DEMO_USERS.teacher.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(DEMO_USERS.teacher.home);

  // A request sent with the admin's cookie before sign-out (a slow answer on a phone, another tab) is
  // answered now, into the same cookie jar: the admin's session is gone, and the teacher stays signed in.
  const late = await page.request.get('/api/admin/dashboard/summary', { headers: { cookie: adminCookie } });
  expect(late.status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(DEMO_USERS.teacher.home);
  await expect(page.getByRole('banner').getByText(`Hello, ${DEMO_USERS.teacher.name}`)).toBeVisible();
});
