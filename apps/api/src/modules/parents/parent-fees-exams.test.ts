import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentMessages } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, buildUser, loginAll } from '../../../test/factories';
import { academyToday } from '../../academy-settings';
import { shiftDate } from '@academy/shared/calendar';

/** A parent's view of their children's fees and tests (issues 21–23), and reminders and report cards reaching parents. */
let t: TestApp;
let today: string;
const cookies = { admin: '', teacher: '', student: '', parent: '', otherParent: '' };
const ids = { batch: '', student: '', otherStudent: '', lonely: '', test: '', receipt: '' };
const emails = { parent: '', otherParent: '', student: '', lonely: '' };

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => call(cookies.admin, method, url, payload);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  today = await academyToday(db);
  const teacher = await buildTeacher(db);
  const student = await buildStudent(db, { name: 'Kavya Deshmukh' });
  const otherStudent = await buildStudent(db, { name: 'Om Kulkarni' });
  const lonely = await buildStudent(db, { name: 'Adult Learner' });
  const batch = await buildBatch(db, { name: 'Parent views 10', teacherId: teacher.id, studentIds: [student.id, otherStudent.id, lonely.id] });
  const parent = await buildParent(db, { studentIds: [student.id], language: 'mr' });
  const otherParent = await buildParent(db, { studentIds: [otherStudent.id] });
  const admin = await buildUser(db, { role: 'admin' });
  Object.assign(ids, { batch: batch.id, student: student.id, otherStudent: otherStudent.id, lonely: lonely.id });
  Object.assign(emails, { parent: parent.user.email, otherParent: otherParent.user.email, student: student.user.email, lonely: lonely.user.email });
  Object.assign(cookies, await loginAll(t.app, { admin, teacher, student, parent, otherParent }));

  // Fees: one overdue instalment and one later; ₹2,500 paid.
  const plan = await asAdmin('POST', '/api/fee-plans', { name: 'Parent views fees', batch: batch.id, amount: 12000, instalments: [{ dueDate: shiftDate(today, -20), amount: 6000 }, { dueDate: shiftDate(today, 40), amount: 6000 }] });
  expect(plan.statusCode).toBe(201);
  const paid = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 2500, date: today, mode: 'cash' });
  expect(paid.statusCode).toBe(201);
  ids.receipt = paid.json().data._id;

  // A published test with marks.
  const test = await call(cookies.teacher, 'POST', `/api/batches/${batch.id}/tests`, { name: 'Weekly test 7', date: today, maxMarks: 40 });
  ids.test = test.json().data._id;
  expect((await call(cookies.teacher, 'PUT', `/api/tests/${ids.test}/marks`, { marks: [{ studentId: student.id, marks: 32.5 }, { studentId: otherStudent.id, marks: 28 }] })).statusCode).toBe(200);
  expect((await call(cookies.teacher, 'POST', `/api/tests/${ids.test}/publish`)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("a parent's view of fees and tests", () => {
  it("reads their child's ledger exactly as the child does; another family's child is 404, a teacher 403", async () => {
    const own = await call(cookies.student, 'GET', '/api/student/fees');
    const parents = await call(cookies.parent, 'GET', `/api/parent/children/${ids.student}/fees`);
    expect(parents.statusCode).toBe(200);
    expect(parents.json().data).toEqual(own.json().data);
    expect(parents.json().data.totals.balance).toBe(9500);
    expect((await call(cookies.otherParent, 'GET', `/api/parent/children/${ids.student}/fees`)).statusCode).toBe(404);
    expect((await call(cookies.parent, 'GET', `/api/parent/children/${ids.otherStudent}/fees`)).statusCode).toBe(404);
    expect((await call(cookies.teacher, 'GET', `/api/parent/children/${ids.student}/fees`)).statusCode).toBe(403);
    expect((await call(cookies.student, 'GET', `/api/parent/children/${ids.student}/fees`)).statusCode).toBe(403);
  });

  it("downloads their child's receipt; another family's parent gets 404", async () => {
    const pdf = await call(cookies.parent, 'GET', `/api/receipts/${ids.receipt}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // In the reader's language (the parent reads Marathi), not the child's.
    expect(pdf.rawPayload.toString('latin1')).toContain('/Lang (mr)');
    expect((await call(cookies.student, 'GET', `/api/receipts/${ids.receipt}/pdf`)).rawPayload.toString('latin1')).toContain('/Lang (en)');
    expect((await call(cookies.otherParent, 'GET', `/api/receipts/${ids.receipt}/pdf`)).statusCode).toBe(404);
  });

  it("reads their child's published results as the child does, and downloads the report card", async () => {
    const own = await call(cookies.student, 'GET', '/api/student/tests');
    const parents = await call(cookies.parent, 'GET', `/api/parent/children/${ids.student}/tests`);
    expect(parents.statusCode).toBe(200);
    expect(parents.json().data).toEqual(own.json().data);
    expect(parents.json().data.tests).toEqual([expect.objectContaining({ marks: 32.5, rank: 1 })]);
    expect((await call(cookies.otherParent, 'GET', `/api/parent/children/${ids.student}/tests`)).statusCode).toBe(404);
    expect((await call(cookies.teacher, 'GET', `/api/parent/children/${ids.student}/tests`)).statusCode).toBe(403);

    const card = await call(cookies.parent, 'GET', `/api/students/${ids.student}/report-card.pdf`);
    expect(card.statusCode).toBe(200);
    expect(card.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(cookies.otherParent, 'GET', `/api/students/${ids.student}/report-card.pdf`)).statusCode).toBe(404);
  });
});

describe('reminders and report cards reach the parents', () => {
  it("sends a fee reminder to the parent in the parent's language, not to the student; a student without parents gets it themselves", async () => {
    const dues = (await asAdmin('GET', `/api/fees/dues?overdue=true&batch=${ids.batch}`)).json().data.dues as { _id: string; student: { _id: string } }[];
    const chosen = dues.filter((due) => due.student._id === ids.student || due.student._id === ids.lonely).map((due) => due._id);
    expect(chosen).toHaveLength(2);
    expect((await asAdmin('POST', '/api/fees/reminders', { dueIds: chosen })).json().data).toMatchObject({ queued: 2, skipped: 0, families: 2 });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    // (The parent also has the receipt of the payment made earlier: receipts are mailed too.)
    const reminders = (await t.mailsTo(emails.parent)).filter((mail) => mail.subject.includes('फीची आठवण'));
    expect(reminders).toHaveLength(1);
    const mail = reminders[0];
    expect(mail?.subject).toContain('Kavya Deshmukh यांच्या फीची आठवण');
    expect(mail?.text).toContain('₹3,500');
    expect(await t.mailsTo(emails.student)).toHaveLength(0);
    expect((await t.mailsTo(emails.otherParent)).filter((mail) => mail.subject.includes('reminder'))).toHaveLength(0);
    const [own] = (await t.mailsTo(emails.lonely)).filter((mail) => mail.subject.includes('reminder'));
    expect(own?.subject).toContain('fee reminder for Adult Learner');
    const rows = await t.database.db.select().from(parentMessages).where(and(eq(parentMessages.studentId, ids.student), eq(parentMessages.kind, 'fee-reminder')));
    expect(rows.map((row) => [row.channel, row.status])).toEqual([['email', 'sent']]);
  });

  it('mails each report card to the parents with the PDF in their language; the student without parents gets their own', async () => {
    const response = await asAdmin('POST', `/api/batches/${ids.batch}/report-cards/mail`, {});
    expect(response.statusCode).toBe(202);
    await t.app.jobs.runDue();
    const cards = (await t.mailsTo(emails.parent)).filter((mail) => mail.subject.includes('प्रगतिपत्रक'));
    expect(cards).toHaveLength(1);
    const raw = fs.readFileSync(cards[0]!.file, 'utf8');
    expect(raw).toContain('application/pdf');
    expect((await t.mailsTo(emails.student)).filter((mail) => mail.subject.includes('Report card'))).toHaveLength(0);
    expect((await t.mailsTo(emails.otherParent)).filter((mail) => mail.subject.includes('Report card of Om Kulkarni'))).toHaveLength(1);
    expect((await t.mailsTo(emails.lonely)).filter((mail) => mail.subject.includes('Report card of Adult Learner'))).toHaveLength(1);
  });
});
