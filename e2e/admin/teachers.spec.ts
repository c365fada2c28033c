import type { Page } from '@playwright/test';
import { apiLoginStatus, createTeacherByApi, DEMO_USERS, expect, hasHorizontalOverflow, randomMobile, submitLogin, test, uniqueToken, shownPhone } from '../fixtures';

/**
 * Types in the teachers list's search box and waits for the filtered list: the rows move when it
 * arrives, and a click aimed at a row just before then lands on whatever takes its place.
 */
async function searchTeachers(page: Page, text: string) {
  const filtered = page.waitForResponse((response) => response.url().includes('/api/teachers?') && new URL(response.url()).searchParams.get('search') === text);
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(text);
  await filtered;
}

test.describe('teachers (admin)', () => {
  test('the admin creates a teacher with a password; they can sign in; then the admin deletes them', async ({ page, loginAs, browser, baseURL }) => {
    // Two browsers and a long form: 1.0 to 1.1 min beside the other specs in CI, over the default 60 s.
    test.setTimeout(150_000);
    const token = uniqueToken('tch');
    const email = `${token}@example.com`;
    const password = 'teacher-pass-2026';
    await loginAs('admin', '/app/teachers');
    await page.getByRole('link', { name: 'Add Teacher' }).click();
    await expect(page).toHaveURL('/app/teachers/create');
    await expect(page.getByText('Leave empty to email them a link to set their password')).toBeVisible();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Meera ${token}`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    const phone = randomMobile();
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
    await page.getByRole('textbox', { name: 'Qualification', exact: true }).fill('M.Sc. Mathematics');
    await page.getByLabel('Joining date').fill('2026-06-01');
    await page.getByRole('button', { name: 'Create Teacher' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Teacher created successfully' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/teachers\/[0-9a-f-]{36}$/);
    await expect(page.getByText(`Meera ${token}`).first()).toBeVisible();
    await expect(page.getByRole('link', { name: shownPhone(phone), exact: true })).toHaveAttribute('href', `tel:+91${phone}`);
    await expect(page.getByText('01-06-2026')).toBeVisible();
    await expect(page.getByText('This teacher has no batches yet.')).toBeVisible();

    // They can sign in at once, in a browser of their own.
    const context = await browser.newContext({ baseURL });
    const teacherPage = await context.newPage();
    await teacherPage.goto('/login');
    await submitLogin(teacherPage, email, password);
    await expect(teacherPage).toHaveURL('/app/teacher/dashboard');
    await context.close();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Teacher deleted successfully' })).toBeVisible();
    await expect(page).toHaveURL('/app/teachers');
    expect(await apiLoginStatus(baseURL!, email, password)).not.toBe(200);
  });

  test('a teacher who still teaches batches is not deleted, and the reason is shown', async ({ page, loginAs }) => {
    await loginAs('admin', '/app/teachers');
    await searchTeachers(page, DEMO_USERS.teacher.email);
    await page.getByRole('button', { name: `Delete ${DEMO_USERS.teacher.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Teacher not deleted' })).toContainText(/batch/i);
    await expect(page.getByRole('link', { name: DEMO_USERS.teacher.name, exact: true })).toBeVisible();
  });

  test('bad input is flagged on its fields and nothing is created', async ({ page, loginAs }) => {
    let creates = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/teachers')) creates += 1;
    });
    await loginAs('admin', '/app/teachers/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bad Phone Teacher');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${uniqueToken('bad')}@example.com`);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Create Teacher' }).click();
    await expect(page.getByText('Enter a 10-digit Indian mobile number, optionally starting with +91')).toBeVisible();
    expect(creates).toBe(0);

    // An email already in use: the server says so on the field.
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_USERS.teacher.email);
    await page.getByRole('button', { name: 'Create Teacher' }).click();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAccessibleDescription(/This email is already in use/);
    await expect(page).toHaveURL('/app/teachers/create');
  });

  test('the admin edits a teacher, deactivates them and they can no longer sign in', async ({ signIn, page, baseURL }) => {
    const token = uniqueToken('tch');
    const email = `${token}@example.com`;
    await signIn('admin');
    const id = await createTeacherByApi(page, { name: `Kiran ${token}`, email, password: 'teacher-pass-2026' });
    await page.goto(`/app/teachers/${id}/edit`);
    await expect(page.getByText('Inactive teachers can no longer sign in')).toBeVisible();
    await page.getByRole('textbox', { name: 'Qualification', exact: true }).fill('B.Ed.');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByRole('button', { name: 'Save Teacher' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Teacher updated successfully' })).toBeVisible();
    await expect(page).toHaveURL(`/app/teachers/${id}`);
    await expect(page.getByText('B.Ed.', { exact: true })).toBeVisible();
    await expect(page.getByText('This teacher is inactive and cannot sign in.')).toBeVisible();
    expect(await apiLoginStatus(baseURL!, email, 'teacher-pass-2026')).not.toBe(200);
  });

  test('the list searches and filters by status; at 360 px it shows cards without sideways scrolling', async ({ page, loginAs }) => {
    const token = uniqueToken('tch');
    await loginAs('admin');
    await createTeacherByApi(page, { name: `Active ${token}`, email: `${token}.a@example.com`, password: 'teacher-pass-2026' });
    await createTeacherByApi(page, { name: `Leave ${token}`, email: `${token}.l@example.com`, password: 'teacher-pass-2026', status: 'on_leave' });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/app/teachers');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(token);
    const list = page.getByRole('list', { name: 'Teachers' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'On leave' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('link', { name: `Leave ${token}`, exact: true })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);

    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(`${token}-nobody`);
    await expect(page.getByText('No teachers match these filters.')).toBeVisible();
  });

  test('the teacher detail shows their batches and students', async ({ page, loginAs }) => {
    await loginAs('admin', '/app/teachers');
    await searchTeachers(page, DEMO_USERS.teacher.email);
    await page.getByRole('link', { name: DEMO_USERS.teacher.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Teacher Details' })).toBeVisible();
    // In the Batches section: the Pay section names the batches too when the teacher is paid per batch
    // (the staff-pay spec may have set that for the demo teacher first).
    await expect(page.getByRole('region', { name: 'Batches' }).getByText('10th Maths Morning', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
    await expect(page.getByRole('link', { name: DEMO_USERS.student.name, exact: true })).toBeVisible();
    // Back to the list: the search is still there (it lives in the address, like the other lists').
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/teachers\?search=/);
    await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toHaveValue(DEMO_USERS.teacher.email);
    await expect(page.getByRole('link', { name: DEMO_USERS.teacher.name, exact: true })).toBeVisible();
  });
});
