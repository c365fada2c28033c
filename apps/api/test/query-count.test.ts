import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../src/db/schema';
import { createAnnouncement } from '../src/modules/announcements/announcements.service';
import { notifyStudentsOfActiveAnnouncements } from '../src/modules/notifications/notifications.service';
import { academyToday } from '../src/academy-settings';
import { forgetEverything } from '../src/lib/read-cache';
import { buildTestApp, type TestApp } from './build-test-app';
import { statementsSentDuring } from './statements-sent';
import { buildBatch, buildEnquiry, buildParent, buildStudent, buildTeacher, buildUser, loginAs } from './factories';
import { shiftDate } from '@academy/shared/calendar';
import { onCitus } from './citus-cluster';

/**
 * The main reads cost a fixed number of SQL statements, whatever the size of the lists they show:
 * an N+1 (one query per row) fails here before it reaches an academy with 3,000 students.
 * Every statement on any connection counts (pg's Client.query: the session lookup, BEGIN/COMMIT too).
 */
const MAX_STATEMENTS = 5;
/**
 * Reads allowed more, each a fixed number of independent statements run side by side (Promise.all),
 * never one per row: a ledger is the student, dues, receipts, their allocations, concessions,
 * today, the academy's UPI ID and the family's UPI payment reports (issue 38); the fees summary six
 * sums for the office's reports; and the GST registration in force, for the tax on dues when prices
 * exclude GST (issue 57); and the tax invoices issued on instalments' due dates with what receipts settled on
 * them (decision 070).
 */
const BUDGETS: Record<string, number> = {
  "a student's fees (admin)": 12,
  "a student's own fees": 12,
  "a parent's child's fees": 12,
  'the fees summary': 8,
  // The page, its totals, the registration in force and the page's live instalment invoices (decision 070), side by side.
  'the overdue dues list': 6,
  'all open dues, second page': 6,
};

/**
 * Reads measured at 300 requests/s with every request a new answer (issue 74): each statement is a
 * round trip to PostgreSQL, a large part of their server time. At most these, counted with nothing
 * kept (the session, the academy's settings, then the read itself in one statement; the dashboard's
 * kept counts and its fresh parts, one statement each).
 */
const ROUND_TRIPS: Record<string, number> = {
  "a student's attendance": 2,
  "a parent's child's attendance": 2,
  "a teacher's day roster": 3,
  'the admin dashboard': 4,
};

let t: TestApp;
let admin = '';
let adminId = '';
let teacher = '';
let teacherId = '';
let student = '';
let studentId = '';
let parent = '';
let firstBatchId = '';
let firstTestId = '';
let today = '';

/**
 * On Citus (decision 053) the client sends every statement inside a transaction whose BEGIN carries the
 * academy (`set local`), a statement outside one in its own BEGIN … COMMIT, and announces a commit's
 * writes: what the request itself asks is what is left without those.
 */
const TRANSACTION_CONTROL = /^\s*(begin|start\s+transaction|commit|end|rollback|abort|set\s+local|savepoint|release)\b/i;
const CITUS_ANNOUNCEMENT = /^\s*select pg_notify\('academy_table_changes'/i;

/** How many SQL statements one request sends (and its status); `asked`: those, less transaction control and Citus' announcements. */
async function statementsOf(url: string, cookie: string): Promise<{ status: number; statements: number; asked: number }> {
  await t.app.backgroundIdle();
  // The cost of reading afresh: answers kept from an earlier request (lib/read-cache.ts) would hide it.
  forgetEverything(t.database.db);
  const { result: response, statements } = await statementsSentDuring(() => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie } }));
  const asked = statements.filter((statement) => !TRANSACTION_CONTROL.test(statement.text) && !CITUS_ANNOUNCEMENT.test(statement.text)).length;
  return { status: response.statusCode, statements: statements.length, asked };
}

const reads = () => [
  ['signed-in /auth/me', '/auth/me', student],
  ["a student's attendance", '/student/attendance', student],
  ["a student's batches", '/student/batches', student],
  ["a student's notifications", '/notifications', student],
  ["a student's notes", '/notes', student],
  ['batches with their students (admin)', '/batches?populate=enrolledStudents', admin],
  ['one batch with its students', `/batches/${firstBatchId}?populate=enrolledStudents`, admin],
  ["a teacher's batches", '/batches', teacher],
  ['students, searched and paged', '/students?page=1&limit=20&search=Student', admin],
  ["a teacher's day roster", `/attendance/${firstBatchId}/${today}`, teacher],
  ['the admin dashboard', '/admin/dashboard/summary', admin],
  ['admission enquiries', '/admission-enquiries', admin],
  ['enquiries to call, overdue (issue 41)', '/admission-enquiries?followUp=overdue&limit=8', admin],
  ['the admissions report (issue 41)', `/admissions/report?from=${shiftDate(today, -90)}&to=${today}`, admin],
  ['notes (admin)', '/notes', admin],
  ['announcements (admin)', '/announcements', admin],
  ["a student's announcements", '/announcements?status=active', student],
  ["a batch's notes", `/notes/batch/${firstBatchId}`, teacher],
  ["a teacher's own notes", '/notes/teacher', teacher],
  ["a student's notes (staff)", `/notes/student/${studentId}`, admin],
  ["a student's tests", '/student/tests', student],
  ["a batch's tests", `/batches/${firstBatchId}/tests`, teacher],
  ["a test's results", `/tests/${firstTestId}/results`, teacher],
  ["a student's tests (staff)", `/students/${studentId}/tests`, admin],
  ["a batch's report card remarks", `/batches/${firstBatchId}/remarks`, teacher],
  ["a student's fees (admin)", `/students/${studentId}/fees`, admin],
  ["a student's own fees", '/student/fees', student],
  ['the overdue dues list', '/fees/dues?overdue=true&page=1&limit=20', admin],
  ['all open dues, second page', '/fees/dues?page=2&limit=5', admin],
  ['the fees summary', '/fees/summary', admin],
  ["a parent's children", '/parent/children', parent],
  ["a parent's child's attendance", `/parent/children/${studentId}/attendance`, parent],
  ["a parent's child's fees", `/parent/children/${studentId}/fees`, parent],
  ['parents, searched and paged', '/parents?page=1&limit=20', admin],
] as const;

/** A batch of `size` new students (the signed-in student in the first one), marked today, with two notes and an announcement. */
async function growAcademy(batches: number, size: number) {
  const db = t.database.db;
  for (let b = 0; b < batches; b += 1) {
    const members = await Promise.all(Array.from({ length: size }, (_, i) => buildStudent(db, { name: `Student ${b}-${i} ${randomBytes(2).toString('hex')}` })));
    const ids = members.map((member) => member.id);
    if (studentId) ids.push(studentId);
    const batch = await buildBatch(db, { teacherId, studentIds: ids, capacity: 200, startDate: shiftDate(today, -60), endDate: shiftDate(today, 60) });
    firstBatchId ||= batch.id;
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/attendance/batch/${batch.id}`,
      headers: { cookie: teacher },
      payload: { date: today, records: ids.map((id) => ({ studentId: id, status: 'present' })) },
    });
    expect(marked.statusCode).toBe(200);
    // A published test with everyone's marks (the student's tests and results grow with it).
    const test = await t.app.inject({ method: 'POST', url: `/api/batches/${batch.id}/tests`, headers: { cookie: teacher }, payload: { name: `Test ${b}`, date: today, maxMarks: 50 } });
    firstTestId ||= test.json().data._id;
    const testId = test.json().data._id;
    const saved = await t.app.inject({ method: 'PUT', url: `/api/tests/${testId}/marks`, headers: { cookie: teacher }, payload: { marks: ids.map((id, i) => ({ studentId: id, marks: i % 50 })) } });
    expect(saved.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/tests/${testId}/publish`, headers: { cookie: teacher } });
    await db.insert(notes).values(
      [1, 2].map((n) => ({
        title: `Chapter ${n}`,
        batchId: batch.id,
        teacherId,
        isPublic: n === 1,
        fileKey: `count-${randomBytes(8).toString('hex')}`,
        fileName: `chapter-${n}.pdf`,
        fileSize: 1000,
        fileSha256: '0'.repeat(64),
      })),
    );
    await createAnnouncement(
      db,
      { title: `Notice ${b}`, content: 'Closed on Monday', type: 'general', priority: 'medium', audience: 'everyone', batches: [], startDate: today, endDate: shiftDate(today, 3) },
      { userId: adminId, role: 'admin' as const },
    );
    // A fee plan (its dues go to every enrolled student at once, one overdue) and a payment by the signed-in student.
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/fee-plans',
      headers: { cookie: admin },
      payload: { name: `Fees ${b}`, batch: batch.id, amount: 2000, instalments: [{ dueDate: shiftDate(today, -10), amount: 1000 }, { dueDate: shiftDate(today, 30), amount: 1000 }] },
    });
    expect(plan.statusCode).toBe(201);
    const paid = await t.app.inject({ method: 'POST', url: `/api/students/${studentId}/payments`, headers: { cookie: admin }, payload: { amount: 500, date: today, mode: 'cash' } });
    expect(paid.statusCode).toBe(201);
    await buildEnquiry(db);
    await buildEnquiry(db, { status: 'contacted' });
  }
  await notifyStudentsOfActiveAnnouncements(db);
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  await t.app.ready();
  await t.app.backgroundIdle();
  today = await academyToday(db);
  const adminUser = await buildUser(db, { role: 'admin' });
  adminId = adminUser.id;
  admin = await loginAs(t.app, adminUser.email);
  const teacherRecord = await buildTeacher(db);
  teacherId = teacherRecord.id;
  teacher = await loginAs(t.app, teacherRecord.user.email);
  const studentRecord = await buildStudent(db, { name: 'Student Counted' });
  studentId = studentRecord.id;
  student = await loginAs(t.app, studentRecord.user.email);
  const parentRecord = await buildParent(db, { name: 'Parent Counted', studentIds: [studentId] });
  parent = await loginAs(t.app, parentRecord.user.email);
});
afterAll(() => t.close());

async function countAll(): Promise<{ sent: Record<string, number>; asked: Record<string, number> }> {
  const sent: Record<string, number> = {};
  const asked: Record<string, number> = {};
  for (const [label, url, cookie] of reads()) {
    const counted = await statementsOf(url, cookie);
    expect(counted.status, `${label}: ${url}`).toBe(200);
    sent[label] = counted.statements;
    asked[label] = counted.asked;
  }
  return { sent, asked };
}

describe('SQL statements per request', () => {
  it(
    `stay at ${MAX_STATEMENTS} or fewer for the main reads (or their stated budget), and do not grow with the lists`,
    async () => {
      await growAcademy(1, 2);
      const small = await countAll();
      await growAcademy(4, 6);
      const big = await countAll();
      // On either engine: no statement per row, whatever the lists hold.
      expect(big.sent).toEqual(small.sent);
      expect(big.asked).toEqual(small.asked);
      // Plain PostgreSQL: every statement sent counts (BEGIN/COMMIT too) against the budgets and round trips.
      // Citus: the statements the request asks stay within the same budgets and round trips; each is sent in
      // a transaction carrying the academy (db/client.ts), at most its BEGIN and COMMIT and one announcement
      // more, so the round trips are at most four times those (decision 053).
      const counted = onCitus() ? big.asked : big.sent;
      const tooMany = Object.entries(counted).filter(([label, statements]) => statements > (BUDGETS[label] ?? MAX_STATEMENTS));
      expect(tooMany, JSON.stringify(big)).toEqual([]);
      const overRoundTrips = Object.entries(ROUND_TRIPS).filter(([label, most]) => counted[label]! > most);
      expect(overRoundTrips, JSON.stringify(big)).toEqual([]);
      if (onCitus()) expect(Object.entries(big.sent).filter(([label, statements]) => statements > 4 * big.asked[label]!)).toEqual([]);
    },
    // On Citus the set-up's writes are each a transaction of their own, three round trips: more time.
    onCitus() ? 240_000 : undefined,
  );
});
