import type { Browser } from '@playwright/test';
import { buildSimplePdf } from '../../apps/api/src/lib/simple-pdf';
import { createBatchByApi, createStudentByApi, createTeacherByApi, DEMO_PASSWORD, DEMO_USERS, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';

// Aarav Patil (the demo student) is in 9th Maths Evening, Priya Kulkarni's batch; Gauri Gaikwad is in 10th batches only
// (not Sakshi Shinde: the password-reset spec changes her password while this one runs).
const BATCH = '9th Maths Evening';
const OTHER_STUDENT = 'gauri.gaikwad@demo.academy';

async function signedInContext(browser: Browser, baseURL: string, email: string, viewport = { width: 360, height: 740 }, password = DEMO_PASSWORD) {
  const context = await browser.newContext({ baseURL, viewport });
  const response = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return context;
}

test('a teacher uploads a PDF to a batch; an enrolled student reads it on a phone; another student cannot see it', async ({ page, loginAs, browser, baseURL }) => {
  // Three people in three browsers, and pdf.js loading on first use: more than the default 30 s on a busy machine.
  test.setTimeout(150_000);
  const title = `Trigonometry ${uniqueToken()}`;
  const pdf = buildSimplePdf([{ heading: title, lines: ['sin^2 x + cos^2 x = 1'] }, { heading: 'Page two', lines: ['tan x = sin x / cos x'] }]);

  await loginAs('teacher', '/app/teacher/notes');
  const upload = page.getByRole('region', { name: 'Upload a note' });
  // The drop zone's file input (what a tap opens on a phone).
  await upload.getByLabel('PDF file').setInputFiles({ name: 'trigonometry-basics.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(upload.getByText('trigonometry-basics.pdf')).toBeVisible();
  await expect(upload.getByRole('textbox', { name: 'Title' })).toHaveValue('trigonometry basics');
  await upload.getByRole('textbox', { name: 'Title' }).fill(title);
  await upload.getByRole('combobox', { name: 'Batch' }).click();
  await page.getByRole('option', { name: BATCH }).click();
  await upload.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: 'Mathematics' }).click();
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Note uploaded successfully')).toBeVisible();

  const card = page.getByRole('listitem', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText(`Batch: ${BATCH}`)).toBeVisible();
  const noteUrl = await card.getByRole('link', { name: `Download ${title}` }).getAttribute('href');
  expect(noteUrl).toMatch(/^\/api\/notes\/file\/[0-9a-f-]{36}\?download=1$/);

  // The enrolled student, on a 360 px phone: the note is under its batch and opens in the page.
  const studentContext = await signedInContext(browser, baseURL!, DEMO_USERS.student.email);
  try {
    const phone = await studentContext.newPage();
    await phone.goto('/app/student/notes');
    const group = phone.getByRole('list', { name: `Notes: ${BATCH}` });
    // A new browser's first page: on a busy CI machine it showed "Loading..." past 15 s.
    await expect(group.getByRole('listitem', { name: title })).toBeVisible({ timeout: 30_000 });
    await group.getByRole('button', { name: `Open ${title}` }).click();
    const viewer = phone.getByRole('dialog', { name: title });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('2 pages')).toBeVisible();
    const firstPage = viewer.getByRole('img', { name: 'Page 1 of 2' });
    await expect(firstPage).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
    // Something was drawn: the canvas is not blank white.
    const inked = await firstPage.evaluate((canvas) => {
      const element = canvas as HTMLCanvasElement;
      const pixels = element.getContext('2d')!.getImageData(0, 0, element.width, element.height).data;
      for (let index = 0; index < pixels.length; index += 4) if (pixels[index]! < 128) return true;
      return false;
    });
    expect(inked).toBe(true);
    const box = await firstPage.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute('href', noteUrl!);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1)).toBe(true);
  } finally {
    await studentContext.close();
  }

  // Another batch's student: not in the list, and the file itself is refused.
  const otherContext = await signedInContext(browser, baseURL!, OTHER_STUDENT);
  try {
    const other = await otherContext.newPage();
    await other.goto('/app/student/notes');
    // Her own batch's notes load; this one is not among them.
    await expect(other.getByRole('list', { name: 'Notes: 10th Maths Morning' })).toBeVisible({ timeout: 30_000 });
    await expect(other.getByText(title)).toHaveCount(0);
    expect((await otherContext.request.get(noteUrl!)).status()).toBe(404);
  } finally {
    await otherContext.close();
  }
  // And a visitor who is not signed in.
  const anonymous = await browser.newContext({ baseURL });
  try {
    expect((await anonymous.request.get(noteUrl!)).status()).toBe(401);
  } finally {
    await anonymous.close();
  }
});

test('a public note appears on /resources for a visitor, who can read it without signing in', async ({ page, loginAs, browser, baseURL }) => {
  // pdf.js loads on first use in a new browser: over 60 s once on a busy CI machine.
  test.setTimeout(120_000);
  const title = `Free practice ${uniqueToken()}`;
  await loginAs('teacher');
  const created = await page.request.post('/api/notes/upload', {
    multipart: {
      title,
      description: 'Practice questions for everyone',
      isPublic: 'true',
      file: { name: 'practice.pdf', mimeType: 'application/pdf', buffer: buildSimplePdf([{ heading: title, lines: ['1. Factorise x^2 - 9.'] }]) },
    },
  });
  expect(created.status()).toBe(201);

  const visitor = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  try {
    const site = await visitor.newPage();
    await site.goto('/resources');
    await site.getByRole('searchbox', { name: 'Search' }).fill(title);
    const card = site.getByRole('listitem', { name: title });
    await expect(card).toBeVisible();
    await expect(site.getByRole('list', { name: 'Free notes' }).getByRole('listitem')).toHaveCount(1);
    await card.getByRole('button', { name: `Open ${title}` }).click();
    const viewer = site.getByRole('dialog', { name: title });
    await expect(viewer.getByRole('img', { name: 'Page 1 of 1' })).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
  } finally {
    await visitor.close();
  }
});

test('a year of notes comes 20 at a time: the student and the teacher load more on a phone', async ({ page, loginAs, browser, baseURL }) => {
  test.setTimeout(120_000);
  const token = uniqueToken('paged');
  await loginAs('admin');
  const teacherEmail = `${token}.t@example.com`;
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: 'teacher-pass-2026' });
  const batchName = `Batch ${token}`;
  const batch = await createBatchByApi(page, { name: batchName, teacher });
  const studentEmail = `${token}.s@example.com`;
  const student = await createStudentByApi(page, { name: `Student ${token}`, email: studentEmail, password: 'student-pass-2026' });
  await enrolByApi(page, batch, student);

  const teacherContext = await signedInContext(browser, baseURL!, teacherEmail, undefined, 'teacher-pass-2026');
  const studentContext = await signedInContext(browser, baseURL!, studentEmail, undefined, 'student-pass-2026');
  try {
    const pdf = buildSimplePdf([{ heading: 'Worksheet', lines: ['1 + 1 = 2'] }]);
    for (let index = 1; index <= 21; index += 1) {
      const title = `Worksheet ${String(index).padStart(2, '0')} ${token}`;
      const created = await teacherContext.request.post('/api/notes/upload', { multipart: { title, batch, file: { name: 'worksheet.pdf', mimeType: 'application/pdf', buffer: pdf } } });
      expect(created.status()).toBe(201);
    }

    // The student: the newest 20, grouped under the batch; Load More brings the first one.
    const studentPage = await studentContext.newPage();
    await studentPage.goto('/app/student/notes');
    const cards = studentPage.getByRole('list', { name: `Notes: ${batchName}` }).getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await expect(studentPage.getByText('Showing 20 of 21')).toBeVisible();
    await expect(studentPage.getByRole('listitem', { name: `Worksheet 01 ${token}` })).toHaveCount(0);
    expect(await hasHorizontalOverflow(studentPage)).toBe(false);
    if (process.env.PAGING_SHOTS) await studentPage.getByRole('button', { name: 'Load More' }).screenshot({ path: `${process.env.PAGING_SHOTS}/student-notes-load-more-button-360.png` });
    if (process.env.PAGING_SHOTS) await studentPage.screenshot({ path: `${process.env.PAGING_SHOTS}/student-notes-first-page-360.png` });
    await studentPage.getByRole('button', { name: 'Load More' }).scrollIntoViewIfNeeded();
    if (process.env.PAGING_SHOTS) await studentPage.screenshot({ path: `${process.env.PAGING_SHOTS}/student-notes-end-of-page-360.png` });
    await studentPage.getByRole('button', { name: 'Load More' }).click();
    await expect(cards).toHaveCount(21);
    await expect(studentPage.getByRole('listitem', { name: `Worksheet 01 ${token}` })).toBeVisible();
    await expect(studentPage.getByRole('button', { name: 'Load More' })).toHaveCount(0);

    // The teacher: the count is of all their notes, not of the page shown.
    const teacherPage = await teacherContext.newPage();
    await teacherPage.setViewportSize({ width: 1280, height: 800 });
    await teacherPage.goto('/app/teacher/notes');
    await expect(teacherPage.getByText('21 notes', { exact: true })).toBeVisible();
    const teacherCards = teacherPage.getByRole('list', { name: 'Notes' }).getByRole('listitem');
    await expect(teacherCards).toHaveCount(20);
    await teacherPage.getByRole('button', { name: 'Load More' }).scrollIntoViewIfNeeded();
    if (process.env.PAGING_SHOTS) await teacherPage.screenshot({ path: `${process.env.PAGING_SHOTS}/teacher-notes-end-of-page-1280.png` });
    await teacherPage.getByRole('button', { name: 'Load More' }).click();
    await expect(teacherCards).toHaveCount(21);
    if (process.env.PAGING_SHOTS) await studentPage.screenshot({ path: `${process.env.PAGING_SHOTS}/student-notes-load-more-360.png`, fullPage: true });
  } finally {
    await teacherContext.close();
    await studentContext.close();
  }
});
