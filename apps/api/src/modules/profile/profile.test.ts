import { describe, expect, it } from 'vitest';
import { shareTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStandard, buildStudent, buildSubject, buildTeacher, buildUser, loginAs, TEST_PASSWORD } from '../../../test/factories';
import { CHANGE_PASSWORD_RATE_LIMIT } from './profile.routes';

const t = shareTestApp();

const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe("a student's own profile", () => {
  it('shows the signed-in student their own profile, never another one', async () => {
    const db = t.database.db;
    const student = await buildStudent(db, { name: 'Rutuja More', phone: '+919822011111' });
    await buildStudent(db, { name: 'Someone Else' });
    const cookie = await loginAs(t.app, student.user.email);
    const response = await call('GET', '/student/profile', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ _id: student.id, name: 'Rutuja More', email: student.user.email, phone: '+919822011111', gender: null, address: null, status: 'active' });
    expect(response.json().data).not.toHaveProperty('batches');
  });

  it('lets the student change phone, address and picture only; any other field is refused naming it', async () => {
    const student = await buildStudent(t.database.db, { name: 'Tejas Kale' });
    const cookie = await loginAs(t.app, student.user.email);
    const saved = await call('PUT', '/student/profile', cookie, { phone: '7020034567', address: 'Barshi Road, Latur', avatarUrl: 'https://images.example.in/tejas.png' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Profile updated successfully',
      data: { phone: '+917020034567', address: 'Barshi Road, Latur', avatarUrl: 'https://images.example.in/tejas.png', name: 'Tejas Kale' },
    });
    // The session user (navbar) shows the new picture too.
    expect((await me(cookie)).json().data.avatarUrl).toBe('https://images.example.in/tejas.png');

    const refused = await call('PUT', '/student/profile', cookie, { phone: '7020034567', name: 'Hacker', status: 'active', standard: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      message: 'This field cannot be changed here',
      errors: { name: 'This field cannot be changed here', status: 'This field cannot be changed here', standard: 'This field cannot be changed here' },
    });
    for (const [payload, field, message] of [
      [{ phone: '12345' }, 'phone', /10-digit Indian mobile/],
      [{ avatarUrl: 'http://images.example.in/a.png' }, 'avatarUrl', /https:\/\//],
      [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl', /https:\/\//],
      [{ address: 'x'.repeat(301) }, 'address', /at most 300/],
    ] as const) {
      const response = await call('PUT', '/student/profile', cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toMatch(message);
    }
    const cleared = await call('PUT', '/student/profile', cookie, { phone: '', avatarUrl: null, address: '' });
    expect(cleared.json().data).toMatchObject({ phone: null, avatarUrl: null, address: null, name: 'Tejas Kale' });
  });

  it('answers the details: profile, standard with its subjects, and batches', async () => {
    const db = t.database.db;
    const [maths, physics] = [await buildSubject(db, { name: 'Maths', code: 'MX' }), await buildSubject(db, { name: 'Physics', code: 'PX' })];
    const standard = await buildStandard(db, { name: '12th Science', level: 12, subjectIds: [physics.id, maths.id] });
    const student = await buildStudent(db, { standardId: standard.id });
    const batch = await buildBatch(db, { name: '12th Physics', standardId: standard.id, subjectId: physics.id, studentIds: [student.id] });
    await buildBatch(db, { name: 'Not theirs' });
    const cookie = await loginAs(t.app, student.user.email);
    const response = await call('GET', '/student/details', cookie);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.profile._id).toBe(student.id);
    expect(data.standard).toEqual({ _id: standard.id, name: '12th Science', level: 12, subjects: [{ _id: maths.id, name: 'Maths', code: 'MX' }, { _id: physics.id, name: 'Physics', code: 'PX' }] });
    expect(data.batches.map((b: { _id: string }) => b._id)).toEqual([batch.id]);
    expect(data.batches[0]).toMatchObject({ subject: { name: 'Physics' }, schedule: { days: ['mon', 'wed', 'fri'] }, teacher: { name: expect.any(String) } });
  });

  it('answers a student without a standard with standard null', async () => {
    const student = await buildStudent(t.database.db, { standardId: null });
    const cookie = await loginAs(t.app, student.user.email);
    expect((await call('GET', '/student/details', cookie)).json().data).toMatchObject({ standard: null, batches: [] });
  });
});

describe('changing the own password', () => {
  for (const url of ['/student/password', '/auth/password']) {
    it(`${url}: checks the current password, keeps this session, ends the others`, async () => {
      const student = await buildStudent(t.database.db);
      const current = await loginAs(t.app, student.user.email);
      const other = await loginAs(t.app, student.user.email);

      const wrong = await call('PUT', url, current, { currentPassword: 'not-my-password', newPassword: 'a-better-secret-7' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ success: false, message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } });

      const cases: [object, string, RegExp][] = [
        [{ newPassword: 'a-better-secret-7' }, 'currentPassword', /Current password is required/],
        [{ currentPassword: TEST_PASSWORD }, 'newPassword', /Password is required/],
        [{ currentPassword: TEST_PASSWORD, newPassword: 'short' }, 'newPassword', /at least 8/],
        [{ currentPassword: TEST_PASSWORD, newPassword: 'qwertyuiop' }, 'newPassword', /too common/],
        [{ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, 'newPassword', /different from the current/],
      ];
      for (const [payload, field, message] of cases) {
        const response = await call('PUT', url, current, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().errors[field]).toMatch(message);
      }

      const changed = await call('PUT', url, current, { currentPassword: TEST_PASSWORD, newPassword: 'a-better-secret-7' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ success: true, message: 'Your password has been changed. Your other devices have been signed out.' });
      expect((await me(current)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect((await login(student.user.email, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(student.user.email, 'a-better-secret-7')).statusCode).toBe(200);
    });
  }

  it('works the same for admins and teachers at /auth/password', async () => {
    for (const role of ['admin', 'teacher'] as const) {
      const user = role === 'teacher' ? (await buildTeacher(t.database.db)).user : await buildUser(t.database.db, { role });
      const cookie = await loginAs(t.app, user.email);
      expect((await call('PUT', '/auth/password', cookie, { currentPassword: 'wrong-one-here', newPassword: 'a-better-secret-7' })).statusCode).toBe(400);
      expect((await call('PUT', '/auth/password', cookie, { currentPassword: TEST_PASSWORD, newPassword: 'a-better-secret-7' })).statusCode).toBe(200);
      expect((await login(user.email, 'a-better-secret-7')).statusCode).toBe(200);
    }
  });

  it(`slows guessing: after ${CHANGE_PASSWORD_RATE_LIMIT.max} attempts in 15 minutes the account gets 429`, async () => {
    const user = await buildUser(t.database.db, { role: 'admin' });
    const cookie = await loginAs(t.app, user.email);
    for (let attempt = 0; attempt < CHANGE_PASSWORD_RATE_LIMIT.max; attempt += 1) {
      expect((await call('PUT', '/auth/password', cookie, { currentPassword: `guess-${attempt}`, newPassword: 'a-better-secret-7' })).statusCode).toBe(400);
    }
    expect((await call('PUT', '/auth/password', cookie, { currentPassword: TEST_PASSWORD, newPassword: 'a-better-secret-7' })).statusCode).toBe(429);
    // Another account from the same address is not affected.
    const other = await buildUser(t.database.db, { role: 'admin' });
    const otherCookie = await loginAs(t.app, other.email);
    expect((await call('PUT', '/auth/password', otherCookie, { currentPassword: TEST_PASSWORD, newPassword: 'a-better-secret-7' })).statusCode).toBe(200);
  });
});

describe('the profile of admins and teachers', () => {
  it('shows an admin their account, and saves name and picture', async () => {
    const user = await buildUser(t.database.db, { role: 'admin', name: 'Office Admin' });
    const cookie = await loginAs(t.app, user.email);
    const response = await call('GET', '/auth/profile', cookie);
    expect(response.json()).toEqual({
      success: true,
      data: { _id: user.id, name: 'Office Admin', email: user.email, role: 'admin', avatarUrl: null, lastLoginAt: expect.any(String), teacher: null },
    });
    const saved = await call('PUT', '/auth/profile', cookie, { name: 'Principal', avatarUrl: 'https://images.example.in/p.png' });
    expect(saved.json()).toMatchObject({ message: 'Profile updated successfully', data: { name: 'Principal', avatarUrl: 'https://images.example.in/p.png' } });
    expect((await me(cookie)).json().data.name).toBe('Principal');
    const phone = await call('PUT', '/auth/profile', cookie, { phone: '9822012345' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors).toEqual({ phone: 'This field cannot be changed here' });
    const email = await call('PUT', '/auth/profile', cookie, { email: 'new@example.com', role: 'admin' });
    expect(email.json().errors).toEqual({ email: 'This field cannot be changed here', role: 'This field cannot be changed here' });
    expect((await call('PUT', '/auth/profile', cookie, { name: '' })).json().errors).toEqual({ name: 'Name is required' });
  });

  it('shows a teacher their teacher record and saves phone and address too', async () => {
    const subject = await buildSubject(t.database.db, { name: 'Biology', code: 'BIOX' });
    const teacher = await buildTeacher(t.database.db, { subjectIds: [subject.id] });
    const cookie = await loginAs(t.app, teacher.user.email);
    const response = await call('GET', '/auth/profile', cookie);
    expect(response.json().data.teacher).toEqual({
      _id: teacher.id,
      phone: null,
      address: '',
      qualification: 'M.Sc.',
      subjects: [{ _id: subject.id, name: 'Biology', code: 'BIOX' }],
      joiningDate: null,
      gender: null,
      status: 'active',
    });
    const saved = await call('PUT', '/auth/profile', cookie, { phone: '+919890023456', address: 'Latur' });
    expect(saved.json().data.teacher).toMatchObject({ phone: '+919890023456', address: 'Latur' });
    expect((await call('PUT', '/auth/profile', cookie, { qualification: 'PhD' })).statusCode).toBe(400);
  });
});
