import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attendanceRecords, users } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildParent, buildStudent } from '../../../test/factories';
import { NOT_ABSENT_TODAY } from './absence-calls.service';

const t = shareSignedInTestApp({ adminName: 'Office Desk' });

const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: t.adminCookie }, ...(payload ? { payload } : {}) });

describe("today's absent students", () => {
  it('lists each absent student once with every batch missed and the phones, then records and removes the "called" tick', async () => {
    const db = t.database.db;
    const absentTwice = await buildStudent(db, { name: 'Aaditya Absent', phone: '+919822000001', parentPhone: '+919422000001' });
    const present = await buildStudent(db, { name: 'Pooja Present' });
    const maths = await buildBatch(db, { name: 'Maths 10 A', studentIds: [absentTwice.id, present.id] });
    const science = await buildBatch(db, { name: 'Science 10 A', studentIds: [absentTwice.id] });
    await db.insert(attendanceRecords).values([
      { batchId: maths.id, studentId: absentTwice.id, date: t.today, status: 'absent' },
      { batchId: science.id, studentId: absentTwice.id, date: t.today, status: 'absent' },
      { batchId: maths.id, studentId: present.id, date: t.today, status: 'present' },
      // Yesterday's absence is not today's call.
      { batchId: maths.id, studentId: present.id, date: '2020-01-01', status: 'absent' },
    ]);

    const list = await asAdmin('GET', '/api/admin/absent-today');
    expect(list.statusCode).toBe(200);
    const mine = list.json().data.students.filter((row: { _id: string }) => row._id === absentTwice.id || row._id === present.id);
    expect(list.json().data.date).toBe(t.today);
    expect(mine).toEqual([
      {
        _id: absentTwice.id,
        name: 'Aaditya Absent',
        // The parent phone entered on the student's record is their first parent (decision 030).
        parentName: 'Parent of Aaditya Absent',
        parentPhone: '+919422000001',
        phone: '+919822000001',
        parents: [{ _id: expect.any(String), name: 'Parent of Aaditya Absent', phone: '+919422000001', relation: 'guardian' }],
        batches: [
          { _id: maths.id, name: 'Maths 10 A' },
          { _id: science.id, name: 'Science 10 A' },
        ],
        called: null,
        reason: null,
      },
    ]);

    const ticked = await asAdmin('PUT', `/api/admin/absent-today/${absentTwice.id}/called`, { called: true });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json().message).toBe('Marked as called');
    const row = ticked.json().data.students.find((student: { _id: string }) => student._id === absentTwice.id);
    expect(row.called).toMatchObject({ by: { name: 'Office Desk' } });
    // Ticking twice keeps one record.
    expect((await asAdmin('PUT', `/api/admin/absent-today/${absentTwice.id}/called`, { called: true })).statusCode).toBe(200);

    const unticked = await asAdmin('PUT', `/api/admin/absent-today/${absentTwice.id}/called`, { called: false });
    expect(unticked.json().data.students.find((student: { _id: string }) => student._id === absentTwice.id).called).toBeNull();
  });

  it('refuses a student who is not absent today (409), an unknown one (404) and a bad body (400)', async () => {
    const student = await buildStudent(t.database.db);
    const notAbsent = await asAdmin('PUT', `/api/admin/absent-today/${student.id}/called`, { called: true });
    expect(notAbsent.statusCode).toBe(409);
    expect(notAbsent.json().message).toBe(NOT_ABSENT_TODAY);
    expect((await asAdmin('PUT', '/api/admin/absent-today/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c/called', { called: true })).statusCode).toBe(404);
    const bad = await asAdmin('PUT', `/api/admin/absent-today/${student.id}/called`, { called: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.called).toBe('Say whether the family was called (true or false)');
  });
  it("gives the linked parents' phones (active accounts only), the record's parent first", async () => {
    const db = t.database.db;
    const child = await buildStudent(db, { name: 'Linked Child', parentPhone: '+919422000099' });
    const batch = await buildBatch(db, { studentIds: [child.id] });
    const mother = await buildParent(db, { name: 'Asha Linked', phone: '+919811100001', relation: 'mother', studentIds: [child.id] });
    const father = await buildParent(db, { name: 'Bhaskar Linked', phone: null, relation: 'father', studentIds: [child.id] });
    const gone = await buildParent(db, { name: 'Chitra Inactive', studentIds: [child.id] });
    await db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));
    await db.insert(attendanceRecords).values({ batchId: batch.id, studentId: child.id, date: t.today, status: 'absent' });

    const list = await asAdmin('GET', '/api/admin/absent-today');
    const row = list.json().data.students.find((student: { _id: string }) => student._id === child.id);
    expect(row.parentPhone).toBe('+919422000099');
    expect(row.parents).toEqual([
      { _id: expect.any(String), name: 'Parent of Linked Child', phone: '+919422000099', relation: 'guardian' },
      { _id: mother.id, name: 'Asha Linked', phone: '+919811100001', relation: 'mother' },
      { _id: father.id, name: 'Bhaskar Linked', phone: null, relation: 'father' },
    ]);
  });
});
