import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, hasHorizontalOverflow, test, uniqueToken, DEMO_PASSWORD, DEMO_USERS } from '../fixtures';

/*
 * Recorded lectures, the teacher → student journey (issue 75, decisions 079 and 082): the teacher uploads
 * a short video made here by ffmpeg, the job makes it ready, the student marked absent that day finds
 * "Today's … class is recorded" in their bell and the lecture in their list, and plays it on a 360-px
 * phone (tap play: the voice's time advances, the board still shows, the teacher's chapter takes the voice
 * to its time, the progress is kept); the teacher
 * sees who watched; another batch's student gets 404. The teacher removes it: the student is told it was
 * removed (decision 091), the other batch's student still gets 404.
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
  const batch = await batchOf(`Lectures ${token}`, '07:00', '08:00');
  const otherBatch = await batchOf(`Other ${token}`, '09:00', '10:00');
  const studentOf = async (name: string, batchId: string) => {
    const student = await json(await admin.post('/api/students', { data: { name, email: `${name.split(' ')[0]!.toLowerCase()}.${token}@example.com`, password: PASSWORD } }));
    expect((await admin.put(`/api/batches/${batchId}/students/${student._id}/add`)).status()).toBe(200);
    return { id: student._id, email: `${name.split(' ')[0]!.toLowerCase()}.${token}@example.com` };
  };
  const absent = await studentOf(`Farhan ${token}`, batch._id);
  const present = await studentOf(`Gauri ${token}`, batch._id);
  const outsider = await studentOf(`Harsh ${token}`, otherBatch._id);
  return { teacherEmail: `${token}.t@example.com`, batchId: batch._id, subject: subjects.data[0]!.name, today, absent, present, outsider };
}

async function signedIn(browser: Browser, baseURL: string, email: string, phone = false) {
  const context = await browser.newContext({ baseURL, ...(phone ? PHONE : {}) });
  expect((await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return context;
}

test.describe('recorded lectures', () => {
  let work = '';
  test.beforeAll(() => {
    // Four seconds of a test picture that changes half way (the board wiped) with a tone for the voice.
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-lecture-'));
    execFileSync('/usr/bin/ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=10',
      '-f', 'lavfi', '-i', 'smptebars=duration=3:size=320x240:rate=10',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6',
      '-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]', '-map', '2:a',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path.join(work, 'lecture.mp4'),
    ]);
  });
  test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  test('the teacher uploads, the absent student is told and plays it on a phone, the teacher sees who watched', async ({ browser, playwright, baseURL }) => {
    test.setTimeout(240_000);
    const token = uniqueToken('lec');
    const admin = await playwright.request.newContext({ baseURL });
    const s = await setUp(admin, token);
    await admin.dispose();

    // The teacher marks the day (Farhan absent), adds the lecture and uploads the video.
    const teacher = await signedIn(browser, baseURL!, s.teacherEmail);
    const marked = await teacher.request.post(`/api/attendance/batch/${s.batchId}`, {
      data: { date: s.today, records: [{ studentId: s.absent.id, status: 'absent' }, { studentId: s.present.id, status: 'present' }] },
    });
    expect(marked.status(), await marked.text()).toBe(200);
    const created = await teacher.request.post(`/api/batches/${s.batchId}/lectures`, { data: { date: s.today, title: `Waves ${token}` } });
    expect(created.status()).toBe(201);
    const { _id: lectureId } = ((await created.json()) as { data: { _id: string } }).data;
    // The multipart upload for a small file (the answer's url is the resumable tus endpoint, decision 087).
    const sent = await teacher.request.post(`/api/lectures/${lectureId}/file`, { multipart: { file: { name: 'lecture.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(path.join(work, 'lecture.mp4')) } } });
    expect(sent.status(), await sent.text()).toBe(200);
    await expect
      .poll(async () => ((await (await teacher.request.get(`/api/lectures/${lectureId}`)).json()) as { data: { status: string } }).data.status, { timeout: 120_000, intervals: [1000] })
      .toBe('ready');
    // The teacher marks a chapter where the board was wiped (decision 097).
    const chaptersPage = await teacher.newPage();
    await chaptersPage.goto(`/app/teacher/batches/${s.batchId}`);
    const marking = chaptersPage.getByTestId('batch-lecture').filter({ hasText: `Waves ${token}` });
    await marking.getByRole('button', { name: 'Chapters (0)' }).click();
    await marking.getByRole('button', { name: 'Add chapter' }).click();
    await marking.getByLabel('Chapter 1 starts at').fill('0:03');
    await marking.getByLabel('Chapter 1 title').fill('The board wiped');
    await marking.getByRole('button', { name: 'Save chapters' }).click();
    await expect(marking.getByRole('status')).toContainText('Chapters saved');
    await chaptersPage.close();

    // The absent student: the bell says so, the list has it, and it plays on a 360-px phone.
    const student = await signedIn(browser, baseURL!, s.absent.email, true);
    const bell = (await (await student.request.get('/api/notifications')).json()) as { data: unknown };
    expect(JSON.stringify(bell.data)).toContain(`Today's ${s.subject} class is recorded: watch it`);
    const page = await student.newPage();
    await page.goto('/app/student/lectures');
    const item = page.getByTestId('my-lecture').filter({ hasText: `Waves ${token}` });
    await item.tap();
    await expect(page).toHaveURL(`/app/student/lectures/${lectureId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Waves ${token}` })).toBeVisible();
    await page.getByTestId('lecture-play').tap();
    await expect.poll(() => page.getByTestId('lecture-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
    const still = page.getByTestId('lecture-still');
    await expect(still).toBeVisible();
    expect(await still.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await page.getByText('2×', { exact: true }).tap();
    expect(await page.getByTestId('lecture-audio').evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(2);
    // The teacher's chapter: a tap takes the voice there.
    const chapter = page.getByTestId('lecture-chapter').filter({ hasText: 'The board wiped' });
    await expect(chapter).toContainText('0:03');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: test.info().outputPath('lecture-player-360.png'), fullPage: true });
    await page.getByTestId('lecture-audio').evaluate((audio: HTMLAudioElement) => audio.pause());
    await chapter.tap();
    expect(await page.getByTestId('lecture-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeCloseTo(3, 0);
    await expect(chapter).toHaveAttribute('aria-current', 'true');
    await page.getByTestId('lecture-play').tap();
    // Pausing sends the progress; the teacher sees Farhan (absent that day) first, as having watched.
    await page.getByTestId('lecture-play').tap();
    await expect
      .poll(async () => ((await (await teacher.request.get(`/api/lectures/${lectureId}/views`)).json()) as { data: { student: { name: string }; absent: boolean; secondsWatched: number }[] }).data[0], { timeout: 10_000 })
      .toMatchObject({ student: { name: `Farhan ${token}` }, absent: true, secondsWatched: expect.any(Number) });
    const teacherPage = await teacher.newPage();
    await teacherPage.goto(`/app/teacher/batches/${s.batchId}`);
    const lecture = teacherPage.getByTestId('batch-lecture').filter({ hasText: `Waves ${token}` });
    await lecture.getByRole('button', { name: 'Who watched' }).click();
    const first = lecture.getByTestId('lecture-viewer').first();
    await expect(first).toContainText(`Farhan ${token}`);
    await expect(first).toContainText('Absent that day');
    await teacherPage.screenshot({ path: test.info().outputPath('who-watched-1280.png'), fullPage: true });

    // Another batch's student: 404 for the lecture and its playlist, and the screen says not found.
    const outsider = await signedIn(browser, baseURL!, s.outsider.email, true);
    expect((await outsider.request.get(`/api/lectures/${lectureId}`)).status()).toBe(404);
    expect((await outsider.request.get(`/api/lectures/${lectureId}/hls/voice-board/index.m3u8`)).status()).toBe(404);
    const outsiderPage = await outsider.newPage();
    await outsiderPage.goto(`/app/student/lectures/${lectureId}`);
    await expect(outsiderPage.getByRole('alert')).toContainText('Lecture not found');

    // The teacher removes it (decision 091): the absent student who opens it (the bell's link) is told it was
    // removed, not "cannot be played"; their list no longer has it; another batch's student still gets 404.
    await lecture.getByRole('button', { name: 'Remove' }).click();
    await teacherPage.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(lecture.locator('[data-status="removed"]')).toBeVisible();
    await page.goto(`/app/student/lectures/${lectureId}`);
    await expect(page.getByTestId('lecture-removed')).toContainText('This lecture was removed');
    await expect(page.getByTestId('lecture-play')).toHaveCount(0);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: test.info().outputPath('lecture-removed-360.png'), fullPage: true });
    // The same words in Marathi and Hindi on the phone (the student's language).
    for (const [language, title, body] of [
      ['mr', 'हे लेक्चर काढून टाकले आहे', 'शिक्षकांनी किंवा अकॅडमीने ते काढून टाकले आहे'],
      ['hi', 'यह लेक्चर हटा दिया गया है', 'शिक्षक या अकैडमी ने इसे हटा दिया है'],
    ] as const) {
      expect((await student.request.put('/api/auth/language', { data: { language } })).status()).toBe(200);
      await page.goto(`/app/student/lectures/${lectureId}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('lecture-removed')).toContainText(title);
      await expect(page.getByTestId('lecture-removed')).toContainText(body);
      await expect(page.getByTestId('lecture-removed')).not.toContainText('This lecture was removed');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: test.info().outputPath(`lecture-removed-360-${language}.png`), fullPage: true });
    }
    expect((await student.request.put('/api/auth/language', { data: { language: 'en' } })).status()).toBe(200);
    await page.goto('/app/student/lectures');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('my-lecture').filter({ hasText: `Waves ${token}` })).toHaveCount(0);
    expect((await outsider.request.get(`/api/lectures/${lectureId}`)).status()).toBe(404);
    await outsiderPage.goto(`/app/student/lectures/${lectureId}`);
    await expect(outsiderPage.getByRole('alert')).toContainText('Lecture not found');
    await Promise.all([teacher.close(), student.close(), outsider.close()]);
  });
});
