import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subjects } from '../../db/schema';
import { apiCaller, expectCreatedReply, shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStandard, buildSubject, buildTeacher } from '../../../test/factories';

const t = shareSignedInTestApp({ signInTeacher: true });
const call = apiCaller(t);

describe('subjects', () => {
  it('creates a subject (code in capitals), reads it back and lists it by name', async () => {
    const created = await call('POST', '/subjects', { name: '  Marathi ', code: 'mar-1', description: 'Kumarbharati and grammar' });
    expectCreatedReply(created, 'Subject created successfully', {
      _id: expect.any(String),
      name: 'Marathi',
      code: 'MAR-1',
      description: 'Kumarbharati and grammar',
      names: {},
      standardCount: 0,
      batchCount: 0,
      teacherCount: 0,
      standards: [],
      batches: [],
      teachers: [],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
    const id = created.json().data._id;
    await buildSubject(t.database.db, { name: 'algebra', code: 'ALG' });

    const list = await call('GET', '/subjects');
    expect(list.statusCode).toBe(200);
    const names = list.json().data.map((subject: { name: string }) => subject.name);
    expect(names.indexOf('algebra')).toBeLessThan(names.indexOf('Marathi'));
    expect((await call('GET', `/subjects/${id}`)).json().data.name).toBe('Marathi');
    // Teachers may read the catalogue.
    expect((await call('GET', `/subjects/${id}`, undefined, t.teacherCookie)).statusCode).toBe(200);
  });

  it('lets the description be empty', async () => {
    const created = await call('POST', '/subjects', { name: 'Drawing', code: 'DRW' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.description).toBe('');
  });

  it('refuses duplicates with 409 naming the field: name in any case, code in any case', async () => {
    await call('POST', '/subjects', { name: 'Geography', code: 'GEO' });
    const sameName = await call('POST', '/subjects', { name: 'GEOGRAPHY', code: 'GEO2' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ success: false, message: 'A subject with this name already exists', errors: { name: 'A subject with this name already exists' } });
    const sameCode = await call('POST', '/subjects', { name: 'Geo Two', code: 'geo' });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().errors).toEqual({ code: 'A subject with this code already exists' });
    const both = await call('POST', '/subjects', { name: 'geography', code: 'Geo' });
    expect(Object.keys(both.json().errors).sort()).toEqual(['code', 'name']);
  });

  it('updates a subject, keeping its own name and code free for itself', async () => {
    const subject = await buildSubject(t.database.db, { name: 'History', code: 'HIS' });
    const same = await call('PUT', `/subjects/${subject.id}`, { name: 'history', code: 'his', description: 'Ancient and modern' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ message: 'Subject updated successfully', data: { name: 'history', code: 'HIS', description: 'Ancient and modern' } });
    await buildSubject(t.database.db, { name: 'Civics', code: 'CIV' });
    const clash = await call('PUT', `/subjects/${subject.id}`, { name: 'Civics', code: 'HIS' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ name: 'A subject with this name already exists' });
  });

  it('answers 400 naming the field for bad input, 400 for a malformed id and 404 for an unknown one', async () => {
    const cases: [object, string, RegExp][] = [
      [{ code: 'X' }, 'name', /Name is required/],
      [{ name: '  ', code: 'X' }, 'name', /Name is required/],
      [{ name: 'x'.repeat(121), code: 'X' }, 'name', /at most 120/],
      [{ name: 'Line\nbreak', code: 'X' }, 'name', /one line/],
      [{ name: 'Art' }, 'code', /Code is required/],
      [{ name: 'Art', code: 'A B' }, 'code', /letters, digits/],
      [{ name: 'Art', code: 'x'.repeat(21) }, 'code', /at most 20/],
      [{ name: 'Art', code: 'ART', description: 'x'.repeat(2001) }, 'description', /at most 2000/],
      [{ name: 42, code: 'ART' }, 'name', /Name is required/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/subjects', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[field]).toMatch(message);
    }
    expect((await call('GET', '/subjects/not-a-uuid')).statusCode).toBe(400);
    expect((await call('GET', '/subjects/not-a-uuid')).json().errors).toEqual({ id: 'Invalid id' });
    const unknown = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';
    for (const response of [await call('GET', `/subjects/${unknown}`), await call('PUT', `/subjects/${unknown}`, { name: 'A', code: 'A' }), await call('DELETE', `/subjects/${unknown}`)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Subject not found' });
    }
  });

  it('deletes an unused subject', async () => {
    const subject = await buildSubject(t.database.db);
    const response = await call('DELETE', `/subjects/${subject.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Subject deleted successfully' });
    expect(await t.database.db.select().from(subjects).where(eq(subjects.id, subject.id))).toHaveLength(0);
    expect((await call('DELETE', `/subjects/${subject.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a subject used by a standard, a batch or a teacher, saying where (409)', async () => {
    const db = t.database.db;
    const subject = await buildSubject(db, { name: 'Physics' });
    await buildStandard(db, { name: '11th Science', subjectIds: [subject.id] });
    await buildStandard(db, { name: '12th Science', subjectIds: [subject.id] });
    const owner = await buildTeacher(db, { name: 'Sandeep Deshmukh', subjectIds: [subject.id] });
    await buildBatch(db, { name: '12th Physics', subjectId: subject.id, teacherId: owner.id });

    const detail = await call('GET', `/subjects/${subject.id}`);
    expect(detail.json().data).toMatchObject({
      standardCount: 2,
      batchCount: 1,
      teacherCount: 1,
      standards: [{ name: '11th Science' }, { name: '12th Science' }],
      batches: [{ name: '12th Physics' }],
      teachers: [{ _id: owner.id, name: 'Sandeep Deshmukh' }],
    });

    const response = await call('DELETE', `/subjects/${subject.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message: 'Physics cannot be deleted: it is used by 2 standards ("11th Science" and "12th Science"), 1 batch ("12th Physics") and 1 teacher ("Sandeep Deshmukh").',
    });
    expect(await db.select().from(subjects).where(eq(subjects.id, subject.id))).toHaveLength(1);
  });

  it('turns a unique violation that slipped past the checks into 409 naming the field', async () => {
    // Two admins saving at once: the database's unique index is the last word.
    const results = await Promise.all(Array.from({ length: 4 }, () => call('POST', '/subjects', { name: 'Sanskrit', code: 'SAN' })));
    const statuses = results.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const response of results.filter((r) => r.statusCode === 409)) expect(response.json().errors).toHaveProperty('name');
  });
});
