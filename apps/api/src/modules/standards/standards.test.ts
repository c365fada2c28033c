import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { standards, standardSubjects } from '../../db/schema';
import { apiCaller, expectCreatedReply, shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStandard, buildStudent, buildSubject } from '../../../test/factories';

const t = shareSignedInTestApp();

const call = apiCaller(t);

describe('standards', () => {
  it('creates a standard with subjects (level typed as text becomes a number) and lists them populated, by level', async () => {
    const db = t.database.db;
    const maths = await buildSubject(db, { name: 'Mathematics', code: 'MATHS' });
    const science = await buildSubject(db, { name: 'Science', code: 'SCIENCE' });
    const created = await call('POST', '/standards', { name: ' 10th Standard ', level: '10', subjects: [science.id, maths.id, maths.id] });
    expectCreatedReply(created, 'Standard created successfully', {
      _id: expect.any(String),
      name: '10th Standard',
      level: 10,
      names: {},
      subjects: [
        { _id: maths.id, name: 'Mathematics', code: 'MATHS' },
        { _id: science.id, name: 'Science', code: 'SCIENCE' },
      ],
      studentCount: 0,
      batchCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await call('POST', '/standards', { name: '9th Standard', level: 9 });

    const list = await call('GET', '/standards');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { name: string; level: number; subjects: unknown[] }[];
    expect(rows.map((row) => row.level)).toEqual([...rows.map((row) => row.level)].sort((a, b) => a - b));
    expect(rows.find((row) => row.level === 10)!.subjects).toHaveLength(2);
    expect(rows.find((row) => row.level === 9)!.subjects).toEqual([]);
  });

  it('counts only its own students (active) and batches', async () => {
    const db = t.database.db;
    const standard = await buildStandard(db);
    const other = await buildStandard(db);
    await buildStudent(db, { standardId: standard.id });
    await buildStudent(db, { standardId: standard.id });
    await buildStudent(db, { standardId: standard.id, status: 'archived' });
    await buildStudent(db, { standardId: other.id });
    await buildBatch(db, { standardId: standard.id });
    const response = await call('GET', `/standards/${standard.id}`);
    expect(response.json().data).toMatchObject({ studentCount: 2, batchCount: 1 });
    expect((await call('GET', `/standards/${other.id}`)).json().data).toMatchObject({ studentCount: 1, batchCount: 0 });
  });

  it('refuses duplicates with 409 naming the field: name in any case, level as a number', async () => {
    await buildStandard(t.database.db, { name: '11th Science', level: 11 });
    const byName = await call('POST', '/standards', { name: '11TH science', level: 51 });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toEqual({ success: false, message: 'A standard with this name already exists', errors: { name: 'A standard with this name already exists' } });
    const byLevel = await call('POST', '/standards', { name: 'Eleventh', level: '11' });
    expect(byLevel.statusCode).toBe(409);
    expect(byLevel.json().errors).toEqual({ level: 'A standard with this level already exists' });
    const both = await call('POST', '/standards', { name: '11th Science', level: 11 });
    expect(Object.keys(both.json().errors).sort()).toEqual(['level', 'name']);
  });

  it('answers the duplicate check: which of name and level match, ignoring the standard being edited', async () => {
    const standard = await buildStandard(t.database.db, { name: '12th Science', level: 12 });
    const check = async (query: string) => {
      const response = await call('GET', `/standards/check-duplicate?${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json().data;
    };
    expect(await check('name=12TH%20SCIENCE&level=99')).toEqual({ duplicate: true, nameMatches: true, levelMatches: false });
    expect(await check('name=Twelfth&level=12')).toEqual({ duplicate: true, nameMatches: false, levelMatches: true });
    expect(await check('name=12th%20science&level=12')).toEqual({ duplicate: true, nameMatches: true, levelMatches: true });
    expect(await check('name=Twelfth&level=98')).toEqual({ duplicate: false, nameMatches: false, levelMatches: false });
    expect(await check(`name=12th%20Science&level=12&excludeId=${standard.id}`)).toEqual({ duplicate: false, nameMatches: false, levelMatches: false });
    expect(await check('level=12')).toEqual({ duplicate: true, nameMatches: false, levelMatches: true });
    expect(await check('name=&level=')).toEqual({ duplicate: false, nameMatches: false, levelMatches: false });
    const bad = await call('GET', '/standards/check-duplicate?level=ten&excludeId=nope');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['excludeId', 'level']);
  });

  it('updates name, level and the whole subject list', async () => {
    const db = t.database.db;
    const [a, b] = [await buildSubject(db), await buildSubject(db)];
    const standard = await buildStandard(db, { subjectIds: [a.id] });
    const response = await call('PUT', `/standards/${standard.id}`, { name: 'Renamed', level: 77, subjects: [b.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Standard updated successfully', data: { name: 'Renamed', level: 77, subjects: [{ _id: b.id }] } });
    // Its own name and level do not count as duplicates.
    expect((await call('PUT', `/standards/${standard.id}`, { name: 'RENAMED', level: 77 })).json().data.subjects).toEqual([]);
  });

  it('answers 400 naming the field for bad input and unknown subjects, changing nothing', async () => {
    const db = t.database.db;
    const cases: [object, string, RegExp][] = [
      [{ level: 1 }, 'name', /Name is required/],
      [{ name: 'x'.repeat(81), level: 1 }, 'name', /at most 80/],
      [{ name: 'A' }, 'level', /Level is required/],
      [{ name: 'A', level: 'ten' }, 'level', /must be a number/],
      [{ name: 'A', level: 1.5 }, 'level', /whole number/],
      [{ name: 'A', level: -1 }, 'level', /between 0 and 99/],
      [{ name: 'A', level: 1, subjects: 'maths' }, 'subjects', /must be a list/],
      [{ name: 'A', level: 1, subjects: ['nope'] }, 'subjects.0', /Choose subjects from the list/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/standards', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(response.json())).toMatch(message);
    }
    const unknownSubject = await call('POST', '/standards', { name: 'Orphan', level: 60, subjects: ['5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c'] });
    expect(unknownSubject.statusCode).toBe(400);
    expect(unknownSubject.json().errors).toEqual({ subjects: 'Choose subjects from the list' });
    // The transaction left no standard behind.
    expect(await db.select().from(standards).where(eq(standards.name, 'Orphan'))).toHaveLength(0);

    const standard = await buildStandard(db, { subjectIds: [(await buildSubject(db)).id] });
    const badUpdate = await call('PUT', `/standards/${standard.id}`, { name: 'Kept?', level: 61, subjects: ['5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c'] });
    expect(badUpdate.statusCode).toBe(400);
    const [kept] = await db.select().from(standards).where(eq(standards.id, standard.id));
    expect(kept!.name).not.toBe('Kept?');
    expect(await db.select().from(standardSubjects).where(eq(standardSubjects.standardId, standard.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown standard and 400 for a malformed id', async () => {
    const unknown = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';
    expect((await call('GET', `/standards/${unknown}`)).statusCode).toBe(404);
    expect((await call('PUT', `/standards/${unknown}`, { name: 'Nobody', level: 62 })).statusCode).toBe(404);
    expect((await call('DELETE', `/standards/${unknown}`)).json()).toEqual({ success: false, message: 'Standard not found' });
    expect((await call('DELETE', '/standards/123')).statusCode).toBe(400);
  });

  it('deletes an unused standard (its subject links go with it) and refuses one with students or batches (409)', async () => {
    const db = t.database.db;
    const unused = await buildStandard(db, { subjectIds: [(await buildSubject(db)).id] });
    const deleted = await call('DELETE', `/standards/${unused.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Standard deleted successfully' });
    expect(await db.select().from(standardSubjects).where(eq(standardSubjects.standardId, unused.id))).toHaveLength(0);

    const used = await buildStandard(db, { name: '8th Standard' });
    await buildStudent(db, { standardId: used.id });
    await buildStudent(db, { standardId: used.id, status: 'archived' });
    await buildBatch(db, { standardId: used.id, name: '8th Maths' });
    const refused = await call('DELETE', `/standards/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('8th Standard cannot be deleted: it is used by 1 student, 1 archived student and 1 batch ("8th Maths").');
    expect(await db.select().from(standards).where(eq(standards.id, used.id))).toHaveLength(1);
  });
});
