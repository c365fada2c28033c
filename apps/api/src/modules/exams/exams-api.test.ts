import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildStudent, buildTeacher, buildUser, loginAll } from '../../../test/factories';
import { shiftDate } from '@academy/shared/calendar';
import { academyToday } from '../../academy-settings';

let t: TestApp;
const cookies = { teacher: '', otherTeacher: '', admin: '', a: '', b: '', outsider: '' };
const ids = { batch: '', otherBatch: '', a: '', b: '', c: '', d: '', e: '', outsider: '', test: '' };
const emails = { a: '', b: '', c: '', d: '', e: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const teacher = await buildTeacher(db);
  const otherTeacher = await buildTeacher(db);
  const students = await Promise.all(['Aarav Patil', 'Bhakti Shinde', 'Chetan More', 'Disha Kale', 'Esha Jadhav'].map((name) => buildStudent(db, { name })));
  const outsider = await buildStudent(db, { name: 'Farhan Outsider' });
  const [a, b, c, d, e] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0], (typeof students)[0], (typeof students)[0]];
  const batch = await buildBatch(db, { name: '10th Maths', teacherId: teacher.id, studentIds: students.map((s) => s.id) });
  const otherBatch = await buildBatch(db, { name: 'Other batch', teacherId: otherTeacher.id, studentIds: [outsider.id] });
  const admin = await buildUser(db, { role: 'admin' });
  Object.assign(ids, { batch: batch.id, otherBatch: otherBatch.id, a: a.id, b: b.id, c: c.id, d: d.id, e: e.id, outsider: outsider.id });
  Object.assign(emails, { a: a.user.email, b: b.user.email, c: c.user.email, d: d.user.email, e: e.user.email });
  Object.assign(cookies, await loginAll(t.app, { teacher, otherTeacher, admin, a, b, outsider }));
});
afterAll(() => t.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** The marks of the test `ids.test` saved by its batch's teacher (or by `cookie`). */
const saveMarks = (marks: object[], cookie = cookies.teacher) => call(cookie, 'PUT', `/api/tests/${ids.test}/marks`, { marks });

describe('tests and marks', () => {
  it('the batch teacher creates a test; bad input is 400 with our messages; another teacher gets 404', async () => {
    const bad = await call(cookies.teacher, 'POST', `/api/batches/${ids.batch}/tests`, { name: '', date: '2026-07-05', maxMarks: 50.25 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Test name is required', maxMarks: 'Marks must be in steps of 0.5' });
    const created = await call(cookies.teacher, 'POST', `/api/batches/${ids.batch}/tests`, { name: 'Weekly test 1', date: '2026-07-05', maxMarks: 50, topic: 'Algebra' });
    expect(created.statusCode).toBe(201);
    ids.test = created.json().data._id;
    expect(created.json().data).toMatchObject({ name: 'Weekly test 1', maxMarks: 50, topic: 'Algebra', publishedAt: null, entered: 0 });
    expect((await call(cookies.otherTeacher, 'POST', `/api/batches/${ids.batch}/tests`, { name: 'x', date: '2026-07-05', maxMarks: 10 })).statusCode).toBe(404);
    expect((await call(cookies.otherTeacher, 'GET', `/api/batches/${ids.batch}/tests`)).statusCode).toBe(404);
    expect((await call(cookies.otherTeacher, 'GET', `/api/tests/${ids.test}`)).statusCode).toBe(404);
    expect((await call(cookies.otherTeacher, 'GET', `/api/tests/${ids.test}/results`)).statusCode).toBe(404);
    expect((await saveMarks([{ studentId: ids.a, marks: 1 }], cookies.otherTeacher)).statusCode).toBe(404);
    expect((await call(cookies.a, 'GET', `/api/tests/${ids.test}`)).statusCode).toBe(403);
  });

  it('saves all marks or none, naming every bad row', async () => {
    const response = await saveMarks([
      { studentId: ids.a, marks: 45.5 },
      { studentId: ids.outsider, marks: 10 },
      { studentId: ids.b, marks: 51 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Nothing was saved: check rows 2, 3');
    expect(response.json().errors).toEqual({ 'marks.1.studentId': 'Row 2: this student is not in this batch', 'marks.2.marks': 'Row 3: marks cannot be more than 50' });
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from exam_marks where exam_id = ${ids.test}`);
    expect(rows[0]!.n).toBe(0);
    const steps = await saveMarks([{ studentId: ids.a, marks: 10.3 }, { studentId: ids.b }]);
    expect(steps.statusCode).toBe(400);
    expect(steps.json().errors).toMatchObject({ 'marks.0.marks': 'Marks must be in steps of 0.5', 'marks.1.marks': 'Enter marks or mark the student absent' });
  });

  it('ranks ties with standard competition ranking (1, 2, 2, 4) and leaves the absent student unranked', async () => {
    const response = await saveMarks([
      { studentId: ids.a, marks: 45.5 },
      { studentId: ids.b, marks: 40 },
      { studentId: ids.c, marks: 40 },
      { studentId: ids.d, marks: 0.5 },
      { studentId: ids.e, marks: null, absent: true },
    ]);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const byName = Object.fromEntries(data.rows.map((row: { student: { name: string }; rank: number | null; marks: number | null }) => [row.student.name, [row.marks, row.rank]]));
    expect(byName).toEqual({ 'Aarav Patil': [45.5, 1], 'Bhakti Shinde': [40, 2], 'Chetan More': [40, 2], 'Disha Kale': [0.5, 4], 'Esha Jadhav': [null, null] });
    // (45.5 + 40 + 40 + 0.5) / 4 = 31.5, exactly.
    expect(data).toMatchObject({ average: 31.5, highest: 45.5, present: 4, absent: 1 });
    expect(data.rows.find((row: { student: { _id: string } }) => row.student._id === ids.a).percentage).toBe(91);
  });

  it('students see nothing before publishing; afterwards their own marks, rank, average and highest, never another student\'s marks', async () => {
    expect((await call(cookies.a, 'GET', '/api/student/tests')).json().data.tests).toEqual([]);
    expect((await call(cookies.outsider, 'POST', `/api/tests/${ids.test}/publish`)).statusCode).toBe(403);
    const published = await call(cookies.teacher, 'POST', `/api/tests/${ids.test}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().data.publishedAt).not.toBeNull();
    const response = await call(cookies.b, 'GET', '/api/student/tests');
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().data.tests;
    expect(entry).toMatchObject({ marks: 40, rank: 2, ranked: 4, average: 31.5, highest: 45.5, absent: false, percentage: 80 });
    // Nothing of the others: no names, no ids, no marks but the batch's highest (the rule: the highest is shown).
    const body = response.body;
    for (const other of [ids.a, ids.c, ids.d, ids.e, 'Aarav', 'Chetan', 'Disha', 'Esha']) expect(body).not.toContain(other);
    // Disha's 0.5 appears nowhere as a value (a timestamp may contain the characters "0.5").
    expect(body).not.toMatch(/:0\.5[,}\]]/);
    expect(Object.keys(response.json().data)).toEqual(['student', 'tests']);
    // The outsider sees no test of a batch they are not in.
    expect((await call(cookies.outsider, 'GET', '/api/student/tests')).json().data.tests).toEqual([]);
  });

  it('a corrected published test says so and the correction is in the audit log', async () => {
    const response = await saveMarks([{ studentId: ids.d, marks: 1 }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.test.correctedAt).not.toBeNull();
    const { rows } = await t.database.db.execute<{ action: string; summary: string }>(sql`select action, summary from audit_log where entity_id = ${ids.test} order by at, id`);
    expect(rows.map((row) => row.action)).toEqual(['test.create', 'test.marks', 'test.publish', 'test.correct']);
    expect(rows.at(-1)!.summary).toContain('Corrected published marks');
  });

  it('imports marks from CSV, naming each bad line and saving nothing until all are right', async () => {
    const created = await call(cookies.admin, 'POST', `/api/batches/${ids.batch}/tests`, { name: 'Weekly test 2', date: '2026-07-12', maxMarks: 20 });
    const examId = created.json().data._id;
    const bad = await call(cookies.teacher, 'POST', `/api/tests/${examId}/marks/import`, { csv: `name,email,marks\nA,${emails.a},12\nX,nobody@example.com,3\nB,${emails.b},abc\nC,${emails.c},25\n` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'line.3': 'Line 3: no student of this batch has the email or student ID nobody@example.com', 'line.4': 'Line 4: marks must be a number in steps of 0.5, or A for absent' });
    const over = await call(cookies.teacher, 'POST', `/api/tests/${examId}/marks/import`, { csv: `email,marks\n${emails.a},12\n${emails.c},25\n` });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ 'marks.1.marks': 'Line 3: marks cannot be more than 20' });
    // The email column may hold a student ID instead (a child without an email, issue 21), in any case.
    const { rows: codes } = await t.database.db.execute<{ code: string }>(sql`select student_code as code from students where id = ${ids.b}`);
    const good = await call(cookies.teacher, 'POST', `/api/tests/${examId}/marks/import`, { csv: `email,marks\n${emails.a},12.5\n${codes[0]!.code.toLowerCase()},A\n` });
    expect(good.statusCode).toBe(200);
    expect(good.json().data.rows.filter((row: { marks: number | null; absent: boolean }) => row.marks !== null || row.absent)).toHaveLength(2);
    expect(good.json().data.rows.filter((row: { absent: boolean }) => row.absent)).toHaveLength(1);
    expect((await call(cookies.teacher, 'POST', `/api/tests/${examId}/marks/import`, { csv: 'nothing,here\n1,2' })).json().message).toBe('The first line must name the columns email and marks');
  });

  it('the import does not tell whether an email or student ID exists elsewhere in the academy (issue 35, finding 10a)', async () => {
    const created = await call(cookies.teacher, 'POST', `/api/batches/${ids.batch}/tests`, { name: 'Weekly test 3', date: '2026-07-19', maxMarks: 20 });
    const examId = created.json().data._id;
    const { rows } = await t.database.db.execute<{ code: string; email: string }>(sql`select s.student_code as code, u.email from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id where s.id = ${ids.outsider}`);
    const outsider = rows[0]!;
    // Lines 2 and 3: a student of another batch (email, student ID); lines 4 and 5: nobody at all.
    const response = await call(cookies.teacher, 'POST', `/api/tests/${examId}/marks/import`, { csv: `email,marks\n${outsider.email},5\n${outsider.code},5\nnobody@example.com,5\nNOBODY-0001,5\n` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'line.2': `Line 2: no student of this batch has the email or student ID ${outsider.email.toLowerCase()}`,
      'line.3': `Line 3: no student of this batch has the email or student ID ${outsider.code}`,
      'line.4': 'Line 4: no student of this batch has the email or student ID nobody@example.com',
      'line.5': 'Line 5: no student of this batch has the email or student ID NOBODY-0001',
    });
    await call(cookies.teacher, 'DELETE', `/api/tests/${examId}`);
  });

  it('staff see a student\'s tests; a teacher of another batch gets 404', async () => {
    expect((await call(cookies.admin, 'GET', `/api/students/${ids.a}/tests`)).json().data.tests).toHaveLength(2);
    expect((await call(cookies.teacher, 'GET', `/api/students/${ids.a}/tests`)).statusCode).toBe(200);
    expect((await call(cookies.otherTeacher, 'GET', `/api/students/${ids.a}/tests`)).statusCode).toBe(404);
  });

  it('the report card is a PDF for the admin and the student, 404 for another student', async () => {
    const admin = await call(cookies.admin, 'GET', `/api/students/${ids.a}/report-card.pdf?from=2026-07-01&to=2026-07-31`);
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toBe('application/pdf');
    expect(admin.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(admin.headers['content-disposition']).toContain('report-card-Aarav-Patil.pdf');
    expect((await call(cookies.a, 'GET', `/api/students/${ids.a}/report-card.pdf`)).statusCode).toBe(200);
    expect((await call(cookies.b, 'GET', `/api/students/${ids.a}/report-card.pdf`)).statusCode).toBe(404);
    expect((await call(cookies.teacher, 'GET', `/api/students/${ids.a}/report-card.pdf`)).statusCode).toBe(403);
    const badRange = await call(cookies.admin, 'GET', `/api/students/${ids.a}/report-card.pdf?from=2026-07-31&to=2026-07-01`);
    expect(badRange.statusCode).toBe(400);
  });

  it('a Marathi reader gets a Marathi report card (Devanagari font embedded)', async () => {
    await call(cookies.admin, 'PUT', '/api/auth/language', { language: 'mr' });
    const response = await call(cookies.admin, 'GET', `/api/students/${ids.a}/report-card.pdf`);
    await call(cookies.admin, 'PUT', '/api/auth/language', { language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1')).toContain('NotoSansDevanagari');
  });

  it('the admin mails every report card of a batch through the job runner, each with its PDF', async () => {
    expect((await call(cookies.teacher, 'POST', `/api/batches/${ids.batch}/report-cards/mail`, {})).statusCode).toBe(403);
    const response = await call(cookies.admin, 'POST', `/api/batches/${ids.batch}/report-cards/mail`, { from: '2026-07-01', to: '2026-07-31' });
    expect(response.statusCode).toBe(202);
    expect(response.json().data.queued).toBe(5);
    await t.app.jobs.runDue();
    const mails = await t.mailsTo(emails.b);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Report card of Bhakti Shinde');
    const raw = fs.readFileSync(mails[0]!.file, 'utf8');
    expect(raw).toContain('application/pdf');
    expect(raw).toContain('report-card-Bhakti-Shinde.pdf');
  });

  it('a published test can be deleted by the batch teacher, not by another', async () => {
    expect((await call(cookies.otherTeacher, 'DELETE', `/api/tests/${ids.test}`)).statusCode).toBe(404);
    expect((await call(cookies.teacher, 'DELETE', `/api/tests/${ids.test}`)).statusCode).toBe(200);
    expect((await call(cookies.teacher, 'GET', `/api/tests/${ids.test}`)).statusCode).toBe(404);
  });
});

describe('a student who joins mid-year', () => {
  it("does not get the batch's earlier tests as theirs (not absent: left out of their list, chart and card); tests from the day they join are theirs", async () => {
    const today = await academyToday(t.database.db);
    const before = await call(cookies.teacher, 'POST', `/api/batches/${ids.batch}/tests`, { name: 'Before joining', date: shiftDate(today, -10), maxMarks: 20 });
    const earlier = before.json().data._id as string;
    expect((await call(cookies.teacher, 'PUT', `/api/tests/${earlier}/marks`, { marks: [{ studentId: ids.a, marks: 15 }] })).statusCode).toBe(200);
    expect((await call(cookies.teacher, 'POST', `/api/tests/${earlier}/publish`)).statusCode).toBe(200);

    const late = await buildStudent(t.database.db, { name: 'Late Joiner' });
    expect((await call(cookies.admin, 'PUT', `/api/batches/${ids.batch}/students/${late.id}/add`)).statusCode).toBe(200);
    const onJoining = (await call(cookies.teacher, 'POST', `/api/batches/${ids.batch}/tests`, { name: 'After joining', date: today, maxMarks: 20 })).json().data._id as string;
    expect((await call(cookies.teacher, 'PUT', `/api/tests/${onJoining}/marks`, { marks: [{ studentId: late.id, marks: 12 }] })).statusCode).toBe(200);
    expect((await call(cookies.teacher, 'POST', `/api/tests/${onJoining}/publish`)).statusCode).toBe(200);

    const theirs = (await call(cookies.admin, 'GET', `/api/students/${late.id}/tests`)).json().data.tests as { test: { name: string }; absent: boolean }[];
    expect(theirs.map((entry) => entry.test.name)).toEqual(['After joining']);
    // Those who were there keep the earlier test.
    const aarav = (await call(cookies.admin, 'GET', `/api/students/${ids.a}/tests`)).json().data.tests as { test: { name: string } }[];
    expect(aarav.map((entry) => entry.test.name)).toContain('Before joining');
  });
});
