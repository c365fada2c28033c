import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LECTURE_MESSAGES } from '@academy/shared/schemas/lectures';
import { type TestApp } from '../../../test/build-test-app';
import { buildParent, buildTwoClasses, buildUser, loginAll } from '../../../test/factories';
import { buildAppPair, buildSecondAcademy, signInAt } from '../../../test/second-academy';
import { attendanceRecords, lectures, lectureViews } from '../../db/schema';
import { withAcademy } from '../../lib/tenancy';

/*
 * Who watched (issue 75, decision 082): the batch's enrolled student reports their own progress (only
 * growing figures, bad input in words, anyone else 404 or 403), the player resumes from it, a student's
 * list holds only their batches' ready lectures, and the batch's teacher and the admin see each student's
 * figures with the day's absent students first. Academy B never sees academy A's rows.
 */

let t: TestApp;
let many: TestApp;
const cookies = { teacher: '', otherTeacher: '', student: '', classmate: '', otherStudent: '', parent: '', admin: '' };
const ids = { batch: '', otherBatch: '', lecture: '', processing: '', otherLecture: '', student: '', classmate: '' };
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000b8';
const B_HOST = 'views-b.localhost';
let bAdmin = '';
let bStudent = '';

beforeAll(async () => {
  ({ t, many } = await buildAppPair());
  const db = t.database.db;
  const { teacher, otherTeacher, student, classmate, otherStudent, batch, otherBatch } = await buildTwoClasses(db);
  Object.assign(ids, { batch: batch.id, otherBatch: otherBatch.id, student: student.id, classmate: classmate.id });
  const parent = await buildParent(db, { studentIds: [student.id] });
  const admin = await buildUser(db, { role: 'admin' });
  Object.assign(cookies, await loginAll(t.app, { teacher, otherTeacher, student, classmate, otherStudent, parent, admin }));
  const insert = async (batchId: string, status: 'ready' | 'processing', title: string) =>
    (await db.insert(lectures).values({ batchId, date: '2026-11-27', title, status }).returning({ id: lectures.id }))[0]!.id;
  ids.lecture = await insert(batch.id, 'ready', 'Optics');
  ids.processing = await insert(batch.id, 'processing', 'Still being prepared');
  ids.otherLecture = await insert(otherBatch.id, 'ready', 'Another batch’s class');
  // Bhavesh (the classmate) missed the class; Asha was there.
  await db.insert(attendanceRecords).values([
    { batchId: batch.id, studentId: classmate.id, date: '2026-11-27', status: 'absent' },
    { batchId: batch.id, studentId: student.id, date: '2026-11-27', status: 'present' },
  ]);
  const b = await buildSecondAcademy(db, many, { id: B_ACADEMY_ID, slug: 'views-b', name: 'Views Academy' });
  bAdmin = b.adminCookie;
  bStudent = await signInAt(many, B_HOST, b.emails.student);
}, 60_000);
afterAll(async () => {
  await many?.close();
  await t?.close();
});

const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const report = (cookie: string, body: object, id = ids.lecture) => call('PUT', `/api/lectures/${id}/view`, cookie, body);

describe('a student’s list', () => {
  it('holds the ready lectures of their batches only; a parent sees their child’s', async () => {
    const mine = (await call('GET', '/api/lectures', cookies.student)).json().data as { _id: string; myView: unknown }[];
    expect(mine.map((one) => one._id)).toEqual([ids.lecture]);
    const child = (await call('GET', '/api/lectures', cookies.parent)).json().data as { _id: string }[];
    expect(child.map((one) => one._id)).toEqual([ids.lecture]);
    const other = (await call('GET', '/api/lectures', cookies.otherStudent)).json().data as { _id: string }[];
    expect(other.map((one) => one._id)).toEqual([ids.otherLecture]);
    expect((await call('GET', '/api/lectures', '')).statusCode).toBe(401);
  });
});

describe('the player’s progress', () => {
  it('is saved for the batch’s student, only grows, and the lecture answers it to resume', async () => {
    const first = await report(cookies.classmate, { position: 120, secondsWatched: 100 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ position: 120, secondsWatched: 100, furthest: 120 });
    // Back to the start to hear it again: the position follows, the figures do not shrink.
    const again = await report(cookies.classmate, { position: 30, secondsWatched: 90 });
    expect(again.json().data).toEqual({ position: 30, secondsWatched: 100, furthest: 120 });
    const read = (await call('GET', `/api/lectures/${ids.lecture}`, cookies.classmate)).json().data;
    expect(read.myView).toEqual({ position: 30, secondsWatched: 100 });
    expect((await call('GET', `/api/lectures/${ids.lecture}`, cookies.teacher)).json().data.myView).toBeNull();
  });

  it('refuses bad input in words', async () => {
    for (const body of [{}, { position: -1, secondsWatched: 1 }, { position: 1.5, secondsWatched: 1 }, { position: 1, secondsWatched: 90_000 }, { position: '12', secondsWatched: 1 }]) {
      const response = await report(cookies.student, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const bad = await report(cookies.student, { position: -1, secondsWatched: 90_000 });
    expect(bad.json().errors).toMatchObject({ position: LECTURE_MESSAGES.position, secondsWatched: LECTURE_MESSAGES.secondsWatched });
    expect((await call('PUT', '/api/lectures/not-an-id/view', cookies.student, { position: 1, secondsWatched: 1 })).statusCode).toBe(400);
  });

  it('answers 404 to another batch’s student, for a lecture not ready, and in another academy; 403 to staff and parents', async () => {
    expect((await report(cookies.otherStudent, { position: 5, secondsWatched: 5 })).statusCode).toBe(404);
    expect((await report(cookies.student, { position: 5, secondsWatched: 5 }, ids.processing)).statusCode).toBe(404);
    expect((await report(cookies.student, { position: 5, secondsWatched: 5 }, '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c')).statusCode).toBe(404);
    const inB = await many.app.inject({ method: 'PUT', url: `/api/lectures/${ids.lecture}/view`, headers: { host: B_HOST, cookie: bStudent }, payload: { position: 5, secondsWatched: 5 } });
    expect(inB.statusCode).toBe(404);
    for (const who of [cookies.parent, cookies.teacher, cookies.admin]) expect((await report(who, { position: 5, secondsWatched: 5 })).statusCode).toBe(403);
    expect((await report('', { position: 5, secondsWatched: 5 })).statusCode).toBe(401);
  });
});

describe('who watched', () => {
  it('lists the batch’s students with the day’s absent first, for its teacher and the admin', async () => {
    await report(cookies.student, { position: 10, secondsWatched: 10 });
    for (const who of [cookies.teacher, cookies.admin]) {
      const response = await call('GET', `/api/lectures/${ids.lecture}/views`, who);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json().data as { student: { _id: string; name: string }; absent: boolean; secondsWatched: number; furthest: number; lastWatchedAt: string | null }[];
      expect(rows.map((row) => [row.student.name, row.absent, row.secondsWatched, row.furthest])).toEqual([
        ['Bhavesh Kale', true, 100, 120],
        ['Asha Patil', false, 10, 10],
      ]);
      expect(rows[0]!.lastWatchedAt).not.toBeNull();
    }
  });

  it('answers 404 to another teacher, 403 to students and parents', async () => {
    expect((await call('GET', `/api/lectures/${ids.lecture}/views`, cookies.otherTeacher)).statusCode).toBe(404);
    expect((await call('GET', `/api/lectures/${ids.lecture}/views`, cookies.student)).statusCode).toBe(403);
    expect((await call('GET', `/api/lectures/${ids.lecture}/views`, cookies.parent)).statusCode).toBe(403);
  });

  it('stays academy A’s: academy B’s admin gets 404 and sees none of its rows', async () => {
    const response = await many.app.inject({ method: 'GET', url: `/api/lectures/${ids.lecture}/views`, headers: { host: B_HOST, cookie: bAdmin } });
    expect(response.statusCode).toBe(404);
    const rows = await withAcademy(B_ACADEMY_ID, () => t.database.db.select().from(lectureViews));
    expect(rows).toEqual([]);
    // The same query in academy A (the test app's own) finds both rows.
    expect((await t.database.db.select().from(lectureViews)).length).toBe(2);
  });
});
