import { describe, expect, it } from 'vitest';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { eq } from 'drizzle-orm';
import { buildBatch, buildEnquiry, buildParent, buildStandard, buildStudent, buildSubject, buildTeacher, loginAs } from '../../../test/factories';
import { attendanceRecords, feeDues, parentMessages, students as studentsTable } from '../../db/schema';
import { shiftDate } from '@academy/shared/calendar';
import { academyToday } from '../../academy-settings';

const t = shareSignedInTestApp();

const summary = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard/summary', headers: { cookie: t.adminCookie } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe('GET /api/admin/dashboard/summary', () => {
  it('starts at zero', async () => {
    expect(await summary()).toEqual({
      counts: { activeStudents: 0, teachers: 0, batches: 0, subjects: 0, standards: 0, newRegistrations: 0, activeAnnouncements: 0 },
      recentStudents: [],
      recentRegistrations: [],
      batchesNearCapacity: [],
      batchesNearCapacityTotal: 0,
      offsiteBackups: { failed: 0, lastError: null },
      messagesToday: { total: 0, byStatus: { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0, cancelled: 0 }, held: 0, byKind: [] },
      repliesToday: { received: 0, answeredAutomatically: 0, waiting: 0 },
      attendance: {
        today: { date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), present: 0, absent: 0, late: 0, excused: 0, total: 0, percentage: null, batchesMarked: 0 },
        trend: expect.arrayContaining([{ date: expect.any(String), total: 0, percentage: null }]),
      },
      month: {
        month: expect.stringMatching(/^\d{4}-\d\d$/),
        lastMonth: expect.stringMatching(/^\d{4}-\d\d$/),
        today: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        collected: { thisMonth: 0, lastMonth: 0, lastMonthToDate: 0, target: null },
        overdueByBatch: [],
        overdue: { amount: 0, families: 0 },
        attendanceThisWeek: { from: expect.any(String), to: expect.any(String), batches: [] },
        enquiries: { thisMonth: 0, lastMonth: 0 },
        admissions: { thisMonth: 0, lastMonth: 0 },
      },
    });
  });

  it('counts real records, lists the latest students and the batches at 80% of capacity or more', async () => {
    const db = t.database.db;
    const standard = await buildStandard(db, { name: '10th', level: 10 });
    const students = [];
    for (let index = 0; index < 7; index += 1) students.push(await buildStudent(db, { name: `Student ${index}`, standardId: standard.id }));
    const archived = await buildStudent(db, { name: 'Archived', standardId: standard.id, status: 'archived' });
    const priya = await buildTeacher(db, { name: 'Priya' });
    await buildTeacher(db, { status: 'on_leave' });
    await buildTeacher(db, { status: 'inactive' });
    const maths = await buildSubject(db, { name: 'Maths', code: 'MD' });
    const ids = students.map((student) => student.id);
    // 4 of 5 seats (80%): near. 3 active of 4 seats + an archived student (75%): not near. 5 of 5: full.
    const near = await buildBatch(db, { name: 'Near', capacity: 5, teacherId: priya.id, subjectId: maths.id, standardId: standard.id, studentIds: ids.slice(0, 4) });
    await buildBatch(db, { name: 'Roomy', capacity: 4, teacherId: priya.id, standardId: standard.id, studentIds: [...ids.slice(0, 3), archived.id] });
    const full = await buildBatch(db, { name: 'Full', capacity: 5, teacherId: priya.id, subjectId: maths.id, standardId: standard.id, studentIds: ids.slice(2, 7) });

    const data = await summary();
    expect(data.counts).toEqual({
      activeStudents: 7,
      teachers: 2, // active and on leave, not inactive
      batches: 3,
      subjects: 2, // Maths and the one made for "Roomy"
      standards: 1,
      newRegistrations: 0,
      activeAnnouncements: 0,
    });
    expect(data.recentStudents.map((student: { name: string }) => student.name)).toEqual(['Student 6', 'Student 5', 'Student 4', 'Student 3', 'Student 2']);
    expect(data.recentStudents[0]).toEqual({
      _id: students[6]!.id,
      name: 'Student 6',
      email: students[6]!.user.email,
      standard: { _id: standard.id, name: '10th', level: 10 },
      admissionDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(data.batchesNearCapacity).toEqual([
      { _id: full.id, name: 'Full', capacity: 5, enrolledCount: 5, seatsLeft: 0, subject: { _id: maths.id, name: 'Maths', code: 'MD' }, teacher: { _id: priya.id, name: 'Priya' } },
      { _id: near.id, name: 'Near', capacity: 5, enrolledCount: 4, seatsLeft: 1, subject: { _id: maths.id, name: 'Maths', code: 'MD' }, teacher: { _id: priya.id, name: 'Priya' } },
    ]);
    expect(data.batchesNearCapacityTotal).toBe(2);
  });
});

describe('GET /api/student/dashboard', () => {
  it('gives the student today’s marks, this month’s percentage, the newest notes and active announcements in one answer', async () => {
    const db = t.database.db;
    const today = await academyToday(db);
    const teacher = await buildTeacher(db);
    const student = await buildStudent(db, { name: 'Dashboard Student' });
    const other = await buildStudent(db);
    const batch = await buildBatch(db, { name: 'Maths A', teacherId: teacher.id, studentIds: [student.id, other.id], startDate: shiftDate(today, -40), endDate: shiftDate(today, 40) });
    const teacherCookie = await loginAs(t.app, teacher.user.email);
    const studentCookie = await loginAs(t.app, student.user.email);
    const mark = (date: string, status: string) =>
      t.app.inject({ method: 'POST', url: `/api/attendance/batch/${batch.id}`, headers: { cookie: teacherCookie }, payload: { date, records: [{ studentId: student.id, status }, { studentId: other.id, status: 'present' }] } });
    expect((await mark(today, 'late')).statusCode).toBe(200);
    // Yesterday counts for the month only when it is in the same month.
    const yesterday = shiftDate(today, -1);
    expect((await mark(yesterday, 'absent')).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/announcements', headers: { cookie: t.adminCookie }, payload: { title: 'Exam on Friday', content: 'Bring a pen', startDate: today, endDate: today } });
    const sameMonth = yesterday.slice(0, 7) === today.slice(0, 7);

    const response = await t.app.inject({ method: 'GET', url: '/api/student/dashboard', headers: { cookie: studentCookie } });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.attendance.today).toEqual([{ batch: { _id: batch.id, name: 'Maths A' }, status: 'late' }]);
    expect(data.attendance.month).toBe(today.slice(0, 7));
    expect(data.attendance.monthStatistics).toMatchObject(sameMonth ? { late: 1, absent: 1, total: 2, percentage: 50 } : { late: 1, total: 1, percentage: 100 });
    expect(data.announcements.map((a: { title: string }) => a.title)).toContain('Exam on Friday');
    expect(data.notes).toEqual([]);
    expect(data.schedule.days).toHaveLength(7);
  });
});

describe('the 14-day trend', () => {
  it('shows a correction of a past day at once, although the past days are kept for a minute', async () => {
    const db = t.database.db;
    const teacher = await buildTeacher(db);
    const student = await buildStudent(db);
    const before = await summary();
    const yesterday = before.attendance.trend.at(-2).date as string;
    const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id], startDate: before.attendance.trend[0].date, endDate: before.attendance.today.date });
    const dayOf = (data: { attendance: { trend: { date: string; total: number; percentage: number | null }[] } }) => data.attendance.trend.find((day) => day.date === yesterday)!;
    expect(before.attendance.trend).toHaveLength(14);
    const teacherCookie = await loginAs(t.app, teacher.user.email);
    const mark = async (status: string) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/attendance/batch/${batch.id}`, headers: { cookie: teacherCookie }, payload: { date: yesterday, records: [{ studentId: student.id, status }] } });
      expect(response.statusCode).toBe(200);
    };
    await mark('absent');
    const marked = dayOf(await summary());
    await mark('present');
    const corrected = dayOf(await summary());
    expect(corrected.total).toBe(marked.total);
    expect(corrected.percentage).toBeGreaterThan(marked.percentage ?? -1);
  });
});

describe("the owner's month (issue 42)", () => {
  it('sets the money in against last month and the target, and shows overdue and attendance per batch, enquiries and admissions', async () => {
    const db = t.database.db;
    const before = (await summary()).month;
    const today = before.today as string;
    const monthStart = `${today.slice(0, 7)}-01`;
    const lastMonthEnd = shiftDate(monthStart, -1);
    const lastMonthStart = `${lastMonthEnd.slice(0, 7)}-01`;
    const weekStart = before.attendanceThisWeek.from as string;
    expect(new Date(`${weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(before.lastMonth).toBe(lastMonthEnd.slice(0, 7));

    const [s1, s2, s3, payer] = [await buildStudent(db, { name: 'Owes A and B' }), await buildStudent(db, { name: 'Owes A' }), await buildStudent(db, { name: 'Owes B' }), await buildStudent(db, { name: 'Pays' })];
    const range = { startDate: shiftDate(today, -60), endDate: shiftDate(today, 60) };
    const batchA = await buildBatch(db, { name: 'Owner A', studentIds: [s1.id, s2.id], ...range });
    const batchB = await buildBatch(db, { name: 'Owner B', studentIds: [s1.id, s3.id], ...range });
    let number = 0;
    const due = (studentId: string, batchId: string | null, dueDate: string, amountPaise: number, extra: Partial<typeof feeDues.$inferInsert> = {}) =>
      db.insert(feeDues).values({ studentId, batchId, seq: 1, number: (number += 1), label: 'Instalment', dueDate, amountPaise, ...extra });
    // Overdue: A ₹5,000 × 2 (one half paid), B ₹3,000 × 2; not overdue: due today, cancelled, paid.
    await due(s1.id, batchA.id, shiftDate(today, -20), 5_000_00);
    await due(s2.id, batchA.id, shiftDate(today, -20), 5_000_00, { paidPaise: 2_500_00 });
    await due(s1.id, batchB.id, shiftDate(today, -1), 3_000_00);
    await due(s3.id, batchB.id, shiftDate(today, -3), 3_000_00);
    await due(s3.id, batchB.id, today, 9_000_00);
    await due(s3.id, batchA.id, shiftDate(today, -5), 9_000_00, { status: 'cancelled' });
    await due(s2.id, batchB.id, shiftDate(today, -5), 9_000_00, { paidPaise: 9_000_00 });
    await due(payer.id, null, shiftDate(today, 30), 50_000_00);

    const pay = async (amount: number, date: string) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/students/${payer.id}/payments`, headers: { cookie: t.adminCookie }, payload: { amount, date, mode: 'cash' } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { _id: string };
    };
    await pay(1200, today);
    await pay(800, lastMonthStart);
    await pay(500, lastMonthEnd);
    const cancelled = await pay(7000, today);
    expect((await t.app.inject({ method: 'POST', url: `/api/receipts/${cancelled._id}/cancel`, headers: { cookie: t.adminCookie }, payload: { reason: 'Entered twice' } })).statusCode).toBe(200);

    // This week: A 1 of 2 present, B 2 of 2 (late counts as there); last week's marks left out.
    const mark = (batchId: string, studentId: string, date: string, status: 'present' | 'absent' | 'late') => db.insert(attendanceRecords).values({ batchId, studentId, date, status });
    await mark(batchA.id, s1.id, today, 'present');
    await mark(batchA.id, s2.id, today, 'absent');
    await mark(batchB.id, s1.id, weekStart, 'present');
    await mark(batchB.id, s3.id, today, 'late');
    await mark(batchB.id, s3.id, shiftDate(weekStart, -1), 'absent');

    // Two enquiries this month, one last month, one the month before; one student admitted last month.
    await buildEnquiry(db, { createdAt: new Date() });
    await buildEnquiry(db, { form: 'office', createdAt: new Date() });
    await buildEnquiry(db, { createdAt: new Date(`${lastMonthStart}T12:00:00+05:30`) });
    await buildEnquiry(db, { createdAt: new Date(`${shiftDate(lastMonthStart, -1)}T12:00:00+05:30`) });
    await db.update(studentsTable).set({ admissionDate: lastMonthEnd }).where(eq(studentsTable.id, payer.id));

    const month = (await summary()).month;
    expect(month.collected).toEqual({
      thisMonth: before.collected.thisMonth + 1200,
      lastMonth: before.collected.lastMonth + 1300,
      lastMonthToDate: before.collected.lastMonthToDate + 800 + (lastMonthEnd.slice(8) <= today.slice(8) ? 500 : 0),
      target: null,
    });
    const owed = (batchId: string) => month.overdueByBatch.find((entry: { batch: { _id: string } | null }) => entry.batch?._id === batchId);
    expect(owed(batchA.id)).toEqual({ batch: { _id: batchA.id, name: 'Owner A' }, amount: 7500, families: 2 });
    expect(owed(batchB.id)).toEqual({ batch: { _id: batchB.id, name: 'Owner B' }, amount: 6000, families: 2 });
    // Most owed first; the three families counted once in the total.
    expect(month.overdueByBatch.findIndex((entry: { batch: { _id: string } | null }) => entry.batch?._id === batchA.id)).toBeLessThan(
      month.overdueByBatch.findIndex((entry: { batch: { _id: string } | null }) => entry.batch?._id === batchB.id),
    );
    expect(month.overdue).toEqual({ amount: before.overdue.amount + 13500, families: before.overdue.families + 3 });
    const week = (batchId: string) => month.attendanceThisWeek.batches.find((entry: { batch: { _id: string } }) => entry.batch._id === batchId);
    expect(week(batchA.id)).toEqual({ batch: { _id: batchA.id, name: 'Owner A' }, total: 2, percentage: 50 });
    expect(week(batchB.id)).toEqual({ batch: { _id: batchB.id, name: 'Owner B' }, total: 2, percentage: 100 });
    expect(month.enquiries).toEqual({ thisMonth: before.enquiries.thisMonth + 2, lastMonth: before.enquiries.lastMonth + 1 });
    // The four students were admitted today; the payer was moved to last month.
    expect(month.admissions).toEqual({ thisMonth: before.admissions.thisMonth + 3, lastMonth: before.admissions.lastMonth + 1 });

    // The target from Settings comes with it.
    const settings = (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie: t.adminCookie } })).json().data;
    const { updatedAt: _updatedAt, parentWebhook: _webhook, absenceAlerts: _alerts, phoneCodes: _codes, ...input } = settings;
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie: t.adminCookie }, payload: { ...input, monthlyFeeTarget: '250000' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await summary()).month.collected.target).toBe(250000);
  });

  it('counts today’s messages by kind and status instead of listing them, held ones apart (issue 54)', async () => {
    const db = t.database.db;
    const parent = await buildParent(db, { phone: '+919822090001' });
    const today = await academyToday(db);
    const row = (kind: string, status: 'queued' | 'sent' | 'failed' | 'delivered', extra: Partial<typeof parentMessages.$inferInsert> = {}) => ({
      kind,
      key: `${kind}:${Math.random()}`,
      parentId: parent.id,
      channel: 'whatsapp' as const,
      status,
      date: today,
      subject: 's',
      text: 't',
      payload: {},
      ...extra,
    });
    await db.insert(parentMessages).values([
      ...Array.from({ length: 5 }, () => row('online-test', 'sent')),
      row('online-test', 'failed'),
      row('absence', 'delivered'),
      // Held by the quiet hours until tomorrow morning.
      row('fee-reminder', 'queued', { notBefore: new Date(Date.now() + 8 * 3600_000) }),
      row('fee-reminder', 'queued'),
      // Yesterday's: not today's.
      row('absence', 'failed', { createdAt: new Date(Date.now() - 2 * 86_400_000) }),
    ]);
    expect((await summary()).messagesToday).toEqual({
      total: 9,
      byStatus: { queued: 2, sent: 5, delivered: 1, read: 0, failed: 1, cancelled: 0 },
      held: 1,
      byKind: [
        { kind: 'online-test', total: 6, waiting: 0, failed: 1 },
        { kind: 'fee-reminder', total: 2, waiting: 2, failed: 0 },
        { kind: 'absence', total: 1, waiting: 0, failed: 0 },
      ],
    });
  });
});
