import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, shootWidths, test, uniqueToken, academyDay } from '../fixtures';
import { fillAndPhotograph, renderPages } from '../../apps/api/test/omr-photos';

const PASSWORD = 'omr-sheets-2026';
const NEET = { pattern: 'neet', questions: 180, options: 4 } as const;
const KEY = Array.from({ length: 180 }, (_, i) => 'ABCD'[(i * 7) % 4]!);

async function signedIn(browser: Browser, baseURL: string, email: string, width = 360): Promise<Page> {
  const phone = width < 600;
  const context = await browser.newContext({ baseURL, viewport: { width, height: phone ? 740 : 800 }, hasTouch: phone, isMobile: phone, acceptDownloads: true });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return page;
}

test.describe('OMR sheets (issue 76)', () => {
  test('a teacher downloads the batch’s NEET sheets, types the key, scans a photographed sheet on a phone, settles a flagged bubble; the marks are in the results', async ({ page, loginAs, browser, baseURL }) => {
    test.setTimeout(240_000);
    const token = uniqueToken('omr');
    await loginAs('admin');
    const standards = (await (await page.request.get('/api/standards')).json()).data as { _id: string }[];
    const teacherEmail = `${token}.t@example.com`;
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: PASSWORD });
    const batchId = await createBatchByApi(page, { name: `NEET ${token}`, teacher, schedule: { days: ['sun'], startTime: '21:00', endTime: '21:30' } });
    const names = ['Asha', 'Bharat'].map((first) => `${first} ${token}`);
    for (const [index, name] of names.entries()) {
      const id = await createStudentByApi(page, { name, email: `${token}.s${index}@example.com`, password: PASSWORD, standard: standards[0]!._id });
      await enrolByApi(page, batchId, id);
    }

    const phone = await signedIn(browser, baseURL!, teacherEmail);
    const created = await phone.request.post(`/api/batches/${batchId}/tests`, { data: { name: `NEET mock ${token}`, date: academyDay(-1), maxMarks: 720 } });
    expect(created.status()).toBe(201);
    const testId = (await created.json()).data._id as string;
    await phone.goto(`/app/teacher/tests/${testId}`);
    const omr = phone.getByRole('region', { name: 'OMR sheets' });
    await expect(omr).toBeVisible();

    // The answer key, typed once (NEET 180 is the screen's first choice).
    await omr.getByLabel('Answer key').fill(KEY.join(''));
    await omr.getByRole('button', { name: 'Save answer key' }).tap();
    await expect(phone.getByText('Answer key saved')).toBeVisible();

    // The batch's pre-printed sheets: one page per student, Asha's first.
    const downloading = phone.waitForEvent('download');
    await omr.getByRole('link', { name: 'Sheets for the batch' }).tap();
    const download = await downloading;
    const pdf = fs.readFileSync((await download.path())!);
    const pages = await renderPages(pdf);
    expect(pages).toHaveLength(2);

    // A script fills Asha's sheet (with at least one double mark) and photographs it (bent a little, tilted, blurred, in a shadow, dimmed, JPEG).
    const bent = { blankId: false, crumple: 7 };
    let photo = await fillAndPhotograph(pages[0]!, NEET, 7601, bent);
    for (let seed = 7602; !photo.truth.kinds.includes('double'); seed += 1) photo = await fillAndPhotograph(pages[0]!, NEET, seed, bent);
    await omr.getByTestId('omr-file').setInputFiles({ name: 'sheet.jpg', mimeType: 'image/jpeg', buffer: photo.jpeg });

    const card = omr.getByTestId('omr-scan').filter({ hasText: names[0]! });
    await expect(card).toBeVisible({ timeout: 30_000 });
    const double = photo.truth.kinds.indexOf('double') + 1;
    const flagged = card.getByRole('button', { name: `Q${double}`, exact: true });
    await expect(flagged).toBeVisible();
    expect(await hasHorizontalOverflow(phone)).toBe(false);
    await shootWidths(phone, 'omr-scan');

    // The teacher looks at the sheet: the student meant the key's answer. A tap on the question, a tap on the letter.
    const before = (await (await phone.request.get(`/api/tests/${testId}/omr-scans`)).json()).data.scans[0] as { score: number; uncertain: number[] };
    await flagged.tap();
    await card.getByRole('group', { name: `Answer of question ${double}` }).getByRole('button', { name: KEY[double - 1]!, exact: true }).tap();
    await expect(card.getByRole('button', { name: `Q${double}`, exact: true })).toHaveCount(0);
    const settled = before.score + 4;

    // The marks are the test's, as typed marks would be: in the results table and through the API, with a rank.
    const results = (await (await phone.request.get(`/api/tests/${testId}/results`)).json()).data.rows as { student: { name: string }; marks: number | null; rank: number | null }[];
    const asha = results.find((row) => row.student.name === names[0]);
    expect(asha?.marks).toBe(Math.max(0, settled));
    expect(asha?.rank).toBe(1);
    await expect(phone.getByRole('table', { name: 'Results' }).getByRole('row').filter({ hasText: names[0]! })).toContainText(String(Math.max(0, settled)));
  });
});
