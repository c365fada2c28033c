import { DEMO_PASSWORD, expect, submitLogin, test, waitForMailLink } from '../fixtures';

// A demo student no other test signs in as: resetting ends their sessions and changes the password.
const STUDENT = { email: 'sakshi.shinde@demo.academy', name: 'Sakshi Shinde', home: '/app/student/dashboard' };
const INVALID_LINK = 'This password reset link is invalid or has expired. Please ask for a new one.';

test('forgot password → mail → reset → login with the new password', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL('/forgot-password');

  // The form checks the address before asking.
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();

  const askedAt = Date.now();
  await page.getByLabel('Email or student ID').fill(STUDENT.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email, we have sent a link to reset the password.');

  const link = await waitForMailLink(STUDENT.email, '/reset-password/', askedAt);
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('s***@demo.academy')).toBeVisible();

  const newPassword = `mango-monsoon-${Date.now()}`;
  // The shared rules: long enough, and typed the same twice.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('other');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('The passwords do not match')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset. You can now log in with your new password.');

  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL('/login');
  await submitLogin(page, STUDENT.email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await submitLogin(page, STUDENT.email, newPassword);
  await expect(page).toHaveURL(STUDENT.home);

  // A link works once.
  await page.goto(link.pathname);
  await expect(page.getByRole('alert')).toContainText(INVALID_LINK);
});

test('a reset link that is not real shows the invalid-link message and a way to ask again', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token-0123456789');
  await expect(page.getByRole('alert')).toContainText(INVALID_LINK);
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/forgot-password');
});

test('asking for an unknown email answers the same, without saying whether it exists', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email or student ID').fill(`nobody-${Date.now()}@example.in`);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email, we have sent a link to reset the password.');
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL('/login');
});
