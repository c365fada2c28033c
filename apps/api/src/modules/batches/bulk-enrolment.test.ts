import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { shiftDate } from '@academy/shared/calendar';
import { attendanceRecords, auditLog, batches, batchStudents, feeDues, feeReceipts, examMarks, exams } from '../../db/schema';
import { apiCaller, shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStandard, buildStudent, buildUser, loginAs } from '../../../test/factories';

const t = shareSignedInTestApp({ signInTeacher: true });
const call = apiCaller(t);

/** Students of one standard, active unless said. */
async function studentsNamed(...names: string[]) {
  const standard = await buildStandard(t.database.db);
  return Promise.all(names.map((name) => buildStudent(t.database.db, { name, standardId: standard.id })));
}

async function rosterOf(batchId: string): Promise<string[]> {
  const rows = await t.database.db.select({ id: batchStudents.studentId }).from(batchStudents).where(eq(batchStudents.batchId, batchId));
  return rows.map((row) => row.id).sort();
}

/** A fee plan on the batch: two instalments of ₹3,000, one due today, one in a month. */
async function withPlan(batchId: string) {
  const plan = await call('POST', '/fee-plans', {
    name: 'Term fees',
    batch: batchId,
    amount: 6000,
    instalments: [
      { dueDate: t.today, amount: 3000 },
      { dueDate: shiftDate(t.today, 30), amount: 3000 },
    ],
  });
  expect(plan.statusCode).toBe(201);
}

async function duesOf(studentId: string, batchId: string) {
  return t.database.db
    .select({ id: feeDues.id, status: feeDues.status, paidPaise: feeDues.paidPaise })
    .from(feeDues)
    .where(and(eq(feeDues.studentId, studentId), eq(feeDues.batchId, batchId)))
    .orderBy(feeDues.dueDate);
}

describe('bulk enrolment (POST /api/batches/{id}/students)', () => {
  it('enrols every ticked student in one go, with the batch fee plan as dues and an audit entry each', async () => {
    const batch = await buildBatch(t.database.db, { name: 'Bulk 10 Maths', capacity: 5 });
    await withPlan(batch.id);
    const chosen = await studentsNamed('Asha Bulk', 'Bala Bulk', 'Chetan Bulk');
    const answer = await call('POST', `/batches/${batch.id}/students`, { studentIds: chosen.map((student) => student.id) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe('Students enrolled in the batch');
    const data = answer.json().data;
    expect(data).toMatchObject({ enrolled: 3, alreadyIn: 0, batch: { _id: batch.id, enrolledCount: 3, seatsLeft: 2 } });
    expect([...data.batch.enrolledStudents].sort()).toEqual(chosen.map((student) => student.id).sort());
    for (const student of chosen) expect(await duesOf(student.id, batch.id)).toHaveLength(2);
    const entries = await t.database.db.select({ key: auditLog.summaryKey, summary: auditLog.summary }).from(auditLog).where(and(eq(auditLog.entityId, batch.id), eq(auditLog.action, 'enrol')));
    expect(entries.map((entry) => entry.summary).sort()).toEqual(['Enrolled Asha Bulk in Bulk 10 Maths', 'Enrolled Bala Bulk in Bulk 10 Maths', 'Enrolled Chetan Bulk in Bulk 10 Maths']);
  });

  it('skips the students already in the batch, without new dues or entries, and counts them', async () => {
    const batch = await buildBatch(t.database.db, { capacity: 3 });
    await withPlan(batch.id);
    const [inAlready, newcomer] = await studentsNamed('Already In', 'Newcomer');
    expect((await call('PUT', `/batches/${batch.id}/students/${inAlready!.id}/add`)).statusCode).toBe(200);
    // The same id twice counts once.
    const answer = await call('POST', `/batches/${batch.id}/students`, { studentIds: [inAlready!.id, newcomer!.id, newcomer!.id] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ enrolled: 1, alreadyIn: 1 });
    expect(await duesOf(inAlready!.id, batch.id)).toHaveLength(2);
    const again = await call('POST', `/batches/${batch.id}/students`, { studentIds: [inAlready!.id, newcomer!.id] });
    expect(again.json().data).toMatchObject({ enrolled: 0, alreadyIn: 2, batch: { enrolledCount: 2 } });
  });

  it('changes nothing when one student is archived, and names them', async () => {
    const batch = await buildBatch(t.database.db);
    await withPlan(batch.id);
    const [first, second] = await studentsNamed('Fine One', 'Fine Two');
    const archived = await buildStudent(t.database.db, { name: 'Archived Arjun', status: 'archived' });
    const answer = await call('POST', `/batches/${batch.id}/students`, { studentIds: [first!.id, archived.id, second!.id] });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      success: false,
      message: 'Archived Arjun is archived: restore the student before enrolling them',
      errors: { [`students.${archived.id}`]: 'Archived Arjun is archived: restore the student before enrolling them' },
    });
    expect(await rosterOf(batch.id)).toEqual([]);
    expect(await duesOf(first!.id, batch.id)).toHaveLength(0);
    // In the reader's language, each reason too.
    const marathiAdmin = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin' })).email);
    expect((await call('PUT', '/auth/language', { language: 'mr' }, marathiAdmin)).statusCode).toBe(200);
    const inMarathi = await call('POST', `/batches/${batch.id}/students`, { studentIds: [archived.id] }, marathiAdmin);
    expect(inMarathi.json().errors[`students.${archived.id}`]).toBe('Archived Arjun संग्रहात आहे: बॅचमध्ये घेण्याआधी विद्यार्थ्याला परत सक्रिय करा');
  });

  it('names every refused student at once: archived, unknown, with the clashes listed too', async () => {
    const batch = await buildBatch(t.database.db);
    const archived = await buildStudent(t.database.db, { name: 'Archived Anu', status: 'archived' });
    const [busy] = await studentsNamed('Busy Bhavna');
    await buildBatch(t.database.db, { name: 'Same Time Batch', studentIds: [busy!.id] });
    const unknown = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';
    const answer = await call('POST', `/batches/${batch.id}/students`, { studentIds: [archived.id, busy!.id, unknown] });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Nothing was changed: 2 of the chosen students cannot be enrolled');
    expect(answer.json().errors).toEqual({
      [`students.${archived.id}`]: 'Archived Anu is archived: restore the student before enrolling them',
      [`students.${unknown}`]: 'Student not found',
      [`clash.${busy!.id}`]: 'Busy Bhavna already has "Same Time Batch" at that time',
    });
    expect(await rosterOf(batch.id)).toEqual([]);
  });

  it('counts all of them against the seats left: too many refuses everyone', async () => {
    const batch = await buildBatch(t.database.db, { name: 'Small Batch', capacity: 3 });
    const [sitting] = await studentsNamed('Sitting Sai');
    expect((await call('PUT', `/batches/${batch.id}/students/${sitting!.id}/add`)).statusCode).toBe(200);
    const three = await studentsNamed('Seat One', 'Seat Two', 'Seat Three');
    const answer = await call('POST', `/batches/${batch.id}/students`, { studentIds: three.map((student) => student.id) });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: 'Not enough seats in "Small Batch": 2 left, 3 needed', errors: { capacity: 'Not enough seats in "Small Batch": 2 left, 3 needed' } });
    expect(await rosterOf(batch.id)).toEqual([sitting!.id]);
    // Two fit.
    expect((await call('POST', `/batches/${batch.id}/students`, { studentIds: three.slice(0, 2).map((student) => student.id) })).statusCode).toBe(200);
    const full = await call('POST', `/batches/${batch.id}/students`, { studentIds: [three[2]!.id] });
    expect(full.json()).toMatchObject({ message: 'Batch is full', errors: { capacity: 'Batch is full' } });
  });

  it('asks to confirm timetable clashes, and enrols with confirm: true', async () => {
    const batch = await buildBatch(t.database.db, { name: 'Evening Science' });
    const [busy, free] = await studentsNamed('Clash Kiran', 'Free Farah');
    await buildBatch(t.database.db, { name: 'Other Class', studentIds: [busy!.id] });
    const ids = [busy!.id, free!.id];
    const asked = await call('POST', `/batches/${batch.id}/students`, { studentIds: ids });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      success: false,
      message: 'Timetable clash for 1 of the chosen students: confirm to go ahead anyway',
      errors: { [`clash.${busy!.id}`]: 'Clash Kiran already has "Other Class" at that time' },
    });
    expect(await rosterOf(batch.id)).toEqual([]);
    const confirmed = await call('POST', `/batches/${batch.id}/students`, { studentIds: ids, confirm: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.enrolled).toBe(2);
  });

  it('refuses bad input with 400 (never 500) and an unknown batch with 404', async () => {
    const batch = await buildBatch(t.database.db);
    const cases: [unknown, string, string][] = [
      [{}, 'studentIds', 'Send the students as a list'],
      [{ studentIds: [] }, 'studentIds', 'Choose at least one student'],
      [{ studentIds: ['nope'] }, 'studentIds.0', 'Choose students from the list'],
      [{ studentIds: Array.from({ length: 501 }, () => crypto.randomUUID()) }, 'studentIds', 'Choose at most 500 students at once'],
      [{ studentIds: [crypto.randomUUID()], confirm: 'yes' }, 'confirm', 'confirm must be true or false'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call('POST', `/batches/${batch.id}/students`, body as object);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json().errors[field]).toBe(message);
    }
    const notJson = await t.app.inject({ method: 'POST', url: `/api/batches/${batch.id}/students`, headers: { cookie: t.adminCookie, 'content-type': 'application/json' }, payload: '[1,' });
    expect(notJson.statusCode).toBe(400);
    const [student] = await studentsNamed('Lost Batch');
    expect((await call('POST', `/batches/${crypto.randomUUID()}/students`, { studentIds: [student!.id] })).statusCode).toBe(404);
    expect((await call('POST', '/batches/not-an-id/students', { studentIds: [student!.id] })).statusCode).toBe(400);
  });

  it('is for the admin only: a teacher gets 403 and nothing changes', async () => {
    const batch = await buildBatch(t.database.db);
    const [student] = await studentsNamed('Teacher Tried');
    expect((await call('POST', `/batches/${batch.id}/students`, { studentIds: [student!.id] }, t.teacherCookie)).statusCode).toBe(403);
    expect((await call('POST', `/batches/${batch.id}/students/move`, { studentIds: [student!.id], toBatchId: batch.id }, t.teacherCookie)).statusCode).toBe(403);
    expect((await call('POST', `/batches/${batch.id}/students`, { studentIds: [student!.id] }, '')).statusCode).toBe(401);
    expect(await rosterOf(batch.id)).toEqual([]);
  });

  it('enrols 500 students in one request', async () => {
    const standard = await buildStandard(t.database.db);
    const batch = await buildBatch(t.database.db, { capacity: 500, standardId: standard.id });
    // Twenty at a time: 500 at once wait past the pool's connection timeout on a loaded machine (and on Citus).
    const ids: string[] = [];
    for (let index = 0; index < 500; index += 20) {
      const some = await Promise.all(Array.from({ length: 20 }, (_, n) => buildStudent(t.database.db, { name: `Many ${index + n}`, standardId: standard.id })));
      ids.push(...some.map((student) => student.id));
    }
    const answer = await call('POST', `/batches/${batch.id}/students`, { studentIds: ids });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ enrolled: 500, batch: { enrolledCount: 500, isFull: true } });
  }, 60_000);
});

describe('moving students (POST /api/batches/{id}/students/move)', () => {
  /** A batch with a plan and `names` enrolled (each with two dues), and another batch at another time. */
  async function twoBatches(names: string[], targetCapacity = 40) {
    const from = await buildBatch(t.database.db, { name: 'Morning 10' });
    await withPlan(from.id);
    const people = await studentsNamed(...names);
    expect((await call('POST', `/batches/${from.id}/students`, { studentIds: people.map((student) => student.id) })).statusCode).toBe(200);
    const to = await buildBatch(t.database.db, { name: 'Evening 10', capacity: targetCapacity });
    await t.database.db.update(batches).set({ scheduleDays: ['tue', 'thu'], startTime: '17:00', endTime: '18:00' }).where(eq(batches.id, to.id));
    return { from, to, people };
  }

  it('moves a group keeping their attendance, marks, receipts and paid dues; unpaid dues stay unless asked', async () => {
    const { from, to, people } = await twoBatches(['Move Meera', 'Move Mohan', 'Stay Sunil']);
    await withPlan(to.id);
    const [meera, mohan, sunil] = people;
    const db = t.database.db;
    await db.insert(attendanceRecords).values(people.map((student) => ({ batchId: from.id, studentId: student.id, date: t.today, status: 'present' as const })));
    const [test] = await db.insert(exams).values({ batchId: from.id, name: 'Unit 1', date: t.today, maxHalfMarks: 40 }).returning();
    await db.insert(examMarks).values(people.map((student) => ({ examId: test!.id, studentId: student.id, halfMarks: 30 })));
    // Meera paid part of her first instalment.
    expect((await call('POST', `/students/${meera!.id}/payments`, { amount: 1000, date: t.today, mode: 'cash' })).statusCode).toBe(201);

    const answer = await call('POST', `/batches/${from.id}/students/move`, { studentIds: [meera!.id, mohan!.id], toBatchId: to.id });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe('Students moved to the other batch');
    expect(answer.json().data).toMatchObject({ moved: 2, alreadyIn: 0, cancelledDues: 0, batch: { _id: from.id, enrolledCount: 1 }, toBatch: { _id: to.id, enrolledCount: 2 } });
    expect(await rosterOf(from.id)).toEqual([sunil!.id]);
    expect(await rosterOf(to.id)).toEqual([meera!.id, mohan!.id].sort());

    // History of the old batch untouched.
    const attendance = await db.select().from(attendanceRecords).where(eq(attendanceRecords.batchId, from.id));
    expect(attendance).toHaveLength(3);
    expect(await db.select().from(examMarks).where(eq(examMarks.examId, test!.id))).toHaveLength(3);
    expect(await db.select().from(feeReceipts).where(eq(feeReceipts.studentId, meera!.id))).toHaveLength(1);
    // Dues: the old batch's stay open (not asked to cancel), the new batch's are made.
    expect((await duesOf(mohan!.id, from.id)).map((due) => due.status)).toEqual(['open', 'open']);
    expect(await duesOf(mohan!.id, to.id)).toHaveLength(2);

    // One entry per student on the old batch, and the enrolment on the new one.
    const moved = await db.select({ summary: auditLog.summary, relatedId: auditLog.relatedId, changes: auditLog.changes }).from(auditLog).where(and(eq(auditLog.entityId, from.id), eq(auditLog.action, 'move')));
    expect(moved.map((entry) => entry.summary).sort()).toEqual(['Moved Move Meera from Morning 10 to Evening 10', 'Moved Move Mohan from Morning 10 to Evening 10']);
    expect(moved.find((entry) => entry.relatedId === mohan!.id)?.changes).toEqual({ batchId: { old: from.id, new: to.id } });
    const arrived = await db.select({ summary: auditLog.summary }).from(auditLog).where(and(eq(auditLog.entityId, to.id), eq(auditLog.action, 'enrol')));
    expect(arrived.map((entry) => entry.summary).sort()).toEqual(['Enrolled Move Meera in Evening 10 (moved from Morning 10)', 'Enrolled Move Mohan in Evening 10 (moved from Morning 10)']);
    // The student's History has both.
    const ofMohan = await db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.relatedId, mohan!.id), inArray(auditLog.action, ['move', 'enrol'])));
    expect(ofMohan.map((entry) => entry.action).sort()).toEqual(['enrol', 'enrol', 'move']);
  });

  it('cancels the old batch unpaid dues only when asked, never a paid one', async () => {
    const { from, to, people } = await twoBatches(['Paid Pooja', 'Unpaid Uday']);
    const [pooja, uday] = people;
    expect((await call('POST', `/students/${pooja!.id}/payments`, { amount: 1000, date: t.today, mode: 'cash' })).statusCode).toBe(201);
    const answer = await call('POST', `/batches/${from.id}/students/move`, { studentIds: [pooja!.id, uday!.id], toBatchId: to.id, cancelDues: true });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.cancelledDues).toBe(3);
    const poojaDues = await duesOf(pooja!.id, from.id);
    expect(poojaDues.map((due) => [due.status, due.paidPaise])).toEqual([
      ['open', 100_000],
      ['cancelled', 0],
    ]);
    expect((await duesOf(uday!.id, from.id)).map((due) => due.status)).toEqual(['cancelled', 'cancelled']);
    expect(await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.studentId, pooja!.id))).toHaveLength(1);
    const entries = await t.database.db.select({ summary: auditLog.summary }).from(auditLog).where(and(eq(auditLog.entityId, from.id), eq(auditLog.action, 'move')));
    expect(entries.map((entry) => entry.summary).sort()).toEqual([
      'Moved Paid Pooja from Morning 10 to Evening 10 and cancelled their unpaid dues of Morning 10 (1)',
      'Moved Unpaid Uday from Morning 10 to Evening 10 and cancelled their unpaid dues of Morning 10 (2)',
    ]);
  });

  it('refuses the same batch (400) and an unknown one (404), changing nothing', async () => {
    const { from, people } = await twoBatches(['Same Sameer']);
    const ids = people.map((student) => student.id);
    const same = await call('POST', `/batches/${from.id}/students/move`, { studentIds: ids, toBatchId: from.id });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ success: false, message: 'The students are already in this batch: choose another one', errors: { toBatchId: 'The students are already in this batch: choose another one' } });
    const unknown = await call('POST', `/batches/${from.id}/students/move`, { studentIds: ids, toBatchId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Batch not found');
    expect((await call('POST', `/batches/${crypto.randomUUID()}/students/move`, { studentIds: ids, toBatchId: from.id })).statusCode).toBe(404);
    expect((await call('POST', `/batches/${from.id}/students/move`, { studentIds: ids })).json().errors).toEqual({ toBatchId: 'Choose the batch to move them to' });
    expect((await call('POST', `/batches/${from.id}/students/move`, { studentIds: ids, toBatchId: from.id, cancelDues: 'yes' })).statusCode).toBe(400);
    expect(await rosterOf(from.id)).toEqual(ids);
  });

  it('names the students who are not in the batch, and moves nobody', async () => {
    const { from, to, people } = await twoBatches(['Here Hari']);
    const [outsider] = await studentsNamed('Outside Omkar');
    const answer = await call('POST', `/batches/${from.id}/students/move`, { studentIds: [people[0]!.id, outsider!.id], toBatchId: to.id });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ success: false, message: 'Outside Omkar is not in "Morning 10"', errors: { [`students.${outsider!.id}`]: 'Outside Omkar is not in "Morning 10"' } });
    expect(await rosterOf(from.id)).toEqual([people[0]!.id]);
    expect(await rosterOf(to.id)).toEqual([]);
  });

  it("follows the new batch's rules: seats for all, clashes confirmed; the old batch's own time never clashes", async () => {
    const { from, to, people } = await twoBatches(['Seat Sita', 'Seat Sohan'], 1);
    const ids = people.map((student) => student.id);
    const full = await call('POST', `/batches/${from.id}/students/move`, { studentIds: ids, toBatchId: to.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().errors).toEqual({ capacity: 'Not enough seats in "Evening 10": 1 left, 2 needed' });
    expect(await rosterOf(from.id)).toEqual([...ids].sort());

    // A parallel section at the same time as the old batch: no clash with the batch they leave.
    const parallel = await buildBatch(t.database.db, { name: 'Morning 10 B' });
    const moved = await call('POST', `/batches/${from.id}/students/move`, { studentIds: ids, toBatchId: parallel.id });
    expect(moved.statusCode).toBe(200);

    // Back to a batch that clashes with a third one of Sita's: a confirmation first.
    const [sita] = people;
    await t.database.db.insert(batchStudents).values({ batchId: to.id, studentId: people[1]!.id });
    const third = await buildBatch(t.database.db, { name: 'Tuition Tue' });
    await t.database.db.update(batches).set({ scheduleDays: ['tue'], startTime: '17:30', endTime: '18:30' }).where(eq(batches.id, third.id));
    await t.database.db.insert(batchStudents).values({ batchId: third.id, studentId: sita!.id });
    await t.database.db.update(batches).set({ capacity: 5 }).where(eq(batches.id, to.id));
    const asked = await call('POST', `/batches/${parallel.id}/students/move`, { studentIds: ids, toBatchId: to.id });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().errors).toEqual({ [`clash.${sita!.id}`]: 'Seat Sita already has "Tuition Tue" at that time' });
    const confirmed = await call('POST', `/batches/${parallel.id}/students/move`, { studentIds: ids, toBatchId: to.id, confirm: true });
    expect(confirmed.statusCode).toBe(200);
    // Sohan was in the new batch already: taken out of the old one, not enrolled twice.
    expect(confirmed.json().data).toMatchObject({ moved: 2, alreadyIn: 1 });
    expect(await rosterOf(parallel.id)).toEqual([]);
    expect(await rosterOf(to.id)).toEqual([...ids].sort());
  });

  it('refuses an archived student (the new batch would not take them)', async () => {
    const { from, to, people } = await twoBatches(['Later Archived']);
    const [student] = people;
    expect((await call('DELETE', `/students/${student!.id}`)).statusCode).toBe(200);
    const answer = await call('POST', `/batches/${from.id}/students/move`, { studentIds: [student!.id], toBatchId: to.id });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errors).toEqual({ [`students.${student!.id}`]: 'Later Archived is archived: restore the student before enrolling them' });
    expect(await t.database.db.select().from(batchStudents).where(inArray(batchStudents.batchId, [from.id, to.id]))).toHaveLength(1);
  });
});
