import { expect, test } from '../fixtures';

test.describe('admin profile', () => {
  test('the admin profile edits the name only', async ({ page, loginAs }) => {
    await loginAs('admin', '/app/profile');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Academy Admin');
    await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Current password', exact: true })).toBeVisible();
  });
});
