import { DEMO_PASSWORD, DEMO_USERS, expect, submitLogin, test, type DemoRole } from '../fixtures';

test.describe('login', () => {
  for (const role of Object.keys(DEMO_USERS) as DemoRole[]) {
    test(`the ${role} signs in and lands on their dashboard`, async ({ page }) => {
      await page.goto('/login');
      await submitLogin(page, DEMO_USERS[role].email, DEMO_PASSWORD);
      await expect(page).toHaveURL(DEMO_USERS[role].home);
      const greetingName = role === 'student' ? DEMO_USERS[role].name.split(' ')[0]! : DEMO_USERS[role].name;
      await expect(page.getByRole('banner')).toContainText(greetingName);
    });
  }

  test('on a slow phone, Login shows a spinner at once while the dashboard loads (issue 42)', async ({ page }) => {
    await page.goto('/login');
    // From here the app's code arrives slowly, as on mobile data.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await submitLogin(page, DEMO_USERS.admin.email, DEMO_PASSWORD);
    await expect(page.getByRole('status').filter({ hasText: 'Opening your dashboard…' })).toBeVisible({ timeout: 5000 });
    await expect(page).toHaveURL(DEMO_USERS.admin.home, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
  });

  test('a wrong password shows the generic message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, DEMO_USERS.admin.email, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await expect(page).toHaveURL('/login');
  });

  test('empty and malformed fields are flagged inline without a call', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls += 1;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email or student ID', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test('the password can be shown and hidden, and the forgot-password link works', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password|toggle password/i }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('link', { name: /forgot password/i }).click();
    await expect(page).toHaveURL('/forgot-password');
  });

  test('/login while signed in goes to the role dashboard', async ({ page, loginAs }) => {
    await loginAs('teacher', '/login');
    await expect(page).toHaveURL(DEMO_USERS.teacher.home);
  });
});
