import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import { buildTestApp, TEST_SERVER_KEYS, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, buildUser, loginAs, TEST_PASSWORD } from '../../../test/factories';
import { withTwoAcademies } from '../../../test/second-academy';
import { announcementBatches, announcements, auditLog, parentMessages, teacherPay } from '../../db/schema';
import { withAcademy } from '../../lib/tenancy';
import { shiftDate } from '@academy/shared/calendar';
import { academyToday } from '../../academy-settings';
import { updatePaySettings } from './pay.service';
import ExcelJS from 'exceljs';
import { pdfTextAsRead } from '../../../test/pdf-text';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const pdfText = (pdf: Buffer) => pdfTextAsRead(pdf).replace(/\s+/g, ' ');

/*
 * The "Done when" journey through the API (November 2026, a past month): a per-lecture teacher
 * marks three batches over a week; a closure removes a lecture; a monthly teacher's approved unpaid day
 * of leave is covered by a substitute who marks that day's sheet and is paid for it; the month is
 * approved, its payslips (English and Marathi) and bank file downloaded; a teacher cannot see another's
 * pay; a correction after approval lands in December.
 */
let t: TestApp;
let bankWorkbook: Buffer = Buffer.alloc(0);
const cookies = { admin: '', perLecture: '', monthly: '', substitute: '' };
const ids = { perLecture: '', monthly: '', substitute: '', b1: '', b2: '', b3: '', bM: '', s1: '', s2: '', s3: '', sM: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const [perLecture, monthly, substitute] = [await buildTeacher(db, { name: 'Prakash Joshi' }), await buildTeacher(db, { name: 'Meena Kulkarni' }), await buildTeacher(db, { name: 'Sunil Rao' })];
  const [s1, s2, s3, sM] = [await buildStudent(db), await buildStudent(db), await buildStudent(db), await buildStudent(db)];
  await buildParent(db, { studentIds: [sM.id] });
  Object.assign(ids, { perLecture: perLecture.id, monthly: monthly.id, substitute: substitute.id, s1: s1.id, s2: s2.id, s3: s3.id, sM: sM.id });
  ids.b1 = (await buildBatch(db, { name: 'Physics 11', teacherId: perLecture.id, studentIds: [s1.id] })).id;
  ids.b2 = (await buildBatch(db, { name: 'Physics 12', teacherId: perLecture.id, studentIds: [s2.id] })).id;
  ids.b3 = (await buildBatch(db, { name: 'Physics CET', teacherId: perLecture.id, studentIds: [s3.id] })).id;
  ids.bM = (await buildBatch(db, { name: 'Maths 10', teacherId: monthly.id, studentIds: [sM.id] })).id;
  cookies.admin = await loginAs(t.app, (await buildUser(db, { role: 'admin' })).email);
  cookies.perLecture = await loginAs(t.app, perLecture.user.email);
  cookies.monthly = await loginAs(t.app, monthly.user.email);
  cookies.substitute = await loginAs(t.app, substitute.user.email);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const mark = (batchId: string, studentId: string, date: string, cookie: string) => call('POST', `/api/attendance/batch/${batchId}`, cookie, { date, records: [{ studentId, status: 'present' }] });
type Line = { teacherId: string; lectures: number; hours: number; gross: number; deductions: number; tds: number; net: number; unpaidLeaveDays: number };
const lineOf = async (month: string, teacherId: string): Promise<Line> => (await call('GET', `/api/payroll/${month}`, cookies.admin)).json().data.teachers.find((line: Line) => line.teacherId === teacherId);

describe('pay settings', () => {
  it('saves each scheme in rupees, keeps the bank account sealed and shows only its last four digits', async () => {
    const saved = await call('PUT', `/api/teachers/${ids.perLecture}/pay`, cookies.admin, {
      scheme: 'per-lecture',
      rates: [
        { batch: ids.b1, amount: 500 },
        { batch: ids.b2, amount: 600 },
        { batch: ids.b3, amount: '700.00' },
      ],
      // A free TDS percent is no longer taken: a visiting teacher's TDS comes from the law.
      tdsPercent: 10,
      pan: 'abcpj1234k',
      bank: { account: '001234567890', ifsc: 'sbin0001234' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ scheme: 'per-lecture', pan: 'ABCPJ1234K', tdsMonthly: 0, professionalTax: false, bank: { accountEnding: '7890', ifsc: 'SBIN0001234', name: 'Prakash Joshi' } });
    expect(saved.json().data.rates.map((rate: { amount: number }) => rate.amount)).toEqual([500, 600, 700]);
    expect(saved.body).not.toContain('001234567890');
    const [stored] = await t.database.db.select().from(teacherPay).where(eq(teacherPay.teacherId, ids.perLecture));
    expect(stored!.bankAccountSealed).not.toContain('001234567890');
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'pay'), eq(auditLog.entityId, ids.perLecture)));
    expect(entry?.summary).toBe('Saved the pay settings of Prakash Joshi');
    expect(JSON.stringify(entry?.changes)).not.toContain('001234567890');
    expect(JSON.stringify(entry?.changes)).not.toContain('ABCPJ1234K');

    // A monthly teacher: the office's TDS in rupees, Professional Tax on; the answer carries the new regime's estimate.
    const monthly = await call('PUT', `/api/teachers/${ids.monthly}/pay`, cookies.admin, { scheme: 'monthly', monthly: 30000, tdsMonthly: '1500.50', professionalTax: true, pan: 'AAAPK5678Q' });
    expect(monthly.statusCode, monthly.body).toBe(200);
    // ₹3,60,000 a year is under ₹12 lakh: nothing under the new regime.
    expect(monthly.json().data).toMatchObject({ scheme: 'monthly', monthly: 30000, tdsMonthly: 1500.5, tdsEstimate: 0, professionalTax: true, pf: 0, esi: 0, pan: 'AAAPK5678Q' });
    expect((await call('PUT', `/api/teachers/${ids.substitute}/pay`, cookies.admin, { scheme: 'per-hour', hourly: 400, bank: { account: '99887766', ifsc: 'HDFC0000123', name: 'S Rao' } })).statusCode).toBe(200);
  });

  it('refuses bad input in words, an unknown teacher (404) and a teacher (403)', async () => {
    const bad = await call('PUT', `/api/teachers/${ids.perLecture}/pay`, cookies.admin, { scheme: 'per-lecture', pan: 'ABCD1234EF', professionalTax: 'yes', bank: { account: '12', ifsc: 'X' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      pan: 'Enter the PAN as 5 letters, 4 digits and 1 letter, for example ABCDE1234F',
      professionalTax: 'Say whether Professional Tax is deducted (true or false)',
      'bank.account': 'Enter the bank account number as 6 to 18 digits',
    });
    expect(translateServerMessage(bad.json().errors.pan, 'hi')).not.toBe(bad.json().errors.pan);
    expect(translateServerMessage(bad.json().errors.pan, 'mr')).not.toBe(bad.json().errors.pan);
    const monthlyWithout = await call('PUT', `/api/teachers/${ids.monthly}/pay`, cookies.admin, { scheme: 'monthly', monthly: -5 });
    expect(monthlyWithout.statusCode).toBe(400);
    expect(monthlyWithout.json().errors.monthly).toBe('The amount cannot be negative');
    const unknownBatch = await call('PUT', `/api/teachers/${ids.perLecture}/pay`, cookies.admin, { scheme: 'per-lecture', rates: [{ batch: '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c', amount: 1 }] });
    expect(unknownBatch.statusCode).toBe(400);
    expect((await call('PUT', '/api/teachers/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c/pay', cookies.admin, { scheme: 'monthly', monthly: 1 })).statusCode).toBe(404);
    expect((await call('PUT', `/api/teachers/${ids.perLecture}/pay`, cookies.perLecture, { scheme: 'monthly', monthly: 1 })).statusCode).toBe(403);
    // Nothing of the refused changes was saved.
    expect((await call('GET', `/api/teachers/${ids.perLecture}/pay`, cookies.admin)).json().data).toMatchObject({ scheme: 'per-lecture', pan: 'ABCPJ1234K' });
  });
});

describe('a month of lectures, leave and a substitute', () => {
  it('counts the lectures each teacher marked, at their rates, minus a closed day', async () => {
    for (const [batch, student, date] of [
      [ids.b1, ids.s1, '2026-11-16'],
      [ids.b2, ids.s2, '2026-11-16'],
      [ids.b1, ids.s1, '2026-11-18'],
      [ids.b3, ids.s3, '2026-11-18'],
      [ids.b3, ids.s3, '2026-11-20'],
    ] as const) {
      const marked = await mark(batch, student, date, cookies.perLecture);
      expect(marked.statusCode, marked.body).toBe(200);
    }
    // Fees for professional services: no TDS while the year's fees stay within ₹50,000.
    expect(await lineOf('2026-11', ids.perLecture)).toMatchObject({ lectures: 5, gross: 3000, tds: 0, net: 3000, tdsSection: 'Income-tax Act, 2025 s. 393(1) Sl. 6(iii)' });
    // The academy closed Physics CET on the 20th after all: that class is no lecture.
    // (Written directly: the office's form takes closures from today on, and this month is past.)
    const [closure] = await t.database.db.insert(announcements).values({ title: 'Exam hall booked', content: 'No class.', type: 'holiday', closure: true, startDate: '2026-11-20', endDate: '2026-11-20' }).returning();
    await t.database.db.insert(announcementBatches).values({ announcementId: closure!.id, batchId: ids.b3 });
    expect(await lineOf('2026-11', ids.perLecture)).toMatchObject({ lectures: 4, hours: 6, gross: 2300, deductions: 0, tds: 0, net: 2300 });
    // Each figure opens the lectures behind it.
    const detail = (await call('GET', `/api/payroll/2026-11/teachers/${ids.perLecture}`, cookies.admin)).json().data;
    expect(detail.lectures.map((lecture: { date: string; batchName: string; amount: number }) => [lecture.date, lecture.batchName, lecture.amount])).toEqual([
      ['2026-11-16', 'Physics 11', 500],
      ['2026-11-16', 'Physics 12', 600],
      ['2026-11-18', 'Physics 11', 500],
      ['2026-11-18', 'Physics CET', 700],
    ]);
  });

  it('a monthly teacher asks for a day off; the office approves it, sees the class needing a substitute and assigns one', async () => {
    const bad = await call('POST', '/api/teacher/leave', cookies.monthly, { from: '2026-11-18', to: '2026-11-17', reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ to: 'The last day of leave cannot be before the first', reason: 'Give a reason for the leave, at most 300 characters' });
    const asked = await call('POST', '/api/teacher/leave', cookies.monthly, { from: '2026-11-18', to: '2026-11-18', reason: 'Family wedding' });
    expect(asked.statusCode, asked.body).toBe(201);
    const leaveId = asked.json().data._id as string;
    expect((await call('GET', '/api/leave', cookies.admin)).json().data.leave.find((item: { _id: string }) => item._id === leaveId)).toMatchObject({ status: 'pending' });
    expect((await call('POST', `/api/leave/${leaveId}/approve`, cookies.monthly)).statusCode).toBe(403);

    const approved = await call('POST', `/api/leave/${leaveId}/approve`, cookies.admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', unpaid: true, classes: [{ batchId: ids.bM, date: '2026-11-18', substitute: null }] });
    expect((await call('POST', `/api/leave/${leaveId}/reject`, cookies.admin)).statusCode).toBe(409);

    const wrongDay = await call('POST', `/api/batches/${ids.bM}/substitutions`, cookies.admin, { date: '2026-11-17', teacher: ids.substitute });
    expect(wrongDay.statusCode).toBe(400);
    expect(wrongDay.json().errors.date).toBe('This batch has no class on that day');
    expect((await call('POST', `/api/batches/${ids.bM}/substitutions`, cookies.admin, { date: '2026-11-18', teacher: ids.monthly })).statusCode).toBe(400);
    const assigned = await call('POST', `/api/batches/${ids.bM}/substitutions`, cookies.admin, { date: '2026-11-18', teacher: ids.substitute, notifyFamilies: true });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(assigned.json().data).toMatchObject({ teacher: { _id: ids.substitute, name: 'Sunil Rao' }, familiesTold: 1 });
    const told = await t.database.db.select().from(parentMessages).where(eq(parentMessages.kind, 'announcement'));
    expect(told.some((message) => message.text.includes('Sunil Rao'))).toBe(true);
    expect((await call('GET', '/api/teacher/leave', cookies.monthly)).json().data.leave.find((item: { _id: string }) => item._id === leaveId).classes[0].substitute).toMatchObject({ name: 'Sunil Rao' });
  });

  it('the substitute sees and marks that day\'s sheet only — the day before is 404 to them', async () => {
    // The classes they cover, for their marking screen (near today: the next Monday, Wednesday or Friday).
    const today = await academyToday(t.database.db);
    const next = [0, 1, 2, 3, 4, 5, 6].map((days) => shiftDate(today, days)).find((day) => [1, 3, 5].includes(new Date(`${day}T00:00:00Z`).getUTCDay()))!;
    expect((await call('POST', `/api/batches/${ids.bM}/substitutions`, cookies.admin, { date: next, teacher: ids.substitute })).statusCode).toBe(201);
    const covered = (await call('GET', '/api/teacher/substitutions', cookies.substitute)).json().data.classes;
    expect(covered.find((item: { date: string }) => item.date === next)).toMatchObject({ batch: { _id: ids.bM, name: 'Maths 10', teacher: { _id: ids.monthly }, schedule: { days: ['mon', 'wed', 'fri'] } } });
    expect((await call('GET', `/api/attendance/${ids.bM}/2026-11-18`, cookies.substitute)).statusCode).toBe(200);
    expect((await call('GET', `/api/attendance/${ids.bM}/2026-11-16`, cookies.substitute)).statusCode).toBe(404);
    expect((await mark(ids.bM, ids.sM, '2026-11-16', cookies.substitute)).statusCode).toBe(404);
    expect((await call('GET', `/api/attendance/batch/${ids.bM}/history`, cookies.substitute)).statusCode).toBe(404);
    // Another teacher is no substitute of that day.
    expect((await call('GET', `/api/attendance/${ids.bM}/2026-11-18`, cookies.perLecture)).statusCode).toBe(404);
    const marked = await mark(ids.bM, ids.sM, '2026-11-18', cookies.substitute);
    expect(marked.statusCode, marked.body).toBe(200);
    // The batch's own teacher marks the other days.
    expect((await mark(ids.bM, ids.sM, '2026-11-16', cookies.monthly)).statusCode).toBe(200);
    expect((await mark(ids.bM, ids.sM, '2026-11-20', cookies.monthly)).statusCode).toBe(200);
  });

  it('pays the substitute for the class, and deducts the monthly teacher\'s unpaid day', async () => {
    expect(await lineOf('2026-11', ids.substitute)).toMatchObject({ lectures: 1, hours: 1.5, gross: 600, net: 600 });
    // ₹30,000 ÷ 30 days × 1 day; Professional Tax on the ₹29,000 earned (a man's, or not recorded: above ₹10,000, ₹200);
    // the office's TDS on salary, under s. 392 of the 2025 Act (paid in November 2026). No flat percent.
    expect(await lineOf('2026-11', ids.monthly)).toMatchObject({
      lectures: 2,
      gross: 30000,
      deductions: 1000,
      professionalTax: 200,
      tds: 1500.5,
      tdsSection: 'Income-tax Act, 2025 s. 392',
      unpaidLeaveDays: 1,
      paidDays: 29,
      net: 27299.5,
      yearToDate: { gross: 30000, tds: 1500.5 },
      flags: [],
    });
    const own = (await call('GET', '/api/teacher/pay?month=2026-11', cookies.substitute)).json().data;
    expect(own.line).toMatchObject({ teacherId: ids.substitute, net: 600 });
    expect(own.lectures).toMatchObject([{ date: '2026-11-18', batchName: 'Maths 10', source: 'substitute', amount: 600 }]);
  });
});

describe('flagged before approval (issue 72)', () => {
  it('a substitute lecture priced ₹0, and a lecture on a day of the teacher\'s approved leave', async () => {
    const db = t.database.db;
    const visiting = await buildTeacher(db, { name: 'Vasant Patil' });
    const cookie = await loginAs(t.app, visiting.user.email);
    // A per-lecture teacher with a rate for Physics 11 only covers Maths 10 on Wednesday the 25th…
    expect((await call('PUT', `/api/teachers/${visiting.id}/pay`, cookies.admin, { scheme: 'per-lecture', rates: [{ batch: ids.b1, amount: 500 }] })).statusCode).toBe(200);
    expect((await call('POST', `/api/batches/${ids.bM}/substitutions`, cookies.admin, { date: '2026-11-25', teacher: visiting.id })).statusCode).toBe(201);
    // …on a day of their own approved (paid) leave.
    const leave = await call('POST', '/api/teacher/leave', cookie, { from: '2026-11-25', to: '2026-11-25', reason: 'Exam duty elsewhere' });
    expect((await call('POST', `/api/leave/${leave.json().data._id}/approve`, cookies.admin, { unpaid: false })).statusCode).toBe(200);
    expect((await mark(ids.bM, ids.sM, '2026-11-25', cookie)).statusCode).toBe(200);
    expect(await lineOf('2026-11', visiting.id)).toMatchObject({
      lectures: 1,
      gross: 0,
      flags: [
        { kind: 'unpriced-substitute', date: '2026-11-25', batchName: 'Maths 10' },
        { kind: 'on-leave', date: '2026-11-25', batchName: 'Maths 10' },
      ],
    });
  });
});

describe('approving and reopening a month (issue 73)', () => {
  it('refuses a month not over, and teachers without pay settings unless left out; reopens an approved month not yet paid, audited', async () => {
    const db = t.database.db;
    // A month not over (this one) cannot be approved, whoever taps.
    const thisMonth = (await academyToday(db)).slice(0, 7);
    const early = await call('POST', `/api/payroll/${thisMonth}/approve`, cookies.admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A month’s payroll can be approved only once the month is over, from the 1st of the next month');
    // A teacher who took a class in September 2025 with no pay settings: the month is refused until they are left out.
    const unset = await buildTeacher(db, { name: 'Vaishali Deshmukh' });
    const batch = (await buildBatch(db, { name: 'Biology 12', teacherId: unset.id })).id;
    expect((await call('POST', '/api/payroll/lecture-corrections', cookies.admin, { teacherId: unset.id, batchId: batch, date: '2025-09-06', lectures: 1, reason: 'Saturday revision' })).statusCode).toBe(201);
    expect((await call('POST', '/api/payroll/2025-09/approve', cookies.perLecture)).statusCode).toBe(403);
    const refused = await call('POST', '/api/payroll/2025-09/approve', cookies.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Some teachers in this month have no pay settings: set their pay on their page, or leave them out of this month', errors: { leaveOut: 'Vaishali Deshmukh' } });
    expect((await call('GET', '/api/payroll/2025-09', cookies.admin)).json().data.status).toBe('draft');
    expect((await call('POST', '/api/payroll/2025-09/approve', cookies.admin, { leaveOut: ['not-an-id'] })).statusCode).toBe(400);
    const approved = await call('POST', '/api/payroll/2025-09/approve', cookies.admin, { leaveOut: [unset.id] });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    expect(approved.json().data.teachers.map((line: { teacherId: string }) => line.teacherId)).not.toContain(unset.id);
    expect((await call('POST', '/api/payroll/2025-10/approve', cookies.admin)).statusCode).toBe(200);

    // Reopening: the admin's only; not while a later month is approved; then a draft again, audited.
    expect((await call('POST', '/api/payroll/2025-10/reopen', cookies.perLecture)).statusCode).toBe(403);
    expect((await call('POST', '/api/payroll/2025-08/reopen', cookies.admin)).json()).toMatchObject({ message: 'Approve the month’s payroll first' });
    const later = await call('POST', '/api/payroll/2025-09/reopen', cookies.admin);
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toBe('A later month’s payroll is approved: reopen that month first');
    const reopened = await call('POST', '/api/payroll/2025-10/reopen', cookies.admin);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ message: 'Payroll reopened: it is a draft again', data: { status: 'draft', approvedAt: null } });
    expect((await call('POST', '/api/payroll/2025-09/reopen', cookies.admin)).statusCode).toBe(200);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entityType, 'pay'), eq(auditLog.action, 'payroll.reopen')));
    expect(entry?.summary).toMatch(/^Reopened the payroll of 2025-(09|10) \(it had \d+ teachers, net ₹/);
    // The left-out teacher is back in the reopened draft.
    expect((await call('GET', '/api/payroll/2025-09', cookies.admin)).json().data.teachers.find((line: { teacherId: string }) => line.teacherId === unset.id)).toMatchObject({ scheme: null, lectures: 1 });

    // A paid month stays as it was.
    expect((await call('POST', '/api/payroll/2025-09/approve', cookies.admin, { leaveOut: [unset.id] })).statusCode).toBe(200);
    expect((await call('POST', '/api/payroll/2025-09/paid', cookies.admin, { mode: 'cash', on: '2025-10-01', reference: '' })).statusCode).toBe(200);
    const paid = await call('POST', '/api/payroll/2025-09/reopen', cookies.admin);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('This month’s payroll is marked paid and cannot be reopened; a change now counts in the next month');
  });
});

describe('approving, payslips and the bank file', () => {
  // November 2026 must be over to be approved (issue 73): the clock reads 3 December 2026 until it really does.
  beforeAll(() => {
    if (Date.now() < Date.parse('2026-12-03T06:30:00Z')) vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-03T06:30:00Z'), shouldAdvanceTime: true });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('approves the month once, locks it, and gives payslips in English and Marathi and the bank CSV', async () => {
    expect((await call('GET', '/api/payroll/2026-11/bank.csv', cookies.admin)).statusCode).toBe(409);
    const approved = await call('POST', '/api/payroll/2026-11/approve', cookies.admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    expect((await call('POST', '/api/payroll/2026-11/approve', cookies.admin)).statusCode).toBe(409);

    const english = await call('GET', `/api/payroll/2026-11/teachers/${ids.perLecture}/payslip.pdf`, cookies.admin);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const marathi = await call('GET', `/api/payroll/2026-11/teachers/${ids.perLecture}/payslip.pdf?language=mr`, cookies.admin);
    expect(marathi.statusCode).toBe(200);
    expect(marathi.rawPayload.equals(english.rawPayload)).toBe(false);
    // The teacher opens their own payslip; another teacher's is 404 to them, and so is that teacher's figures.
    expect((await call('GET', `/api/payroll/2026-11/teachers/${ids.perLecture}/payslip.pdf`, cookies.perLecture)).statusCode).toBe(200);
    expect((await call('GET', `/api/payroll/2026-11/teachers/${ids.monthly}/payslip.pdf`, cookies.perLecture)).statusCode).toBe(404);
    expect((await call('GET', `/api/payroll/2026-11/teachers/${ids.monthly}`, cookies.perLecture)).statusCode).toBe(403);
    // The newest first (September 2025, approved above, follows).
    expect((await call('GET', '/api/teacher/pay?month=2026-11', cookies.perLecture)).json().data.payslips[0]).toMatchObject({ month: '2026-11', net: 2300 });
    // The monthly teacher's payslip: the month in words, PAN and TAN, paid days, Professional Tax, the office's TDS and its section, the year so far.
    expect((await call('PUT', '/api/payroll/settings', cookies.admin, { tan: 'PNEA1234B' })).json().errors).toMatchObject({ tan: 'Enter the TAN as 4 letters, 5 digits and 1 letter, for example PNEA12345B' });
    expect((await call('PUT', '/api/payroll/settings', cookies.perLecture, { tan: 'PNEA12345B' })).statusCode).toBe(403);
    const settings = await call('PUT', '/api/payroll/settings', cookies.admin, { tan: 'pnea12345b', debitAccount: '000912345678901234' });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().data).toEqual({
      tan: 'PNEA12345B',
      debitAccount: '000912345678901234',
      professionalTax: { menNilUpTo: 7500, menLowerUpTo: 10000, menLower: 175, womenNilUpTo: 25000, monthly: 200, february: 300 },
      professionalTaxDefault: true,
    });
    // The Professional Tax table (decision 069): the office may set the state's new figures; wrong ones are refused in our words; null is Maharashtra's again.
    const table = { menNilUpTo: 8000, menLowerUpTo: 12000, menLower: 150, womenNilUpTo: 30000, monthly: 250, february: 300 };
    const ownTable = await call('PUT', '/api/payroll/settings', cookies.admin, { professionalTax: table });
    expect(ownTable.statusCode, ownTable.body).toBe(200);
    expect(ownTable.json().data).toMatchObject({ tan: 'PNEA12345B', professionalTax: table, professionalTaxDefault: false });
    expect((await call('GET', '/api/payroll/settings', cookies.admin)).json().data.professionalTax).toEqual(table);
    for (const wrong of [{ ...table, menLowerUpTo: 5000 }, { ...table, monthly: 3000 }]) {
      const refused = await call('PUT', '/api/payroll/settings', cookies.admin, { professionalTax: wrong });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain('Professional Tax');
    }
    expect((await call('PUT', '/api/payroll/settings', cookies.admin, { professionalTax: null })).json().data).toMatchObject({ professionalTaxDefault: true, professionalTax: { monthly: 200 } });
    const slip = await call('GET', `/api/payroll/2026-11/teachers/${ids.monthly}/payslip.pdf`, cookies.monthly);
    expect(slip.statusCode).toBe(200);
    const slipText = pdfText(slip.rawPayload);
    for (const text of ['November 2026', 'PAN AAAPK5678Q', 'TAN of the academy PNEA12345B', 'Paid days 29', 'Professional Tax ₹200 ', 'TDS (Income-tax Act, 2025 s. 392) ₹1,500.50', 'Net pay ₹27,299.50', 'Year to date: TDS ₹1,500.50']) {
      expect(slipText).toContain(text);
    }

    const bank = await call('GET', '/api/payroll/2026-11/bank.csv?valueDate=2026-12-01', cookies.admin);
    expect(bank.statusCode).toBe(200);
    const rows = bank.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(rows[0]).toBe('Payment type,Debit account,Value date,Beneficiary name,Account number,IFSC,Amount,Narration');
    expect(rows.slice(1).sort()).toEqual([
      'NEFT,000912345678901234,01-12-2026,Prakash Joshi,001234567890,SBIN0001234,2300.00,Professional fees 2026-11',
      'NEFT,000912345678901234,01-12-2026,S Rao,99887766,HDFC0000123,600.00,Professional fees 2026-11',
    ]);
    expect((await call('GET', '/api/payroll/2026-11/bank.csv?paymentType=RTGS', cookies.admin)).statusCode).toBe(400);
    // The workbook: every account number, IFSC and the debit account a text cell, the amount a number.
    const bankBook = await call('GET', '/api/payroll/2026-11/bank.xlsx?paymentType=IMPS&valueDate=2026-12-01', cookies.admin);
    expect(bankBook.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bankBook.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const cells = [2, 3].map((row) => sheet.getRow(row));
    const prakash = cells.find((row) => row.getCell(4).value === 'Prakash Joshi')!;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((column) => prakash.getCell(column).value)).toEqual(['IMPS', '000912345678901234', '01-12-2026', 'Prakash Joshi', '001234567890', 'SBIN0001234', 2300, 'Professional fees 2026-11']);
    for (const row of cells) {
      for (const column of [2, 5, 6]) expect(row.getCell(column).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(7).type).toBe(ExcelJS.ValueType.Number);
    }
    bankWorkbook = bankBook.rawPayload;
    const workbook = await call('GET', '/api/payroll/2026-11/payroll.xlsx', cookies.admin);
    expect(workbook.statusCode).toBe(200);
    expect(workbook.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const paid = await call('POST', '/api/payroll/2026-11/paid', cookies.admin, { mode: 'bank', on: '2026-12-01', reference: 'NEFT-778' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', paid: { mode: 'bank', on: '2026-12-01', reference: 'NEFT-778' } });
  });

  it('LibreOffice, where installed, opens the bank workbook with every account number intact', { timeout: 240_000 }, () => {
    // Where LibreOffice is installed: it opens the workbook with every account number intact (no rounding, no lost zeros).
    const soffice = ['soffice', 'libreoffice'].find((command) => spawnSync('which', [command]).status === 0);
    if (soffice) {
      const folder = mkdtempSync(join(tmpdir(), 'bank-xlsx-'));
      writeFileSync(join(folder, 'bank.xlsx'), bankWorkbook);
      execFileSync(soffice, ['--headless', `-env:UserInstallation=file://${folder}/profile`, '--convert-to', 'csv', '--outdir', folder, join(folder, 'bank.xlsx')], { timeout: 120_000 });
      const opened = readFileSync(join(folder, 'bank.csv'), 'utf8');
      expect(opened).toContain('IMPS,000912345678901234,01-12-2026,Prakash Joshi,001234567890,SBIN0001234,2300,Professional fees 2026-11');
      expect(opened).toContain(',99887766,HDFC0000123,600,');
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a correction or a late mark after approval changes nothing locked and appears as next month\'s adjustment', async () => {
    const refused = await call('POST', '/api/payroll/lecture-corrections', cookies.admin, { teacherId: ids.perLecture, batchId: ids.b1, date: '2026-11-20', lectures: 2, reason: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ lectures: 'A correction adds one lecture (1) or takes one away (-1)', reason: 'Give the reason for the correction, 3 to 300 characters' });
    const corrected = await call('POST', '/api/payroll/lecture-corrections', cookies.admin, { teacherId: ids.perLecture, batchId: ids.b1, date: '2026-11-20', lectures: 1, reason: 'Extra doubt-clearing session' });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.json().data.payMonth).toBe('2026-12');
    // A class of November marked after the approval is paid in December too.
    expect((await mark(ids.b2, ids.s2, '2026-11-23', cookies.perLecture)).statusCode).toBe(200);
    // The locked month keeps its figures.
    expect(await lineOf('2026-11', ids.perLecture)).toMatchObject({ lectures: 4, net: 2300 });
    const december = (await call('GET', `/api/payroll/2026-12/teachers/${ids.perLecture}`, cookies.admin)).json().data;
    expect(december.status).toBe('draft');
    expect(december.line).toMatchObject({ lectures: 2, gross: 1100, tds: 0, net: 1100, yearToDate: { gross: 3400, tds: 0 } });
    expect(december.lectures).toMatchObject([
      { date: '2026-11-23', batchName: 'Physics 12', source: 'late', amount: 600 },
      { date: '2026-11-20', source: 'correction', reason: 'Extra doubt-clearing session', amount: 500 },
    ]);
    const extra = await call('POST', '/api/payroll/adjustments', cookies.admin, { teacherId: ids.monthly, month: '2026-11', kind: 'extra', amount: 1500, note: 'Exam invigilation' });
    expect(extra.statusCode, extra.body).toBe(201);
    expect(extra.json().data.payMonth).toBe('2026-12');
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'pay'), eq(auditLog.action, 'pay.lecture_correction'))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry?.summary).toBe('Added a lecture of Prakash Joshi in Physics 11 on 20-11-2026: Extra doubt-clearing session');
  });
});

describe('TDS on a visiting teacher\'s fees through the year (issue 72)', () => {
  it('starts when the year passes ₹50,000 and deducts on the whole year then, to the paisa', async () => {
    const db = t.database.db;
    const visiting = await buildTeacher(db, { name: 'Farida Shaikh' });
    const batch = (await buildBatch(db, { name: 'Chemistry CET', teacherId: visiting.id })).id;
    // ₹16,666.67 a lecture, one lecture a month (the office's corrections: May to July are past).
    expect((await call('PUT', `/api/teachers/${visiting.id}/pay`, cookies.admin, { scheme: 'per-lecture', rates: [{ batch, amount: 16666.67 }], pan: 'BBBPS4321L' })).statusCode).toBe(200);
    const lecture = async (date: string) => expect((await call('POST', '/api/payroll/lecture-corrections', cookies.admin, { teacherId: visiting.id, batchId: batch, date, lectures: 1, reason: 'Weekend crash course' })).statusCode).toBe(201);
    const line = async (month: string) => (await call('GET', `/api/payroll/${month}/teachers/${visiting.id}`, cookies.admin)).json().data.line;
    await lecture('2026-05-09');
    expect(await line('2026-05')).toMatchObject({ gross: 16666.67, tds: 0, net: 16666.67 });
    expect((await call('POST', '/api/payroll/2026-05/approve', cookies.admin)).statusCode).toBe(200);
    await lecture('2026-06-13');
    // The year at ₹33,333.34: within ₹50,000.
    expect(await line('2026-06')).toMatchObject({ gross: 16666.67, tds: 0, net: 16666.67, yearToDate: { gross: 33333.34, tds: 0 } });
    expect((await call('POST', '/api/payroll/2026-06/approve', cookies.admin)).statusCode).toBe(200);
    await lecture('2026-07-11');
    expect((await call('POST', '/api/payroll/adjustments', cookies.admin, { teacherId: visiting.id, month: '2026-07', kind: 'deduction', amount: 1000, note: 'Advance recovered' })).statusCode).toBe(201);
    // The year at ₹50,000.01 passes ₹50,000: 10 % of the whole year, ₹5,000.00 (on the fee before the ₹1,000 deduction).
    expect(await line('2026-07')).toMatchObject({ gross: 16666.67, tds: 5000, deductions: 1000, net: 10666.67, yearToDate: { gross: 50000.01, tds: 5000 }, tdsSection: 'Income-tax Act, 2025 s. 393(1) Sl. 6(iii)' });
    expect((await call('POST', '/api/payroll/2026-07/approve', cookies.admin)).statusCode).toBe(200);
    await lecture('2026-08-08');
    // August: the year at ₹66,666.68, ₹6,666.67 in all, ₹5,000 already deducted: ₹1,666.67.
    expect(await line('2026-08')).toMatchObject({ gross: 16666.67, tds: 1666.67, net: 15000, yearToDate: { gross: 66666.68, tds: 6666.67 } });
    // Without a PAN the rate is 20 %: ₹13,333.34 in all, less ₹5,000.
    expect((await call('PUT', `/api/teachers/${visiting.id}/pay`, cookies.admin, { scheme: 'per-lecture', rates: [{ batch, amount: 16666.67 }], pan: null })).statusCode).toBe(200);
    expect(await line('2026-08')).toMatchObject({ tds: 8333.34, net: 8333.33 });
  });
});

describe('many academies', () => {
  it("academy B never sees academy A's pay", async () => {
    const A = '00000000-0000-4000-8000-0000000005a8';
    const B = '00000000-0000-4000-8000-0000000005b8';
    await withTwoAcademies([{ id: A, slug: 'pay-a', name: 'A Classes' }, { id: B, slug: 'pay-b', name: 'B Classes' }], async (db, many) => {
      const teacherA = await withAcademy(A, async () => {
        const teacher = await buildTeacher(db);
        await updatePaySettings(db, TEST_SERVER_KEYS, { role: 'admin', userId: teacher.user.id }, teacher.id, { scheme: 'monthly', monthly: 2_500_000, professionalTax: false });
        return teacher;
      });
      const adminB = await withAcademy(B, () => buildUser(db, { role: 'admin' }));
      const login = await many.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: 'pay-b.localhost' }, payload: { email: adminB.email, password: TEST_PASSWORD } });
      const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)!;
      const headers = { host: 'pay-b.localhost', cookie: `${cookie.name}=${cookie.value}` };
      expect((await many.app.inject({ method: 'GET', url: `/api/teachers/${teacherA.id}/pay`, headers })).statusCode).toBe(404);
      const month = (await many.app.inject({ method: 'GET', url: '/api/payroll/2026-11', headers })).json().data;
      expect(month.teachers).toEqual([]);
      expect(await withAcademy(B, () => db.select().from(teacherPay))).toEqual([]);
      expect((await withAcademy(A, () => db.select({ teacherId: teacherPay.teacherId }).from(teacherPay))).map((row) => row.teacherId)).toEqual([teacherA.id]);
    });
  });
});
