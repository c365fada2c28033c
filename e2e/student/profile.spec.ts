import type { Page } from '@playwright/test';
import { createStudentByApi, expect, randomMobile, test, uniqueToken, shownPhone } from '../fixtures';

const PASSWORD = 'student-pass-2026';

/** A student of this test alone, created by the admin, then signed in on `page`. */
async function signInAsNewStudent(page: Page, loginAs: (role: 'admin') => Promise<void>) {
  const token = uniqueToken('me');
  const email = `${token}@example.com`;
  await loginAs('admin');
  await createStudentByApi(page, { name: `Tara ${token}`, email, password: PASSWORD });
  expect((await page.request.post('/api/auth/logout')).status()).toBeLessThan(300);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return { token, email };
}

test.describe('student profile', () => {
  test('a student changes their own phone and address, and they stay after a reload', async ({ page, loginAs }) => {
    const { token, email } = await signInAsNewStudent(page, loginAs);
    await page.goto('/app/student/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText(`Tara ${token}`)).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    // Name and email are read-only: there is no field for them.
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);

    const phone = randomMobile();
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Ambajogai Road, Latur');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Profile saved' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue(shownPhone(phone));
    await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('Ambajogai Road, Latur');

    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAccessibleDescription(/Enter a 10-digit Indian mobile number/);
  });

  test('a wrong current password shows on its field; the right one changes the password', async ({ page, loginAs }) => {
    const { email } = await signInAsNewStudent(page, loginAs);
    await page.goto('/app/student/profile');
    await page.getByRole('textbox', { name: 'Current password', exact: true }).fill('not-my-password');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('brand-new-pass-1');
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('textbox', { name: 'Current password', exact: true })).toHaveAccessibleDescription(/Current password is incorrect/);

    await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your password has been changed' })).toBeVisible();
    expect((await page.request.post('/api/auth/logout')).status()).toBeLessThan(300);
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'brand-new-pass-1' } })).status()).toBe(200);
  });

  test('a student opening the admin students list lands on their own dashboard', async ({ page, loginAs }) => {
    await loginAs('student', '/app/students');
    await expect(page).toHaveURL('/app/student/dashboard');
  });
});
