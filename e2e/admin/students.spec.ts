import type { Page } from '@playwright/test';
import { apiLoginStatus, createStudentByApi, DEMO_USERS, expect, hasHorizontalOverflow, randomMobile, submitLogin, test, uniqueToken, shownPhone, waitForMailText } from '../fixtures';

const PASSWORD = 'student-pass-2026';

async function standardIds(page: Page) {
  const body = (await (await page.request.get('/api/standards')).json()) as { data: { _id: string; name: string }[] };
  return Object.fromEntries(body.data.map((standard) => [standard.name, standard._id]));
}

test.describe('students (admin)', () => {
  test('the admin creates a student with a password, edits them, and archiving ends their sign-in', async ({ page, loginAs, browser, baseURL }) => {
    // A whole office flow plus a second browser: 50 s on a quiet 2-core machine, more beside other specs.
    test.setTimeout(150_000);
    const token = uniqueToken('stu');
    const email = `${token}@example.com`;
    await loginAs('admin', '/app/students');
    await page.getByRole('link', { name: 'Add Student' }).click();
    await expect(page).toHaveURL('/app/students/create');
    // Nothing pre-filled as if typed: gender and address start empty, and stay empty when left so (decision 040).
    await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Gender' })).toHaveValue('');

    // A half-filled form is not lost to a sidebar link without asking.
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Riya ${token}`);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Subjects', exact: true }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL('/app/students/create');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`Riya ${token}`);

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    const phone = randomMobile();
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
    await page.getByRole('textbox', { name: 'Parent name', exact: true }).fill('Sunita Pawar');
    await page.getByRole('combobox', { name: 'Standard' }).click();
    await page.getByRole('option', { name: '10th Standard' }).click();
    await page.getByRole('button', { name: 'Create Student' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Student created successfully' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/students\/[0-9a-f-]{36}$/);
    const detailUrl = page.url();
    await expect(page.getByText('10th Standard', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: shownPhone(phone), exact: true })).toHaveAttribute('href', `tel:+91${phone}`);

    // They can sign in at once, in a browser of their own.
    const context = await browser.newContext({ baseURL });
    const studentPage = await context.newPage();
    await studentPage.goto('/login');
    await submitLogin(studentPage, email, PASSWORD);
    await expect(studentPage).toHaveURL('/app/student/dashboard');
    await context.close();

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`Riya ${token}`);
    await page.getByRole('textbox', { name: 'School', exact: true }).fill('Keshavraj Vidyalaya');
    await page.getByRole('button', { name: 'Save Student' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Student updated successfully' })).toBeVisible();
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByText('Keshavraj Vidyalaya', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Student archived successfully' })).toBeVisible();
    await expect(page.getByText('they can no longer sign in').first()).toBeVisible();
    await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible();
    expect(await apiLoginStatus(baseURL!, email, PASSWORD)).not.toBe(200);
  });

  test('bad input is flagged on its fields and nothing is created', async ({ page, loginAs }) => {
    const token = uniqueToken('bad');
    let creates = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/students')) creates += 1;
    });
    await loginAs('admin', '/app/students/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Bad ${token}`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${token}@example.com`);
    await page.getByRole('textbox', { name: 'Parent phone', exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Create Student' }).click();
    await expect(page.getByRole('textbox', { name: 'Parent phone', exact: true })).toHaveAccessibleDescription(/Enter a 10-digit Indian mobile number/);
    expect(creates).toBe(0);

    await page.getByRole('textbox', { name: 'Parent phone', exact: true }).fill('');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_USERS.student.email);
    await page.getByRole('button', { name: 'Create Student' }).click();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAccessibleDescription(/This email is already in use/);
    await expect(page).toHaveURL('/app/students/create');
    const found = await (await page.request.get(`/api/students?search=${token}&status=all`)).json();
    expect(found.data.pagination.total).toBe(0);
  });

  test('the list searches, filters by standard, pages and exports the same list as CSV', async ({ signIn, page }) => {
    const token = uniqueToken('lst');
    await signIn('admin');
    const ids = await standardIds(page);
    await createStudentByApi(page, { name: `Nine ${token}`, email: `${token}.9@example.com`, standard: ids['9th Standard'] });
    await createStudentByApi(page, { name: `Twelve ${token}`, email: `${token}.12@example.com`, standard: ids['12th Science'] });

    await page.goto('/app/students');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(token);
    await expect(page).toHaveURL(new RegExp(`search=${token}`));
    await expect(page.getByRole('link', { name: `Nine ${token}`, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: `Twelve ${token}`, exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Standard' }).click();
    await page.getByRole('option', { name: '12th Science' }).click();
    await expect(page.getByRole('link', { name: `Nine ${token}`, exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `Twelve ${token}`, exact: true })).toBeVisible();
    await expect(page.getByText('1 student', { exact: true })).toBeVisible();

    const exportHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(exportHref).toContain(`search=${token}`);
    expect(exportHref).toContain(`standardId=${ids['12th Science']}`);
    const csv = await page.request.get(exportHref!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain(`Twelve ${token}`);
    expect(text).not.toContain(`Nine ${token}`);

    // The demo academy alone has 30 students: more than one page of 20.
    await page.goto('/app/students?status=all');
    const rows = page.getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const firstOnPageOne = await rows.nth(1).getByRole('link').first().textContent();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows.nth(1).getByRole('link').first()).not.toHaveText(firstOnPageOne!);

    // Sorting by a column header goes back to page 1 and reverses the order.
    await page.getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/order=desc/);
    await expect(page).not.toHaveURL(/page=2/);
  });

  test('at 360 px the list shows cards without sideways scrolling', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/app/students');
    await expect(page.getByRole('list', { name: 'Students' }).getByRole('listitem').first()).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.goto('/app/students/create');
    await expect(page.getByRole('textbox', { name: 'Parent email', exact: true })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});

test('the admin filters the students list by batch', async ({ page, loginAs }) => {
  await loginAs('admin', '/app/students');
  // Searched by name: other specs add students that sort before the demo ones.
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill('Ankita More');
  await expect(page.getByText('Ankita More')).toBeVisible();
  await page.getByRole('combobox', { name: 'Batch' }).click();
  await page.getByRole('option', { name: '9th Maths Evening' }).click();
  await expect(page).toHaveURL(/batchId=/);
  // Ankita (12th) is not in the batch; Aarav (9th) is.
  await expect(page.getByText('Ankita More')).toHaveCount(0);
  await search.fill('Aarav Patil');
  await expect(page).toHaveURL(/batchId=.*search=|search=.*batchId=/);
  await expect(page.getByText('Aarav Patil')).toBeVisible();
});

test("the office starts a new student's account in Marathi: the welcome mail is Marathi; editing does not offer it", async ({ page, loginAs }) => {
  const token = uniqueToken('stumr');
  const email = `${token}@example.com`;
  await loginAs('admin', '/app/students/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Marathi ${token}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('combobox', { name: 'Language of their mails and screens' }).click();
  await page.getByRole('option', { name: 'मराठी' }).click();
  const since = Date.now();
  await page.getByRole('button', { name: 'Create Student' }).click();
  await expect(page).toHaveURL(/\/app\/students\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await waitForMailText(email, /अकॅडमीच्या ऑफिसने/, since, 30_000);
  // Afterwards the language is the student's own choice (their menu): not on the edit form.
  await page.goto(`${new URL(page.url()).pathname}/edit`);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`Marathi ${token}`, { timeout: 20_000 });
  await expect(page.getByRole('combobox', { name: 'Language of their mails and screens' })).toHaveCount(0);
});

test('a student tapped while the typed search is still waiting opens, even when the page loads slowly', async ({ page, loginAs }) => {
  const token = uniqueToken('tap');
  await loginAs('admin');
  const studentId = await createStudentByApi(page, { name: `Tapped ${token}`, email: `${token}@example.com` });
  // The student page's code arrives late, as on a slow phone: the list stays on screen meanwhile.
  await page.route(/\/assets\/student-detail-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await page.goto(`/app/students?search=${token}`);
  const row = page.getByRole('link', { name: `Tapped ${token}` }).first();
  await expect(row).toBeVisible();
  // More typed, then the row tapped before the search is applied (it waits for a pause in typing).
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(`Tapped ${token}`);
  await row.click();
  // The tap wins: the search applied meanwhile used to send the office back to the list.
  await expect(page).toHaveURL(`/app/students/${studentId}`);
  await expect(page.getByRole('heading', { name: 'Student Details' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(`/app/students/${studentId}`);
});
