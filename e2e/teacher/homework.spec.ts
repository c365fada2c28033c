import type { Browser, Locator, Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, expect, hasHorizontalOverflow, shootWidths, test, uniqueToken } from '../fixtures';

// What the service worker does is part of this journey (the project blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'homework-pass-2026';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A signed-in page of its own (its own session) at a phone's width. */
async function signedInPhone(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return page;
}

/** A finger's swipe across the element, sideways by `dx` pixels (pointer events, as a touch screen sends them). */
async function swipe(target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const at = (x: number) => ({ pointerType: 'touch', pointerId: 11, isPrimary: true, bubbles: true, clientX: box.x + x, clientY: box.y + 30 });
  await target.dispatchEvent('pointerdown', at(40));
  await target.dispatchEvent('pointermove', at(40 + dx / 2));
  await target.dispatchEvent('pointerup', at(40 + dx));
}

/** A phone photo of a page: a large PNG drawn in the browser (lines of "writing" on paper), a few MB. */
async function photographedPage(page: Page, label: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 2448;
    canvas.height = 3264;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#f7f3e8';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#1a237e';
    context.font = '64px serif';
    for (let line = 0; line < 40; line += 1) context.fillText(`${text} ${line + 1}: x² − 5x + 6 = (x − 2)(x − 3)`, 120, 160 + line * 76);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, label);
  return Buffer.from(base64, 'base64');
}

test.describe('homework', () => {
  test('a teacher sets homework with a formula and a PDF; a student hands in three shrunk photos through a lost connection; redo and done; the parent reads both in Marathi', async ({ page, loginAs, browser, baseURL }) => {
    // Five accounts and four browsers on a busy machine, and the photo viewer's journey.
    test.setTimeout(240_000);
    const token = uniqueToken('hw');
    await loginAs('admin');
    const standards = (await (await page.request.get('/api/standards')).json()).data as { _id: string }[];
    const teacherEmail = `${token}.t@example.com`;
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: PASSWORD });
    const batchName = `Homework ${token}`;
    const batchId = await createBatchByApi(page, { name: batchName, teacher });
    const names = ['Asha', 'Bharat'].map((first) => `${first} ${token}`);
    const studentIds: string[] = [];
    for (const [index, name] of names.entries()) {
      const id = await createStudentByApi(page, { name, email: `${token}.s${index}@example.com`, password: PASSWORD, standard: standards[0]!._id });
      expect((await page.request.put(`/api/batches/${batchId}/students/${id}/add?confirm=true`)).status()).toBe(200);
      studentIds.push(id);
    }
    // One parent of both, reading Marathi; a student of another batch.
    const parentEmail = `${token}.p@example.com`;
    for (const id of studentIds) {
      const linked = await page.request.post(`/api/students/${id}/parents`, { data: { name: `आई ${token}`, email: parentEmail, relation: 'mother', language: 'mr', password: PASSWORD } });
      expect(linked.ok()).toBe(true);
    }
    await createStudentByApi(page, { name: `Outsider ${token}`, email: `${token}.x@example.com`, password: PASSWORD, standard: standards[0]!._id });

    // The teacher sets homework on a phone: a bad form first, then a title, maths and a PDF.
    const teacherPhone = await signedInPhone(browser, baseURL!, teacherEmail);
    await teacherPhone.goto('/app/teacher/homework');
    await expect(teacherPhone.getByRole('heading', { level: 1, name: 'Homework' })).toBeVisible();
    await teacherPhone.getByRole('button', { name: 'Set homework' }).click();
    await teacherPhone.getByLabel('Instructions').fill('Solve $x^2 - 5x + 6 = 0$ by factorising. Then exercise 4.2, questions 1 to 5.');
    await teacherPhone.getByRole('button', { name: 'Set homework' }).click();
    await expect(teacherPhone.getByText('Title is required')).toBeVisible();
    await teacherPhone.getByLabel('Title').fill('Quadratic equations');
    await teacherPhone.locator('input[type="file"]').setInputFiles({ name: 'exercise-4-2.pdf', mimeType: 'application/pdf', buffer: PDF });
    // The maths shows as maths in the preview (KaTeX).
    await expect(teacherPhone.locator('.katex').first()).toBeVisible();
    await shootWidths(teacherPhone, 'homework-teacher-set');
    await teacherPhone.getByRole('button', { name: 'Set homework' }).click();
    await expect(teacherPhone.getByTestId('batch-homework').filter({ hasText: 'Quadratic equations' })).toBeVisible();
    await expect(teacherPhone.getByText('0 of 2 handed in')).toBeVisible();
    const homeworkId = ((await (await teacherPhone.request.get(`/api/batches/${batchId}/homework`)).json()).data.homework as { _id: string }[])[0]!._id;

    // The first student photographs three pages and hands them in; the connection drops on the way.
    const studentPhone = await signedInPhone(browser, baseURL!, `${token}.s0@example.com`);
    await studentPhone.goto('/app/student/dashboard');
    await expect(studentPhone.getByTestId('homework-due-next')).toContainText('Quadratic equations');
    // The dashboard's card opens the homework itself, at its own address.
    await studentPhone.getByRole('link', { name: 'Open homework' }).tap();
    await expect(studentPhone).toHaveURL(new RegExp(`/app/student/homework/${homeworkId}$`));
    await expect(studentPhone.locator('.katex').first()).toBeVisible();
    await expect(studentPhone.getByRole('link', { name: /exercise-4-2\.pdf/ })).toBeVisible();
    const photos = [];
    for (const label of ['Page one', 'Page two', 'Page three']) photos.push({ name: `${label}.png`, mimeType: 'image/png', buffer: await photographedPage(studentPhone, label) });
    expect(photos.every((photo) => photo.buffer.length > 400 * 1024)).toBe(true);
    const [chooser] = await Promise.all([studentPhone.waitForEvent('filechooser'), studentPhone.getByTestId('choose-pages').click()]);
    await chooser.setFiles(photos);
    await expect(studentPhone.getByTestId('hand-in-page')).toHaveCount(3, { timeout: 30_000 });
    const shrunk = await studentPhone.getByTestId('hand-in-page').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-bytes'))));
    expect(shrunk.every((bytes) => bytes > 0 && bytes < 400 * 1024), `page sizes ${shrunk.join(', ')}`).toBe(true);
    await shootWidths(studentPhone, 'homework-student-pages');
    // The connection drops during the upload: the pages wait on the phone (IndexedDB), even across a reload.
    const submissions = '**/api/homework/*/submissions';
    await studentPhone.route(submissions, (route) => route.abort('internetdisconnected'));
    await studentPhone.getByRole('button', { name: 'Hand in 3 pages' }).click();
    await expect(studentPhone.getByTestId('hand-in-waiting')).toContainText('3 pages kept on this phone');
    await studentPhone.reload();
    await expect(studentPhone.getByTestId('hand-in-waiting')).toContainText('3 pages kept on this phone');
    await studentPhone.getByRole('link', { name: 'All homework' }).tap();
    await expect(studentPhone.getByTestId('hand-in-outbox')).toContainText('Quadratic equations: 3 pages, sent when the phone is online.');
    await shootWidths(studentPhone, 'homework-student-waiting');
    // Back online (the browser's `online` event): they go by themselves.
    await studentPhone.unroute(submissions);
    await studentPhone.context().setOffline(true);
    await studentPhone.context().setOffline(false);
    await expect(studentPhone.getByText('Homework handed in').first()).toBeVisible({ timeout: 30_000 });
    await expect(studentPhone.getByTestId('hand-in-outbox')).toHaveCount(0);
    await expect(studentPhone.getByTestId('homework-item').filter({ hasText: 'Quadratic equations' }).locator('[data-status="submitted"]')).toBeVisible();

    // The second student hands in one page (through the API, as the app does).
    const second = await signedInPhone(browser, baseURL!, `${token}.s1@example.com`);
    const handed = await second.request.post(`/api/homework/${homeworkId}/submissions`, { multipart: { pages: { name: 'page.png', mimeType: 'image/png', buffer: photos[0]!.buffer } } });
    expect(handed.status()).toBe(201);

    // Wrong role and wrong batch: a student of no batch of hers gets 404; a student cannot check.
    const outsider = await signedInPhone(browser, baseURL!, `${token}.x@example.com`);
    expect((await outsider.request.get(`/api/homework/${homeworkId}`)).status()).toBe(404);
    expect((await studentPhone.request.get(`/api/homework/${homeworkId}/submissions`)).status()).toBe(403);

    // The teacher checks on the phone, one student after another: Asha redo with a comment, Bharat done.
    await teacherPhone.reload();
    await expect(teacherPhone.getByText('2 of 2 handed in')).toBeVisible();
    await teacherPhone.getByRole('button', { name: 'Check submissions' }).tap();
    await expect(teacherPhone).toHaveURL(new RegExp(`/app/teacher/homework/${homeworkId}$`));
    const card = teacherPhone.getByTestId('review-card');
    await expect(card.getByRole('heading', { name: names[0]! })).toBeVisible();
    await expect(card.getByTestId('homework-photo')).toHaveCount(3);
    // The server kept each page under 400 KB.
    const stored = (await (await teacherPhone.request.get(`/api/homework/${homeworkId}/submissions`)).json()).data.submissions as { submission: { pages: { size: number }[] } | null }[];
    expect(stored[0]!.submission!.pages.map((p) => p.size < 400 * 1024)).toEqual([true, true, true]);
    await shootWidths(teacherPhone, 'homework-teacher-check');
    await card.getByLabel('Comment').fill('Show the factorisation step for each question.');
    await card.getByRole('button', { name: 'Redo' }).click();
    await expect(card.getByRole('heading', { name: names[1]! })).toBeVisible();
    // One swipe to the right marks Bharat's done (the buttons stay for everyone else).
    await swipe(card, 200);
    await expect(card.locator('[data-status="done"]')).toBeVisible();
    expect(await hasHorizontalOverflow(teacherPhone)).toBe(false);
    // The batch's record: each student handed in on time.
    await teacherPhone.getByRole('link', { name: 'All homework' }).click();
    await expect(teacherPhone.getByTestId('homework-record')).toContainText(`${names[0]}1 on time · 1 handed in · 0 due`);
    expect(await hasHorizontalOverflow(teacherPhone)).toBe(false);
    await shootWidths(teacherPhone, 'homework-teacher-list');

    // The parent, in Marathi, sees Asha's redo with the comment and Bharat's done.
    const parentPhone = await signedInPhone(browser, baseURL!, parentEmail);
    await parentPhone.goto('/app/parent/homework');
    await expect(parentPhone.getByRole('heading', { level: 1, name: 'गृहपाठ' })).toBeVisible();
    await parentPhone.getByText('Asha', { exact: true }).click();
    const ashaItem = parentPhone.getByTestId('homework-item').filter({ hasText: 'Quadratic equations' });
    await expect(ashaItem.locator('[data-status="redo"]')).toHaveText('पुन्हा करा');
    await expect(ashaItem.getByTestId('homework-comment')).toHaveText('शिक्षक: Show the factorisation step for each question.');
    await shootWidths(parentPhone, 'homework-parent-mr');
    await parentPhone.getByText('Bharat', { exact: true }).click();
    await expect(parentPhone.getByTestId('homework-item').filter({ hasText: 'Quadratic equations' }).locator('[data-status="done"]')).toHaveText('झाले');
    expect(await hasHorizontalOverflow(parentPhone)).toBe(false);

    // Asha sees the redo and the comment, and can hand in again.
    await studentPhone.goto('/app/student/homework');
    const ashaWork = studentPhone.getByTestId('homework-item').filter({ hasText: 'Quadratic equations' });
    await expect(ashaWork.locator('[data-status="redo"]')).toBeVisible();
    await expect(studentPhone.getByTestId('homework-comment')).toContainText('Show the factorisation step');
    // Issue 73: the homework opens at its own address, its pages open full screen, and the phone's back returns to the list.
    await ashaWork.getByRole('button').tap();
    await expect(studentPhone).toHaveURL(new RegExp(`/app/student/homework/${homeworkId}$`));
    await studentPhone.reload();
    await expect(studentPhone.getByRole('heading', { level: 1, name: 'Quadratic equations' })).toBeVisible();
    await expect(studentPhone.getByTestId('homework-photo')).toHaveCount(3);
    await shootWidths(studentPhone, 'homework-student-detail');
    await studentPhone.getByRole('button', { name: 'Open Your page 2 full screen' }).tap();
    const viewer = studentPhone.getByRole('dialog', { name: 'Your page 2' });
    await expect(viewer.getByRole('img', { name: 'Your page 2' })).toBeVisible();
    await expect(viewer.getByText('2 of 3')).toBeVisible();
    await shootWidths(studentPhone, 'homework-photo-viewer');
    await viewer.getByRole('button', { name: 'Next photo' }).tap();
    await expect(studentPhone.getByRole('dialog', { name: 'Your page 3' })).toBeVisible();
    await expect(studentPhone.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await studentPhone.keyboard.press('ArrowLeft');
    await expect(studentPhone.getByRole('dialog', { name: 'Your page 2' })).toBeVisible();
    expect(await hasHorizontalOverflow(studentPhone)).toBe(false);
    await studentPhone.getByRole('button', { name: 'Close the photo' }).tap();
    await expect(studentPhone.getByRole('dialog')).toHaveCount(0);
    await studentPhone.getByRole('button', { name: 'Open Your page 1 full screen' }).tap();
    await studentPhone.keyboard.press('Escape');
    await expect(studentPhone.getByRole('dialog')).toHaveCount(0);
    await studentPhone.goBack();
    await expect(studentPhone).toHaveURL(/\/app\/student\/homework$/);
    await expect(ashaWork).toBeVisible();
    // Someone else's homework at its address: the reason in words, and the way back.
    await studentPhone.goto('/app/student/homework/00000000-0000-4000-8000-000000000000');
    await expect(studentPhone.getByText('Homework not found')).toBeVisible();
    await expect(studentPhone.getByRole('link', { name: 'All homework' })).toBeVisible();
  });

  test('a teacher corrects and deletes homework and ticks who did homework in class; the admin chooses the weekly summary', async ({ signIn, page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const token = uniqueToken('hwc');
    await signIn('admin');
    const standards = (await (await page.request.get('/api/standards')).json()).data as { _id: string }[];
    const teacherEmail = `${token}.t@example.com`;
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: PASSWORD });
    const batchId = await createBatchByApi(page, { name: `Class work ${token}`, teacher });
    const names = ['Chitra', 'Dev'].map((first) => `${first} ${token}`);
    for (const [index, name] of names.entries()) {
      const id = await createStudentByApi(page, { name, email: `${token}.s${index}@example.com`, password: PASSWORD, standard: standards[0]!._id });
      expect((await page.request.put(`/api/batches/${batchId}/students/${id}/add?confirm=true`)).status()).toBe(200);
    }

    const teacherPhone = await signedInPhone(browser, baseURL!, teacherEmail);
    await teacherPhone.goto('/app/teacher/homework');
    // Homework done in class, set by mistake with a typo: corrected, then ticked per student.
    await teacherPhone.getByRole('button', { name: 'Set homework' }).click();
    await teacherPhone.getByLabel('Title').fill('Board excercise');
    await teacherPhone.getByLabel('Handed in as photos or a PDF').click();
    await teacherPhone.getByRole('button', { name: 'Set homework' }).click();
    const item = teacherPhone.getByTestId('batch-homework').filter({ hasText: 'Board excercise' });
    await expect(item).toContainText('0 of 2 ticked');
    await item.getByRole('button', { name: 'Edit Board excercise' }).click();
    const form = teacherPhone.getByTestId('edit-homework');
    await form.getByLabel('Title').fill('');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await form.getByLabel('Title').fill('Board exercise');
    await form.getByRole('button', { name: 'Save changes' }).click();
    const corrected = teacherPhone.getByTestId('batch-homework').filter({ hasText: 'Board exercise' });
    await expect(corrected).toBeVisible();
    await corrected.getByRole('button', { name: 'Tick who did it' }).click();
    await teacherPhone.getByRole('checkbox', { name: names[0]! }).check();
    await shootWidths(teacherPhone, 'homework-teacher-ticks');
    await teacherPhone.getByRole('button', { name: 'Save ticks' }).click();
    await expect(teacherPhone.getByText('Ticks saved').first()).toBeVisible();
    await teacherPhone.getByRole('link', { name: 'All homework' }).click();
    await expect(corrected).toContainText('1 of 2 ticked');
    expect(await hasHorizontalOverflow(teacherPhone)).toBe(false);

    // Ticked work stays: the delete is refused in words; homework nobody did yet is deleted.
    await corrected.getByRole('button', { name: 'Delete Board exercise' }).click();
    await teacherPhone.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(teacherPhone.getByText('Students have handed in work for this homework: it cannot be deleted. Change its title or due time instead.')).toBeVisible();
    await teacherPhone.getByRole('button', { name: 'Set homework' }).click();
    await teacherPhone.getByLabel('Title').fill('Wrong batch');
    await teacherPhone.getByRole('button', { name: 'Set homework' }).click();
    const wrong = teacherPhone.getByTestId('batch-homework').filter({ hasText: 'Wrong batch' });
    await wrong.getByRole('button', { name: 'Delete Wrong batch' }).click();
    await teacherPhone.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(wrong).toHaveCount(0);

    // A student may not tick; the admin's Settings → Homework (left as it was: off).
    const student = await signedInPhone(browser, baseURL!, `${token}.s1@example.com`);
    const homeworkId = ((await (await teacherPhone.request.get(`/api/batches/${batchId}/homework`)).json()).data.homework as { _id: string }[])[0]!._id;
    expect((await student.request.put(`/api/homework/${homeworkId}/done-in-class`, { data: { studentIds: [] } })).status()).toBe(403);
    await page.goto('/app/settings?section=homework');
    const section = page.getByRole('region', { name: 'Homework' });
    // The admin's first page of the app in this browser, beside three service workers installing: on a loaded
    // 2-core machine its code and two reads took more than 15 s (CI).
    await expect(section.getByRole('switch', { name: 'Weekly homework summary to parents' })).not.toBeChecked({ timeout: 45_000 });
    await expect(section.getByRole('switch', { name: 'Remove handed-in pages after a term' })).not.toBeChecked();
  });
});
