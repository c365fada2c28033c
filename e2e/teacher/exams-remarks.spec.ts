import type { Browser, Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken, waitForMailText } from '../fixtures';

const PASSWORD = 'report-remarks-2026';
/** Waits on the server (an import, a save, a toast): generous, the e2e machine is shared. */
const SLOW = { timeout: 20_000 };
const SHOTS = process.env.SHOTS_DIR; // set to keep screenshots (360 px and 1280 px) for review

/** A signed-in page of its own at a phone's width (or a laptop's). */
async function signedIn(browser: Browser, baseURL: string, email: string, width = 360): Promise<Page> {
  const phone = width < 600;
  const context = await browser.newContext({ baseURL, viewport: { width, height: phone ? 740 : 800 }, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return page;
}

/** The text of a PDF's first page (pdfjs-dist reads the ToUnicode maps pdfkit writes). */
async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('');
}

/** As the admin on `page`: a teacher with a batch of two students, and another teacher. */
async function setUp(page: Page, token: string) {
  const standards = (await (await page.request.get('/api/standards')).json()).data as { _id: string }[];
  const teacherEmail = `${token}.t@example.com`;
  const otherEmail = `${token}.o@example.com`;
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: PASSWORD });
  await createTeacherByApi(page, { name: `Other ${token}`, email: otherEmail, password: PASSWORD });
  const batchId = await createBatchByApi(page, { name: `Remarks ${token}`, teacher, schedule: { days: ['sun'], startTime: '21:00', endTime: '21:30' } });
  const names = ['Janhavi', 'Kunal'].map((first) => `${first} ${token}`);
  const emails = names.map((_, index) => `${token}.s${index}@example.com`);
  const ids: string[] = [];
  for (const [index, name] of names.entries()) {
    const id = await createStudentByApi(page, { name, email: emails[index], password: PASSWORD, standard: standards[0]!._id });
    await enrolByApi(page, batchId, id);
    ids.push(id);
  }
  return { teacherEmail, otherEmail, batchId, names, ids, emails, teacherName: `Teacher ${token}` };
}

test.describe('marks import, report card remarks and mailing', () => {
  test('a CSV with a bad row saves nothing, a good one saves all; the teacher writes a remark on a phone; the admin card prints it and mails every card; wrong roles are refused', async ({ page, loginAs, browser, baseURL }) => {
    test.setTimeout(240_000);
    const token = uniqueToken('rmk');
    await loginAs('admin');
    const { teacherEmail, otherEmail, batchId, names, ids, emails, teacherName } = await setUp(page, token);
    const [janhavi, kunal] = names as [string, string];

    const phone = await signedIn(browser, baseURL!, teacherEmail);
    const created = await phone.request.post(`/api/batches/${batchId}/tests`, { data: { name: `Unit ${token}`, date: new Date().toISOString().slice(0, 10), maxMarks: 20 } });
    expect(created.status()).toBe(201);
    const testId = (await created.json()).data._id as string;
    await phone.goto(`/app/teacher/tests/${testId}`);
    // The first screen of a fresh context loads its code first: give it longer on a busy machine.
    await expect(phone.getByRole('heading', { name: `Unit ${token}` })).toBeVisible({ timeout: 30_000 });

    // A CSV with one unknown email: the line is named and nothing is saved.
    // The Marks section's own file field (the OMR section beside it takes photos).
    const fileInput = phone.getByRole('region', { name: 'Marks' }).locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'marks.csv', mimeType: 'text/csv', buffer: Buffer.from(`email,marks\n${emails[0]},15\nnobody.${token}@example.com,12\n`) });
    await expect(phone.getByText(`Line 3: no student of this batch has the email or student ID nobody.${token}@example.com`)).toBeVisible(SLOW);
    const untouched = (await (await phone.request.get(`/api/tests/${testId}/results`)).json()).data as { rows: { marks: number | null; absent: boolean }[] };
    expect(untouched.rows.every((row) => row.marks === null && !row.absent)).toBe(true);

    // The corrected file: every line saved, the fields show them.
    await fileInput.setInputFiles({ name: 'marks.csv', mimeType: 'text/csv', buffer: Buffer.from(`email,marks\n${emails[0]},15.5\n${emails[1]},A\n`) });
    // (The toast may close before a starved browser is checked: the saved values are the proof.)
    await expect(phone.getByLabel(`Marks of ${janhavi}`)).toHaveValue('15.5', SLOW);
    await expect(phone.getByRole('listitem').filter({ hasText: kunal }).getByLabel('Absent')).toBeChecked(SLOW);
    expect((await phone.request.post(`/api/tests/${testId}/publish`)).status()).toBe(200);

    // The remark, on the batch's tests screen at 360 px.
    await phone.goto(`/app/teacher/batches/${batchId}/tests`);
    await phone.getByRole('tab', { name: 'Report card remarks' }).click();
    const remarkForm = phone.getByRole('form', { name: `Remark for ${janhavi}` });
    await remarkForm.getByLabel(janhavi).fill('Careful work; practise word problems.');
    await remarkForm.getByRole('button', { name: 'Save remark' }).click();
    await expect(remarkForm.getByText(new RegExp(`^By ${teacherName}, `))).toBeVisible(SLOW);
    expect(await hasHorizontalOverflow(phone)).toBe(false);
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/remarks-360.png`, fullPage: true });
    // Bad input from the API: too long is refused with the server's message.
    const tooLong = await phone.request.put(`/api/batches/${batchId}/students/${ids[1]}/remark`, { data: { remark: 'x'.repeat(501) } });
    expect(tooLong.status()).toBe(400);
    expect((await tooLong.json()).errors.remark).toBe('Remark must be at most 500 characters');
    // After a reload the remark is still there (stored on the server).
    await phone.reload();
    await phone.getByRole('tab', { name: 'Report card remarks' }).click();
    await expect(phone.getByRole('form', { name: `Remark for ${janhavi}` }).getByLabel(janhavi)).toHaveValue('Careful work; practise word problems.', SLOW);
    await phone.context().close();

    // Wrong roles: another teacher 404, the student 403.
    const other = await signedIn(browser, baseURL!, otherEmail, 1280);
    expect((await other.request.put(`/api/batches/${batchId}/students/${ids[0]}/remark`, { data: { remark: 'Not my batch' } })).status()).toBe(404);
    await other.context().close();
    const student = await signedIn(browser, baseURL!, emails[0]!, 360);
    expect((await student.request.put(`/api/batches/${batchId}/students/${ids[0]}/remark`, { data: { remark: 'Excellent!' } })).status()).toBe(403);
    await student.context().close();

    // The admin's report card prints the remark with the teacher's name.
    const card = await page.request.get(`/api/students/${ids[0]}/report-card.pdf`);
    expect(card.status()).toBe(200);
    const text = await pdfText(await card.body());
    expect(text).toContain('Careful work; practise word problems.');
    expect(text).toContain(teacherName);

    // "Mail all report cards": every student of the batch gets theirs (no parents linked: their own email).
    const since = Date.now();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/app/batches/${batchId}/tests`);
    await page.getByRole('button', { name: 'Mail all report cards' }).click();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-batch-tests-1280.png`, fullPage: true });
    for (const [index, email] of emails.entries()) {
      expect(await waitForMailText(email, new RegExp(`report card of ${names[index]}`, 'i'), since, 30_000)).toContain(names[index]!);
    }
  });
});
