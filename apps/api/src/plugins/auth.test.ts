import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildUser, loginAs } from '../../test/factories';
import { requireOwnership, requireRole } from './auth';

let t: TestApp;
const cookies: Record<'admin' | 'teacher' | 'student' | 'otherStudent', string> = { admin: '', teacher: '', student: '', otherStudent: '' };
let studentId = '';

beforeAll(async () => {
  t = await buildTestApp();
  // A route owned by one student, to prove the reusable ownership guard.
  t.app.get(
    '/api/test/students/:id/secret',
    { preHandler: [requireRole('admin', 'student'), requireOwnership(async (request, user) => (request.params as { id: string }).id === user.id)] },
    async () => ({ success: true, data: 'secret' }),
  );
  const db = t.database.db;
  const [admin, teacher, student, otherStudent] = await Promise.all([
    buildUser(db, { role: 'admin' }),
    buildUser(db, { role: 'teacher' }),
    buildUser(db, { role: 'student' }),
    buildUser(db, { role: 'student' }),
  ]);
  studentId = student.id;
  cookies.admin = await loginAs(t.app, admin.email);
  cookies.teacher = await loginAs(t.app, teacher.email);
  cookies.student = await loginAs(t.app, student.email);
  cookies.otherStudent = await loginAs(t.app, otherStudent.email);
});
afterAll(() => t.close());

describe('role guard on an admin-only route (GET /api/admin/dashboard/summary)', () => {
  const summary = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/admin/dashboard/summary', headers: cookie ? { cookie } : {} });

  it('answers 401 to a visitor', async () => {
    const response = await summary();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Please sign in to continue' });
  });

  it('answers 403 to a teacher and to a student', async () => {
    for (const cookie of [cookies.teacher, cookies.student]) {
      const response = await summary(cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'You do not have permission to do this' });
    }
  });

  it('answers the counts to an admin', async () => {
    const response = await summary(cookies.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.counts).toEqual({ activeStudents: 0, teachers: 0, batches: 0, subjects: 0, standards: 0, newRegistrations: 0, activeAnnouncements: 0 });
  });
});

describe('ownership guard', () => {
  const secret = (id: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/test/students/${id}/secret`, headers: { cookie } });

  it('lets the owner and an admin through', async () => {
    expect((await secret(studentId, cookies.student)).statusCode).toBe(200);
    expect((await secret(studentId, cookies.admin)).statusCode).toBe(200);
  });

  it('answers 404 to another student and 403 to a role that is not allowed at all', async () => {
    expect((await secret(studentId, cookies.otherStudent)).statusCode).toBe(404);
    expect((await secret(studentId, cookies.teacher)).statusCode).toBe(403);
  });
});
