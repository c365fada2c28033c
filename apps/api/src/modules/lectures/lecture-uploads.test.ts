import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LECTURE_MESSAGES } from '@academy/shared/schemas/lectures';
import { LECTURE_UPLOAD_MESSAGES } from '@academy/shared/schemas/lecture-uploads';
import { type TestApp } from '../../../test/build-test-app';
import { buildTwoClasses, buildUser, loginAll } from '../../../test/factories';
import { buildAppPair, buildSecondAcademy, closeAppPair } from '../../../test/second-academy';
import { auditLog, lectureStills } from '../../db/schema';
import { FIRST_ACADEMY_ID } from '../../lib/tenancy';
import { changeJobTimes } from '../../../test/job-times';
import { ffmpeg } from '../../../test/media';

/*
 * The resumable (tus) upload and the recording in class (issue 75, decision 087): a file sent in two
 * PATCHes with a HEAD between (the offset resumes), bad input in words (409, 413, 404, 403, 401, never
 * 500), a recording whose length is told at its end with the teacher's stills on the voice + board
 * timeline, a recording cut short taken as it is, and the unfinished uploads removed after a day.
 */

let t: TestApp;
let many: TestApp;
const cookies = { teacher: '', otherTeacher: '', student: '', admin: '' };
const ids = { batch: '', otherBatch: '' };
const MAX_UPLOAD = 2 * 1024 * 1024;
let work: string;
let uploadsDir: string;
let video: Buffer;
let voice: Buffer;
let still: Buffer;
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000b8';
const B_HOST = 'lecture-uploads-b.localhost';
let bAdmin = '';
const TUS = { 'tus-resumable': '1.0.0' };
const OCTETS = { ...TUS, 'content-type': 'application/offset+octet-stream' };

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lecture-uploads-'));
  uploadsDir = path.join(work, 'uploads');
  ({ t, many } = await buildAppPair({ lectures: { maxUploadBytes: MAX_UPLOAD, uploadsDir } }));
  const db = t.database.db;
  const { teacher, otherTeacher, student, batch, otherBatch } = await buildTwoClasses(db);
  Object.assign(ids, { batch: batch.id, otherBatch: otherBatch.id });
  const admin = await buildUser(db, { role: 'admin' });
  Object.assign(cookies, await loginAll(t.app, { teacher, otherTeacher, student, admin }));
  ({ adminCookie: bAdmin } = await buildSecondAcademy(db, many, { id: B_ACADEMY_ID, slug: 'lecture-uploads-b' }));
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=duration=6:size=320x240:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path.join(work, 'lecture.mp4'));
  // What a phone's MediaRecorder makes: Opus in WebM.
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=300:duration=8', '-c:a', 'libopus', '-b:a', '24k', path.join(work, 'voice.webm'));
  ffmpeg('-f', 'lavfi', '-i', 'smptebars=size=320x240', '-frames:v', '1', path.join(work, 'still.jpg'));
  video = fs.readFileSync(path.join(work, 'lecture.mp4'));
  voice = fs.readFileSync(path.join(work, 'voice.webm'));
  still = fs.readFileSync(path.join(work, 'still.jpg'));
}, 60_000);
afterAll(() => closeAppPair(t, many, work));

const runJobs = async () => {
  while ((await t.app.jobs.runDue()) > 0);
};
async function addLecture(cookie = cookies.teacher, batch = ids.batch) {
  const response = await t.app.inject({ method: 'POST', url: `/api/batches/${batch}/lectures`, headers: { cookie }, payload: { date: '2026-11-27', title: 'Optics' } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; upload: { url: string } };
}
const create = (url: string, cookie: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, headers: { ...TUS, cookie, ...headers } });
const patch = (url: string, cookie: string, offset: number, body: Buffer, more: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url, headers: { ...OCTETS, cookie, 'upload-offset': String(offset), ...more }, payload: body });
const head = (url: string, cookie: string) => t.app.inject({ method: 'HEAD', url, headers: { ...TUS, cookie } });
const lecture = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/lectures/${id}`, headers: { cookie: cookies.teacher } })).json().data;

describe('a resumable upload (tus)', () => {
  it('takes a file in two PATCHes with a HEAD between, and the lecture becomes ready', async () => {
    const { _id, upload } = await addLecture();
    expect(upload.url).toBe(`/api/lectures/${_id}/tus`);
    const created = await create(upload.url, cookies.teacher, { 'upload-length': String(video.length), 'upload-metadata': `filename ${Buffer.from('lecture.mp4').toString('base64')}` });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^/api/lectures/${_id}/tus/[0-9a-f]{32}$`));
    const half = Math.floor(video.length / 2);
    const first = await patch(location, cookies.teacher, 0, video.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    // The connection dropped: the client asks where the server is, and goes on from there.
    const asked = await head(location, cookies.teacher);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['upload-offset']).toBe(String(half));
    expect(asked.headers['upload-length']).toBe(String(video.length));
    // A PATCH from the wrong offset is 409 in words, and changes nothing.
    const wrong = await patch(location, cookies.teacher, 0, video.subarray(0, 10));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(LECTURE_UPLOAD_MESSAGES.wrongOffset);
    const last = await patch(location, cookies.teacher, half, video.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(video.length));
    expect((await lecture(_id)).status).toBe('processing');
    // The pieces left the uploads' folder; the whole file is the storage's.
    await expect.poll(() => fs.readdirSync(path.join(uploadsDir, FIRST_ACADEMY_ID))).toEqual([]);
    await runJobs();
    const ready = await lecture(_id);
    expect(ready.status).toBe('ready');
    expect(ready.renditions.map((one: { kind: string }) => one.kind)).toContain('voice-board');
    // The upload is done: it cannot be resumed or sent again.
    expect((await head(location, cookies.teacher)).statusCode).toBe(409);
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, _id));
    expect(audit.map((one) => one.action).sort()).toEqual(['lecture.create', 'lecture.upload']);
  }, 60_000);

  it('answers bad input in words: too big 413, another lecture or academy 404, a student 403, a visitor 401', async () => {
    const { _id, upload } = await addLecture();
    const tooBig = await create(upload.url, cookies.teacher, { 'upload-length': String(MAX_UPLOAD + 1) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(LECTURE_UPLOAD_MESSAGES.tooLarge);
    const noLength = await create(upload.url, cookies.teacher, {});
    expect(noLength.statusCode).toBe(400);
    expect(noLength.json().message).toBe(LECTURE_UPLOAD_MESSAGES.badLength);
    expect((await create(upload.url, cookies.otherTeacher, { 'upload-length': '100' })).json()).toMatchObject({ success: false, message: LECTURE_MESSAGES.notFound });
    expect((await create(upload.url, cookies.otherTeacher, { 'upload-length': '100' })).statusCode).toBe(404);
    expect((await create(upload.url, cookies.student, { 'upload-length': '100' })).statusCode).toBe(403);
    expect((await create(upload.url, '', { 'upload-length': '100' })).statusCode).toBe(401);
    const fromB = await many.app.inject({ method: 'POST', url: upload.url, headers: { ...TUS, host: B_HOST, cookie: bAdmin, 'upload-length': '100' } });
    expect(fromB.statusCode).toBe(404);
    // An upload of this lecture, addressed under another lecture, or by another teacher: 404.
    const created = await create(upload.url, cookies.teacher, { 'upload-length': '100' });
    const location = created.headers.location as string;
    const other = await addLecture();
    const elsewhere = location.replace(_id, other._id);
    expect((await patch(elsewhere, cookies.teacher, 0, Buffer.alloc(10))).statusCode).toBe(404);
    expect((await head(location, cookies.otherTeacher)).statusCode).toBe(404);
    const bPatch = await many.app.inject({ method: 'PATCH', url: location, headers: { ...OCTETS, host: B_HOST, cookie: bAdmin, 'upload-offset': '0' }, payload: Buffer.alloc(10) });
    expect(bPatch.statusCode).toBe(404);
    // More bytes than the upload said: 413.
    const over = await patch(location, cookies.teacher, 0, Buffer.alloc(200));
    expect(over.statusCode).toBe(413);
    // A file that is no recording, known by its first bytes when it is complete: 400 in words, nothing kept.
    const text = Buffer.from('These are my notes, not a video at all. '.repeat(3));
    const notes = await create(upload.url, cookies.teacher, { 'upload-length': String(text.length) });
    const refused = await patch(notes.headers.location as string, cookies.teacher, 0, text);
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body).message).toBe(LECTURE_MESSAGES.badFile);
    expect((await lecture(_id)).status).toBe('uploading');
  });
});

describe('a recording in class', () => {
  it('sends the voice as it is recorded (its length told at the end) and the stills with their times', async () => {
    const { _id, upload } = await addLecture();
    const created = await create(upload.url, cookies.teacher, { 'upload-defer-length': '1', 'upload-metadata': `kind ${Buffer.from('recording').toString('base64')}` });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const cut = 4000;
    expect((await patch(location, cookies.teacher, 0, voice.subarray(0, cut))).statusCode).toBe(204);
    for (const time of [0, 3.5]) {
      const sent = await t.app.inject({ method: 'POST', url: `/api/lectures/${_id}/stills?t=${time}`, headers: { cookie: cookies.teacher, 'content-type': 'image/jpeg' }, payload: still });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const notJpeg = await t.app.inject({ method: 'POST', url: `/api/lectures/${_id}/stills?t=5`, headers: { cookie: cookies.teacher, 'content-type': 'image/jpeg' }, payload: Buffer.from('not a picture') });
    expect(notJpeg.statusCode).toBe(400);
    expect(notJpeg.json().message).toBe(LECTURE_UPLOAD_MESSAGES.stillType);
    const badTime = await t.app.inject({ method: 'POST', url: `/api/lectures/${_id}/stills?t=-1`, headers: { cookie: cookies.teacher, 'content-type': 'image/jpeg' }, payload: still });
    expect(badTime.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/lectures/${_id}/stills?t=1`, headers: { cookie: cookies.otherTeacher, 'content-type': 'image/jpeg' }, payload: still })).statusCode).toBe(404);
    const progress = await t.app.inject({ method: 'GET', url: `/api/lectures/${_id}/recording`, headers: { cookie: cookies.teacher } });
    expect(progress.json().data).toEqual({ bytes: cut, stills: 2 });
    // Stop: the last piece with the length.
    const last = await patch(location, cookies.teacher, cut, voice.subarray(cut), { 'upload-length': String(voice.length) });
    expect(last.statusCode, last.body).toBe(204);
    await runJobs();
    const ready = await lecture(_id);
    expect(ready.status).toBe('ready');
    const rendition = ready.renditions.find((one: { kind: string }) => one.kind === 'voice-board');
    expect(rendition.stills).toBe(`/api/lectures/${_id}/hls/voice-board/stills.json`);
    const timeline = await t.app.inject({ method: 'GET', url: rendition.stills, headers: { cookie: cookies.student } });
    expect(timeline.json()).toEqual([
      { t: 0, still: 'still-0001.jpg' },
      { t: 3.5, still: 'still-0002.jpg' },
    ]);
    const picture = await t.app.inject({ method: 'GET', url: `/api/lectures/${_id}/hls/voice-board/still-0002.jpg`, headers: { cookie: cookies.student } });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(still)).toBe(true);
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, _id));
    expect(audit.map((one) => one.action)).toContain('lecture.record');
  }, 60_000);

  it('takes a recording cut short (the tab closed) as it is, on the teacher’s word', async () => {
    const { _id, upload } = await addLecture();
    expect((await t.app.inject({ method: 'POST', url: `/api/lectures/${_id}/recording/finish`, headers: { cookie: cookies.teacher } })).json().message).toBe(LECTURE_UPLOAD_MESSAGES.noRecording);
    const created = await create(upload.url, cookies.teacher, { 'upload-defer-length': '1', 'upload-metadata': `kind ${Buffer.from('recording').toString('base64')}` });
    const cut = Math.floor(voice.length * 0.7);
    expect((await patch(created.headers.location as string, cookies.teacher, 0, voice.subarray(0, cut))).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: `/api/lectures/${_id}/recording/finish`, headers: { cookie: cookies.otherTeacher } })).statusCode).toBe(404);
    const finished = await t.app.inject({ method: 'POST', url: `/api/lectures/${_id}/recording/finish`, headers: { cookie: cookies.teacher } });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().data.status).toBe('processing');
    await runJobs();
    expect((await lecture(_id)).status).toBe('ready');
    expect(await t.database.db.select().from(lectureStills).where(eq(lectureStills.lectureId, _id))).toEqual([]);
  }, 60_000);
});

describe('unfinished uploads', () => {
  it('are removed a day after they began, by the academy’s upkeep job', async () => {
    const { upload } = await addLecture();
    const begin = async () => {
      const created = await create(upload.url, cookies.teacher, { 'upload-length': '1000' });
      await patch(created.headers.location as string, cookies.teacher, 0, Buffer.alloc(100));
      return (created.headers.location as string).split('/').pop()!;
    };
    const old = await begin();
    const fresh = await begin();
    const folder = path.join(uploadsDir, FIRST_ACADEMY_ID);
    const info = JSON.parse(fs.readFileSync(path.join(folder, `${old}.json`), 'utf8')) as { creation_date: string };
    info.creation_date = new Date(Date.now() - 25 * 3600_000).toISOString();
    fs.writeFileSync(path.join(folder, `${old}.json`), JSON.stringify(info));
    // The hourly run comes now (an earlier test's runs took its first).
    await changeJobTimes(t.database.db, sql`update jobs set run_at = now() where key = 'lecture-uploads-cleanup'`);
    await t.app.jobs.runDue(['lecture-uploads-cleanup']);
    expect(fs.existsSync(path.join(folder, old))).toBe(false);
    expect(fs.existsSync(path.join(folder, `${old}.json`))).toBe(false);
    expect(fs.existsSync(path.join(folder, fresh))).toBe(true);
  });
});
