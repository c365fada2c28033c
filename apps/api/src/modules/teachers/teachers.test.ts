import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { passwordResetTokens, sessions, teachers, teacherSubjects, users } from '../../db/schema';
import { apiCaller, expectCreatedReply, shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStandard, buildStudent, buildSubject, buildTeacher, buildUser, loginAs, TEST_PASSWORD } from '../../../test/factories';

const t = shareSignedInTestApp();

const call = apiCaller(t);
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const UNKNOWN = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';

describe('creating teachers', () => {
  it('creates the teacher and an account usable at once when the admin gives a password', async () => {
    const maths = await buildSubject(t.database.db, { name: 'Mathematics', code: 'MATHS' });
    const response = await call('POST', '/teachers', {
      name: 'Priya Kulkarni',
      email: 'Priya.K@Example.com',
      password: 'latur-maths-2026',
      phone: '9822012345',
      qualification: 'M.Sc. Mathematics, B.Ed.',
      subjects: [maths.id],
      joiningDate: '2022-06-01',
      address: 'Shivaji Chowk, Latur',
      gender: 'female',
      status: 'active',
    });
    expectCreatedReply(response, 'Teacher created successfully', {
      _id: expect.any(String),
      name: 'Priya Kulkarni',
      email: 'priya.k@example.com',
      avatarUrl: null,
      phone: '+919822012345',
      qualification: 'M.Sc. Mathematics, B.Ed.',
      subjects: [{ _id: maths.id, name: 'Mathematics', code: 'MATHS' }],
      joiningDate: '2022-06-01',
      address: 'Shivaji Chowk, Latur',
      gender: 'female',
      status: 'active',
      batchCount: 0,
      passwordSet: true,
      lastLoginAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(response.body).not.toMatch(/latur-maths-2026|passwordHash|argon/);
    const signIn = await login('priya.k@example.com', 'latur-maths-2026');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.role).toBe('teacher');
    expect(await t.mailsTo('priya.k@example.com')).toHaveLength(0);
  });

  it('needs only name and email; without a password it mails a 7-day set-your-password link', async () => {
    const response = await call('POST', '/teachers', { name: 'Anjali <Jadhav>', email: 'anjali@example.com', phone: '', gender: null, subjects: [] });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Teacher created successfully. We have mailed them a link to set their password.');
    expect(response.json().data).toMatchObject({ phone: null, qualification: '', address: '', gender: null, joiningDate: null, status: 'active', passwordSet: false });
    // No password yet: nothing signs in.
    expect((await login('anjali@example.com', 'anything-at-all')).statusCode).toBe(401);

    const mail = (await t.latestMailTo('anjali@example.com'))!;
    expect(mail.subject).toBe('Welcome to Shree Academy, Latur: set your password');
    expect(mail.text).toContain('Hello Anjali <Jadhav>,');
    expect(mail.text).toContain('as a teacher');
    expect(mail.text).toContain('7 days');
    expect(mail.html).toContain('Anjali &lt;Jadhav&gt;');
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;

    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .innerJoin(users, and(eq(users.id, passwordResetTokens.userId), eq(users.academyId, passwordResetTokens.academyId)))
      .where(eq(users.email, 'anjali@example.com'));
    expect(stored!.password_reset_tokens.purpose).toBe('welcome');
    const days = (stored!.password_reset_tokens.expiresAt.getTime() - stored!.password_reset_tokens.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);

    const validate = await t.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` });
    expect(validate.json()).toEqual({ success: true, data: { email: 'a***@example.com', purpose: 'welcome' } });
    const set = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'my-own-choice-42' } });
    expect(set.statusCode).toBe(200);
    // Issue 73: the invitation's first password signs the teacher in, no second typing.
    expect(set.json().data).toMatchObject({ email: 'anjali@example.com', role: 'teacher' });
    const cookie = set.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().data.role).toBe('teacher');
    expect((await login('anjali@example.com', 'my-own-choice-42')).statusCode).toBe(200);
    expect((await call('GET', `/teachers/${response.json().data._id}`)).json().data.passwordSet).toBe(true);
  });

  it('keeps emails unique across every account, in any case (409 naming email)', async () => {
    const student = await buildUser(t.database.db, { role: 'student', email: 'shared.family@example.com' });
    const response = await call('POST', '/teachers', { name: 'Someone', email: 'SHARED.family@example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'A user with the email shared.family@example.com already exists', errors: { email: 'This email is already in use' } });
    expect(await t.database.db.select().from(users).where(eq(sql`lower(${users.email})`, student.email))).toHaveLength(1);
  });

  it('writes user, teacher and subjects in one transaction: an unknown subject leaves nothing behind', async () => {
    const real = await buildSubject(t.database.db);
    const response = await call('POST', '/teachers', { name: 'Half Saved', email: 'half.saved@example.com', password: 'a-good-password-1', subjects: [real.id, UNKNOWN] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'One or more of the chosen subjects do not exist', errors: { subjects: 'Choose subjects from the list' } });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'half.saved@example.com'))).toHaveLength(0);
    expect(await t.mailsTo('half.saved@example.com')).toHaveLength(0);
    // The same email works once the mistake is fixed.
    expect((await call('POST', '/teachers', { name: 'Half Saved', email: 'half.saved@example.com', subjects: [real.id] })).statusCode).toBe(201);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [object, string, RegExp][] = [
      [{ email: 'x@example.com' }, 'name', /Name is required/],
      [{ name: 'A' }, 'email', /Email is required/],
      [{ name: 'A', email: 'not-an-email' }, 'email', /valid email/],
      [{ name: 'A', email: 'a1@example.com', password: 'short' }, 'password', /at least 8/],
      [{ name: 'A', email: 'a1@example.com', password: 'password123' }, 'password', /too common/],
      [{ name: 'A', email: 'a1@example.com', phone: '12345' }, 'phone', /10-digit Indian mobile/],
      [{ name: 'A', email: 'a1@example.com', phone: '+1 2025550123' }, 'phone', /10-digit Indian mobile/],
      [{ name: 'A', email: 'a1@example.com', joiningDate: '2023-02-30' }, 'joiningDate', /YYYY-MM-DD/],
      [{ name: 'A', email: 'a1@example.com', gender: 'unknown' }, 'gender', /male, female or other/],
      [{ name: 'A', email: 'a1@example.com', status: 'retired' }, 'status', /active, inactive or on_leave/],
      [{ name: 'A', email: 'a1@example.com', subjects: ['x'] }, 'subjects.0', /Choose subjects/],
      [{ name: 'A', email: 'a1@example.com', qualification: 'q'.repeat(201) }, 'qualification', /at most 200/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/teachers', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(response.json())).toMatch(message);
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, 'a1@example.com'))).toHaveLength(0);
  });
});

describe('reading teachers', () => {
  it('lists teachers by name with their subjects, searchable and filterable', async () => {
    const db = t.database.db;
    const chem = await buildSubject(db, { name: 'Chemistry', code: 'CHEMX' });
    await buildTeacher(db, { name: 'Zoya Shaikh', email: 'zoya@example.com', subjectIds: [chem.id], phone: '+919890023456' });
    await buildTeacher(db, { name: 'Mahesh More', status: 'on_leave' });
    const all = await call('GET', '/teachers');
    expect(all.statusCode).toBe(200);
    const names = all.json().data.map((teacher: { name: string }) => teacher.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const search = async (query: string) => {
      const response = await call('GET', `/teachers?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((teacher: { name: string }) => teacher.name);
    };
    expect(await search('search=zoya')).toEqual(['Zoya Shaikh']);
    expect(await search('search=ZOYA%40EXAMPLE')).toEqual(['Zoya Shaikh']);
    expect(await search('search=98900')).toEqual(['Zoya Shaikh']);
    expect(await search(`subjectId=${chem.id}`)).toEqual(['Zoya Shaikh']);
    expect(await search('status=on_leave')).toEqual(['Mahesh More']);
    expect(await search('search=100%25')).toEqual([]);
    expect((await call('GET', '/teachers?status=gone')).statusCode).toBe(400);
    expect((await call('GET', '/teachers?search=&status=&subjectId=')).statusCode).toBe(200);
  });

  it('lets a teacher read their own record (by id or "me"); another teacher\'s is 404 (they may not know it exists)', async () => {
    const db = t.database.db;
    const own = await buildTeacher(db, { name: 'Own Teacher' });
    const other = await buildTeacher(db);
    const cookie = await loginAs(t.app, own.user.email);
    expect((await call('GET', `/teachers/${own.id}`, undefined, cookie)).json().data.name).toBe('Own Teacher');
    expect((await call('GET', '/teachers/me', undefined, cookie)).json().data._id).toBe(own.id);
    const denied = await call('GET', `/teachers/${other.id}`, undefined, cookie);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().message).toBe('Teacher not found');
    expect((await call('GET', `/teachers/${UNKNOWN}`, undefined, cookie)).statusCode).toBe(404);
    expect((await call('GET', `/teachers/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await call('GET', '/teachers/me')).statusCode).toBe(404);
    expect((await call('GET', '/teachers/nope')).statusCode).toBe(400);
  });
});

describe('updating teachers', () => {
  it('changes only the fields sent, replaces subjects, and keeps emails unique', async () => {
    const db = t.database.db;
    const [a, b] = [await buildSubject(db), await buildSubject(db)];
    const teacher = await buildTeacher(db, { name: 'Old Name', subjectIds: [a.id], phone: '+919822000001' });
    const response = await call('PUT', `/teachers/${teacher.id}`, { name: 'New Name', subjects: [b.id], qualification: 'Ph.D.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Teacher updated successfully',
      data: { name: 'New Name', subjects: [{ _id: b.id }], qualification: 'Ph.D.', phone: '+919822000001', email: teacher.user.email },
    });
    const cleared = await call('PUT', `/teachers/${teacher.id}`, { phone: '', address: null });
    expect(cleared.json().data).toMatchObject({ phone: null, address: '', name: 'New Name' });

    const taken = await buildUser(db, { email: 'taken@example.com' });
    const clash = await call('PUT', `/teachers/${teacher.id}`, { email: 'Taken@example.com' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ email: 'This email is already in use' });
    // Its own email, in another case, is fine.
    expect((await call('PUT', `/teachers/${teacher.id}`, { email: teacher.user.email.toUpperCase() })).statusCode).toBe(200);
    expect(taken.id).toBeDefined();
    const unknownSubject = await call('PUT', `/teachers/${teacher.id}`, { name: 'Should Not Stick', subjects: [UNKNOWN] });
    expect(unknownSubject.statusCode).toBe(400);
    expect((await call('GET', `/teachers/${teacher.id}`)).json().data).toMatchObject({ name: 'New Name', subjects: [{ _id: b.id }] });
    expect((await call('PUT', `/teachers/${UNKNOWN}`, { name: 'X' })).statusCode).toBe(404);
  });

  it('deactivating ends the sessions and blocks sign-in; reactivating (or on_leave) lets them in again', async () => {
    const teacher = await buildTeacher(t.database.db);
    const cookie = await loginAs(t.app, teacher.user.email);
    const off = await call('PUT', `/teachers/${teacher.id}`, { status: 'inactive' });
    expect(off.json().data.status).toBe('inactive');
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, teacher.user.id))).toHaveLength(0);
    const refused = await login(teacher.user.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/disabled/);

    await call('PUT', `/teachers/${teacher.id}`, { status: 'on_leave' });
    expect((await login(teacher.user.email, TEST_PASSWORD)).statusCode).toBe(200);
    await call('PUT', `/teachers/${teacher.id}`, { status: 'active' });
    expect((await login(teacher.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a new password from the admin works at once and signs the teacher out elsewhere', async () => {
    const teacher = await buildTeacher(t.database.db);
    const cookie = await loginAs(t.app, teacher.user.email);
    expect((await call('PUT', `/teachers/${teacher.id}`, { password: 'brand-new-secret-9' })).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login(teacher.user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(teacher.user.email, 'brand-new-secret-9')).statusCode).toBe(200);
  });
});

describe('deleting teachers', () => {
  it('refuses a teacher who still has batches, naming them (409)', async () => {
    const teacher = await buildTeacher(t.database.db, { name: 'Sandeep Deshmukh' });
    await buildBatch(t.database.db, { teacherId: teacher.id, name: '12th Physics' });
    await buildBatch(t.database.db, { teacherId: teacher.id, name: '10th Science' });
    const response = await call('DELETE', `/teachers/${teacher.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Sandeep Deshmukh cannot be deleted: they still teach 2 batches ("10th Science" and "12th Physics"). Assign the batches to another teacher or delete them first.',
    );
    expect(await t.database.db.select().from(teachers).where(eq(teachers.id, teacher.id))).toHaveLength(1);
  });

  it('deletes a teacher without batches together with their account and sessions', async () => {
    const teacher = await buildTeacher(t.database.db, { subjectIds: [(await buildSubject(t.database.db)).id] });
    const cookie = await loginAs(t.app, teacher.user.email);
    const response = await call('DELETE', `/teachers/${teacher.id}`);
    expect(response.json()).toEqual({ success: true, message: 'Teacher deleted successfully' });
    expect(await t.database.db.select().from(users).where(eq(users.id, teacher.user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(teacherSubjects).where(eq(teacherSubjects.teacherId, teacher.id))).toHaveLength(0);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await call('DELETE', `/teachers/${teacher.id}`)).statusCode).toBe(404);
  });
});

describe("a teacher's batches and students", () => {
  it('lists the batches of the teacher with standard, subject, schedule and seats', async () => {
    const db = t.database.db;
    const teacher = await buildTeacher(db, { name: 'Priya K' });
    const standard = await buildStandard(db, { name: '10th', level: 510 });
    const subject = await buildSubject(db, { name: 'Maths', code: 'M510' });
    const [s1, s2, archived] = [await buildStudent(db), await buildStudent(db), await buildStudent(db, { status: 'archived' })];
    const batch = await buildBatch(db, { teacherId: teacher.id, standardId: standard.id, subjectId: subject.id, name: '10th Maths Morning', capacity: 3, studentIds: [s1.id, s2.id, archived.id] });
    await buildBatch(db); // someone else's
    const cookie = await loginAs(t.app, teacher.user.email);
    for (const url of [`/teachers/${teacher.id}/batches`, '/teachers/me/batches']) {
      const response = await call('GET', url, undefined, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        {
          _id: batch.id,
          name: '10th Maths Morning',
          standard: { _id: standard.id, name: '10th', level: 510 },
          subject: { _id: subject.id, name: 'Maths', code: 'M510' },
          teacher: { _id: teacher.id, name: 'Priya K' },
          schedule: { days: ['mon', 'wed', 'fri'], startTime: '07:00', endTime: '08:30' },
          scheduleText: 'Mon, Wed, Fri · 7:00 AM – 8:30 AM',
          startDate: '2026-06-01',
          endDate: '2027-03-31',
          capacity: 3,
          enrolledCount: 2,
          seatsLeft: 1,
        },
      ]);
    }
    expect((await call('GET', `/teachers/${teacher.id}/batches`)).json().data).toHaveLength(1);
    const other = await buildTeacher(db);
    expect((await call('GET', `/teachers/${other.id}/batches`, undefined, cookie)).statusCode).toBe(404);
  });

  it('lists the active students of the teacher\'s batches once each, with their batches of this teacher, searchable', async () => {
    const db = t.database.db;
    const teacher = await buildTeacher(db);
    const otherTeacher = await buildTeacher(db);
    const aarav = await buildStudent(db, { name: 'Aarav Patil', phone: '+919822000111' });
    const sneha = await buildStudent(db, { name: 'Sneha Shinde', parentPhone: '+919422000222' });
    const archived = await buildStudent(db, { name: 'Gone Student', status: 'archived' });
    const stranger = await buildStudent(db, { name: 'Not Mine' });
    const maths = await buildBatch(db, { teacherId: teacher.id, name: 'A Maths', studentIds: [aarav.id, sneha.id, archived.id] });
    const science = await buildBatch(db, { teacherId: teacher.id, name: 'B Science', studentIds: [aarav.id] });
    const foreign = await buildBatch(db, { teacherId: otherTeacher.id, name: 'C Foreign', studentIds: [aarav.id, stranger.id] });
    const cookie = await loginAs(t.app, teacher.user.email);

    const response = await call('GET', '/teachers/me/students', undefined, cookie);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { _id: string; name: string; batches: { _id: string; name: string }[]; standard: unknown }[];
    expect(data.map((student) => student.name)).toEqual(['Aarav Patil', 'Sneha Shinde']);
    expect(data[0]!.batches).toEqual([
      { _id: maths.id, name: 'A Maths' },
      { _id: science.id, name: 'B Science' },
    ]);
    expect(data[0]!.batches.map((batch) => batch._id)).not.toContain(foreign.id);
    expect(data[0]).toMatchObject({ _id: aarav.id, phone: '+919822000111', standard: { _id: aarav.standardId } });
    expect(Object.keys(data[0]!).sort()).toEqual(['_id', 'avatarUrl', 'batches', 'email', 'name', 'parentName', 'parentPhone', 'phone', 'standard'].sort());

    const search = async (query: string) => (await call('GET', `/teachers/${teacher.id}/students?search=${query}`)).json().data.map((s: { name: string }) => s.name);
    expect(await search('sneha')).toEqual(['Sneha Shinde']);
    expect(await search('9422000')).toEqual(['Sneha Shinde']);
    expect(await search(encodeURIComponent(aarav.user.email.toUpperCase()))).toEqual(['Aarav Patil']);
    expect(await search('not%20mine')).toEqual([]);
    expect((await call('GET', `/teachers/${otherTeacher.id}/students`, undefined, cookie)).statusCode).toBe(404);
  });
});
