import { createTeacherByApi, expect, randomMobile, test, uniqueToken, shownPhone } from '../fixtures';

const PASSWORD = 'teacher-pass-2026';

test.describe('teacher profile', () => {
  test('a teacher changes their name and phone; the greeting follows; a wrong current password shows on its field', async ({ signIn, page }) => {
    const token = uniqueToken('tp');
    const email = `${token}@example.com`;
    await signIn('admin');
    await createTeacherByApi(page, { name: `Nisha ${token}`, email, password: PASSWORD, qualification: 'M.A. English' });
    expect((await page.request.post('/api/auth/logout')).status()).toBeLessThan(300);
    expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);

    await page.goto('/app/teacher/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText('M.A. English')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Nishant ${token}`);
    const phone = randomMobile();
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Profile saved' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(/Hello, Nishant/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue(shownPhone(phone));

    await page.getByRole('textbox', { name: 'Picture address', exact: true }).fill('http://example.com/me.png');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByRole('textbox', { name: 'Picture address', exact: true })).toHaveAccessibleDescription(/starting with https/);

    await page.getByRole('textbox', { name: 'Current password', exact: true }).fill('not-my-password');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('brand-new-pass-1');
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('textbox', { name: 'Current password', exact: true })).toHaveAccessibleDescription(/Current password is incorrect/);
  });
});
