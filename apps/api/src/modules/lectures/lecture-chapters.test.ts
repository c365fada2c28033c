import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LECTURE_CHAPTER_MESSAGES, LECTURE_MESSAGES } from '@academy/shared/schemas/lectures';
import { type TestApp } from '../../../test/build-test-app';
import { buildParent, buildTwoClasses, buildUser, loginAll } from '../../../test/factories';
import { buildAppPair, buildSecondAcademy, closeAppPair } from '../../../test/second-academy';
import { auditLog } from '../../db/schema';

/*
 * The chapters a lecture's teacher marks (issue 75, decision 097): `PUT /api/lectures/{id}/chapters` replaces
 * them (the admin, the batch's teacher), answered and read sorted by time by everyone who may play it; bad
 * input 400 in words; another teacher and academy B 404; students and parents 403; a visitor 401; a removed
 * lecture 409; audited.
 */

let t: TestApp;
let many: TestApp;
const cookies = { teacher: '', otherTeacher: '', student: '', otherStudent: '', parent: '', admin: '' };
const ids = { batch: '', lecture: '' };
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000e7';
const B_HOST = 'lecchapters-b.localhost';
let bAdmin = '';

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const put = (cookie: string, payload: object, id = ids.lecture) => call('PUT', `/api/lectures/${id}/chapters`, cookie, payload);

beforeAll(async () => {
  ({ t, many } = await buildAppPair());
  const db = t.database.db;
  const { teacher, otherTeacher, student, otherStudent, batch } = await buildTwoClasses(db);
  ids.batch = batch.id;
  const parent = await buildParent(db, { studentIds: [student.id] });
  const admin = await buildUser(db, { role: 'admin' });
  Object.assign(cookies, await loginAll(t.app, { teacher, otherTeacher, student, otherStudent, parent, admin }));
  ({ adminCookie: bAdmin } = await buildSecondAcademy(db, many, { id: B_ACADEMY_ID, slug: 'lecchapters-b' }));
  const created = await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, { date: '2026-11-21', title: 'Optics' });
  ids.lecture = created.json().data._id as string;
}, 60_000);
afterAll(() => closeAppPair(t, many));

describe('a lecture’s chapters', () => {
  it('are saved by its teacher as a whole, sorted by time, and read by its student and parent', async () => {
    expect((await call('GET', `/api/lectures/${ids.lecture}`, cookies.teacher)).json().data.chapters).toEqual([]);
    const saved = await put(cookies.teacher, { chapters: [{ t: 125, title: ' Refraction ' }, { t: 0, title: 'Reflection' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(LECTURE_CHAPTER_MESSAGES.saved);
    expect(saved.json().data.chapters).toEqual([{ t: 0, title: 'Reflection' }, { t: 125, title: 'Refraction' }]);
    for (const cookie of [cookies.student, cookies.parent, cookies.admin]) {
      expect((await call('GET', `/api/lectures/${ids.lecture}`, cookie)).json().data.chapters).toEqual([{ t: 0, title: 'Reflection' }, { t: 125, title: 'Refraction' }]);
    }
    expect((await call('GET', `/api/batches/${ids.batch}/lectures`, cookies.teacher)).json().data[0].chapters).toHaveLength(2);
    // The admin replaces them; an empty list clears them.
    expect((await put(cookies.admin, { chapters: [{ t: 30, title: 'Lenses' }] })).json().data.chapters).toEqual([{ t: 30, title: 'Lenses' }]);
    expect((await put(cookies.teacher, { chapters: [] })).json().data.chapters).toEqual([]);
    const audit = await t.database.db.select({ action: auditLog.action, summary: auditLog.summary }).from(auditLog).where(eq(auditLog.entityId, ids.lecture));
    expect(audit.filter((row) => row.action === 'lecture.chapters')).toHaveLength(3);
    expect(audit.map((row) => row.summary)).toContain('Marked 2 chapters in the lecture "Optics" of 21-11-2026');
  });

  it('refuse bad input in words (400), changing nothing', async () => {
    await put(cookies.teacher, { chapters: [{ t: 10, title: 'Kept' }] });
    const cases: [object, string][] = [
      [{ chapters: [{ t: -1, title: 'A' }] }, LECTURE_CHAPTER_MESSAGES.time],
      [{ chapters: [{ t: 1.5, title: 'A' }] }, LECTURE_CHAPTER_MESSAGES.time],
      [{ chapters: [{ t: 86_401, title: 'A' }] }, LECTURE_CHAPTER_MESSAGES.time],
      [{ chapters: [{ t: 5, title: '   ' }] }, LECTURE_CHAPTER_MESSAGES.title],
      [{ chapters: [{ t: 5, title: 'x'.repeat(81) }] }, LECTURE_CHAPTER_MESSAGES.title],
      [{ chapters: [{ t: 5, title: 'A' }, { t: 5, title: 'B' }] }, LECTURE_CHAPTER_MESSAGES.sameTime],
      [{ chapters: Array.from({ length: 51 }, (_, index) => ({ t: index, title: `C${index}` })) }, LECTURE_CHAPTER_MESSAGES.tooMany],
      [{ chapters: 'none' }, LECTURE_CHAPTER_MESSAGES.list],
    ];
    for (const [payload, message] of cases) {
      const refused = await put(cookies.teacher, payload);
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(message);
    }
    expect((await call('GET', `/api/lectures/${ids.lecture}`, cookies.teacher)).json().data.chapters).toEqual([{ t: 10, title: 'Kept' }]);
  });

  it('are the batch’s teacher’s and the admin’s: another teacher and academy B 404, students and parents 403, a visitor 401', async () => {
    const chapters = { chapters: [{ t: 1, title: 'Taken' }] };
    expect((await put(cookies.otherTeacher, chapters)).statusCode).toBe(404);
    expect((await put(cookies.student, chapters)).statusCode).toBe(403);
    expect((await put(cookies.parent, chapters)).statusCode).toBe(403);
    expect((await put(cookies.otherStudent, chapters)).statusCode).toBe(403);
    expect((await put('', chapters)).statusCode).toBe(401);
    const fromB = await many.app.inject({ method: 'PUT', url: `/api/lectures/${ids.lecture}/chapters`, headers: { host: B_HOST, cookie: bAdmin }, payload: chapters });
    expect(fromB.statusCode).toBe(404);
    expect((await call('GET', `/api/lectures/${ids.lecture}`, cookies.teacher)).json().data.chapters).toEqual([{ t: 10, title: 'Kept' }]);
  });

  it('of a removed lecture cannot change (409 in words)', async () => {
    const created = await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, { date: '2026-11-22', title: 'Gone' });
    const id = created.json().data._id as string;
    expect((await call('DELETE', `/api/lectures/${id}`, cookies.teacher)).statusCode).toBe(200);
    const refused = await put(cookies.teacher, { chapters: [{ t: 0, title: 'Late' }] }, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LECTURE_MESSAGES.removed);
  });
});
