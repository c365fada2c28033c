import type { Browser, Page } from '@playwright/test';
import { academyDay, createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, test, uniqueToken } from '../fixtures';

/*
 * Issue 74 (decision 075): the first screens' main actions are real HTML, so they work from the first
 * paint, before the app's code has come, or without it. Checked here with JavaScript disabled on a phone:
 * the teacher marks and submits today's sheet, a dashboard's link opens its screen, the parent's Pay
 * opens the pay page, and a student's Start starts an online test. Issue 73 point 3: with JavaScript, a tap before the app takes the sheet over is kept.
 */

const PASSWORD = 'no-script-pass-2026';

async function phone(browser: Browser, baseURL: string, email: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, javaScriptEnabled });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return page;
}

/** A teacher of the test's own with one batch of three students (parallel tests cannot touch it). */
async function teacherWithBatch(page: Page) {
  const token = uniqueToken('nojs');
  await page.request.post('/api/auth/login', { data: { email: 'admin@demo.academy', password: 'latur-demo-2026' } });
  const standards = (await (await page.request.get('/api/standards')).json()).data as { _id: string }[];
  const email = `${token}.t@example.com`;
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email, password: PASSWORD });
  const batchId = await createBatchByApi(page, { name: `Batch ${token}`, teacher, startDate: academyDay(-30), endDate: academyDay(60) });
  const names = ['Anika', 'Bhavesh', 'Chaitra'].map((first) => `${first} ${token}`);
  const studentIds: string[] = [];
  for (const [index, name] of names.entries()) {
    const id = await createStudentByApi(page, { name, email: `${token}.s${index}@example.com`, password: PASSWORD, standard: standards[0]!._id });
    expect((await page.request.put(`/api/batches/${batchId}/students/${id}/add?confirm=true`)).status()).toBe(200);
    studentIds.push(id);
  }
  return { email, batchId, names, studentIds };
}

test('without JavaScript, a teacher marks today’s sheet on a phone and submits it; the dashboard’s link opens the sheet', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { email, batchId, names, studentIds } = await teacherWithBatch(page);
  const teacher = await phone(browser, baseURL!, email, false);

  // A dashboard's link is a link: it opens the sheet, drawn by the server.
  await teacher.goto('/app/teacher/dashboard');
  await expect(teacher.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Exact: on the batch's class days (Mon, Wed, Fri) today's classes link each batch's sheet too.
  await teacher.getByRole('link', { name: 'Mark attendance', exact: true }).tap();
  await expect(teacher).toHaveURL('/app/teacher/attendance/mark');
  await expect(teacher.getByRole('heading', { level: 1, name: 'Mark Attendance' })).toBeVisible();

  const students = teacher.getByRole('list', { name: 'Students' });
  await expect(students.getByRole('listitem')).toHaveCount(3);
  const absent = students.getByRole('listitem', { name: names[1] }).locator('input[value="absent"]');
  await students.getByRole('listitem', { name: names[1] }).locator('label').filter({ hasText: 'Absent' }).tap();
  await expect(absent).toBeChecked();
  await teacher.getByRole('button', { name: 'Submit attendance' }).tap();

  // The server saved it and shows the sheet again, as recorded.
  await expect(teacher).toHaveURL(new RegExp(`/app/teacher/attendance/mark\\?batchId=${batchId}&date=${academyDay(0)}&saved=1$`));
  await expect(teacher.getByTestId('sheet-saved')).toContainText('The marks below are saved.');
  await expect(teacher.getByText('Already marked')).toBeVisible();
  await expect(teacher.getByTestId('count-absent')).toHaveText('Absent 1');
  await expect(absent).toBeChecked();
  const day = (await (await teacher.request.get(`/api/attendance/${batchId}/${academyDay(0)}`)).json()).data as { students: { _id: string; status: string }[] };
  expect(Object.fromEntries(day.students.map((student) => [student._id, student.status]))).toEqual({ [studentIds[0]!]: 'present', [studentIds[1]!]: 'absent', [studentIds[2]!]: 'present' });
  await teacher.context().close();
});

/** As the office: a child in a batch with a ₹10,000 plan (₹6,000 overdue) and the child's mother, who reads Marathi. */
async function familyWithDues(page: Page) {
  const token = uniqueToken('nojs-pay');
  await page.request.post('/api/auth/login', { data: { email: 'admin@demo.academy', password: 'latur-demo-2026' } });
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: PASSWORD });
  const batch = await createBatchByApi(page, { name: `Pay batch ${token}`, teacher });
  const standards = (await (await page.request.get('/api/standards')).json()).data as { _id: string }[];
  const studentId = await createStudentByApi(page, { name: `Sai ${token}`, email: `${token}.s@example.com`, password: PASSWORD, standard: standards[0]!._id });
  expect((await page.request.put(`/api/batches/${batch}/students/${studentId}/add?confirm=true`)).status()).toBe(200);
  const plan = await page.request.post('/api/fee-plans', { data: { name: 'Term fees', batch, amount: 10000, instalments: [{ dueDate: academyDay(-5), amount: 6000 }, { dueDate: academyDay(30), amount: 4000 }] } });
  expect(plan.status()).toBe(201);
  const email = `${token}.p@example.com`;
  expect((await page.request.post(`/api/students/${studentId}/parents`, { data: { name: `Mother ${token}`, email, relation: 'mother', language: 'mr', password: PASSWORD } })).status()).toBe(201);
  return { email, token };
}

test('the parent’s Fees on a phone: without JavaScript Pay opens the pay page; with it, the app takes over without a hydration error and leads with the UPI app’s Pay', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { email, token } = await familyWithDues(page);
  const parent = await phone(browser, baseURL!, email, false);
  await parent.goto('/app/parent/fees');
  await expect(parent.getByRole('heading', { level: 1, name: 'फी' })).toBeVisible();
  // The first due leads with Pay, a link to the child's pay page, before anything else of the due.
  const due = parent.getByTestId('upi-due').first();
  await expect(due.locator('a').first()).toHaveAttribute('href', /^\/app\/parent\/fees\/pay\//);
  await expect(due.getByRole('img')).toHaveCount(0);
  await due.locator('a').first().tap();
  await expect(parent).toHaveURL(/\/mr\/pay\/[^/]+$/);
  await expect(parent.getByText(`Sai ${token}`).first()).toBeVisible();
  await parent.context().close();

  const withCode = await phone(browser, baseURL!, email, true);
  const hydrationErrors: string[] = [];
  withCode.on('console', (message) => {
    if (message.type() === 'error' && /#41[89]|#42[35]|hydrat/i.test(message.text())) hydrationErrors.push(message.text());
  });
  withCode.on('pageerror', (error) => hydrationErrors.push(error.message));
  await withCode.goto('/app/parent/fees');
  await withCode.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(withCode.getByTestId('upi-due').first().locator('a').first()).toHaveAttribute('href', /^upi:\/\/pay/);
  expect(hydrationErrors).toEqual([]);
  await withCode.context().close();
});

test('with JavaScript, a tap on Absent before the app has taken the sheet over is kept and counted', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { email, names } = await teacherWithBatch(page);
  const teacher = await phone(browser, baseURL!, email, true);
  // The app's code is held back until the tap is made.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await teacher.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await teacher.goto('/app/teacher/attendance/mark', { waitUntil: 'commit' });
  const row = teacher.getByRole('list', { name: 'Students' }).getByRole('listitem', { name: names[2] });
  await row.locator('label').filter({ hasText: 'Absent' }).tap();
  await expect(row.locator('input[value="absent"]')).toBeChecked();
  expect(await teacher.locator('html').getAttribute('data-app-ready')).toBeNull();
  release();
  await teacher.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(teacher.getByTestId('count-absent')).toHaveText('Absent 1');
  await expect(row.locator('input[value="absent"]')).toBeChecked();
  await teacher.context().close();
});

test('without JavaScript, a student follows the dashboard’s link to an open online test and Start starts it', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const token = uniqueToken('nojs-test');
  await page.request.post('/api/auth/login', { data: { email: 'admin@demo.academy', password: 'latur-demo-2026' } });
  const subject = ((await (await page.request.get('/api/subjects')).json()) as { data: { _id: string }[] }).data[0]!._id;
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: PASSWORD });
  const batch = await createBatchByApi(page, { name: `Test batch ${token}`, teacher });
  const email = `${token}.s@example.com`;
  const studentId = await createStudentByApi(page, { name: `Om ${token}`, email, password: PASSWORD });
  await enrolByApi(page, batch, studentId);
  const question = await page.request.post('/api/questions', {
    data: { subject, chapter: 'Units', difficulty: 'easy', type: 'single', text: `${token} question`, options: ['right', 'wrong a', 'wrong b', 'wrong c'].map((text) => ({ text: `${token} ${text}` })), correct: [0], language: 'en' },
  });
  expect(question.status(), await question.text()).toBe(201);
  const created = await page.request.post('/api/online-tests', {
    data: {
      title: `Mock ${token}`,
      batches: [batch],
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      closesAt: new Date(Date.now() + 3600_000).toISOString(),
      durationMinutes: 30,
      marking: { correct: 4, wrong: -1, unanswered: 0 },
      questions: [((await question.json()) as { data: { _id: string } }).data._id],
      shuffle: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const testId = ((await created.json()) as { data: { _id: string } }).data._id;
  expect((await page.request.post(`/api/online-tests/${testId}/publish`)).status()).toBe(200);

  const student = await phone(browser, baseURL!, email, false);
  await student.goto('/app/student/dashboard');
  await expect(student.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The dashboard's link opens the online tests, drawn by the server.
  await student.getByTestId('open-online-tests').getByRole('link', { name: 'Take the test' }).tap();
  await expect(student).toHaveURL('/app/student/online-tests');
  await expect(student.getByRole('heading', { level: 1, name: 'Online tests' })).toBeVisible();
  // Start is a form the server answers: the attempt is started, and its address opened.
  await student.getByTestId(`online-test-${testId}`).getByRole('button', { name: 'Start' }).tap();
  await expect(student).toHaveURL(/\/app\/student\/online-tests\/attempts\/[0-9a-f-]+$/);
  const attemptId = student.url().split('/').at(-1)!;
  const listed = ((await (await student.request.get('/api/online-tests')).json()) as { data: { tests: { _id: string; attempt: { _id: string } | null }[] } }).data.tests;
  expect(listed.find((test) => test._id === testId)?.attempt?._id).toBe(attemptId);
  await student.context().close();
});
