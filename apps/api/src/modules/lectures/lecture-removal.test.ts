import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LECTURE_MESSAGES } from '@academy/shared/schemas/lectures';
import { type TestApp } from '../../../test/build-test-app';
import { signInTwoClassesWithFamilies } from '../../../test/factories';
import { buildAppPair, buildSecondAcademy, closeAppPair } from '../../../test/second-academy';
import { multipart } from '../../../test/multipart';
import { ffmpeg } from '../../../test/media';
import { auditLog, lectureFiles, lectures } from '../../db/schema';

/*
 * A lecture removed by its teacher or the admin (decision 091): its files and key go; the batch's student
 * and parent who open it are told "This lecture was removed" (200, `removedAt`), the list no longer has it;
 * another batch's student and parent, another teacher and another academy still get 404, exactly as for
 * a lecture that never was; a student or parent may not remove (403); a visitor 401.
 */

let t: TestApp;
let many: TestApp;
const cookies = { teacher: '', otherTeacher: '', student: '', otherStudent: '', parent: '', otherParent: '', admin: '' };
const ids = { batch: '', lecture: '', second: '' };
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000d9';
const B_HOST = 'lecremove-b.localhost';
let bAdmin = '';
let work: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function readyLecture(title: string): Promise<string> {
  const created = await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, { date: '2026-11-20', title });
  const id = created.json().data._id as string;
  const body = multipart({ file: { filename: 'voice.m4a', content: fs.readFileSync(path.join(work, 'voice.m4a')), contentType: 'audio/mp4' } });
  const uploaded = await t.app.inject({ method: 'POST', url: `/api/lectures/${id}/file`, payload: body.payload, headers: { ...body.headers, cookie: cookies.teacher } });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  while ((await t.app.jobs.runDue()) > 0);
  return id;
}

beforeAll(async () => {
  ({ t, many } = await buildAppPair());
  const db = t.database.db;
  const { batch, cookies: signedIn } = await signInTwoClassesWithFamilies(t.app, db);
  ids.batch = batch.id;
  Object.assign(cookies, signedIn);
  ({ adminCookie: bAdmin } = await buildSecondAcademy(db, many, { id: B_ACADEMY_ID, slug: 'lecremove-b' }));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lecremove-'));
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=300:duration=6', '-c:a', 'aac', path.join(work, 'voice.m4a'));
  ids.lecture = await readyLecture('Optics');
  ids.second = await readyLecture('Waves');
}, 120_000);
afterAll(() => closeAppPair(t, many, work));

describe('removing a lecture', () => {
  it('is refused to students and parents (403), another teacher and another academy (404), a visitor (401)', async () => {
    expect((await call('DELETE', `/api/lectures/${ids.lecture}`, cookies.student)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/lectures/${ids.lecture}`, cookies.parent)).statusCode).toBe(403);
    const other = await call('DELETE', `/api/lectures/${ids.lecture}`, cookies.otherTeacher);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(LECTURE_MESSAGES.notFound);
    expect((await call('DELETE', `/api/lectures/${ids.lecture}`, '')).statusCode).toBe(401);
    const fromB = await many.app.inject({ method: 'DELETE', url: `/api/lectures/${ids.lecture}`, headers: { host: B_HOST, cookie: bAdmin } });
    expect(fromB.statusCode).toBe(404);
    expect((await call('GET', `/api/lectures/${ids.lecture}`, cookies.student)).json().data.removedAt).toBeNull();
  });

  it('by its teacher: files and key gone, audited; its readers are told it was removed, everyone else still 404', async () => {
    const removed = await call('DELETE', `/api/lectures/${ids.lecture}`, cookies.teacher);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(LECTURE_MESSAGES.removedDone);
    expect(removed.json().data.removedAt).toEqual(expect.any(String));
    expect(removed.json().data.renditions).toEqual([]);
    const db = t.database.db;
    expect(await db.select().from(lectureFiles).where(eq(lectureFiles.lectureId, ids.lecture))).toEqual([]);
    const [row] = await db.select({ key: lectures.segmentKeySealed, source: lectures.sourceKey }).from(lectures).where(eq(lectures.id, ids.lecture));
    expect(row).toEqual({ key: null, source: null });
    const audit = await db.select({ summary: auditLog.summary }).from(auditLog).where(eq(auditLog.action, 'lecture.remove'));
    expect(audit.map((one) => one.summary)).toContain('Removed lecture "Optics" of ' + (await call('GET', `/api/lectures/${ids.lecture}`, cookies.admin)).json().data.batch.name + ' for 20-11-2026');

    // The batch's student and parent: the lecture, marked removed (the screen says so), not in their list.
    for (const cookie of [cookies.student, cookies.parent]) {
      const opened = await call('GET', `/api/lectures/${ids.lecture}`, cookie);
      expect(opened.statusCode).toBe(200);
      expect(opened.json().data.removedAt).toEqual(expect.any(String));
      const list = (await call('GET', '/api/lectures', cookie)).json().data as { _id: string }[];
      expect(list.map((one) => one._id)).toEqual([ids.second]);
      expect((await call('GET', `/api/lectures/${ids.lecture}/hls/voice-board/index.m3u8`, cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/lectures/${ids.lecture}/key`, cookie)).statusCode).toBe(404);
    }
    // Another batch's student and parent, another teacher, another academy: 404 as for a lecture that never was.
    const unknown = await call('GET', '/api/lectures/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c', cookies.otherStudent);
    for (const cookie of [cookies.otherStudent, cookies.otherParent, cookies.otherTeacher]) {
      const opened = await call('GET', `/api/lectures/${ids.lecture}`, cookie);
      expect(opened.statusCode).toBe(404);
      expect(opened.body).toBe(unknown.body);
    }
    const fromB = await many.app.inject({ method: 'GET', url: `/api/lectures/${ids.lecture}`, headers: { host: B_HOST, cookie: bAdmin } });
    expect(fromB.statusCode).toBe(404);
    // The teacher's batch list keeps it, marked removed, with nothing left to upload.
    const batchList = (await call('GET', `/api/batches/${ids.batch}/lectures`, cookies.teacher)).json().data as { _id: string; removedAt: string | null; canUpload: boolean }[];
    expect(batchList.find((one) => one._id === ids.lecture)).toMatchObject({ removedAt: expect.any(String), canUpload: false });
    // Removing it again answers the same.
    expect((await call('DELETE', `/api/lectures/${ids.lecture}`, cookies.admin)).statusCode).toBe(200);
  });

  it('waits while the lecture is being prepared (409 in words)', async () => {
    await t.database.db.update(lectures).set({ status: 'processing' }).where(eq(lectures.id, ids.second));
    const refused = await call('DELETE', `/api/lectures/${ids.second}`, cookies.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LECTURE_MESSAGES.removeWhileProcessing);
    await t.database.db.update(lectures).set({ status: 'ready' }).where(eq(lectures.id, ids.second));
  });
});
