import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, loginAll } from '../../../test/factories';
import { academyToday } from '../../academy-settings';
import { shiftDate } from '@academy/shared/calendar';

/*
 * The first screens' main actions as plain HTML (issue 74, decision 075): the teacher's attendance sheet
 * posted as a form, and the parent's Pay as a link to the child's pay page. Same rules as the API.
 */

let t: TestApp;
let today = '';
const cookies = { teacher: '', otherTeacher: '', parent: '', otherParent: '', marathiParent: '' };
const ids = { batch: '', a: '', b: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  today = await academyToday(db);
  const teacher = await buildTeacher(db, { name: 'Priya Kulkarni' });
  const otherTeacher = await buildTeacher(db, { name: 'Sandeep Deshmukh' });
  const a = await buildStudent(db, { name: 'Aarav Patil' });
  const b = await buildStudent(db, { name: 'Bhakti Shinde' });
  const batch = await buildBatch(db, { name: '10th Maths', teacherId: teacher.id, studentIds: [a.id, b.id], startDate: shiftDate(today, -30), endDate: shiftDate(today, 30) });
  const parent = await buildParent(db, { studentIds: [a.id] });
  const otherParent = await buildParent(db, { studentIds: [b.id] });
  const marathiParent = await buildParent(db, { studentIds: [a.id], language: 'mr' });
  Object.assign(ids, { batch: batch.id, a: a.id, b: b.id });
  Object.assign(cookies, await loginAll(t.app, { teacher, otherTeacher, parent, otherParent, marathiParent }));
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const postSheet = (cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/app/teacher/attendance/mark', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: form(fields) });
const statuses = async (date: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/attendance/${ids.batch}/${date}`, headers: { cookie: cookies.teacher } });
  return Object.fromEntries(response.json().data.students.map((student: { _id: string; status: string | null }) => [student._id, student.status]));
};

describe('POST /app/teacher/attendance/mark (the sheet as a plain form)', () => {
  it('saves the marks through the API route (audit entry included) and goes back to the sheet, saying so', async () => {
    const date = shiftDate(today, -1);
    const response = await postSheet(cookies.teacher, { batchId: ids.batch, date, [`status.${ids.a}`]: 'absent', [`status.${ids.b}`]: 'present', [`remark.${ids.a}`]: ' fever ' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/app/teacher/attendance/mark?batchId=${ids.batch}&date=${date}&saved=1`);
    expect(await statuses(date)).toEqual({ [ids.a]: 'absent', [ids.b]: 'present' });
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, ids.batch), eq(auditLog.entityType, 'attendance')));
    expect(entries.length).toBeGreaterThanOrEqual(1);
  });

  it('answers a refused sheet with the API’s message and status, saving nothing', async () => {
    const date = shiftDate(today, -2);
    const response = await postSheet(cookies.teacher, { batchId: ids.batch, date, [`status.${ids.a}`]: 'asleep', [`status.${ids.b}`]: 'present' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('role="alert"');
    expect(await statuses(date)).toEqual({ [ids.a]: null, [ids.b]: null });
  });

  it('is refused to another teacher (404, as the API route), to a parent (403), to a visitor (401) and from another site (403)', async () => {
    const date = shiftDate(today, -3);
    const fields = { batchId: ids.batch, date, [`status.${ids.a}`]: 'absent', [`status.${ids.b}`]: 'absent' };
    expect((await postSheet(cookies.otherTeacher, fields)).statusCode).toBe(404);
    expect((await postSheet(cookies.parent, fields)).statusCode).toBe(403);
    expect((await postSheet('', fields)).statusCode).toBe(401);
    expect((await postSheet(cookies.teacher, fields, { origin: 'https://elsewhere.example' })).statusCode).toBe(403);
    expect(await statuses(date)).toEqual({ [ids.a]: null, [ids.b]: null });
  });
});

describe('GET /app/parent/fees/pay/{studentId} (the Fees screen’s Pay as a link)', () => {
  it('leads a parent to their child’s pay page, in their language; another family’s child is 404, a teacher 403', async () => {
    const get = (cookie: string, studentId: string) => t.app.inject({ method: 'GET', url: `/app/parent/fees/pay/${studentId}`, headers: { cookie } });
    const own = await get(cookies.parent, ids.a);
    expect(own.statusCode).toBe(303);
    expect(own.headers.location).toMatch(/^\/pay\/[^/]+$/);
    const page = await t.app.inject({ method: 'GET', url: own.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Aarav Patil');
    expect((await get(cookies.marathiParent, ids.a)).headers.location).toMatch(/^\/mr\/pay\//);
    expect((await get(cookies.otherParent, ids.a)).statusCode).toBe(404);
    expect((await get(cookies.teacher, ids.a)).statusCode).toBe(403);
    expect((await get('', ids.a)).statusCode).toBe(401);
  });
});
