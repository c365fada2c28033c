import type { Browser, Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, shootWidths, test, uniqueToken } from '../fixtures';

const PASSWORD = 'weekly-tests-2026';
const SHOTS = process.env.SHOTS_DIR;

/** A day relative to today in the academy's time zone: 'YYYY-MM-DD' (the API's) and 'DD-MM-YYYY' (as typed). */
function academyDay(offsetDays: number): { iso: string; typed: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  const iso = day.toISOString().slice(0, 10);
  return { iso, typed: iso.split('-').reverse().join('-') };
} // set to keep screenshots (360 px and 1280 px) for review

/** A signed-in page of its own at a phone's width (or a laptop's). */
async function signedIn(browser: Browser, baseURL: string, email: string, width = 360): Promise<Page> {
  const phone = width < 600;
  const context = await browser.newContext({ baseURL, viewport: { width, height: phone ? 740 : 800 }, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return page;
}

/** As the admin on `page`: a teacher with a batch of three students, and another teacher with a batch of their own. */
async function setUp(page: Page, token: string) {
  const standards = (await (await page.request.get('/api/standards')).json()).data as { _id: string }[];
  const teacherEmail = `${token}.t@example.com`;
  const otherEmail = `${token}.o@example.com`;
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: PASSWORD });
  const other = await createTeacherByApi(page, { name: `Other ${token}`, email: otherEmail, password: PASSWORD });
  const batchId = await createBatchByApi(page, { name: `Tests ${token}`, teacher, schedule: { days: ['sun'], startTime: '21:00', endTime: '21:30' } });
  await createBatchByApi(page, { name: `Other ${token}`, teacher: other, schedule: { days: ['sun'], startTime: '22:00', endTime: '22:30' } });
  const names = ['Asha', 'Bharat', 'Chitra'].map((first) => `${first} ${token}`);
  const ids: string[] = [];
  for (const [index, name] of names.entries()) {
    const id = await createStudentByApi(page, { name, email: `${token}.s${index}@example.com`, password: PASSWORD, standard: standards[0]!._id });
    await enrolByApi(page, batchId, id);
    ids.push(id);
  }
  return { teacherEmail, otherEmail, batchId, names, ids, emails: names.map((_, index) => `${token}.s${index}@example.com`) };
}

test.describe('weekly tests and marks', () => {
  test('a teacher adds a test on a phone, enters marks with one absent, publishes; the student sees only their own marks and rank; the admin downloads the report card; another teacher gets 404', async ({ page, loginAs, browser, baseURL }) => {
    test.setTimeout(150_000);
    const token = uniqueToken('tst');
    await loginAs('admin');
    const { teacherEmail, otherEmail, batchId, names, ids, emails } = await setUp(page, token);
    const [asha, bharat, chitra] = names as [string, string, string];

    // Attendance was taken on the test's day (two days ago): Chitra was absent.
    const testDay = academyDay(-2);
    const marked = await page.request.post(`/api/attendance/batch/${batchId}`, {
      data: { date: testDay.iso, records: ids.map((studentId, index) => ({ studentId, status: index === 2 ? 'absent' : 'present' })) },
    });
    expect(marked.status()).toBe(200);

    // The teacher, on a 360 px phone, adds a test to the batch.
    const phone = await signedIn(browser, baseURL!, teacherEmail);
    await phone.goto(`/app/teacher/batches/${batchId}`);
    await phone.getByRole('link', { name: 'Tests' }).click();
    await expect(phone).toHaveURL(`/app/teacher/batches/${batchId}/tests`);
    const form = phone.getByRole('form', { name: 'New test' });
    await form.getByLabel('Test name').fill(`Weekly ${token}`);
    await form.getByLabel('Maximum marks').fill('20');
    await form.getByLabel('Topic').fill('Fractions');
    // The app's date field: typed as DD-MM-YYYY (the test was written two days ago).
    await form.getByRole('textbox', { name: 'Date' }).fill(testDay.typed);
    await form.getByRole('textbox', { name: 'Date' }).blur();
    await expect(form.getByRole('textbox', { name: 'Date' })).toHaveValue(testDay.typed);
    await form.getByRole('button', { name: 'Add test' }).click();
    // The new test's marks open at once (issue 42, point 9).
    await expect(phone).toHaveURL(/\/app\/teacher\/tests\/[0-9a-f-]+$/);
    await expect(phone.getByRole('heading', { name: `Weekly ${token}` })).toBeVisible();
    const added = (await (await phone.request.get(`/api/batches/${batchId}/tests`)).json()).data as { name: string; date: string }[];
    expect(added.find((entry) => entry.name === `Weekly ${token}`)?.date).toBe(testDay.iso);

    // Publish cannot be pressed yet, and the screen says why.
    await expect(phone.getByRole('button', { name: 'Publish results' })).toBeDisabled();
    await expect(phone.getByTestId('publish-state')).toHaveText('Publish needs saved marks: enter them and save.');

    // The day's absentee is offered as absent, labelled, and can be changed.
    const marksOf = (name: string) => phone.getByLabel(`Marks of ${name}`);
    const rowOf = (name: string) => phone.getByRole('listitem').filter({ hasText: name });
    await expect(rowOf(chitra).getByText(`Absent on ${testDay.typed}`)).toBeVisible();
    await expect(rowOf(chitra).getByLabel('Absent')).toBeChecked();
    await expect(marksOf(chitra)).toBeDisabled();
    await expect(rowOf(asha).getByTestId('absent-that-day')).toHaveCount(0);
    await expect(rowOf(asha).getByLabel('Absent')).not.toBeChecked();
    await rowOf(chitra).getByLabel('Absent').uncheck();
    await expect(marksOf(chitra)).toBeEnabled();
    await rowOf(chitra).getByLabel('Absent').check();
    await expect(marksOf(chitra)).toBeDisabled();

    // Typed but not saved: Publish waits, and says so.
    await expect(phone.getByRole('button', { name: 'Publish results' })).toBeDisabled();
    await expect(phone.getByTestId('publish-state')).toHaveText('Not saved yet (kept on this device): save, then publish.');

    // Marks on the numeric keypad; Enter moves to the next student. A mark above the maximum is flagged as typed.
    await expect(marksOf(asha)).toHaveAttribute('inputmode', 'decimal');
    await marksOf(asha).fill('15.5');
    await marksOf(asha).press('Enter');
    await expect(marksOf(bharat)).toBeFocused();
    await marksOf(bharat).fill('25');
    await expect(rowOf(bharat).getByRole('alert')).toHaveText('At most 20');
    await expect(marksOf(bharat)).toHaveAttribute('aria-invalid', 'true');
    await marksOf(asha).fill('-3');
    await expect(rowOf(asha).getByRole('alert')).toHaveText('Marks cannot be below 0');
    await marksOf(asha).fill('15.5');
    await expect(rowOf(asha).getByRole('alert')).toHaveCount(0);

    // The draft survives a reload, with a notice; the mistake is still flagged.
    await phone.reload();
    await expect(marksOf(asha)).toHaveValue('15.5');
    await expect(marksOf(bharat)).toHaveValue('25');
    await expect(rowOf(chitra).getByLabel('Absent')).toBeChecked();
    await expect(phone.getByText('Unsaved marks restored')).toBeVisible();
    await expect(phone.getByTestId('publish-state')).toHaveText('Not saved yet (kept on this device): save, then publish.');
    await expect(rowOf(bharat).getByRole('alert')).toHaveText('At most 20');

    // Save and Publish stay at the bottom of the screen while the page is read from the top.
    await phone.evaluate(() => window.scrollTo(0, 0));
    const save = phone.getByRole('button', { name: 'Save marks' });
    await expect(save).toBeInViewport();
    const saveBox = (await save.boundingBox())!;
    expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(740);
    expect(saveBox.y).toBeGreaterThan(740 - 160);
    // What the phone shows (not the full page): the bar over the list.
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/marks-entry-bar-360.png` });
    await shootWidths(phone, 'marks-entry-draft');
    await phone.setViewportSize({ width: 360, height: 740 });

    // Save with a mistake sends nothing and takes the teacher to the first one.
    await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await save.click();
    await expect(marksOf(bharat)).toBeFocused();
    await expect(marksOf(bharat)).toBeInViewport();
    expect(((await (await phone.request.get(`/api/batches/${batchId}/tests`)).json()).data as { name: string; entered: number }[]).find((entry) => entry.name === `Weekly ${token}`)?.entered).toBe(0);
    await marksOf(bharat).fill('12');
    expect(await hasHorizontalOverflow(phone)).toBe(false);
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/marks-entry-360.png`, fullPage: true });
    await phone.getByRole('button', { name: 'Save marks' }).click();
    await expect(phone.getByText('Marks saved').first()).toBeVisible();
    await expect(phone.getByTestId('publish-state')).toHaveCount(0);
    await phone.getByRole('button', { name: 'Publish results' }).click();
    await expect(phone.getByText(/^Published on /)).toBeVisible();
    const results = phone.getByRole('table', { name: 'Results' });
    await expect(results.getByRole('row', { name: new RegExp(`^1 ${asha}`) })).toBeVisible();
    await expect(results.getByRole('row', { name: new RegExp(`^2 ${bharat}`) })).toBeVisible();
    await expect(results.getByRole('row', { name: new RegExp(`${chitra} Absent`) })).toBeVisible();
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/results-360.png`, fullPage: true });
    const testId = /\/app\/teacher\/tests\/([0-9a-f-]+)/.exec(phone.url())![1]!;
    await phone.context().close();

    // The student sees their marks and rank, the average and highest, no one else's marks.
    const student = await signedIn(browser, baseURL!, emails[1]!);
    await student.goto('/app/student/tests');
    await expect(student.getByTestId('own-marks')).toHaveText('12 / 20');
    await expect(student.getByTestId('own-rank')).toHaveText('Rank 2 of 2');
    await expect(student.getByText('Batch average 13.75 · highest 15.5')).toBeVisible();
    await expect(student.getByText(asha)).toHaveCount(0);
    const own = await (await student.request.get('/api/student/tests')).text();
    for (const other of [asha, chitra, ids[0]!, ids[2]!]) expect(own).not.toContain(other);
    expect(await hasHorizontalOverflow(student)).toBe(false);
    if (SHOTS) await student.screenshot({ path: `${SHOTS}/student-tests-360.png`, fullPage: true });
    await student.setViewportSize({ width: 1280, height: 800 });
    if (SHOTS) await student.screenshot({ path: `${SHOTS}/student-tests-1280.png`, fullPage: true });
    await student.context().close();

    // Another batch's teacher: 404 from the API, "not found" on the screen.
    const other = await signedIn(browser, baseURL!, otherEmail, 1280);
    expect((await other.request.get(`/api/tests/${testId}/results`)).status()).toBe(404);
    expect((await other.request.get(`/api/batches/${batchId}/tests`)).status()).toBe(404);
    await other.goto(`/app/teacher/tests/${testId}`);
    await expect(other.getByText('Test not found')).toBeVisible();
    await other.context().close();

    // The admin downloads the student's report card from the student's page: a PDF.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/app/tests/${testId}`);
    await expect(page.getByRole('table', { name: 'Results' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/marks-entry-1280.png`, fullPage: true });
    await page.goto(`/app/students/${ids[1]}`);
    await expect(page.getByRole('heading', { name: 'Tests and marks' })).toBeVisible();
    // The report card's period in the app's date field (DD-MM-YYYY typed), around the test's day.
    const testsSection = page.getByRole('region', { name: 'Tests and marks' });
    await testsSection.getByRole('textbox', { name: 'From' }).fill(academyDay(-9).typed);
    await testsSection.getByRole('textbox', { name: 'To' }).fill(academyDay(0).typed);
    await testsSection.getByRole('heading', { name: 'Tests and marks' }).click();
    await expect(testsSection.getByRole('textbox', { name: 'From' })).toHaveValue(academyDay(-9).typed);
    await expect(testsSection.getByRole('link', { name: 'Report card (PDF)' })).toHaveAttribute('href', new RegExp(`from=${academyDay(-9).iso}&to=${academyDay(0).iso}$`));
    const downloading = page.waitForEvent('download');
    await testsSection.getByRole('link', { name: 'Report card (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^report-card-Bharat-.*\.pdf$/);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
