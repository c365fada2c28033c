import { DEMO_PASSWORD, DEMO_USERS, expect, submitLogin, test } from '../fixtures';

test.describe('route guards', () => {
  test('a student opening an admin page lands on the student dashboard', async ({ page, loginAs }) => {
    await loginAs('student', '/app/students');
    await expect(page).toHaveURL('/app/student/dashboard');
  });

  test('a teacher opening a student page lands on the teacher dashboard', async ({ page, loginAs }) => {
    await loginAs('teacher', '/app/student/attendance');
    await expect(page).toHaveURL('/app/teacher/dashboard');
  });

  test('a visitor is sent to /login and comes back to the page after signing in', async ({ page }) => {
    await page.goto('/app/student/notes');
    await expect(page).toHaveURL('/login');
    await submitLogin(page, DEMO_USERS.student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL('/app/student/notes');
    await expect(page.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible();
  });

  test('/app goes to the admin dashboard and /app/teacher-dashboard to the teacher area', async ({ page, loginAs }) => {
    await loginAs('admin', '/app');
    await expect(page).toHaveURL('/app/dashboard');
    await page.goto('/app/teacher-dashboard');
    // The admin is not a teacher, so the guard sends them back to their own dashboard.
    await expect(page).toHaveURL('/app/dashboard');
  });

  test('the API itself refuses the wrong role, whatever the browser does', async ({ page, loginAs }) => {
    await loginAs('student');
    const response = await page.request.get('/api/admin/dashboard/summary');
    expect(response.status()).toBe(403);
  });
});
