import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';
import { lectureOf, signedIn, teacherWithBatch } from './lecture-setup';

/*
 * A 10-minute video uploaded from the teacher's phone with the resumable (tus) screen (issue 75,
 * decision 087): Add lecture → choose the file → progress → the page reloaded in the middle of the upload
 * → the same file chosen again from the batch's lecture goes on from where the server's copy ended →
 * the batch's list shows how far it is prepared (step and percent) until every rendition is made → ready;
 * the batch's student plays it on the student lecture page. The time from the upload's end to ready is written to the test's output.
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

test('the teacher uploads a 10-minute video on a phone, reloads in the middle and it resumes; it becomes ready and the student plays it', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(720_000);
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
  // The upload slowed to 256 KB/s, so the page is reloaded in the middle of its first 8 MB piece.
  const cdp = await teacher.newCDPSession(page);
  await cdp.send('Network.enable');
  const uploadAt = (bytesPerSecond: number) => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  await uploadAt(256 * 1024);
  await page.getByRole('button', { name: 'Add and upload' }).tap();
  const upload = page.getByTestId('lecture-upload');
  await expect(upload).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('uploading-360.png'), fullPage: true });
  const percent = async () => Number(/(\d+)%/.exec(await page.getByTestId('lecture-upload-progress').innerText())?.[1] ?? 0);
  await expect.poll(percent, { timeout: 60_000, intervals: [250] }).toBeGreaterThanOrEqual(10);
  const beforeReload = await percent();
  await page.reload();
  await uploadAt(-1);
  const lectureId = ((await (await teacher.request.get(`/api/batches/${s.batchId}/lectures`)).json()) as { data: { _id: string; title: string }[] }).data.find((one) => one.title === `Waves ${token}`)!._id;
  // After the reload: the batch's lecture waits for its recording; the same file chosen again goes on from the server's offset.
  await page.goto(`/app/teacher/batches/${s.batchId}`);
  await page.getByTestId('batch-lecture').filter({ hasText: `Waves ${token}` }).getByRole('link', { name: 'Upload' }).tap();
  await expect(page).toHaveURL(`/app/teacher/lectures/${lectureId}/upload`);
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/tus/')) offsets.push(Number(request.headers()['upload-offset']));
  });
  await page.locator('input[type="file"]').setInputFiles(path.join(work, 'ten-minutes.mp4'));
  await page.getByRole('button', { name: 'Upload', exact: true }).tap();
  await expect(upload).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  // Resumed, not begun again: the first piece after the reload starts where the server's copy ended.
  expect(offsets.length).toBeGreaterThan(0);
  expect(offsets[0]).toBeGreaterThan(0);
  console.log(`reloaded at ${beforeReload}% sent; the upload went on from ${(offsets[0]! / 1_048_576).toFixed(1)} MB of ${(fs.statSync(path.join(work, 'ten-minutes.mp4')).size / 1_048_576).toFixed(1)} MB`);
  const ended = Date.now();
  await expect(page.getByTestId('lecture-upload-progress')).toContainText('100%');
  // Meanwhile the batch's list shows how far it is prepared (migration 0097): the voice and board, then each video rung.
  const readyAt = (async () => {
    await expect.poll(async () => (await lectureOf(teacher.request, lectureId)).status, { timeout: 300_000, intervals: [1000] }).toBe('ready');
    return Date.now();
  })();
  await page.goto(`/app/teacher/batches/${s.batchId}`);
  const row = page.getByTestId('batch-lecture').filter({ hasText: `Waves ${token}` });
  const shown = row.getByTestId('lecture-render-progress');
  await expect(shown).toBeVisible({ timeout: 120_000 });
  await expect(row.getByRole('progressbar')).toHaveAccessibleName(/^Preparing the (voice and board|240p video|360p video): \d+ %$/);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('preparing-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(shown).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('preparing-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  const states = new Set<string>();
  await expect
    .poll(
      async () => {
        const state = (await shown.count()) > 0 ? `${await shown.getAttribute('data-step')} ${await shown.getAttribute('data-percent')} %` : 'done';
        states.add(state);
        return state;
      },
      { timeout: 400_000, intervals: [1000] },
    )
    .toBe('done');
  console.log(`the teacher's list showed: ${[...states].join(', ')}`);
  // It moved while the teacher watched (a new percent or step at least once), and ended as ready to watch.
  expect(states.size).toBeGreaterThanOrEqual(3);
  await expect(row.locator('[data-status="ready"]')).toHaveText('Ready to watch');
  const readyAfter = ((await readyAt) - ended) / 1000;
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
