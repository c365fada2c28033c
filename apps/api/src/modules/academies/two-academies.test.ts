import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildAcademies, buildBatch, buildStudent, buildTeacher, TEST_PASSWORD } from '../../../test/factories';
import { withAcademy } from '../../lib/tenancy';

/**
 * People in two academies (issue 55): a teacher who teaches at two academies has an account in each
 * (the same email), signs in at each academy's address, and never sees the other through either.
 */
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const EMAIL = 'sharma.sir@example.test';

describe('one email, two academies', () => {
  let t: TestApp;
  const ids = { teacherA: '', teacherB: '', batchA: '', batchB: '', studentA: '', studentB: '' };

  beforeAll(async () => {
    t = await buildTestApp({ config: { hosting: { mode: 'many', baseDomain: 'localhost' } } });
    const db = t.database.db;
    await buildAcademies(db, [{ id: A, slug: 'shree', name: 'Shree Academy' }, { id: B, slug: 'vidya', name: 'Vidya Classes' }]);
    for (const [academy, key] of [[A, 'A'], [B, 'B']] as const) {
      await withAcademy(academy, async () => {
        const teacher = await buildTeacher(db, { email: EMAIL, name: `Sharma Sir at ${key}` });
        const student = await buildStudent(db, { name: `Student of ${key}` });
        const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id] });
        ids[`teacher${key}`] = teacher.id;
        ids[`student${key}`] = student.id;
        ids[`batch${key}`] = batch.id;
      });
    }
  });
  afterAll(() => t.close());

  const signIn = async (host: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host }, payload: { email: EMAIL, password: TEST_PASSWORD } });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    return `${cookie.name}=${cookie.value}`;
  };
  const get = (host: string, url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { host, cookie } });

  it('signs in at each address as that academy\'s teacher, seeing only that academy', async () => {
    const atA = await signIn('shree.localhost');
    const atB = await signIn('vidya.localhost');
    expect((await get('shree.localhost', '/api/teachers/me', atA)).json().data._id).toBe(ids.teacherA);
    expect((await get('vidya.localhost', '/api/teachers/me', atB)).json().data._id).toBe(ids.teacherB);
    expect((await get('shree.localhost', '/api/batches', atA)).json().data.map((batch: { _id: string }) => batch._id)).toEqual([ids.batchA]);
    expect((await get('vidya.localhost', '/api/batches', atB)).json().data.map((batch: { _id: string }) => batch._id)).toEqual([ids.batchB]);
    // B's batch named at A's address, by A's session: not found, as if it did not exist.
    expect((await get('shree.localhost', `/api/batches/${ids.batchB}`, atA)).statusCode).toBe(404);
  });

  it("one academy's session is nothing at the other's address", async () => {
    const atA = await signIn('shree.localhost');
    expect((await get('vidya.localhost', '/api/auth/me', atA)).statusCode).toBe(401);
    expect((await get('vidya.localhost', '/api/teachers/me', atA)).statusCode).toBe(401);
  });

  it("a raw `select * from students` in academy A's context returns only A's students", async () => {
    const db = t.database.db;
    const inA = await withAcademy(A, () => db.execute<{ id: string; academy_id: string }>(sql`select * from students`));
    expect(inA.rows.map((row) => row.id)).toEqual([ids.studentA]);
    expect(new Set(inA.rows.map((row) => row.academy_id))).toEqual(new Set([A]));
    // Outside every academy (ACADEMY_HOSTING=many): no academy's rows at all.
    expect((await db.execute(sql`select * from students`)).rows).toEqual([]);
  });
});
