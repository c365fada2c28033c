import { createStudentByApi, expect, hasHorizontalOverflow, submitLogin, test, uniqueToken } from '../fixtures';

const PASSWORD = 'student-id-pass-2026';

test.describe('student IDs (issue 21)', () => {
  test('the office finds a new student by their ID, and the student signs in with it on a phone', async ({ signIn, page, browser, baseURL }) => {
    // Five first loads in two browsers: on a busy 2-core CI machine this took over 60 s once.
    test.setTimeout(120_000);
    const token = uniqueToken('sid');
    await signIn('admin');
    const studentId = await createStudentByApi(page, { name: `Isha ${token}`, email: `${token}@example.com`, password: PASSWORD });
    const created = (await (await page.request.get(`/api/students/${studentId}`)).json()) as { data: { studentCode: string } };
    const code = created.data.studentCode;
    expect(code).toMatch(/^LAT-\d{4}-\d{4,}$/);

    // The list finds the student by the ID and shows it; the student's page shows it too.
    await page.goto('/app/students');
    await page.getByPlaceholder('Name, email, student ID or phone').fill(code.toLowerCase());
    await expect(page.getByText(`${code} · ${token}@example.com`).first()).toBeVisible();
    await page.getByRole('link', { name: `Isha ${token}` }).first().click();
    await expect(page.getByText(code, { exact: true })).toBeVisible();

    // The student, on a 360 px phone, signs in with the ID typed in lower case.
    const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    const studentPage = await phone.newPage();
    await studentPage.goto('/login');
    await expect(studentPage.getByLabel('Email or student ID', { exact: true })).toBeVisible();
    await submitLogin(studentPage, code.toLowerCase(), 'not-the-password');
    await expect(studentPage.getByRole('alert')).toContainText('Invalid email or password');
    await submitLogin(studentPage, code.toLowerCase(), PASSWORD);
    await expect(studentPage).toHaveURL('/app/student/dashboard');
    expect(await hasHorizontalOverflow(studentPage)).toBe(false);
    await studentPage.goto('/app/student/profile');
    await expect(studentPage.getByText(code, { exact: true })).toBeVisible();
    await studentPage.screenshot({ path: '/tmp/shots-student-ids/profile-360.png', fullPage: false });
    await phone.close();
  });

  test('the login form flags something that is neither an email nor a student ID without a call', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls += 1;
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    await page.getByLabel('Email or student ID', { exact: true }).fill('LAT 2026');
    await page.getByLabel('Password', { exact: true }).fill('whatever-123');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    expect(loginCalls).toBe(0);
    await page.screenshot({ path: '/tmp/shots-student-ids/login-360.png' });
  });
});
