import type { Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, test, uniqueToken } from '../fixtures';

const PASSWORD = 'student-pass-2026';

function academyToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** The unread count the bell announces ("Notifications, 3 unread"); 0 when it names none. */
async function unreadCount(page: Page): Promise<number> {
  const label = (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

test.describe('notification bell (student)', () => {
  test('a student of the batch is notified and lands on the announcement; a student of another batch is not', async ({ page, browser, baseURL }) => {
    const token = uniqueToken('bell');
    // The admin sets up a teacher, two batches and one student in each, in a browser of their own.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    expect((await admin.request.post('/api/auth/login', { data: { email: 'admin@demo.academy', password: 'latur-demo-2026' } })).status()).toBe(200);
    const teacher = await createTeacherByApi(admin, { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: 'teacher-pass-2026' });
    const ours = await createBatchByApi(admin, { name: `Ours ${token}`, teacher });
    const theirs = await createBatchByApi(admin, { name: `Theirs ${token}`, teacher, schedule: { days: ['tue'], startTime: '07:00', endTime: '08:00' } });
    const student = { email: `${token}.a@example.com`, id: '' };
    const other = { email: `${token}.b@example.com`, id: '' };
    student.id = await createStudentByApi(admin, { name: `Asha ${token}`, email: student.email, password: PASSWORD });
    other.id = await createStudentByApi(admin, { name: `Bela ${token}`, email: other.email, password: PASSWORD });
    await enrolByApi(admin, ours, student.id);
    await enrolByApi(admin, theirs, other.id);

    // The student signs in; the bell loads with the dashboard.
    expect((await page.request.post('/api/auth/login', { data: { email: student.email, password: PASSWORD } })).status()).toBe(200);
    await page.goto('/app/student/dashboard');
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    const before = await unreadCount(page);

    const title = `Test on Friday ${token}`;
    const created = await admin.request.post('/api/announcements', {
      data: { title, content: 'Chapters 1 to 4.', type: 'exam', priority: 'high', audience: 'students', batches: [ours], startDate: academyToday(), endDate: academyToday() },
    });
    expect(created.status()).toBe(201);
    const announcementId = ((await created.json()) as { data: { _id: string } }).data._id;
    await adminContext.close();

    // Each try reloads the dashboard: on a busy machine a few reloads take longer than the default wait.
    await expect
      .poll(async () => {
        await page.reload();
        await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
        return unreadCount(page);
      }, { timeout: 45_000 })
      .toBeGreaterThan(before);
    const after = await unreadCount(page);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const item = page.getByRole('button', { name: `Unread: New announcement: ${title}` });
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(`/app/student/announcements/${announcementId}`);
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect.poll(() => unreadCount(page)).toBe(after - 1);

    // The other batch's student: nothing in the bell, and the announcement is not theirs to open.
    const otherContext = await browser.newContext({ baseURL });
    const otherPage = await otherContext.newPage();
    expect((await otherPage.request.post('/api/auth/login', { data: { email: other.email, password: PASSWORD } })).status()).toBe(200);
    await otherPage.goto('/app/student/dashboard');
    await otherPage.getByRole('button', { name: /^Notifications/ }).click();
    await expect(otherPage.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await expect(otherPage.getByText(`New announcement: ${title}`)).toHaveCount(0);
    expect((await otherPage.request.get(`/api/announcements/${announcementId}`)).status()).toBe(404);
    await otherContext.close();
  });

  test('only students have a bell', async ({ page, loginAs }) => {
    await loginAs('teacher');
    await expect(page.getByText('Hello, Priya')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  });
});
