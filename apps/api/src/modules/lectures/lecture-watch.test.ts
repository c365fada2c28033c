import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LECTURE_SETTINGS_MESSAGES } from '@academy/shared/schemas/lecture-settings';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import { type TestApp } from '../../../test/build-test-app';
import { signInTwoClassesWithFamilies } from '../../../test/factories';
import { buildAppPair, buildSecondAcademy, closeAppPair } from '../../../test/second-academy';
import { multipart } from '../../../test/multipart';
import { ffmpeg } from '../../../test/media';
import { auditLog, lectureFiles, lectures } from '../../db/schema';
import { withAcademy } from '../../lib/tenancy';
import { removeExpiredLectures } from './lecture-watch.service';

/*
 * The watching side of lectures (issue 75, decision 088): the AES-128 key only for the lecture's readers
 * (404 for anyone else, 401 without a session, never cached), Settings → Lectures (bad input in words,
 * who may record enforced on adding a lecture, storage per batch), the daily removal of lectures older
 * than the academy keeps them, and academy B seeing none of A's.
 */

let t: TestApp;
let many: TestApp;
const cookies = { teacher: '', otherTeacher: '', student: '', otherStudent: '', parent: '', otherParent: '', admin: '' };
const ids = { batch: '', otherBatch: '', teacher: '', otherTeacher: '', lecture: '' };
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000c8';
const B_HOST = 'lecwatch-b.localhost';
let bAdmin = '';
let work: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const runJobs = async () => {
  while ((await t.app.jobs.runDue()) > 0);
};

beforeAll(async () => {
  ({ t, many } = await buildAppPair());
  const db = t.database.db;
  const { teacher, otherTeacher, batch, otherBatch, cookies: signedIn } = await signInTwoClassesWithFamilies(t.app, db);
  Object.assign(ids, { batch: batch.id, otherBatch: otherBatch.id, teacher: teacher.id, otherTeacher: otherTeacher.id });
  Object.assign(cookies, signedIn);
  ({ adminCookie: bAdmin } = await buildSecondAcademy(db, many, { id: B_ACADEMY_ID, slug: 'lecwatch-b' }));
  // Twelve seconds of a tone: a voice-only lecture, rendered and keyed by the job.
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lecwatch-'));
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=300:duration=12', '-c:a', 'aac', path.join(work, 'voice.m4a'));
  const created = await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, { date: '2026-11-20', title: 'Optics' });
  ids.lecture = created.json().data._id;
  const body = multipart({ file: { filename: 'voice.m4a', content: fs.readFileSync(path.join(work, 'voice.m4a')), contentType: 'audio/mp4' } });
  const uploaded = await t.app.inject({ method: 'POST', url: `/api/lectures/${ids.lecture}/file`, payload: body.payload, headers: { ...body.headers, cookie: cookies.teacher } });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  await runJobs();
}, 120_000);
afterAll(() => closeAppPair(t, many, work));

describe('the segment key', () => {
  it('is the batch’s students’, their parents’, its teacher’s and the admin’s: 16 bytes, never cached; the playlist names it', async () => {
    expect((await call('GET', `/api/lectures/${ids.lecture}`, cookies.student)).json().data.status).toBe('ready');
    const playlist = await call('GET', `/api/lectures/${ids.lecture}/hls/voice-board/index.m3u8`, cookies.student);
    expect(playlist.body).toContain(`#EXT-X-KEY:METHOD=AES-128,URI="/api/lectures/${ids.lecture}/key"`);
    const keys = [];
    for (const cookie of [cookies.student, cookies.parent, cookies.teacher, cookies.admin]) {
      const key = await call('GET', `/api/lectures/${ids.lecture}/key`, cookie);
      expect(key.statusCode).toBe(200);
      expect(key.headers['cache-control']).toBe('private, no-store');
      expect(key.headers['content-type']).toBe('application/octet-stream');
      expect(key.rawPayload.length).toBe(16);
      keys.push(key.rawPayload.toString('hex'));
    }
    expect(new Set(keys).size).toBe(1);
    // Stored sealed, never the key itself.
    const [row] = await t.database.db.select({ sealed: lectures.segmentKeySealed }).from(lectures).where(eq(lectures.id, ids.lecture));
    expect(row!.sealed).toMatch(/^v1\./);
    expect(row!.sealed).not.toContain(keys[0]);
  });

  it('is 404 to another batch’s student, parent and teacher, and to academy B’s admin; 401 without a session', async () => {
    for (const cookie of [cookies.otherStudent, cookies.otherParent, cookies.otherTeacher]) {
      expect((await call('GET', `/api/lectures/${ids.lecture}/key`, cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/lectures/${ids.lecture}/hls/voice-board/index.m3u8`, cookie)).statusCode).toBe(404);
    }
    expect((await many.app.inject({ method: 'GET', url: `/api/lectures/${ids.lecture}/key`, headers: { host: B_HOST, cookie: bAdmin } })).statusCode).toBe(404);
    expect((await call('GET', `/api/lectures/${ids.lecture}/key`, '')).statusCode).toBe(401);
    expect((await call('GET', '/api/lectures/not-an-id/key', cookies.student)).statusCode).toBe(400);
  });

  it('is 404 for a lecture rendered before keys (it plays in clear)', async () => {
    const [old] = await t.database.db.insert(lectures).values({ batchId: ids.batch, date: '2026-10-01', title: 'Before keys', status: 'ready' }).returning({ id: lectures.id });
    expect((await call('GET', `/api/lectures/${old!.id}/key`, cookies.student)).statusCode).toBe(404);
    expect((await call('GET', `/api/lectures/${old!.id}`, cookies.student)).statusCode).toBe(200);
  });
});

describe('Settings → Lectures', () => {
  it('answers the defaults, the teachers and each batch’s storage to the admin only', async () => {
    const settings = await call('GET', '/api/admin/settings/lectures', cookies.admin);
    expect(settings.statusCode).toBe(200);
    const data = settings.json().data;
    expect(data).toMatchObject({ recorders: 'all-teachers', teacherIds: [], keepDays: null, offlineDays: 14 });
    expect(data.teachers.map((one: { _id: string }) => one._id)).toEqual(expect.arrayContaining([ids.teacher, ids.otherTeacher]));
    const [mine] = data.storage.filter((one: { batch: { _id: string } }) => one.batch._id === ids.batch);
    const [files] = await t.database.db.select({ bytes: lectureFiles.bytes }).from(lectureFiles).where(eq(lectureFiles.lectureId, ids.lecture));
    expect(files).toBeDefined();
    expect(mine.bytes).toBeGreaterThan(10_000);
    expect(data.totalBytes).toBe(data.storage.reduce((sum: number, one: { bytes: number }) => sum + one.bytes, 0));
    expect((await call('GET', '/api/admin/settings/lectures', cookies.teacher)).statusCode).toBe(403);
    expect((await call('GET', '/api/lectures/offline-policy', cookies.student)).json().data).toEqual({ offlineDays: 14 });
  });

  it('refuses bad input in words (400), in Marathi and Hindi too', async () => {
    const bad = await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'everyone', teacherIds: [], keepDays: 0, offlineDays: 400 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ recorders: LECTURE_SETTINGS_MESSAGES.recorders, keepDays: LECTURE_SETTINGS_MESSAGES.keepDays, offlineDays: LECTURE_SETTINGS_MESSAGES.offlineDays });
    const none = await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'chosen-teachers', teacherIds: [], keepDays: null, offlineDays: 7 });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.teacherIds).toBe(LECTURE_SETTINGS_MESSAGES.chooseTeacher);
    const stranger = await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'chosen-teachers', teacherIds: ['5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c'], keepDays: null, offlineDays: 7 });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors.teacherIds).toBe(LECTURE_SETTINGS_MESSAGES.teacherIds);
    expect(translateServerMessage(LECTURE_SETTINGS_MESSAGES.offlineDays, 'mr')).toBe('डाउनलोड 1 ते 365 पूर्ण दिवस ठेवा');
    expect(translateServerMessage(LECTURE_SETTINGS_MESSAGES.offlineDays, 'hi')).toBe('डाउनलोड 1 से 365 पूरे दिन रखें');
    expect((await call('PUT', '/api/admin/settings/lectures', cookies.teacher, { recorders: 'admin-only', teacherIds: [], keepDays: null, offlineDays: 7 })).statusCode).toBe(403);
  });

  it('who may record is enforced on adding a lecture: chosen teachers, then the admin only', async () => {
    const chosen = await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'chosen-teachers', teacherIds: [ids.otherTeacher], keepDays: null, offlineDays: 7 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ message: LECTURE_SETTINGS_MESSAGES.saved, data: { recorders: 'chosen-teachers', teacherIds: [ids.otherTeacher], offlineDays: 7 } });
    const refused = await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, { date: '2026-11-21', title: 'Waves' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(LECTURE_SETTINGS_MESSAGES.mayNotRecord);
    expect((await call('POST', `/api/batches/${ids.otherBatch}/lectures`, cookies.otherTeacher, { date: '2026-11-21', title: 'Waves' })).statusCode).toBe(201);
    // Another teacher's batch stays 404, whatever the choice.
    expect((await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.otherTeacher, { date: '2026-11-21', title: 'Waves' })).statusCode).toBe(404);
    await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'admin-only', teacherIds: [], keepDays: null, offlineDays: 7 });
    expect((await call('POST', `/api/batches/${ids.otherBatch}/lectures`, cookies.otherTeacher, { date: '2026-11-21', title: 'Waves' })).statusCode).toBe(403);
    expect((await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.admin, { date: '2026-11-21', title: 'Waves' })).statusCode).toBe(201);
    expect((await call('GET', '/api/lectures/offline-policy', cookies.parent)).json().data).toEqual({ offlineDays: 7 });
    await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'all-teachers', teacherIds: [], keepDays: null, offlineDays: 14 });
    expect((await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, { date: '2026-11-21', title: 'Waves' })).statusCode).toBe(201);
  });

  it('academy B sees its own settings, none of A’s lectures, storage or choices', async () => {
    await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'chosen-teachers', teacherIds: [ids.teacher], keepDays: 30, offlineDays: 3 });
    const b = await many.app.inject({ method: 'GET', url: '/api/admin/settings/lectures', headers: { host: B_HOST, cookie: bAdmin } });
    expect(b.statusCode).toBe(200);
    expect(b.json().data).toMatchObject({ recorders: 'all-teachers', teacherIds: [], keepDays: null, offlineDays: 14, storage: [], totalBytes: 0 });
    expect(b.json().data.teachers.map((one: { _id: string }) => one._id)).not.toContain(ids.teacher);
    const list = await many.app.inject({ method: 'GET', url: '/api/lectures', headers: { host: B_HOST, cookie: bAdmin } });
    expect(list.json().data).toEqual([]);
    expect((await many.app.inject({ method: 'GET', url: `/api/lectures/${ids.lecture}`, headers: { host: B_HOST, cookie: bAdmin } })).statusCode).toBe(404);
    await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'all-teachers', teacherIds: [], keepDays: null, offlineDays: 14 });
  });
});

describe('the daily removal', () => {
  it('does nothing while lectures are kept; then removes older lectures’ files, marks them removed and audits it', async () => {
    const now = new Date('2026-12-31T12:00:00Z');
    expect(await removeExpiredLectures(t.database.db, t.storage, now)).toBe(0);
    const before = await t.storage.usedBytes();
    expect(before).toBeGreaterThan(0);
    await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'all-teachers', teacherIds: [], keepDays: 30, offlineDays: 14 });
    const removed = await removeExpiredLectures(t.database.db, t.storage, now);
    expect(removed).toBeGreaterThan(3);
    const [row] = await t.database.db.select({ removedAt: lectures.filesRemovedAt, renditions: lectures.renditions, sealed: lectures.segmentKeySealed }).from(lectures).where(eq(lectures.id, ids.lecture));
    expect(row).toMatchObject({ removedAt: now, renditions: [], sealed: null });
    expect(await t.database.db.select().from(lectureFiles).where(eq(lectureFiles.lectureId, ids.lecture))).toEqual([]);
    expect(await t.storage.usedBytes()).toBeLessThan(before);
    const audits = await t.database.db.select({ summary: auditLog.summary }).from(auditLog).where(eq(auditLog.action, 'lecture.files_removed'));
    expect(audits.map((one) => one.summary)).toContain('Removed the files of the lecture "Optics" of 20-11-2026 (0.0 MB): lectures are kept 30 days'.replace('0.0', audits[0]!.summary.match(/\(([0-9.]+) MB\)/)![1]!));
    // The key and the files answer 404 now; the lecture itself is still listed.
    expect((await call('GET', `/api/lectures/${ids.lecture}/key`, cookies.student)).statusCode).toBe(404);
    expect((await call('GET', `/api/lectures/${ids.lecture}/hls/voice-board/index.m3u8`, cookies.student)).statusCode).toBe(404);
    // A second run finds nothing more.
    expect(await removeExpiredLectures(t.database.db, t.storage, now)).toBe(0);
    // Academy B's run removes none of A's (row-level security: it sees none of them).
    expect(await withAcademy(B_ACADEMY_ID, () => removeExpiredLectures(t.database.db, t.storage, now))).toBe(0);
  });
});
