import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { academySettings, batches, batchStudents, feePlanInstalments, feePlans, standards, standardSubjects, students, subjects, teachers } from '../../db/schema';
import { getAcademySettings } from '../../academy-settings';
import { shareTestApp } from '../../../test/shared-test-app';
import { buildUser } from '../../../test/factories';
import { nextStudentCode } from '../students';
import { FIRST_ACADEMY_ID } from '../../lib/tenancy';
import { shiftDate } from '@academy/shared/calendar';

const t = shareTestApp();

const getCourses = () => t.app.inject({ method: 'GET', url: '/api/public/courses' });

/** The calendar date in a time zone, "YYYY-MM-DD". */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}


async function buildTeacher(name: string) {
  const user = await buildUser(t.database.db, { role: 'teacher', name });
  const [teacher] = await t.database.db.insert(teachers).values({ userId: user.id }).returning();
  return teacher!;
}

async function enrol(batchId: string, count: number, status: 'active' | 'archived' = 'active') {
  const db = t.database.db;
  for (let index = 0; index < count; index += 1) {
    const user = await buildUser(db, { role: 'student' });
    const [student] = await db.insert(students).values({ userId: user.id, studentCode: await nextStudentCode(db, '2026-06-01'), status }).returning();
    await db.insert(batchStudents).values({ batchId, studentId: student!.id });
  }
}

describe('GET /api/public/courses', () => {
  it('answers a visitor with empty lists before anything is set up', async () => {
    const response = await getCourses();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { standards: [], batches: [] } });
  });

  it('lists the standards with their subjects, and the batches not yet ended with seats left', async () => {
    const db = t.database.db;
    const today = todayIn('Asia/Kolkata');
    const [maths, science, english] = await db
      .insert(subjects)
      .values([
        { name: 'Mathematics', code: 'MATH' },
        { name: 'Science', code: 'SCI' },
        { name: 'English', code: 'ENG' },
      ])
      .returning();
    const [tenth, ninth, twelfth] = await db
      .insert(standards)
      .values([
        { name: '10th Standard', level: 10 },
        { name: '9th Standard', level: 9 },
        { name: '12th Science', level: 12 },
      ])
      .returning();
    await db.insert(standardSubjects).values([
      { standardId: tenth!.id, subjectId: science!.id },
      { standardId: tenth!.id, subjectId: maths!.id },
      { standardId: tenth!.id, subjectId: english!.id },
      { standardId: ninth!.id, subjectId: maths!.id },
    ]);
    const priya = await buildTeacher('Priya Kulkarni');
    const sandeep = await buildTeacher('Sandeep Deshmukh');

    const base = { standardId: tenth!.id, subjectId: maths!.id, teacherId: priya.id, startTime: '07:00', endTime: '08:30', startDate: shiftDate(today, -60) };
    const [morning, full, endsToday] = await db
      .insert(batches)
      .values([
        { ...base, name: '10th Maths Morning', scheduleDays: ['fri', 'mon', 'wed'], endDate: shiftDate(today, 120), capacity: 40 },
        { ...base, name: '10th Science', subjectId: science!.id, teacherId: sandeep.id, scheduleDays: ['tue', 'thu'], startTime: '17:00', endTime: '18:30', endDate: shiftDate(today, 30), capacity: 2 },
        { ...base, name: '9th Maths Crash Course', standardId: ninth!.id, scheduleDays: ['sat', 'sun'], startTime: '09:15', endTime: '11:45', endDate: today, capacity: 25 },
        { ...base, name: '10th Maths Last Year', endDate: shiftDate(today, -1), capacity: 40, scheduleDays: ['mon'] },
      ])
      .returning();
    await enrol(morning!.id, 3);
    // A student who has left keeps the enrolment row but no seat.
    await enrol(morning!.id, 1, 'archived');
    await enrol(full!.id, 2);
    // Fees (issue 42, point 14): only the plans the office shows on the site, cheapest first.
    const plans = await db
      .insert(feePlans)
      .values([
        { name: 'Year in three parts', batchId: morning!.id, amountPaise: 18_000_00, showOnSite: true },
        { name: 'Staff children', batchId: morning!.id, amountPaise: 5_000_00 },
        { name: 'Paid at once', batchId: morning!.id, amountPaise: 16_500_00, showOnSite: true },
      ])
      .returning();
    await db.insert(feePlanInstalments).values([
      ...[1, 2, 3].map((seq) => ({ planId: plans[0]!.id, seq, dueDate: shiftDate(today, 30 * seq), amountPaise: 6_000_00 })),
      { planId: plans[1]!.id, seq: 1, dueDate: today, amountPaise: 5_000_00 },
      { planId: plans[2]!.id, seq: 1, dueDate: today, amountPaise: 16_500_00 },
    ]);

    const response = await getCourses();
    expect(response.statusCode).toBe(200);
    const { standards: standardList, batches: batchList } = response.json().data;

    expect(standardList).toEqual([
      { _id: ninth!.id, name: '9th Standard', level: 9, subjects: [{ _id: maths!.id, name: 'Mathematics', code: 'MATH' }] },
      {
        _id: tenth!.id,
        name: '10th Standard',
        level: 10,
        subjects: [
          { _id: english!.id, name: 'English', code: 'ENG' },
          { _id: maths!.id, name: 'Mathematics', code: 'MATH' },
          { _id: science!.id, name: 'Science', code: 'SCI' },
        ],
      },
      { _id: twelfth!.id, name: '12th Science', level: 12, subjects: [] },
    ]);

    // The batch that ended yesterday is gone; the one ending today is still there. Lower standards first.
    expect(batchList.map((batch: { name: string }) => batch.name)).toEqual(['9th Maths Crash Course', '10th Maths Morning', '10th Science']);
    expect(batchList[0]).toEqual({
      _id: endsToday!.id,
      name: '9th Maths Crash Course',
      // Its page's address: the name's words and the first ten hex digits of its id.
      slug: `9th-maths-crash-course-${endsToday!.id.replace(/-/g, '').slice(0, 10)}`,
      description: '',
      standard: { _id: ninth!.id, name: '9th Standard' },
      subject: { _id: maths!.id, name: 'Mathematics' },
      teacherName: 'Priya Kulkarni',
      scheduleDays: ['sat', 'sun'],
      startTime: '09:15',
      endTime: '11:45',
      startDate: shiftDate(today, -60),
      endDate: today,
      capacity: 25,
      enrolledCount: 0,
      seatsLeft: 25,
      fees: [],
    });
    // Days come Monday first, whatever order they were saved in.
    expect(batchList[1]).toMatchObject({ scheduleDays: ['mon', 'wed', 'fri'], startTime: '07:00', endTime: '08:30', capacity: 40, enrolledCount: 3, seatsLeft: 37 });
    expect(batchList[1].fees).toEqual([
      { name: 'Paid at once', amount: 16500, instalments: 1 },
      { name: 'Year in three parts', amount: 18000, instalments: 3 },
    ]);
    expect(batchList[2]).toMatchObject({ teacherName: 'Sandeep Deshmukh', subject: { _id: science!.id, name: 'Science' }, capacity: 2, enrolledCount: 2, seatsLeft: 0 });
  });

  it('takes "today" in the academy\'s time zone', async () => {
    const db = t.database.db;
    const [standard] = await db.insert(standards).values({ name: '11th Science', level: 11 }).returning();
    const [subject] = await db.insert(subjects).values({ name: 'Physics', code: 'PHY' }).returning();
    const teacher = await buildTeacher('Anjali Jadhav');
    // Pago Pago (UTC-11) is always at least a day behind Kiritimati (UTC+14).
    const endDate = todayIn('Pacific/Pago_Pago');
    await db.insert(batches).values({
      name: '11th Physics Evening',
      standardId: standard!.id,
      subjectId: subject!.id,
      teacherId: teacher.id,
      scheduleDays: ['mon'],
      startTime: '16:00',
      endTime: '17:30',
      startDate: shiftDate(endDate, -30),
      endDate,
      capacity: 30,
    });
    const listed = async () => (await getCourses()).json().data.batches.some((batch: { name: string }) => batch.name === '11th Physics Evening');

    await getAcademySettings(db);
    await db.update(academySettings).set({ timeZone: 'Pacific/Pago_Pago' }).where(eq(academySettings.academyId, FIRST_ACADEMY_ID));
    expect(await listed()).toBe(true);
    await db.update(academySettings).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(academySettings.academyId, FIRST_ACADEMY_ID));
    expect(await listed()).toBe(false);
    await db.update(academySettings).set({ timeZone: 'Asia/Kolkata' }).where(eq(academySettings.academyId, FIRST_ACADEMY_ID));
  });

  it('asks the database twice, however many standards and batches there are', async () => {
    const query = vi.spyOn(t.database.pool, 'query');
    try {
      const response = await getCourses();
      expect(response.statusCode).toBe(200);
      expect(response.json().data.batches.length).toBeGreaterThanOrEqual(3);
      expect(query).toHaveBeenCalledTimes(2);
    } finally {
      query.mockRestore();
    }
  });
});
