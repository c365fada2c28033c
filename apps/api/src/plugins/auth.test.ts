import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildStudent, buildTeacher, buildUser, loginAs } from '../../test/factories';
import { findSessionByToken } from '../modules/auth/session.service';

let t: TestApp;
const cookies: Record<'admin' | 'teacher' | 'student', string> = { admin: '', teacher: '', student: '' };
const ids = { admin: '', teacherUser: '', teacher: '', studentUser: '', student: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const [admin, teacher, student] = await Promise.all([buildUser(db, { role: 'admin' }), buildTeacher(db), buildStudent(db)]);
  Object.assign(ids, { admin: admin.id, teacherUser: teacher.user.id, teacher: teacher.id, studentUser: student.user.id, student: student.id });
  cookies.admin = await loginAs(t.app, admin.email);
  cookies.teacher = await loginAs(t.app, teacher.user.email);
  cookies.student = await loginAs(t.app, student.user.email);
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
    expect(response.json().data.counts.activeStudents).toBe(1);
  });
});

describe('the actor, resolved with the session', () => {
  const tokenOf = (cookie: string) => cookie.split('=')[1]!;

  it('carries the teacher or student record of the account, from the one session lookup', async () => {
    const db = t.database.db;
    expect((await findSessionByToken(db, tokenOf(cookies.admin)))?.actor).toEqual({ userId: ids.admin, role: 'admin' });
    expect((await findSessionByToken(db, tokenOf(cookies.teacher)))?.actor).toEqual({ userId: ids.teacherUser, role: 'teacher', teacherId: ids.teacher });
    expect((await findSessionByToken(db, tokenOf(cookies.student)))?.actor).toEqual({ userId: ids.studentUser, role: 'student', studentId: ids.student });
  });

  it('refuses to start an app with a route that has no access rule', async () => {
    const { registerAccessRules } = await import('../access/http');
    const Fastify = (await import('fastify')).default;
    const app = Fastify();
    const withRoute = app.register(
      async (api) => {
        registerAccessRules(api);
        api.get('/no-rule-here', async () => 'x');
      },
      { prefix: '/api' },
    );
    await expect(withRoute).rejects.toThrow('No access rule for GET /api/no-rule-here: add it to apps/api/src/access/');
    await app.close();
  });
});

describe("an ended session's cookie", () => {
  it('answers 401 and leaves the cookie alone: a newer sign-in in the same browser keeps its own', async () => {
    const user = await buildUser(t.database.db, { role: 'admin' });
    const ended = await loginAs(t.app, user.email);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: ended } })).statusCode).toBeLessThan(300);
    // A request the page sent with the old cookie, answered after the browser signed in again.
    const late = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: ended } });
    expect(late.statusCode).toBe(401);
    expect(late.headers['set-cookie']).toBeUndefined();
  });
});
