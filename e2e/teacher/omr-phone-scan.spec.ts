import type { Browser, Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, shootWidths, test, uniqueToken, academyDay } from '../fixtures';
import { fillAndPhotograph, renderPages } from '../../apps/api/test/omr-photos';
import { scoreOf } from '../../packages/shared/src/omr/layout';

const PASSWORD = 'omr-phone-2026';
const NEET = { pattern: 'neet', questions: 180, options: 4 } as const;
const KEY = Array.from({ length: 180 }, (_, i) => 'ABCD'[(i * 5) % 4]!);

async function phoneOf(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return page;
}

/** The `file` part's bytes of a multipart body (its first line is the boundary's marker). */
function filePartOf(body: Buffer): Buffer {
  const marker = body.subarray(0, body.indexOf('\r\n'));
  const head = body.indexOf('name="file"');
  const start = body.indexOf('\r\n\r\n', head) + 4;
  const end = body.indexOf(marker, start) - 2;
  return head < 0 || end < start ? Buffer.alloc(0) : body.subarray(start, end);
}

test.describe('OMR sheets read on the phone (issue 76, decision 086)', () => {
  test('a teacher picks a photographed sheet on the Scan screen: the phone reads it at once, without signal it waits, and with signal the server takes it into the marks', async ({ page, loginAs, browser, baseURL }, testInfo) => {
    test.setTimeout(240_000);
    const token = uniqueToken('omrp');
    await loginAs('admin');
    const standards = (await (await page.request.get('/api/standards')).json()).data as { _id: string }[];
    const teacherEmail = `${token}.t@example.com`;
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, password: PASSWORD });
    const batchId = await createBatchByApi(page, { name: `NEET ${token}`, teacher, schedule: { days: ['sun'], startTime: '21:00', endTime: '21:30' } });
    const name = `Asha ${token}`;
    const studentId = await createStudentByApi(page, { name, email: `${token}.s@example.com`, password: PASSWORD, standard: standards[0]!._id });
    await enrolByApi(page, batchId, studentId);

    const phone = await phoneOf(browser, baseURL!, teacherEmail);
    const created = await phone.request.post(`/api/batches/${batchId}/tests`, { data: { name: `NEET mock ${token}`, date: academyDay(-1), maxMarks: 720 } });
    expect(created.status()).toBe(201);
    const testId = (await created.json()).data._id as string;
    expect((await phone.request.put(`/api/tests/${testId}/answer-key`, { data: { answers: KEY, pattern: 'neet' } })).status()).toBe(200);
    const pdf = await phone.request.get(`/api/tests/${testId}/omr-sheet.pdf?pattern=neet&questions=180&options=4&batch=${batchId}`);
    expect(pdf.status()).toBe(200);
    const [sheet] = await renderPages(Buffer.from(await pdf.body()));
    // Photographed upside down: the phone turns it by its QR code.
    const photo = await fillAndPhotograph(sheet!, NEET, 8601, { blankId: false, upsideDown: true });

    // What the phone sends is kept (issue 76's flake: the phone read this photo's QR code and the server once did
    // not): the upload must be the very bytes the phone read, and a refusal is attached with them to the report.
    const uploads: { file: Buffer; status: number; reply: string }[] = [];
    let offline = false;
    await phone.route('**/api/tests/*/omr-scans', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      if (offline) return route.abort('internetdisconnected');
      const response = await route.fetch();
      const reply = await response.text();
      uploads.push({ file: filePartOf(route.request().postDataBuffer()!), status: response.status(), reply });
      await route.fulfill({ response, body: reply });
    });

    // From the test's page to its Scan screen.
    await phone.goto(`/app/teacher/tests/${testId}`);
    await phone.getByRole('link', { name: 'Scan with this phone' }).tap();
    await expect(phone.getByRole('heading', { name: 'Scan sheets' })).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Choose or take a photo' })).toBeEnabled();

    // No signal: the sheet is read on the phone all the same, and waits.
    offline = true;
    await phone.context().setOffline(true);
    await phone.getByTestId('omr-phone-file').setInputFiles({ name: 'sheet.jpg', mimeType: 'image/jpeg', buffer: photo.jpeg });
    const card = phone.getByTestId('omr-phone-sheet').first();
    await expect(card.getByTestId('omr-phone-student')).toHaveText(name, { timeout: 30_000 });
    // The phone's score is the key's, from what it read (the questions it is not sure of count as blank).
    const score = card.getByTestId('omr-phone-score');
    await expect(score).toBeVisible();
    const shown = Number((await score.textContent())!.replace(/\D+/g, ''));
    const certain = photo.truth.answers.map((answer, index) => (['faint', 'double', 'erasure'].includes(photo.truth.kinds[index]!) ? null : answer));
    expect(Math.abs(shown - scoreOf('neet', KEY, certain))).toBeLessThanOrEqual(4 * photo.truth.kinds.filter((kind) => kind !== 'clean' && kind !== 'blank').length + 5);
    await expect(card.getByText('Waiting to be sent')).toBeVisible();
    await expect(phone.getByTestId('omr-waiting')).toContainText('1');
    expect(await hasHorizontalOverflow(phone)).toBe(false);
    await shootWidths(phone, 'omr-phone-scan-offline');

    // Signal again: the outbox sends the photo and the reading; the server reads again, into the marks.
    offline = false;
    await phone.context().setOffline(false);
    await expect.poll(() => uploads.length, { timeout: 30_000 }).toBeGreaterThan(0);
    for (const [index, upload] of uploads.entries()) {
      if (upload.status !== 200) {
        await testInfo.attach(`upload-${index}.jpg`, { body: upload.file, contentType: 'image/jpeg' });
        await testInfo.attach(`reply-${index}.json`, { body: upload.reply, contentType: 'application/json' });
      }
      expect(upload.file.equals(photo.jpeg), 'the phone sends the photo it read, byte for byte').toBe(true);
      expect(upload.status, upload.reply).toBe(200);
    }
    await expect(phone.getByText('Saved in the marks')).toBeVisible({ timeout: 30_000 });
    await expect(phone.getByTestId('omr-waiting')).toHaveCount(0);
    const scans = (await (await phone.request.get(`/api/tests/${testId}/omr-scans`)).json()).data.scans as { studentId: string; score: number }[];
    expect(scans).toHaveLength(1);
    expect(scans[0]!.studentId).toBe(studentId);
    await phone.setViewportSize({ width: 360, height: 740 });
    expect(await hasHorizontalOverflow(phone)).toBe(false);
    await shootWidths(phone, 'omr-phone-scan-sent');
  });
});
