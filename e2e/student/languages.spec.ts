import type { Browser, Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';

/*
 * Issue 20: the signed-in areas in Marathi and Hindi. Each test has accounts of its own: the language
 * is kept on the account, and the demo users are shared by tests running in parallel.
 * LANGUAGE_SCREENSHOTS=<folder> also saves each screen at 360 and 1280 px (for looking at them).
 */
const PASSWORD = 'languages-pass-2026';
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const screenshots = process.env.LANGUAGE_SCREENSHOTS;

/** A date in the academy's time zone (Asia/Kolkata), `offsetDays` from today. */
function academyDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

/** A teacher, a batch with a class every day and a student in it, made by the admin of `page`. */
async function classroom(page: Page, token: string) {
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: PASSWORD });
  const batchId = await createBatchByApi(page, {
    name: `Batch ${token}`,
    teacher,
    schedule: { days: EVERY_DAY, startTime: '23:00', endTime: '23:30' },
    startDate: academyDay(-30),
    endDate: academyDay(60),
  });
  const studentId = await createStudentByApi(page, { name: `Sneha ${token}`, email: `${token}.s@example.com`, password: PASSWORD });
  await enrolByApi(page, batchId, studentId);
  const marked = await page.request.post(`/api/attendance/batch/${batchId}`, { data: { date: academyDay(-1), records: [{ studentId, status: 'present' }] } });
  expect(marked.status()).toBe(200);
  return { batchId, teacherEmail: `${token}.t@example.com`, studentEmail: `${token}.s@example.com` };
}

async function signedIn(browser: Browser, baseURL: string, email: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return page;
}

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${screenshots}/${name}-${width}.png`, fullPage: true });
    expect(await hasHorizontalOverflow(page), `${name} at ${width} px scrolls sideways`).toBe(false);
  }
}

test.describe('languages in the signed-in areas', () => {
  test('a student switches to Marathi in the user menu; the screens and a reload keep it', async ({ page, loginAs, browser, baseURL }) => {
    test.setTimeout(120_000);
    const token = uniqueToken('lang');
    await loginAs('admin');
    const { studentEmail } = await classroom(page, token);

    const student = await signedIn(browser, baseURL!, studentEmail, 1280);
    await student.goto('/app/student/dashboard');
    await expect(student.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await student.getByRole('button', { name: 'Open profile menu' }).click();
    await student.getByRole('menuitem', { name: 'मराठी' }).click();

    await expect(student.getByRole('heading', { level: 1, name: 'डॅशबोर्ड' })).toBeVisible();
    await expect(student.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(student.getByRole('heading', { name: 'आजचे तास' })).toBeVisible();
    await expect(student.getByRole('link', { name: 'संपूर्ण हजेरी' })).toBeVisible();
    await expect(student.getByRole('link', { name: 'माझ्या बॅच' })).toBeVisible();
    await expect(student.getByText('नमस्कार,')).toBeVisible();

    // The choice is kept on the account: a reload (and another device) shows Marathi.
    await student.reload();
    await expect(student.getByRole('heading', { level: 1, name: 'डॅशबोर्ड' })).toBeVisible();
    await expect(student.getByRole('heading', { name: 'पुढचा तास' }).or(student.getByText('पुढचा तास'))).toBeVisible();
    await shoot(student, 'mr-student-dashboard');

    await student.getByRole('navigation', { name: 'मुख्य मेनू' }).getByRole('link', { name: 'बॅच' }).click();
    await expect(student.getByRole('heading', { level: 1, name: 'बॅच' })).toBeVisible();
    await expect(student.getByText(`Batch ${token}`)).toBeVisible();

    await student.getByRole('navigation', { name: 'मुख्य मेनू' }).getByRole('link', { name: 'हजेरी' }).click();
    await expect(student.getByRole('heading', { level: 1, name: 'हजेरी' })).toBeVisible();
    await expect(student.getByText('हजर 1 · उशिरा 0 · गैरहजर 0 · रजा 0')).toBeVisible();
    await expect(student.getByRole('columnheader', { name: 'तारीख' })).toBeVisible();
    await shoot(student, 'mr-student-attendance');

    await student.getByRole('navigation', { name: 'मुख्य मेनू' }).getByRole('link', { name: 'नोट्स' }).click();
    await expect(student.getByRole('heading', { level: 1, name: 'नोट्स' })).toBeVisible();
    await expect(student.getByRole('searchbox', { name: 'शोधा' })).toBeVisible();
    await expect(student.getByText('अजून नोट्स नाहीत. आपल्या बॅचसाठी शिक्षकांनी दिलेल्या नोट्स इथे दिसतील.')).toBeVisible();

    // Hindi for the screenshots, then back to English through the same menu.
    await student.goto('/app/student/dashboard');
    await student.getByRole('button', { name: 'प्रोफाइल मेनू उघडा' }).click();
    await student.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await expect(student.getByRole('heading', { level: 1, name: 'डैशबोर्ड' })).toBeVisible();
    await expect(student.getByRole('heading', { name: 'आज की क्लास' })).toBeVisible();
    await shoot(student, 'hi-student-dashboard');
    await student.getByRole('button', { name: 'प्रोफ़ाइल मेनू खोलें' }).click();
    await student.getByRole('menuitem', { name: 'English' }).click();
    await expect(student.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await student.context().close();
  });

  test('a teacher who reads Hindi opens mark attendance in Hindi', async ({ page, loginAs, browser, baseURL }) => {
    test.setTimeout(120_000);
    const token = uniqueToken('lang');
    await loginAs('admin');
    const { batchId, teacherEmail } = await classroom(page, token);

    const teacher = await signedIn(browser, baseURL!, teacherEmail, 360);
    expect((await teacher.request.put('/api/auth/language', { data: { language: 'hi' } })).status()).toBe(200);
    await teacher.goto(`/app/teacher/attendance/mark?batchId=${batchId}`);
    await expect(teacher.getByRole('heading', { level: 1, name: 'हाज़िरी लगाएँ' })).toBeVisible();
    await expect(teacher.locator('html')).toHaveAttribute('lang', 'hi');
    const row = teacher.getByRole('listitem', { name: `Sneha ${token}` });
    await expect(row.getByRole('radio', { name: 'उपस्थित' })).toBeChecked();
    await row.getByText('अनुपस्थित', { exact: true }).click();
    await expect(row.getByRole('radio', { name: 'अनुपस्थित' })).toBeChecked();
    await expect(teacher.getByRole('button', { name: 'हाज़िरी जमा करें' })).toBeVisible();
    expect(await hasHorizontalOverflow(teacher)).toBe(false);
    await shoot(teacher, 'hi-teacher-attendance');

    expect((await teacher.request.put('/api/auth/language', { data: { language: 'mr' } })).status()).toBe(200);
    await teacher.reload();
    await expect(teacher.getByRole('heading', { level: 1, name: 'हजेरी घ्या' })).toBeVisible();
    // The unsent mark is kept on the phone and restored, now worded in Marathi.
    await expect(teacher.getByText('न पाठवलेली हजेरी परत आणली')).toBeVisible();
    await expect(teacher.getByRole('listitem', { name: `Sneha ${token}` }).getByRole('radio', { name: 'गैरहजर', exact: true })).toBeChecked();
    await shoot(teacher, 'mr-teacher-attendance');
    await teacher.context().close();
  });

  test("a failed load with no words from the server reads in the user's language (Marathi)", async ({ page, loginAs, browser, baseURL }) => {
    test.setTimeout(120_000);
    const token = uniqueToken('langfail');
    await loginAs('admin');
    await createStudentByApi(page, { name: `Kiran ${token}`, email: `${token}.s@example.com`, password: PASSWORD });
    const student = await signedIn(browser, baseURL!, `${token}.s@example.com`, 360);
    expect((await student.request.put('/api/auth/language', { data: { language: 'mr' } })).status()).toBe(200);
    // A proxy's error page instead of the API's answer: no message of the server's to show.
    await student.route('**/api/student/details', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '' }));
    await student.goto('/app/student/profile');
    await expect(student.getByText('प्रोफाइल दाखवता आली नाही')).toBeVisible({ timeout: 30_000 });
    await expect(student.getByText('Failed to fetch profile')).toHaveCount(0);
    // The schedule's fallback is a message descriptor of the app catalog.
    await student.route('**/api/student/schedule', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '' }));
    await student.goto('/app/student/schedule');
    await expect(student.getByText('वेळापत्रक दाखवता आले नाही')).toBeVisible({ timeout: 30_000 });
    await expect(student.getByText('Failed to fetch schedule')).toHaveCount(0);
    await shoot(student, 'mr-student-schedule-failed');
    // The notes' fallback is a sentence of the shared messages (NOTE_MESSAGES), worded through the server messages' table.
    await student.route((url) => url.pathname === '/api/notes', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '' }));
    await student.goto('/app/student/notes');
    await expect(student.getByText('नोट्स उघडता आल्या नाहीत')).toBeVisible({ timeout: 30_000 });
    await expect(student.getByText('Failed to fetch notes')).toHaveCount(0);
    await shoot(student, 'mr-student-notes-failed');
    await student.context().close();
  });
});
