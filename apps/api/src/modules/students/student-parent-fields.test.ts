import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildParent, buildUser, loginAs } from '../../../test/factories';

/**
 * The spec's parent name and phone on a student (and the parent email) are the student's first linked
 * parent (issue 37, decision 030): one parents block on the student's page, one record per parent.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin' })).email);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const parentsOf = async (studentId: string) => (await call('GET', `/api/students/${studentId}/parents`)).json().data as { _id: string; name: string; phone: string | null; email: string | null }[];

describe("the student form's parent fields", () => {
  it('make the first parent on create; a sibling with the same number shares them; edits change them; clearing all unlinks', async () => {
    const created = await call('POST', '/api/students', { name: 'Arnav Deshpande', email: 'arnav.d@example.in', parentName: 'Mohan Deshpande', parentPhone: '98220 70001' });
    expect(created.statusCode).toBe(201);
    const student = created.json().data;
    expect(student).toMatchObject({ parentName: 'Mohan Deshpande', parentPhone: '+919822070001', parentEmail: null });
    const [parent] = await parentsOf(student._id);
    expect(parent).toMatchObject({ name: 'Mohan Deshpande', phone: '+919822070001', email: null });

    const sibling = (await call('POST', '/api/students', { name: 'Anvi Deshpande', email: 'anvi.d@example.in', parentPhone: '+919822070001' })).json().data;
    expect(sibling).toMatchObject({ parentName: 'Mohan Deshpande', parentPhone: '+919822070001' });
    expect((await parentsOf(sibling._id)).map((row) => row._id)).toEqual([parent!._id]);

    const edited = await call('PUT', `/api/students/${student._id}`, { parentName: 'Mohan R. Deshpande', parentEmail: 'Mohan@Example.in' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ parentName: 'Mohan R. Deshpande', parentPhone: '+919822070001', parentEmail: 'mohan@example.in' });
    // The same person for the sibling too.
    expect((await call('GET', `/api/students/${sibling._id}`)).json().data.parentName).toBe('Mohan R. Deshpande');

    // Another parent's number: refused on the form's field, nothing changed.
    const other = await buildParent(t.database.db, { phone: '+919822070002' });
    const clash = await call('PUT', `/api/students/${student._id}`, { parentPhone: '9822070002' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors.parentPhone).toBe('This mobile number belongs to another parent');
    expect((await parentsOf(student._id)).map((row) => row._id)).not.toContain(other.id);

    // The search finds a student by their parent's number.
    const found = (await call('GET', '/api/students?search=70001')).json().data.students.map((row: { _id: string }) => row._id);
    expect(found).toEqual(expect.arrayContaining([student._id, sibling._id]));

    const cleared = await call('PUT', `/api/students/${student._id}`, { parentName: '', parentPhone: '', parentEmail: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ parentName: null, parentPhone: null, parentEmail: null });
    expect(await parentsOf(student._id)).toEqual([]);
    // The parent stays with their other child.
    expect((await parentsOf(sibling._id)).map((row) => row._id)).toEqual([parent!._id]);
  });

  it("refuses a parent email that is a staff or student account's", async () => {
    const teacher = await buildUser(t.database.db, { role: 'teacher' });
    const refused = await call('POST', '/api/students', { name: 'Kiran Jain', email: 'kiran.j@example.in', parentEmail: teacher.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.parentEmail).toBe('This email belongs to an account that is not a parent');
    // All or nothing: the student was not created either.
    expect((await call('GET', '/api/students?search=Kiran%20Jain')).json().data.students).toEqual([]);
  });
});
