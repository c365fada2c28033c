import type { APIRequestContext } from '@playwright/test';
import { expect, hasHorizontalOverflow, randomMobile, test, uniqueToken, DEMO_PASSWORD, DEMO_USERS, shownPhone } from '../fixtures';

const PASSWORD = 'teacher-pass-2026';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** As the admin (its own cookie jar): a new teacher with a batch on every day, and one student in it. */
async function setUp(request: APIRequestContext, token: string) {
  expect((await request.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const json = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => ((await response.json()) as { data: { _id: string } & Record<string, unknown> }).data;
  const email = `${token}.t@example.com`;
  const teacher = await json(await request.post('/api/teachers', { data: { name: `Teacher ${token}`, email, password: PASSWORD } }));
  const standards = (await (await request.get('/api/standards')).json()) as { data: { _id: string; name: string }[] };
  const subjects = (await (await request.get('/api/subjects')).json()) as { data: { _id: string; name: string }[] };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const batchName = `Daily ${token}`;
  const batch = await json(
    await request.post('/api/batches', {
      data: {
        name: batchName,
        teacher: teacher._id,
        standard: standards.data[0]!._id,
        subject: subjects.data[0]!._id,
        schedule: { days: WEEK, startTime: '23:00', endTime: '23:45' },
        startDate: today,
        endDate: `${Number(today.slice(0, 4)) + 1}-03-31`,
        capacity: 10,
      },
    }),
  );
  const phone = randomMobile();
  const student = await json(await request.post('/api/students', { data: { name: `Esha ${token}`, email: `${token}.s@example.com`, password: 'student-pass-2026', phone } }));
  expect((await request.put(`/api/batches/${batch._id}/students/${student._id}/add`)).status()).toBe(200);
  return { email, batchId: batch._id, batchName, studentName: `Esha ${token}`, phone };
}

test.describe('batches (teacher)', () => {
  test('a teacher sees today’s class on the dashboard, their batches, and the roster with phones', async ({ page, playwright, baseURL }) => {
    test.setTimeout(60_000);
    const token = uniqueToken('tb');
    const admin = await playwright.request.newContext({ baseURL });
    const { email, batchId, batchName, studentName, phone } = await setUp(admin, token);
    await admin.dispose();

    expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
    // A lecture of the batch (issue 75), added but not yet uploaded: listed on the batch's screen.
    const lectureDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect((await page.request.post(`/api/batches/${batchId}/lectures`, { data: { date: lectureDay, title: `Optics ${token}` } })).status()).toBe(201);
    await page.goto('/app/teacher/dashboard');
    const today = page.getByRole('region', { name: "Today's classes" });
    const item = today.getByRole('listitem').filter({ hasText: batchName });
    await expect(item).toContainText('11:00 PM – 11:45 PM');
    await expect(item.getByRole('link', { name: 'Mark attendance' })).toHaveAttribute('href', `/app/teacher/attendance/mark?batchId=${batchId}`);
    await expect(page.getByRole('region', { name: 'Next class' })).toContainText(batchName);

    await page.getByRole('link', { name: 'My batches' }).click();
    await expect(page).toHaveURL('/app/teacher/batches');
    const card = page.getByRole('listitem').filter({ hasText: batchName });
    await expect(card).toContainText('1/10 seats');
    await expect(card).toContainText('Mon, Tue, Wed, Thu, Fri, Sat, Sun · 11:00 PM – 11:45 PM');
    await card.getByRole('link', { name: batchName }).click();
    await expect(page).toHaveURL(`/app/teacher/batches/${batchId}`);
    await expect(page.getByRole('link', { name: `Call ${studentName}: ${shownPhone(phone)}` })).toHaveAttribute('href', `tel:+91${phone}`);
    await expect(page.getByRole('link', { name: 'Mark attendance', exact: true })).toHaveAttribute('href', `/app/teacher/attendance/mark?batchId=${batchId}`);
    const lecture = page.getByRole('region', { name: 'Recorded lectures' }).getByRole('listitem').filter({ hasText: `Optics ${token}` });
    await expect(lecture).toContainText(lectureDay.split('-').reverse().join('-'));
    await expect(lecture).toContainText('Waiting for the recording');

    // Another teacher's batch reads as not found, and its roster never arrives.
    const others = (await (await page.request.get('/api/batches')).json()) as { data: { _id: string }[] };
    expect(others.data.map((batch) => batch._id)).toEqual([batchId]);
    const adminContext = await playwright.request.newContext({ baseURL });
    await adminContext.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } });
    const seeded = ((await (await adminContext.get('/api/batches?search=10th Maths Morning')).json()) as { data: { _id: string }[] }).data[0]!._id;
    await adminContext.dispose();
    await page.goto(`/app/teacher/batches/${seeded}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Batch not found' })).toContainText('not one of your batches');
    await expect(page.getByRole('table', { name: 'Enrolled students' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to your batches' })).toBeVisible();
  });

  test('on a phone the dashboard and batch screens fit the width', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs('teacher');
    await expect(page.getByRole('region', { name: "Today's classes" })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.goto('/app/teacher/batches');
    await page.getByRole('link', { name: '10th Maths Morning', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Enrolled students' })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});
