import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendanceRecords, auditLog } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, loginAs, TEST_PASSWORD } from '../../../test/factories';
import { academyToday } from '../../academy-settings';

const t = shareSignedInTestApp({ adminName: 'Office Desk' });

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';
const call = (cookie: string, method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object) => call(t.adminCookie, method, url, payload);

describe('linking parents (the office)', () => {
  it('creates a parent for one child, links the same email to a sibling, and the parent signs in and sees both', async () => {
    const db = t.database.db;
    const elder = await buildStudent(db, { name: 'Aarav Patil' });
    const younger = await buildStudent(db, { name: 'Isha Patil' });
    const created = await asAdmin('POST', `/api/students/${elder.id}/parents`, { name: 'Sunita Patil', email: 'Sunita.Patil@Example.com', phone: '9822012345', relation: 'mother', password: 'a-good-long-password' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'Parent linked', data: { name: 'Sunita Patil', email: 'sunita.patil@example.com', phone: '+919822012345', relation: 'mother', passwordSet: true, children: [{ _id: elder.id, name: 'Aarav Patil' }] } });
    const parentId = created.json().data._id;

    // The same email again, for the sibling: the same parent, now with two children; the name sent does not rename them.
    const linked = await asAdmin('POST', `/api/students/${younger.id}/parents`, { name: 'S. Patil', email: 'sunita.patil@example.com', relation: 'mother' });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data).toMatchObject({ _id: parentId, name: 'Sunita Patil', children: [{ _id: elder.id }, { _id: younger.id }] });
    // Linking twice is harmless.
    expect((await asAdmin('POST', `/api/students/${younger.id}/parents`, { name: 'S. Patil', email: 'sunita.patil@example.com' })).statusCode).toBe(200);

    expect((await asAdmin('GET', `/api/students/${younger.id}/parents`)).json().data.map((p: { _id: string }) => p._id)).toEqual([parentId]);
    const list = await asAdmin('GET', '/api/parents?search=sunita');
    expect(list.json().data).toMatchObject({ parents: [{ _id: parentId, children: [{ name: 'Aarav Patil' }, { name: 'Isha Patil' }] }], pagination: { page: 1, total: 1 } });

    const parentCookie = await loginAs(t.app, 'sunita.patil@example.com', 'a-good-long-password');
    const me = await call(parentCookie, 'GET', '/api/auth/me');
    expect(me.json().data).toMatchObject({ role: 'parent' });
    const children = await call(parentCookie, 'GET', '/api/parent/children');
    expect(children.json().data.map((c: { name: string }) => c.name)).toEqual(['Aarav Patil', 'Isha Patil']);

    const audit = await db.select().from(auditLog).where(and(eq(auditLog.entityType, 'parent'), eq(auditLog.entityId, parentId)));
    expect(audit.map((row) => row.action).sort()).toEqual(['create', 'link']);
  });

  it('mails a set-password link to a new parent without a password, in their language', async () => {
    const child = await buildStudent(t.database.db);
    const created = await asAdmin('POST', `/api/students/${child.id}/parents`, { name: 'Ramesh Kale', email: 'ramesh.kale@example.com', relation: 'father', language: 'mr' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'Parent linked. A set-password link was emailed to them', data: { passwordSet: false, language: 'mr' } });
    const mail = await t.latestMailTo('ramesh.kale@example.com');
    expect(mail?.text).toContain('/reset-password/');
  });

  it('refuses an email of a staff or student account, bad input and an unknown student, and saves nothing', async () => {
    const db = t.database.db;
    const child = await buildStudent(db);
    const teacher = await buildTeacher(db);
    const taken = await asAdmin('POST', `/api/students/${child.id}/parents`, { name: 'Someone', email: teacher.user.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'This email belongs to an account that is not a parent' });
    const bad = await asAdmin('POST', `/api/students/${child.id}/parents`, { name: '', email: 'not-an-email', relation: 'uncle', phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'phone', 'relation']);
    const unknown = await asAdmin('POST', '/api/students/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c/parents', { name: 'Nobody', email: 'nobody.parent@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/parents?search=nobody.parent')).json().data.parents).toEqual([]);
    expect((await asAdmin('GET', `/api/students/${child.id}/parents`)).json().data).toEqual([]);
  });

  it('unlinks a parent from one child; they keep their account and their other child', async () => {
    const db = t.database.db;
    const first = await buildStudent(db);
    const second = await buildStudent(db);
    const parent = await buildParent(db, { studentIds: [first.id, second.id] });
    const cookie = await loginAs(t.app, parent.user.email);
    const removed = await asAdmin('DELETE', `/api/students/${first.id}/parents/${parent.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Parent unlinked');
    expect((await asAdmin('DELETE', `/api/students/${first.id}/parents/${parent.id}`)).statusCode).toBe(404);
    // The session's children come from the link table on every request: the unlinked child is gone at once.
    expect((await call(cookie, 'GET', '/api/parent/children')).json().data.map((c: { _id: string }) => c._id)).toEqual([second.id]);
    expect((await call(cookie, 'GET', `/api/parent/children/${first.id}/attendance`)).statusCode).toBe(404);
  });
});

describe("the parent's area", () => {
  it("shows a child's attendance in the student's own shape, and never another family's child", async () => {
    const db = t.database.db;
    const today = await academyToday(db);
    const child = await buildStudent(db, { name: 'Meera Joshi' });
    const stranger = await buildStudent(db, { name: 'Not Mine' });
    const batch = await buildBatch(db, { name: 'Maths 8 B', studentIds: [child.id, stranger.id] });
    await db.insert(attendanceRecords).values([
      { batchId: batch.id, studentId: child.id, date: today, status: 'absent' },
      { batchId: batch.id, studentId: stranger.id, date: today, status: 'present' },
    ]);
    const parent = await buildParent(db, { studentIds: [child.id] });
    const cookie = await loginAs(t.app, parent.user.email, TEST_PASSWORD);

    const attendance = await call(cookie, 'GET', `/api/parent/children/${child.id}/attendance`);
    expect(attendance.statusCode).toBe(200);
    expect(attendance.json().data).toMatchObject({ student: { _id: child.id, name: 'Meera Joshi' }, records: [{ date: today, status: 'absent', batch: { name: 'Maths 8 B' } }], statistics: { absent: 1 } });
    const [childRow] = (await call(cookie, 'GET', '/api/parent/children')).json().data;
    expect(childRow).toMatchObject({ _id: child.id, batches: [{ _id: batch.id, name: 'Maths 8 B' }] });

    // Another family's child, a missing id and staff routes.
    expect((await call(cookie, 'GET', `/api/parent/children/${stranger.id}/attendance`)).json()).toMatchObject({ success: false, message: 'Child not found' });
    expect((await call(cookie, 'GET', `/api/parent/children/${stranger.id}/attendance`)).statusCode).toBe(404);
    expect((await call(cookie, 'GET', `/api/notes/student/${stranger.id}`)).statusCode).toBe(404);
    expect((await call(cookie, 'GET', `/api/students/${child.id}`)).statusCode).toBe(403);
    expect((await call(cookie, 'GET', '/api/student/attendance')).statusCode).toBe(403);
    expect((await call(cookie, 'GET', '/api/admin/absent-today')).statusCode).toBe(403);
  });

  it('reads announcements meant for parents and for their children\'s batches only', async () => {
    const db = t.database.db;
    const child = await buildStudent(db);
    const other = await buildStudent(db);
    const batch = await buildBatch(db, { studentIds: [child.id] });
    const otherBatch = await buildBatch(db, { studentIds: [other.id] });
    const parent = await buildParent(db, { studentIds: [child.id] });
    const cookie = await loginAs(t.app, parent.user.email);
    const today = await academyToday(db);
    const post = async (title: string, audience: string, batches: string[] = []) => {
      const response = await asAdmin('POST', '/api/announcements', { title, content: 'x', type: 'general', priority: 'low', audience, batches, startDate: today, endDate: today });
      expect(response.statusCode).toBe(201);
    };
    await post('P-for parents', 'parents');
    await post('P-for students', 'students');
    await post('P-for teachers', 'teachers');
    await post('P-for the batch', 'everyone', [batch.id]);
    await post('P-for another batch', 'parents', [otherBatch.id]);
    const listed: { title: string }[] = (await call(cookie, 'GET', '/api/announcements')).json().data.announcements;
    const mine = listed.map((a) => a.title).filter((title) => title.startsWith('P-')).sort();
    expect(mine).toEqual(['P-for parents', 'P-for the batch']);
  });
});
