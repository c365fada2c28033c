import { describe, expect, it } from 'vitest';
import { shareSignedInTestApp } from '../test/shared-test-app';
import { loginAs } from '../test/factories';
import { createUser } from './create-user';

const t = shareSignedInTestApp();

const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie: t.adminCookie } })).json().data;

describe('users:create (createUser)', () => {
  it('gives a teacher account its teacher record: listed, and it can sign in and see its own record', async () => {
    const user = await createUser(t.database.db, { role: 'teacher', name: 'Kavita Shinde', email: 'kavita@example.com', password: 'monsoon-in-latur' });
    const listed = (await get('/api/teachers')).find((teacher: { email: string }) => teacher.email === 'kavita@example.com');
    expect(listed).toBeDefined();
    const cookie = await loginAs(t.app, user.email, 'monsoon-in-latur');
    const me = await t.app.inject({ method: 'GET', url: '/api/teachers/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data._id).toBe(listed._id);
  });

  it('gives a student account its student record: listed, and its own profile opens', async () => {
    const user = await createUser(t.database.db, { role: 'student', name: 'Riya Patil', email: 'riya@example.com', password: 'monsoon-in-latur' });
    const listed = await get('/api/students?search=riya');
    expect(JSON.stringify(listed)).toContain('riya@example.com');
    const cookie = await loginAs(t.app, user.email, 'monsoon-in-latur');
    expect((await t.app.inject({ method: 'GET', url: '/api/student/profile', headers: { cookie } })).statusCode).toBe(200);
  });

  it('creates nothing when the account is refused', async () => {
    await expect(createUser(t.database.db, { role: 'teacher', name: 'Again', email: 'KAVITA@example.com', password: 'monsoon-in-latur' })).rejects.toThrow('already exists');
    expect((await get('/api/teachers')).filter((teacher: { email: string }) => teacher.email === 'kavita@example.com')).toHaveLength(1);
  });
});
