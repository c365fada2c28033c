import type { APIRequestContext, APIResponse, Browser, Page } from '@playwright/test';
import { academyDay, createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, test, uniqueToken } from '../fixtures';

/*
 * Issue 42, point 13: standards and subjects in the reader's language. The office gives a standard and
 * a subject of the test's own names in Marathi and Hindi; a student of a batch in them, reading
 * Marathi, sees the Marathi subject on the dashboard and the schedule and the Marathi standard on the
 * profile; the public courses page shows each language's names, and English stays English.
 * E2E_SHOTS_DIR=<folder> saves the student's dashboard and profile and the Marathi courses page at 360 px.
 */
const PASSWORD = 'local-names-2026';
const PHONE = { width: 360, height: 800 };

/**
 * A level no standard has: above the demo academy's 9–12 (other specs take the lowest or the first
 * standard) and below the 20–99 that standards.spec.ts picks from, so neither spec meets the other's.
 */
async function freeLevel(request: APIRequestContext): Promise<number> {
  for (let level = 13; level <= 19; level += 1) {
    const answer = (await (await request.get(`/api/standards/check-duplicate?level=${level}`)).json()) as { data: { levelMatches: boolean } };
    if (!answer.data.levelMatches) return level;
  }
  throw new Error('No free standard level between 13 and 19');
}

async function created(response: APIResponse): Promise<string> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** With E2E_SHOTS_DIR, the screen once its data is in (the whole page, or the part in view). */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!process.env.E2E_SHOTS_DIR) return;
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 20_000 });
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/local-names-${name}-360.png`, fullPage });
}

async function browserPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  return context.newPage();
}

test('a student reading Marathi sees the Marathi names of their standard and subject; the public courses page names them in each language', async ({ page, loginAs, browser, baseURL }) => {
  test.setTimeout(150_000);
  await loginAs('admin');
  const token = uniqueToken('names');
  // Latin letters for every English name and the batch's: an English page (/courses) must need no Devanagari font.
  const subject = { en: `Zoology ${token}`, mr: `प्राणिशास्त्र ${token}`, hi: `प्राणीविज्ञान ${token}` };
  const standard = { en: `Local Standard ${token}`, mr: `स्थानिक इयत्ता ${token}`, hi: `स्थानीय कक्षा ${token}` };
  const subjectId = await created(
    await page.request.post('/api/subjects', { data: { name: subject.en, code: `LN${token.slice(-12).toUpperCase()}`, description: '', names: { mr: subject.mr, hi: subject.hi } } }),
  );
  const standardId = await created(
    await page.request.post('/api/standards', { data: { name: standard.en, level: await freeLevel(page.request), subjects: [subjectId], names: { mr: standard.mr, hi: standard.hi } } }),
  );
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, subjects: [subjectId] });
  const batchName = `Names ${token}`;
  const batchId = await createBatchByApi(page, {
    name: batchName,
    teacher,
    standard: standardId,
    subject: subjectId,
    // Every day, so today's classes and the next class both name the subject.
    schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], startTime: '06:00', endTime: '06:45' },
    startDate: academyDay(-10),
    endDate: academyDay(200),
  });
  const email = `${token}.s@example.com`;
  const studentId = await createStudentByApi(page, { name: `Student ${token}`, email, password: PASSWORD, standard: standardId });
  await enrolByApi(page, batchId, studentId);

  // The student, on a phone, reading Marathi.
  const student = await browserPage(browser, baseURL);
  expect((await student.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  expect((await student.request.put('/api/auth/language', { data: { language: 'mr' } })).status()).toBe(200);
  const main = student.getByRole('main');

  await student.goto('/app/student/dashboard');
  await expect(student.locator('html')).toHaveAttribute('lang', 'mr');
  const today = student.getByRole('region', { name: 'आजचे तास' });
  await expect(today).toContainText(`${subject.mr} · ${batchName}`, { timeout: 20_000 });
  await expect(student.getByRole('region', { name: 'पुढचा तास' })).toContainText(subject.mr);
  await expect(main).not.toContainText(subject.en);
  await shoot(student, 'student-dashboard');

  await student.goto('/app/student/schedule');
  const week = student.getByRole('list', { name: 'साप्ताहिक वेळापत्रक' });
  await expect(week.getByText(subject.mr, { exact: true })).toHaveCount(7, { timeout: 20_000 });
  await expect(main).not.toContainText(subject.en);

  await student.goto('/app/student/profile');
  await expect(main).toContainText(standard.mr, { timeout: 20_000 });
  // The standard's subjects, and the batch's card (its standard and subject).
  await expect(main.getByText(subject.mr, { exact: true })).toBeVisible();
  await expect(main).toContainText(`${standard.mr} · ${subject.mr}`);
  await expect(main).not.toContainText(standard.en);
  await expect(main).not.toContainText(subject.en);
  await shoot(student, 'student-profile');
  await student.context().close();

  // A visitor: the English page keeps the English names, then Hindi and Marathi show their own.
  const visitor = await browserPage(browser, baseURL);
  const section = (name: string) => visitor.getByRole('region', { name, exact: true });
  await visitor.goto('/courses');
  await expect(section(standard.en).getByRole('heading', { level: 2, name: standard.en })).toBeVisible();
  await expect(section(standard.en).getByRole('list', { name: `Subjects in ${standard.en}` }).getByRole('listitem')).toHaveText([subject.en]);
  await expect(section(standard.en).getByRole('article', { name: batchName })).toContainText(subject.en);

  await visitor.goto('/hi/courses');
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(section(standard.hi).getByRole('heading', { level: 2, name: standard.hi })).toBeVisible();
  await expect(section(standard.hi).getByRole('article', { name: batchName })).toContainText(subject.hi);

  await visitor.goto('/mr/courses');
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'mr');
  const marathi = section(standard.mr);
  await expect(marathi.getByRole('heading', { level: 2, name: standard.mr })).toBeVisible();
  await expect(marathi.getByRole('list', { name: `${standard.mr} मधील विषय` }).getByRole('listitem')).toHaveText([subject.mr]);
  await expect(marathi.getByRole('article', { name: batchName })).toContainText(subject.mr);
  await expect(visitor.getByRole('group', { name: 'यांचे कोर्स दाखवा' }).getByRole('button', { name: standard.mr, exact: true })).toBeVisible();
  await expect(visitor.getByRole('main')).not.toContainText(standard.en);
  await marathi.scrollIntoViewIfNeeded();
  await shoot(visitor, 'mr-courses', false);
  await visitor.context().close();
});
