import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';
import { lectureOf, signedIn, teacherWithBatch } from './lecture-setup';

/*
 * A 10-minute video uploaded from the teacher's phone with the resumable (tus) screen (issue 75,
 * decision 087): Add lecture → choose the file → progress → ready; the batch's student plays it on the
 * student lecture page. The time from the upload's end to ready is written to the test's output.
 */
let work = '';
test.beforeAll(() => {
  // Ten minutes of a 320x240 test picture and a tone at a low bit rate (about 10 MB).
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-lecture-upload-'));
  execFileSync('/usr/bin/ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=duration=600:size=320x240:rate=10',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=600',
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '100k', '-g', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k', '-shortest', path.join(work, 'ten-minutes.mp4'),
  ]);
});
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

test('the teacher uploads a 10-minute video on a phone; it becomes ready and the student plays it', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(420_000);
  const token = uniqueToken('upl');
  const admin = await playwright.request.newContext({ baseURL });
  const s = await teacherWithBatch(admin, token);
  await admin.dispose();
  const teacher = await signedIn(browser, baseURL!, s.teacherEmail);
  const page = await teacher.newPage();
  await page.goto(`/app/teacher/batches/${s.batchId}`);
  await page.getByRole('link', { name: 'Add lecture' }).tap();
  await page.getByLabel('Title').fill(`Waves ${token}`);
  await expect(page.getByRole('radio', { name: 'Upload a video or audio file from this phone' })).toBeChecked();
  await page.locator('input[type="file"]').setInputFiles(path.join(work, 'ten-minutes.mp4'));
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('add-lecture-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Add and upload' }).tap();
  const upload = page.getByTestId('lecture-upload');
  await expect(upload).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('uploading-360.png'), fullPage: true });
  await expect(upload).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  const ended = Date.now();
  await expect(page.getByTestId('lecture-upload-progress')).toContainText('100%');
  const lectureId = ((await (await teacher.request.get(`/api/batches/${s.batchId}/lectures`)).json()) as { data: { _id: string; title: string }[] }).data.find((one) => one.title === `Waves ${token}`)!._id;
  await expect.poll(async () => (await lectureOf(teacher.request, lectureId)).status, { timeout: 300_000, intervals: [1000] }).toBe('ready');
  const readyAfter = (Date.now() - ended) / 1000;
  test.info().annotations.push({ type: 'upload end to ready (s)', description: readyAfter.toFixed(1) });
  fs.writeFileSync(test.info().outputPath('ready-after.txt'), `${readyAfter.toFixed(1)} s from the upload's end to ready (10-minute video)\n`);
  console.log(`10-minute video: ready ${readyAfter.toFixed(1)} s after the upload ended`);

  // The batch's student plays it on the student lecture page.
  const student = await signedIn(browser, baseURL!, s.studentEmail);
  const studentPage = await student.newPage();
  await studentPage.goto(`/app/student/lectures/${lectureId}`);
  await studentPage.getByTestId('lecture-play').tap();
  await expect.poll(() => studentPage.getByTestId('lecture-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
  await Promise.all([teacher.close(), student.close()]);
});
