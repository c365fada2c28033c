import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Lecture, LectureProgress } from '@academy/shared/schemas/lectures';
import { type TestApp } from '../../../test/build-test-app';
import { buildTwoClasses, loginAll } from '../../../test/factories';
import { buildAppPair, buildSecondAcademy, closeAppPair } from '../../../test/second-academy';
import { multipart } from '../../../test/multipart';
import { ffmpeg } from '../../../test/media';
import { lectures } from '../../db/schema';

/*
 * A lecture's progress while its job renders it (issue 75, migration 0097): the job, run by the job runner
 * as on a server, writes the step (voice + board, then 240p, 360p) and its percent from ffmpeg's own
 * progress; `GET /api/lectures/{id}` and the batch's list answer it while it runs and null once the
 * lecture is ready with its three renditions. Another teacher and academy B see nothing of it (404).
 */

let t: TestApp;
let many: TestApp;
const cookies = { teacher: '', otherTeacher: '', student: '' };
const ids = { batch: '' };
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000f7';
const B_HOST = 'lecprogress-b.localhost';
let bAdmin = '';
let work = '';
let video: Buffer;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lecture-progress-'));
  // Every report written (no 3-s spacing): the test sees the steps of a short render.
  ({ t, many } = await buildAppPair({ lectures: { progressEveryMs: 0, workDir: path.join(work, 'jobs') } }));
  const db = t.database.db;
  const { teacher, otherTeacher, student, batch } = await buildTwoClasses(db);
  ids.batch = batch.id;
  Object.assign(cookies, await loginAll(t.app, { teacher, otherTeacher, student }));
  ({ adminCookie: bAdmin } = await buildSecondAcademy(db, many, { id: B_ACADEMY_ID, slug: 'lecprogress-b' }));
  // A minute of a phone-like MP4 (H.264 with a key frame a second, AAC), long enough for ffmpeg to report several times a step.
  ffmpeg(
    '-f', 'lavfi', '-i', 'testsrc=duration=60:size=640x360:rate=15',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=60',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path.join(work, 'lecture.mp4'),
  );
  video = fs.readFileSync(path.join(work, 'lecture.mp4'));
}, 120_000);
afterAll(() => closeAppPair(t, many, work));

async function uploadedLecture(title: string): Promise<string> {
  const created = await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, { date: '2026-11-28', title });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data._id as string;
  const body = multipart({ file: { filename: 'lecture.mp4', content: video, contentType: 'video/mp4' } });
  const sent = await t.app.inject({ method: 'POST', url: `/api/lectures/${id}/file`, payload: body.payload, headers: { ...body.headers, cookie: cookies.teacher } });
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

const STEPS = ['voice-board', '240p', '360p'] as const;

describe('a lecture’s progress while it is prepared', () => {
  it('rises step by step in GET /api/lectures/{id} and the batch’s list, and is null once ready', async () => {
    const id = await uploadedLecture('Progress: Kinematics');
    const before = (await call('GET', `/api/lectures/${id}`, cookies.teacher)).json().data as Lecture;
    expect(before).toMatchObject({ status: 'processing', progress: null });
    // The job runs as on a server while the teacher's screen asks.
    let running = true;
    const job = (async () => {
      try {
        while ((await t.app.jobs.runDue()) > 0);
      } finally {
        running = false;
      }
    })();
    const seen: (LectureProgress & { status: string })[] = [];
    let listed: LectureProgress | null = null;
    while (running) {
      const one = (await call('GET', `/api/lectures/${id}`, cookies.teacher)).json().data as Lecture;
      if (one.progress) seen.push({ ...one.progress, status: one.status });
      if (!listed) listed = ((await call('GET', `/api/batches/${ids.batch}/lectures`, cookies.teacher)).json().data as Lecture[]).find((lecture) => lecture._id === id)?.progress ?? null;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await job;
    console.log(`progress seen: ${[...new Set(seen.map((one) => `${one.step} ${one.percent}%`))].join(', ')}`);
    // Seen while it ran, in the list too; steps in order, each step's percent never going back, 0–99.
    expect(seen.length).toBeGreaterThan(2);
    expect(listed).not.toBeNull();
    expect(seen.some((one) => one.percent > 0)).toBe(true);
    for (const [index, one] of seen.entries()) {
      expect(one.percent).toBeGreaterThanOrEqual(0);
      expect(one.percent).toBeLessThanOrEqual(99);
      const previous = seen[index - 1];
      if (!previous) continue;
      expect(STEPS.indexOf(one.step)).toBeGreaterThanOrEqual(STEPS.indexOf(previous.step));
      if (one.step === previous.step) expect(one.percent).toBeGreaterThanOrEqual(previous.percent);
    }
    // The video rungs are made after the lecture is ready with its voice + board.
    expect(seen.filter((one) => one.step !== 'voice-board').every((one) => one.status === 'ready')).toBe(true);
    expect(seen.some((one) => one.step !== 'voice-board')).toBe(true);
    const after = (await call('GET', `/api/lectures/${id}`, cookies.teacher)).json().data as Lecture;
    expect(after.status).toBe('ready');
    expect(after.progress).toBeNull();
    expect(after.renditions.map((one) => one.kind).sort()).toEqual(['240p', '360p', 'voice-board']);
    const [row] = await t.database.db.select({ step: lectures.progressStep, percent: lectures.progressPercent }).from(lectures).where(eq(lectures.id, id));
    expect(row).toEqual({ step: null, percent: null });
  }, 180_000);

  it('is seen by who may read the lecture only: another teacher and academy B get 404', async () => {
    const id = await uploadedLecture('Progress: Optics');
    // As a job on its way would leave it.
    await t.database.db.update(lectures).set({ progressStep: '240p', progressPercent: 40 }).where(eq(lectures.id, id));
    expect((await call('GET', `/api/lectures/${id}`, cookies.teacher)).json().data.progress).toEqual({ step: '240p', percent: 40 });
    expect((await call('GET', `/api/lectures/${id}`, cookies.student)).json().data.progress).toEqual({ step: '240p', percent: 40 });
    const other = await call('GET', `/api/lectures/${id}`, cookies.otherTeacher);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('percent');
    const fromB = await many.app.inject({ method: 'GET', url: `/api/lectures/${id}`, headers: { host: B_HOST, cookie: bAdmin } });
    expect(fromB.statusCode).toBe(404);
    expect(fromB.body).not.toContain('percent');
    const bList = await many.app.inject({ method: 'GET', url: `/api/batches/${ids.batch}/lectures`, headers: { host: B_HOST, cookie: bAdmin } });
    expect(bList.statusCode).toBe(404);
    expect(bList.body).not.toContain('percent');
    // A new recording starts with no progress of the old one's.
    await t.database.db.update(lectures).set({ status: 'failed' }).where(eq(lectures.id, id));
    const body = multipart({ file: { filename: 'lecture.mp4', content: video, contentType: 'video/mp4' } });
    const again = await t.app.inject({ method: 'POST', url: `/api/lectures/${id}/file`, payload: body.payload, headers: { ...body.headers, cookie: cookies.teacher } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'processing', progress: null });
  });
});
