import { expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';
import { lectureOf, signedIn, teacherWithBatch } from './lecture-setup';

/*
 * A lecture recorded in class from the teacher's phone (issue 75, decision 087), with Chromium's fake
 * camera and microphone (the project `lecture-phone`): Add lecture → record about ten seconds, a still
 * taken by a tap → paused five seconds and resumed → stop; the voice was sent while recording, the lecture becomes ready, and its voice +
 * board rendition carries the teacher's stills.
 */
test('the teacher records a short lecture on a phone and it becomes ready with the board’s stills', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const token = uniqueToken('rec');
  const admin = await playwright.request.newContext({ baseURL });
  const s = await teacherWithBatch(admin, token);
  await admin.dispose();
  const teacher = await signedIn(browser, baseURL!, s.teacherEmail);
  const page = await teacher.newPage();
  await page.goto(`/app/teacher/batches/${s.batchId}`);
  await page.getByRole('link', { name: 'Add lecture' }).tap();
  await expect(page).toHaveURL(`/app/teacher/batches/${s.batchId}/lectures/new`);
  await page.getByLabel('Title').fill(`Optics ${token}`);
  await page.getByLabel('Record the class now with this phone (voice and board)').tap();
  await page.getByRole('button', { name: 'Add and start recording' }).tap();
  await expect(page).toHaveURL(/\/app\/teacher\/lectures\/[0-9a-f-]{36}\/record$/);
  const lectureId = page.url().split('/').at(-2)!;
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('recorder-360.png'), fullPage: true });

  await page.getByRole('button', { name: 'Start recording' }).tap();
  const recorder = page.getByTestId('lecture-recorder');
  await expect(recorder).toHaveAttribute('data-phase', 'recording');
  await expect(page.getByTestId('recording-timer')).toHaveText('0:05', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Picture of the board' }).tap();
  // Paused for five seconds (decision 091): the timer holds, what was recorded is on the server, no still is taken.
  await page.getByRole('button', { name: 'Pause' }).tap();
  await expect(recorder).toHaveAttribute('data-phase', 'paused');
  const heldAt = await page.getByTestId('recording-timer').innerText();
  await page.screenshot({ path: test.info().outputPath('recording-paused-360.png'), fullPage: true });
  await page.waitForTimeout(5000);
  await expect(page.getByTestId('recording-timer')).toHaveText(heldAt);
  await page.getByRole('button', { name: 'Resume recording' }).tap();
  await expect(recorder).toHaveAttribute('data-phase', 'recording');
  await expect(page.getByTestId('recording-timer')).toHaveText('0:10', { timeout: 15_000 });
  // While recording, the voice is already on the server (pieces every few seconds).
  const sofar = ((await (await teacher.request.get(`/api/lectures/${lectureId}/recording`)).json()) as { data: { bytes: number; stills: number } }).data;
  expect(sofar.bytes).toBeGreaterThan(0);
  expect(sofar.stills).toBeGreaterThanOrEqual(1);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('recording-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Stop' }).tap();
  await expect(recorder).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  await expect(page.getByText('Recording sent.')).toBeVisible();

  await expect.poll(async () => (await lectureOf(teacher.request, lectureId)).status, { timeout: 120_000, intervals: [1000] }).toBe('ready');
  const voice = (await lectureOf(teacher.request, lectureId)).renditions.find((one) => one.kind === 'voice-board')!;
  expect(voice.stills).toBeTruthy();
  const stills = (await (await teacher.request.get(voice.stills!)).json()) as { t: number; still: string }[];
  expect(stills.length).toBeGreaterThanOrEqual(2);
  expect(stills[0]!.t).toBeLessThan(2);
  const playlist = await (await teacher.request.get(`/api/lectures/${lectureId}/hls/voice-board/index.m3u8`)).text();
  const seconds = [...playlist.matchAll(/#EXTINF:([0-9.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  expect(seconds).toBeGreaterThan(8);
  // No gap where it was paused: about ten seconds of voice, not fifteen.
  expect(seconds).toBeLessThan(12.5);
  console.log(`recorded 10 s with a 5-s pause in the middle: the lecture is ${seconds.toFixed(1)} s long; stills at ${stills.map((one) => one.t).join(', ')} s`);
  expect(stills.every((one) => one.t <= seconds + 0.5)).toBe(true);
  // The batch screen shows it ready.
  await page.goto(`/app/teacher/batches/${s.batchId}`);
  await expect(page.getByTestId('batch-lecture').filter({ hasText: `Optics ${token}` }).locator('[data-status="ready"]')).toBeVisible();
  await teacher.close();
});
