import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';

const PASSWORD = 'student-pass-2026';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test.describe('batches and schedule (student)', () => {
  test('a student sees a new batch on the dashboard, in batches and in the schedule on a phone', async ({ page, loginAs, browser, baseURL }) => {
    const token = uniqueToken('sb');
    await loginAs('admin');
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', weekday: 'long' }).format(new Date());
    const batchName = `Evening ${token}`;
    const batchId = await createBatchByApi(page, {
      name: batchName,
      teacher,
      schedule: { days: [WEEK[DAY_NAMES.indexOf(weekday)]!], startTime: '23:00', endTime: '23:50' },
      startDate: today,
      endDate: `${Number(today.slice(0, 4)) + 1}-03-31`,
    });
    const email = `${token}.s@example.com`;
    const studentId = await createStudentByApi(page, { name: `Farah ${token}`, email, password: PASSWORD });
    await enrolByApi(page, batchId, studentId);

    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    const student = await context.newPage();
    expect((await student.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
    await student.goto('/app/student/dashboard');
    const todays = student.getByRole('region', { name: "Today's classes" });
    await expect(todays.getByRole('listitem').filter({ hasText: batchName })).toContainText('11:00 PM – 11:50 PM');
    await expect(todays.getByRole('link', { name: 'Mark attendance' })).toHaveCount(0);
    expect(await hasHorizontalOverflow(student)).toBe(false);

    await student.getByRole('link', { name: 'My batches' }).click();
    await expect(student).toHaveURL('/app/student/batches');
    await expect(student.getByRole('listitem').filter({ hasText: batchName })).toContainText(`Teacher ${token}`);
    expect(await hasHorizontalOverflow(student)).toBe(false);

    await student.goto('/app/student/schedule');
    const day = student.getByRole('listitem', { name: `${weekday} (today)` });
    await expect(day).toContainText(batchName);
    await expect(day).toContainText('Today');
    expect(await hasHorizontalOverflow(student)).toBe(false);
    await context.close();
  });
});
