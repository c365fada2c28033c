import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { expect, test, uniqueToken, DEMO_PASSWORD, DEMO_USERS } from '../fixtures';

/*
 * Recorded lectures on slow data and offline (issue 75, decision 088): an absent student is told (the
 * bell), opens the lecture on a phone under Slow 3G (Chromium's network emulation: 2,000 ms, 50 KB/s),
 * plays the voice + board rendition (its segments AES-128 encrypted, the key fetched from
 * /api/lectures/{id}/key) with their name and ID over the picture, downloads it, goes offline and plays it
 * again from the phone; another batch's student gets 404 for the playlist and the key. The figures
 * (start on Slow 3G and on Regular 2G) are printed.
 */

const PASSWORD = 'lecture-pass-2026';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
type Json = { data: { _id: string } & Record<string, unknown> };

async function setUp(admin: APIRequestContext, token: string) {
  expect((await admin.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const json = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as Json).data;
  };
  const teacher = await json(await admin.post('/api/teachers', { data: { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: PASSWORD } }));
  const standards = (await (await admin.get('/api/standards')).json()) as { data: { _id: string }[] };
  const subjects = (await (await admin.get('/api/subjects')).json()) as { data: { _id: string; name: string }[] };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const batchOf = async (name: string, startTime: string, endTime: string) =>
    json(
      await admin.post('/api/batches', {
        data: {
          name,
          teacher: teacher._id,
          standard: standards.data[0]!._id,
          subject: subjects.data[0]!._id,
          schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], startTime, endTime },
          startDate: today,
          endDate: `${Number(today.slice(0, 4)) + 1}-03-31`,
          capacity: 10,
        },
      }),
    );
  const batch = await batchOf(`Offline ${token}`, '07:00', '08:00');
  const otherBatch = await batchOf(`Elsewhere ${token}`, '09:00', '10:00');
  const studentOf = async (name: string, batchId: string) => {
    const email = `${name.split(' ')[0]!.toLowerCase()}.${token}@example.com`;
    const student = await json(await admin.post('/api/students', { data: { name, email, password: PASSWORD } }));
    expect((await admin.put(`/api/batches/${batchId}/students/${student._id}/add`)).status()).toBe(200);
    return { id: student._id, email, name };
  };
  const absent = await studentOf(`Ishaan ${token}`, batch._id);
  const outsider = await studentOf(`Jaya ${token}`, otherBatch._id);
  return { teacherEmail: `${token}.t@example.com`, batchId: batch._id, subject: subjects.data[0]!.name, today, absent, outsider };
}

async function signedIn(browser: Browser, baseURL: string, email: string, serviceWorkers: 'allow' | 'block') {
  const context = await browser.newContext({ baseURL, ...PHONE, serviceWorkers });
  expect((await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return context;
}

/** Chromium's network emulation on the page: latency in ms, download and upload in bytes a second. */
async function throttle(context: BrowserContext, page: Page, latency: number, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  return cdp;
}

const audioTime = (page: Page) => page.getByTestId('lecture-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);

/** Taps Play as soon as it shows; seconds from `opened` to sound, and from Play to sound. */
async function playFrom(page: Page, opened: number) {
  const play = page.getByTestId('lecture-play');
  await expect(play).toBeVisible({ timeout: 60_000 });
  const tapped = Date.now();
  await play.tap();
  await expect.poll(() => audioTime(page), { timeout: 60_000, intervals: [100] }).toBeGreaterThan(0);
  const sounded = Date.now();
  return { fromOpen: (sounded - opened) / 1000, fromPlay: (sounded - tapped) / 1000 };
}

/**
 * The measurements (decision 091). "list": the list shown on a fast link, then the link slowed and the
 * lecture opened from it (decision 088's measure). "slow list": the app's shell on the phone (loaded once),
 * then everything slow from the list's own load; the lecture tapped as soon as the list shows. "link": the
 * lecture opened straight from its address (the bell's or the family message's "watch it") on the slow link,
 * the app's shell on the phone, the lecture screens and hls.js not.
 */
async function startUnder(context: BrowserContext, page: Page, title: string, latency: number, bytesPerSecond: number, how: 'list' | 'slow list' = 'list') {
  let cdp: CDPSession | undefined;
  if (how === 'slow list') {
    await page.goto('/app/student');
    await expect(page.getByRole('heading').first()).toBeVisible();
    cdp = await throttle(context, page, latency, bytesPerSecond);
  }
  await page.goto('/app/student/lectures');
  const item = page.getByTestId('my-lecture').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 60_000 });
  cdp ??= await throttle(context, page, latency, bytesPerSecond);
  const opened = Date.now();
  await item.tap();
  return { cdp, ...(await playFrom(page, opened)) };
}

async function startFromLink(context: BrowserContext, page: Page, lectureId: string, latency: number, bytesPerSecond: number) {
  await page.goto('/app/student');
  await expect(page.getByRole('heading').first()).toBeVisible();
  const cdp = await throttle(context, page, latency, bytesPerSecond);
  const opened = Date.now();
  await page.goto(`/app/student/lectures/${lectureId}`);
  return { cdp, ...(await playFrom(page, opened)) };
}

const figure = (name: string, run: { fromOpen: number; fromPlay: number }) =>
  console.log(`${name}: sound ${run.fromOpen.toFixed(1)} s after opening the lecture, ${run.fromPlay.toFixed(1)} s after Play`);

test.describe('recorded lectures on slow data and offline', () => {
  let work = '';
  test.beforeAll(() => {
    // Forty seconds: a test picture, then colour bars (the board wiped), with a tone for the voice: four segments.
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-lecture-offline-'));
    execFileSync('/usr/bin/ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=duration=20:size=320x240:rate=5',
      '-f', 'lavfi', '-i', 'smptebars=duration=20:size=320x240:rate=5',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=40',
      '-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]', '-map', '2:a',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path.join(work, 'lecture.mp4'),
    ]);
  });
  test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  test('the absent student is told, plays it on Slow 3G, downloads it and plays it offline; another batch gets 404', async ({ browser, playwright, baseURL }) => {
    test.setTimeout(300_000);
    const token = uniqueToken('off');
    const admin = await playwright.request.newContext({ baseURL });
    const s = await setUp(admin, token);
    await admin.dispose();
    const title = `Optics ${token}`;

    const teacher = await browser.newContext({ baseURL });
    expect((await teacher.request.post('/api/auth/login', { data: { email: s.teacherEmail, password: PASSWORD } })).status()).toBe(200);
    expect((await teacher.request.post(`/api/attendance/batch/${s.batchId}`, { data: { date: s.today, records: [{ studentId: s.absent.id, status: 'absent' }] } })).status()).toBe(200);
    const created = await teacher.request.post(`/api/batches/${s.batchId}/lectures`, { data: { date: s.today, title } });
    expect(created.status()).toBe(201);
    const { _id: lectureId } = ((await created.json()) as { data: { _id: string } }).data;
    // A small file goes whole to the multipart address (upload.url is the tus one, decision 087).
    const sent = await teacher.request.post(`/api/lectures/${lectureId}/file`, { multipart: { file: { name: 'lecture.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(path.join(work, 'lecture.mp4')) } } });
    expect(sent.status(), await sent.text()).toBe(200);
    await expect
      .poll(async () => ((await (await teacher.request.get(`/api/lectures/${lectureId}`)).json()) as { data: { status: string } }).data.status, { timeout: 120_000, intervals: [1000] })
      .toBe('ready');
    await teacher.close();

    // Told: the bell has "Today's … class is recorded".
    const onData = await signedIn(browser, baseURL!, s.absent.email, 'block');
    const bell = (await (await onData.request.get('/api/notifications')).json()) as { data: unknown };
    expect(JSON.stringify(bell.data)).toContain(`Today's ${s.subject} class is recorded: watch it`);

    // Slow 3G (no service worker here: the page's own requests are the ones Chromium slows): open, play;
    // the name and student ID are over the picture; 2× for a while, no stall.
    const page = await onData.newPage();
    const slow = await startUnder(onData, page, title, 2000, 50 * 1024);
    figure('Slow 3G (2,000 ms, 50 KB/s), list', slow);
    // The goal (issue 75): playback starts ≤ 5 s after Play on Slow 3G.
    expect(slow.fromPlay).toBeLessThanOrEqual(5);
    await expect(page.getByTestId('lecture-watermark')).toContainText(s.absent.name);
    await page.getByText('2×', { exact: true }).tap();
    const before = await audioTime(page);
    await page.waitForTimeout(12_000);
    const stalled = await page.getByTestId('lecture-audio').evaluate((audio: HTMLAudioElement) => audio.readyState < 3 && !audio.ended);
    const played = (await audioTime(page)) - before;
    console.log(`Slow 3G at 2×: ${played.toFixed(1)} s of the lecture in 12 s, waiting for data at the end: ${stalled}`);
    expect(played).toBeGreaterThan(10);
    await page.screenshot({ path: test.info().outputPath('lecture-slow3g-360.png'), fullPage: true });
    // Each further measure in a new browser (nothing of the lecture in its caches): Slow 3G from the list's
    // own load and from the lecture's address; Regular 2G (250 kb/s, 300 ms) the same three ways.
    const measures: [string, number, number, 'list' | 'slow list' | 'link'][] = [
      ['Slow 3G (2,000 ms, 50 KB/s), slow list', 2000, 50 * 1024, 'slow list'],
      ['Slow 3G (2,000 ms, 50 KB/s), link', 2000, 50 * 1024, 'link'],
      ['Regular 2G (300 ms, 250 kb/s), list', 300, 250_000 / 8, 'list'],
      ['Regular 2G (300 ms, 250 kb/s), slow list', 300, 250_000 / 8, 'slow list'],
      ['Regular 2G (300 ms, 250 kb/s), link', 300, 250_000 / 8, 'link'],
    ];
    for (const [name, latency, rate, how] of measures) {
      const fresh = await signedIn(browser, baseURL!, s.absent.email, 'block');
      const freshPage = await fresh.newPage();
      const run = how === 'link' ? await startFromLink(fresh, freshPage, lectureId, latency, rate) : await startUnder(fresh, freshPage, title, latency, rate, how);
      figure(name, run);
      if (name.startsWith('Slow 3G')) expect(run.fromPlay).toBeLessThanOrEqual(5);
      await fresh.close();
    }
    await onData.close();

    // On the phone with the app's service worker in control (it answers the downloaded lecture's files).
    const student = await signedIn(browser, baseURL!, s.absent.email, 'allow');
    const phone = await student.newPage();
    await phone.goto('/app/student/lectures');
    await phone.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await phone.reload();
    await expect.poll(() => phone.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    await phone.getByTestId('my-lecture').filter({ hasText: title }).tap();
    await phone.getByTestId('lecture-download').tap();
    await expect(phone.getByTestId('lecture-downloaded')).toContainText('MB', { timeout: 120_000 });
    // Offline: the screen opens again and the lecture plays from the phone.
    await student.setOffline(true);
    await phone.reload();
    const again = phone.getByTestId('lecture-play');
    await expect(again).toBeVisible({ timeout: 30_000 });
    await again.tap();
    await expect.poll(() => audioTime(phone), { timeout: 30_000 }).toBeGreaterThan(1);
    await expect(phone.getByTestId('lecture-still')).toBeVisible();
    await phone.screenshot({ path: test.info().outputPath('lecture-offline-360.png'), fullPage: true });
    await student.setOffline(false);
    await phone.getByTestId('lecture-remove-download').tap();
    await expect(phone.getByTestId('lecture-download')).toBeVisible();
    await student.close();

    // Another batch's student: 404 for the playlist and the key.
    const outsider = await signedIn(browser, baseURL!, s.outsider.email, 'block');
    expect((await outsider.request.get(`/api/lectures/${lectureId}/hls/voice-board/index.m3u8`)).status()).toBe(404);
    expect((await outsider.request.get(`/api/lectures/${lectureId}/key`)).status()).toBe(404);
    await outsider.close();
  });
});
