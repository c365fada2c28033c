import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYearNameOf, shiftAcademicYear, shiftDate } from '@academy/shared/calendar';
import { ACADEMIC_YEAR_MESSAGES } from '@academy/shared/schemas/academic-years';
import { attendanceRecords, batches, feeDues, feeReceipts, students, users } from '../../db/schema';
import { joinOn } from '../../db/same-academy';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildStandard, buildStudent, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { academyToday } from '../../academy-settings';

/**
 * The new academic year (issue 39), as the "done when" says: a rollover moves 9th to 10th, ends
 * last year's batches and carries an unpaid ₹2,000 into the new year's ledger; the 10th (the last
 * standard) leave as alumni; the office's exceptions repeat or leave; one rollover a year, undone
 * exactly until the new year's first change.
 */
let t: TestApp;
let admin: string;
let teacherCookie: string;
let today: string;
let fromYear: string;
let toYear: string;
const ids = {} as Record<'ninth' | 'tenth' | 'promoted' | 'alumnus' | 'repeater' | 'leaver' | 'unplaced' | 'oldBatch' | 'newBatch' | 'oldDue', string>;
let oldBatchEnd: string;

const rollover = (body: object, options: { dryRun?: boolean; cookie?: string } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/academic-years/rollover${options.dryRun ? '?dryRun=true' : ''}`, headers: { cookie: options.cookie ?? admin }, payload: body });
const studentRow = async (id: string) =>
  (await t.database.db.select({ standardId: students.standardId, status: students.status, isActive: users.isActive, code: students.studentCode }).from(students).innerJoin(users, joinOn(users.id, students.userId)).where(eq(students.id, id)))[0]!;
const batchRow = async (id: string) => (await t.database.db.select().from(batches).where(eq(batches.id, id)))[0]!;
const ledger = async (studentId: string) => (await t.app.inject({ method: 'GET', url: `/api/students/${studentId}/fees`, headers: { cookie: admin } })).json().data;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = await loginAs(t.app, (await buildUser(db, { role: 'admin' })).email);
  today = await academyToday(db);
  fromYear = academicYearNameOf(today);
  toYear = shiftAcademicYear(fromYear, 1);
  const ninth = await buildStandard(db, { name: '9th', level: 9 });
  const tenth = await buildStandard(db, { name: '10th', level: 10 });
  ids.ninth = ninth.id;
  ids.tenth = tenth.id;
  ids.promoted = (await buildStudent(db, { name: 'Asha Pawar', standardId: ninth.id })).id;
  ids.alumnus = (await buildStudent(db, { name: 'Ravi Kale', standardId: tenth.id })).id;
  ids.repeater = (await buildStudent(db, { name: 'Sunil More', standardId: ninth.id })).id;
  ids.leaver = (await buildStudent(db, { name: 'Meena Jadhav', standardId: ninth.id })).id;
  ids.unplaced = (await buildStudent(db, { name: 'No Standard', standardId: null })).id;
  const teacher = await buildTeacher(db);
  teacherCookie = await loginAs(t.app, teacher.user.email);
  // Last year's batch (began this academic year, would run past the chosen end) and next year's.
  oldBatchEnd = shiftDate(today, 120);
  const yearStart = `${fromYear.slice(0, 4)}-06-01`;
  const oldBatch = await buildBatch(db, { name: '9th Maths', standardId: ninth.id, teacherId: teacher.id, startDate: yearStart, endDate: oldBatchEnd, studentIds: [ids.promoted] });
  ids.oldBatch = oldBatch.id;
  ids.newBatch = (await buildBatch(db, { name: '10th Maths next year', standardId: tenth.id, teacherId: teacher.id, startDate: `${toYear.slice(0, 4)}-06-01`, endDate: `${toYear.slice(0, 4)}-12-31` })).id;
  // ₹3,000 due ten days ago, ₹1,000 of it paid: ₹2,000 unpaid.
  const plan = await t.app.inject({ method: 'POST', url: '/api/fee-plans', headers: { cookie: admin }, payload: { name: 'Term fees', batch: oldBatch.id, amount: 3000, instalments: [{ dueDate: shiftDate(today, -10), amount: 3000 }] } });
  expect(plan.statusCode).toBe(201);
  const paid = await t.app.inject({ method: 'POST', url: `/api/students/${ids.promoted}/payments`, headers: { cookie: admin }, payload: { amount: 1000, date: today, mode: 'cash' } });
  expect(paid.statusCode).toBe(201);
  ids.oldDue = (await db.select({ id: feeDues.id }).from(feeDues).where(eq(feeDues.studentId, ids.promoted)))[0]!.id;
  const marked = await t.app.inject({ method: 'POST', url: `/api/attendance/batch/${oldBatch.id}`, headers: { cookie: admin }, payload: { date: today, records: [{ studentId: ids.promoted, status: 'present' }] } });
  expect(marked.statusCode).toBe(200);
});
afterAll(() => t.close());

const exceptions = () => ({ batchesEndOn: today, repeat: [ids.repeater], leave: [ids.leaver] });

describe('the new academic year', () => {
  it('is the admin’s only', async () => {
    expect((await rollover(exceptions(), { dryRun: true, cookie: teacherCookie })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/academic-years', headers: { cookie: teacherCookie } })).statusCode).toBe(403);
  });

  it('refuses bad bodies with clear messages (400), never a 500', async () => {
    const empty = await rollover({}, { dryRun: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.batchesEndOn).toBeTruthy();
    const badDate = await rollover({ batchesEndOn: '31-05-2027' }, { dryRun: true });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors.batchesEndOn).toBe('Enter a date as YYYY-MM-DD');
    const both = await rollover({ batchesEndOn: today, repeat: [ids.leaver], leave: [ids.leaver] }, { dryRun: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.repeat).toBe(ACADEMIC_YEAR_MESSAGES.sameStudent);
    const notIds = await rollover({ batchesEndOn: today, leave: ['nobody'] }, { dryRun: true });
    expect(notIds.statusCode).toBe(400);
    const unknown = await rollover({ batchesEndOn: today, repeat: ['00000000-0000-4000-8000-000000000000'] }, { dryRun: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ACADEMIC_YEAR_MESSAGES.unknownStudents);
    const future = await rollover({ batchesEndOn: `${toYear.slice(0, 4)}-07-01` }, { dryRun: true });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(ACADEMIC_YEAR_MESSAGES.futureYear.replace('{year}', toYear));
    const badYear = await t.app.inject({ method: 'GET', url: '/api/batches?year=2026', headers: { cookie: admin } });
    expect(badYear.statusCode).toBe(400);
  });

  it('answers a dry run with its counts and changes nothing', async () => {
    const dry = await rollover(exceptions(), { dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().data).toEqual({
      fromYear,
      toYear,
      promoted: 1,
      alumni: 1,
      repeating: 1,
      leaving: 1,
      batchesArchived: 1,
      balancesCarried: 1,
      amountCarried: 2000,
      byStandard: [
        { from: '9th', to: '10th', count: 1 },
        { from: '10th', to: null, count: 1 },
      ],
    });
    expect((await studentRow(ids.promoted)).standardId).toBe(ids.ninth);
    expect((await batchRow(ids.oldBatch)).archivedAt).toBeNull();
    expect((await ledger(ids.promoted)).dues.map((due: { status: string }) => due.status)).toEqual(['overdue']);
  });

  it('moves 9th to 10th, ends last year’s batches and carries the unpaid ₹2,000 into the new year', async () => {
    const before = { promoted: await studentRow(ids.promoted), attendance: await t.database.db.select().from(attendanceRecords), receipts: await t.database.db.select().from(feeReceipts) };
    const done = await rollover(exceptions());
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('The new academic year has begun');
    expect(done.json().data).toMatchObject({ fromYear, toYear, promoted: 1, alumni: 1, amountCarried: 2000 });

    // Students: up a standard, alumni (signed out), repeating, leaving; the unplaced one as they were; IDs kept.
    const promoted = await studentRow(ids.promoted);
    expect(promoted).toMatchObject({ standardId: ids.tenth, status: 'active', isActive: true, code: before.promoted.code });
    expect(await studentRow(ids.alumnus)).toMatchObject({ standardId: ids.tenth, status: 'alumni', isActive: false });
    expect(await studentRow(ids.repeater)).toMatchObject({ standardId: ids.ninth, status: 'active', isActive: true });
    expect(await studentRow(ids.leaver)).toMatchObject({ standardId: ids.ninth, status: 'archived', isActive: false });
    expect(await studentRow(ids.unplaced)).toMatchObject({ standardId: null, status: 'active' });

    // Batches: last year's ends on the chosen day and is archived; next year's is untouched.
    const oldBatch = await batchRow(ids.oldBatch);
    expect(oldBatch.endDate).toBe(today);
    expect(oldBatch.archivedAt).not.toBeNull();
    expect((await batchRow(ids.newBatch)).archivedAt).toBeNull();
    const list = (await t.app.inject({ method: 'GET', url: '/api/batches', headers: { cookie: admin } })).json().data;
    expect(list.map((batch: { _id: string }) => batch._id)).toEqual([ids.newBatch]);
    const lastYear = (await t.app.inject({ method: 'GET', url: `/api/batches?year=${fromYear}`, headers: { cookie: admin } })).json().data;
    expect(lastYear.map((batch: { _id: string; archived: boolean }) => [batch._id, batch.archived])).toEqual([[ids.oldBatch, true]]);
    expect((await t.app.inject({ method: 'GET', url: '/api/batches?year=all', headers: { cookie: admin } })).json().data).toHaveLength(2);
    // Its attendance and receipts are untouched.
    expect(await t.database.db.select().from(attendanceRecords)).toEqual(before.attendance);
    expect(await t.database.db.select().from(feeReceipts)).toEqual(before.receipts);

    // The ledger: the old due carried over (paid part kept), one previous year balance of ₹2,000; still adds up.
    const book = await ledger(ids.promoted);
    expect(book.dues).toHaveLength(2);
    expect(book.dues[0]).toMatchObject({ _id: ids.oldDue, label: 'Term fees', amount: 3000, paid: 1000, balance: 0, status: 'carried_over' });
    expect(book.dues[1]).toMatchObject({ label: `Previous year balance ${fromYear}`, batch: null, dueDate: `${toYear.slice(0, 4)}-06-01`, amount: 2000, paid: 0, balance: 2000, status: 'due' });
    expect(book.totals).toMatchObject({ due: 2000, paid: 0, balance: 2000 });
    expect(book.payments).toHaveLength(1);

    const years = (await t.app.inject({ method: 'GET', url: '/api/academic-years', headers: { cookie: admin } })).json().data;
    expect(years.currentYear).toBe(toYear);
    expect(years.rollovers).toHaveLength(1);
    expect(years.students.map((student: { name: string }) => student.name)).toEqual(['Sunil More', 'Asha Pawar', 'No Standard']);
  });

  it('keeps past batches and alumni read-only', async () => {
    const enrol = await t.app.inject({ method: 'PUT', url: `/api/batches/${ids.oldBatch}/students/${ids.repeater}/add`, headers: { cookie: admin } });
    expect(enrol.statusCode).toBe(409);
    expect(enrol.json().message).toBe(ACADEMIC_YEAR_MESSAGES.batchArchived);
    const mark = await t.app.inject({ method: 'POST', url: `/api/attendance/batch/${ids.oldBatch}`, headers: { cookie: admin }, payload: { date: today, records: [{ studentId: ids.promoted, status: 'absent' }] } });
    expect(mark.statusCode).toBe(409);
    expect(mark.json().message).toBe(ACADEMIC_YEAR_MESSAGES.attendanceArchived);
    const edit = await t.app.inject({ method: 'PUT', url: `/api/students/${ids.alumnus}`, headers: { cookie: admin }, payload: { school: 'Another school' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(ACADEMIC_YEAR_MESSAGES.alumniReadOnly);
    // The office still reads them.
    const alumni = (await t.app.inject({ method: 'GET', url: '/api/students?status=alumni', headers: { cookie: admin } })).json().data;
    expect(alumni.students.map((student: { _id: string; status: string }) => [student._id, student.status])).toEqual([[ids.alumnus, 'alumni']]);
  });

  it('shows the new year by default and the past one behind the year switcher', async () => {
    const get = async (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    // The dashboard counts this year's batches; last year's is archived.
    expect((await get('/api/admin/dashboard/summary')).json().data.counts.batches).toBe(1);
    expect((await get('/api/admin/dashboard/year')).json().data).toMatchObject({ year: toYear, current: true, batches: 1, students: 0 });
    expect((await get(`/api/admin/dashboard/year?year=${fromYear}`)).json().data).toEqual({
      year: fromYear,
      current: false,
      batches: 1,
      students: 1,
      attendance: { total: 1, percentage: 100 },
      tests: 0,
      enquiries: 0,
      admitted: 0,
      fees: { billed: 3000, concession: 0, collected: 1000, outstanding: 0, carriedOver: 2000 },
    });

    // The fee report: last year's batch with what was paid and what moved into this year.
    const lastYear = (await get(`/api/fees/report?year=${fromYear}`)).json().data;
    expect(lastYear).toMatchObject({ year: fromYear, collected: 1000, byMode: [{ mode: 'cash', amount: 1000 }], byDay: [] });
    expect(lastYear.byBatch).toEqual([{ batch: { _id: ids.oldBatch, name: '9th Maths' }, billed: 3000, concession: 0, paid: 1000, outstanding: 0, carriedOver: 2000 }]);
    expect(lastYear.byMonth).toHaveLength(12);
    expect(lastYear.byMonth[0].month).toBe(`${fromYear.slice(0, 4)}-06`);
    expect((await get('/api/fees/report')).json().data).toMatchObject({ year: toYear, byBatch: [] });

    // The dues list: this year's open dues by default (the balance brought forward); last year's unpaid, carried over.
    const open = (await get('/api/fees/dues')).json().data;
    expect(open.dues.map((due: { label: string; balance: number }) => [due.label, due.balance])).toEqual([[`Previous year balance ${fromYear}`, 2000]]);
    const past = (await get(`/api/fees/dues?year=${fromYear}`)).json().data;
    expect(past.dues.map((due: { _id: string; status: string; balance: number }) => [due._id, due.status, due.balance])).toEqual([[ids.oldDue, 'carried_over', 2000]]);

    // A year that is not one is refused with the words of the switcher; the office's only.
    for (const url of ['/api/fees/report?year=2026', '/api/admin/dashboard/year?year=2026-28', '/api/fees/dues?year=last']) {
      const bad = await get(url);
      expect(bad.statusCode, url).toBe(400);
      expect(JSON.stringify(bad.json().errors), url).toContain(ACADEMIC_YEAR_MESSAGES.yearQuery);
    }
    expect((await get('/api/admin/dashboard/year', teacherCookie)).statusCode).toBe(403);
    expect((await get('/api/fees/report', teacherCookie)).statusCode).toBe(403);
  });

  it('refuses a second rollover of the same year', async () => {
    const again = await rollover(exceptions());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACADEMIC_YEAR_MESSAGES.alreadyRolled.replace('{year}', fromYear));
  });

  it('undoes it exactly while nothing has changed since', async () => {
    const [latest] = (await t.app.inject({ method: 'GET', url: '/api/academic-years', headers: { cookie: admin } })).json().data.rollovers;
    const undo = await t.app.inject({ method: 'DELETE', url: `/api/academic-years/rollover/${latest._id}`, headers: { cookie: admin } });
    expect(undo.statusCode).toBe(200);
    expect(await studentRow(ids.promoted)).toMatchObject({ standardId: ids.ninth, status: 'active', isActive: true });
    expect(await studentRow(ids.alumnus)).toMatchObject({ standardId: ids.tenth, status: 'active', isActive: true });
    expect(await studentRow(ids.leaver)).toMatchObject({ standardId: ids.ninth, status: 'active', isActive: true });
    const oldBatch = await batchRow(ids.oldBatch);
    expect(oldBatch.endDate).toBe(oldBatchEnd);
    expect(oldBatch.archivedAt).toBeNull();
    const book = await ledger(ids.promoted);
    expect(book.dues.map((due: { _id: string; status: string }) => [due._id, due.status])).toEqual([[ids.oldDue, 'overdue']]);
    expect(book.totals).toMatchObject({ due: 3000, paid: 1000, balance: 2000 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/academic-years/rollover/${latest._id}`, headers: { cookie: admin } })).statusCode).toBe(409);
    const years = (await t.app.inject({ method: 'GET', url: '/api/academic-years', headers: { cookie: admin } })).json().data;
    expect(years.currentYear).toBe(fromYear);
    expect(years.rollovers[0].undoneAt).not.toBeNull();
  });

  it('cannot be undone once the new year has begun', async () => {
    const done = await rollover(exceptions());
    expect(done.statusCode).toBe(200);
    const { rolloverId } = done.json().data;
    // The first change of the new year: a student's school.
    expect((await t.app.inject({ method: 'PUT', url: `/api/students/${ids.promoted}`, headers: { cookie: admin }, payload: { school: 'New school' } })).statusCode).toBe(200);
    const undo = await t.app.inject({ method: 'DELETE', url: `/api/academic-years/rollover/${rolloverId}`, headers: { cookie: admin } });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe(ACADEMIC_YEAR_MESSAGES.changedSince.replace('{count}', '1'));
    expect((await studentRow(ids.promoted)).standardId).toBe(ids.tenth);
    // An alumnus may be restored to active (the office's mistake), and is then a student like any other.
    const restore = await t.app.inject({ method: 'PUT', url: `/api/students/${ids.alumnus}`, headers: { cookie: admin }, payload: { status: 'active' } });
    expect(restore.statusCode).toBe(200);
    expect(await studentRow(ids.alumnus)).toMatchObject({ status: 'active', isActive: true });
  });
});
