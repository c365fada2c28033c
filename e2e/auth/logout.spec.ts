import { expect, test } from '../fixtures';

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
