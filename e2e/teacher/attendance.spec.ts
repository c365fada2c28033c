import type { Browser, Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, DEMO_USERS, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';

const PASSWORD = 'attendance-pass-2026';

/** A date in the academy's time zone (Asia/Kolkata), `offsetDays` from today. */
function academyDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

/** A signed-in page of its own (not the admin's session) at a phone's width. */
async function signedInPhone(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return page;
}

test.describe('attendance', () => {
  test('a teacher marks a batch on a phone, changes two students, submits, and the marks and the percentage show', async ({ page, loginAs, browser, baseURL }) => {
    // Five accounts (each password hashed with argon2) and three browsers: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    // A batch of this test's own (its own teacher and students), so parallel tests cannot touch it.
    const token = uniqueToken('att');
    await loginAs('admin');
    const standards = (await (await page.request.get('/api/standards')).json()).data as { _id: string }[];
    const teacherEmail = `${token}.t@example.com`;
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: PASSWORD });
    const batchId = await createBatchByApi(page, { name: `Batch ${token}`, teacher, startDate: academyDay(-30), endDate: academyDay(60) });
    const names = ['Anika', 'Bhavesh', 'Chaitra', 'Devansh'].map((first) => `${first} ${token}`);
    const studentIds: string[] = [];
    for (const [index, name] of names.entries()) {
      const id = await createStudentByApi(page, { name, email: `${token}.s${index}@example.com`, password: PASSWORD, standard: standards[0]!._id });
      await enrolByApi(page, batchId, id);
      studentIds.push(id);
    }
    // An earlier class where everyone came, so the new mark moves the percentage to 50%.
    const earlier = await page.request.post(`/api/attendance/batch/${batchId}`, {
      data: { date: academyDay(-2), records: studentIds.map((studentId) => ({ studentId, status: 'present' })) },
    });
    expect(earlier.status()).toBe(200);

    const phone = await signedInPhone(browser, baseURL!, teacherEmail);
    await phone.goto(`/app/teacher/attendance/mark?batchId=${batchId}`);
    await expect(phone.getByRole('heading', { level: 1, name: 'Mark Attendance' })).toBeVisible();
    // The date field shows DD-MM-YYYY in every language (issue 18 point 19).
    await expect(phone.getByLabel('Date')).toHaveValue(academyDay(0).split('-').reverse().join('-'));
    const students = phone.getByRole('list', { name: 'Students' });
    await expect(students.getByRole('listitem')).toHaveCount(4);
    // Everyone starts present.
    await expect(phone.getByTestId('count-present')).toHaveText('Present 4');

    const row = (name: string) => students.getByRole('listitem', { name });
    await row(names[1]!).getByText('Absent', { exact: true }).click();
    await row(names[2]!).getByText('Late', { exact: true }).click();
    await row(names[2]!).getByRole('button', { name: `Remark for ${names[2]}` }).click();
    await row(names[2]!).getByRole('textbox', { name: `Remark for ${names[2]}` }).fill('Bus was late');
    await expect(phone.getByTestId('count-present')).toHaveText('Present 2');
    await expect(phone.getByTestId('count-absent')).toHaveText('Absent 1');
    await expect(phone.getByTestId('count-late')).toHaveText('Late 1');
    // Big enough to tap.
    const target = await row(names[0]!).locator('label').filter({ hasText: 'Absent' }).boundingBox();
    expect(target!.height).toBeGreaterThanOrEqual(36);
    expect(await hasHorizontalOverflow(phone)).toBe(false);

    await phone.getByRole('button', { name: 'Submit attendance' }).click();
    await expect(phone.getByRole('alert').filter({ hasText: 'Attendance submitted successfully' })).toBeVisible();
    await expect(phone.getByText('Already marked')).toBeVisible();

    await phone.reload();
    await expect(row(names[1]!).getByRole('radio', { name: 'Absent' })).toBeChecked();
    await expect(row(names[2]!).getByRole('radio', { name: 'Late' })).toBeChecked();
    await expect(row(names[0]!).getByRole('radio', { name: 'Present' })).toBeChecked();
    await expect(row(names[2]!).getByRole('textbox', { name: `Remark for ${names[2]}` })).toHaveValue('Bus was late');
    await expect(phone.getByText(new RegExp(`by Teacher ${token}\\. Submitting again replaces these marks`))).toBeVisible();

    // Leaving with a change not submitted asks first.
    await row(names[3]!).getByText('Excused', { exact: true }).click();
    await phone.getByRole('link', { name: 'Batch history' }).click();
    await expect(phone.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    await phone.getByRole('button', { name: 'Stay' }).click();
    await expect(phone).toHaveURL(/\/app\/teacher\/attendance\/mark/);
    await expect(row(names[3]!).getByRole('radio', { name: 'Excused' })).toBeChecked();
    await phone.context().close();

    // The absent student now has 1 of 2 classes: 50%.
    const studentPhone = await signedInPhone(browser, baseURL!, `${token}.s1@example.com`);
    await studentPhone.goto('/app/student/attendance');
    await expect(studentPhone.getByTestId(`batch-percentage-${batchId}`)).toHaveText('50%');
    await expect(studentPhone.getByRole('table', { name: 'Attendance records' }).getByRole('row')).toHaveCount(3);
    expect(await hasHorizontalOverflow(studentPhone)).toBe(false);
    await studentPhone.context().close();

    // The late student counts as attended: 100%.
    const lateStudent = await signedInPhone(browser, baseURL!, `${token}.s2@example.com`);
    await lateStudent.goto('/app/student/attendance');
    await expect(lateStudent.getByTestId(`batch-percentage-${batchId}`)).toHaveText('100%');
    await lateStudent.context().close();
  });

  test('the batch page shows the history grid, and a student cannot open the teacher’s screens', async ({ signIn, page, loginAs }) => {
    await signIn('teacher');
    const batches = (await (await page.request.get('/api/batches')).json()).data as { _id: string; name: string }[];
    await page.goto(`/app/teacher/batches/${batches[0]!._id}`);
    const grid = page.getByRole('table', { name: 'Attendance by student and date' });
    // The demo academy has four weeks of marks.
    await expect(grid).toBeVisible();
    await expect(grid.getByRole('row').nth(1)).toContainText(/[PALE]/);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^attendance-.*\.csv$/);

    await page.context().clearCookies();
    await loginAs('student', '/app/teacher/attendance/mark');
    await expect(page).toHaveURL(DEMO_USERS.student.home);
    const denied = await page.request.get(`/api/attendance/batch/${batches[0]!._id}/history`);
    expect(denied.status()).toBe(403);
  });
});

test.describe('student attendance screen', () => {
  test('asks for no batch before one is chosen (no `/api/batches/?…` without an id)', async ({ page, loginAs, browser, baseURL }) => {
    const token = uniqueToken('attnb');
    await loginAs('admin');
    await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: PASSWORD });
    const phone = await signedInPhone(browser, baseURL!, `${token}.t@example.com`);
    const batchCalls: string[] = [];
    phone.on('request', (request) => {
      if (request.url().includes('/api/batches/')) batchCalls.push(request.url());
    });
    await phone.goto('/app/teacher/attendance/student');
    await expect(phone.getByText('You have no batches yet.')).toBeVisible();
    await phone.waitForLoadState('networkidle');
    // `GET /api/batches/?populate=enrolledStudents` (no id) used to go out on every load.
    expect(batchCalls).toEqual([]);
    await phone.context().close();
  });
});

test.describe('attendance for the admin', () => {
  test('the dashboard shows the attendance rate, and a student’s page their attendance per batch', async ({ page, loginAs }) => {
    await loginAs('admin');
    const overview = page.getByRole('region', { name: 'Attendance' });
    await expect(overview.getByText('Last 14 days')).toBeVisible();
    // The demo academy has two weeks of marks.
    await expect(overview.getByText(/^\d+(\.\d)?%$/).first()).toBeVisible();

    const students = (await (await page.request.get('/api/students?search=aarav.patil')).json()).data.students as { _id: string }[];
    await page.goto(`/app/students/${students[0]!._id}`);
    const section = page.getByRole('region', { name: 'Attendance' });
    // The percentage loads after the page ("…" meanwhile): on a busy CI machine that took over 15 s once.
    await expect(section.getByRole('listitem').filter({ hasText: /^9th Maths Evening: \d+(\.\d)?%$/ })).toBeVisible({ timeout: 30_000 });
    await expect(section.getByRole('table', { name: 'Attendance records' }).getByRole('row').nth(1)).toBeVisible();
    await expect(section.getByTestId('attendance-percentage')).toHaveText(/^\d+(\.\d)?%$/);
  });
});
