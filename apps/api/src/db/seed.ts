import { count } from 'drizzle-orm';
import type { Db } from './client';
import { DEFAULT_TIME_ZONE } from '@academy/shared/schemas/settings';
import { announcementBatches, announcements, attendanceRecords, batches, batchStudents, standards, standardSubjects, students, subjects, teachers, teacherSubjects, users } from './schema';
import { hashPassword } from '../lib/password';
import { calendarDateIn } from '../modules/settings/settings.service';

/** Every demo account signs in with this password (development only; never seeded in production). */
export const DEMO_PASSWORD = 'latur-demo-2026';
export const DEMO_LOGINS = {
  admin: 'admin@demo.academy',
  teacher: 'priya.kulkarni@demo.academy',
  student: 'aarav.patil@demo.academy',
} as const;

const SUBJECTS = [
  { name: 'Mathematics', code: 'MATH', description: 'Algebra, geometry and arithmetic for the board syllabus.' },
  { name: 'Science', code: 'SCI', description: 'Physics, chemistry and biology fundamentals for standards 9 and 10.' },
  { name: 'English', code: 'ENG', description: 'Grammar, writing and literature.' },
  { name: 'Physics', code: 'PHY', description: 'Mechanics, optics, electricity and modern physics.' },
  { name: 'Chemistry', code: 'CHEM', description: 'Physical, organic and inorganic chemistry.' },
  { name: 'Biology', code: 'BIO', description: 'Botany and zoology for boards and NEET.' },
];

const STANDARDS = [
  { name: '9th Standard', level: 9, subjects: ['MATH', 'SCI', 'ENG'] },
  { name: '10th Standard', level: 10, subjects: ['MATH', 'SCI', 'ENG'] },
  { name: '11th Science', level: 11, subjects: ['MATH', 'PHY', 'CHEM', 'BIO'] },
  { name: '12th Science', level: 12, subjects: ['MATH', 'PHY', 'CHEM', 'BIO'] },
];

const TEACHERS = [
  { name: 'Priya Kulkarni', email: DEMO_LOGINS.teacher, phone: '9822012345', qualification: 'M.Sc. Mathematics, B.Ed.', gender: 'female', subjects: ['MATH'] },
  { name: 'Sandeep Deshmukh', email: 'sandeep.deshmukh@demo.academy', phone: '9890023456', qualification: 'M.Sc. Physics', gender: 'male', subjects: ['PHY', 'SCI'] },
  { name: 'Anjali Jadhav', email: 'anjali.jadhav@demo.academy', phone: '9764034567', qualification: 'M.Sc. Chemistry', gender: 'female', subjects: ['CHEM', 'BIO', 'ENG'] },
] as const;

const FIRST_NAMES = [
  'Aarav', 'Sakshi', 'Omkar', 'Sneha', 'Pratik', 'Gauri', 'Yash', 'Rutuja', 'Aditya', 'Pooja',
  'Tejas', 'Shruti', 'Vedant', 'Tanvi', 'Siddharth', 'Kshitija', 'Harsh', 'Mrunal', 'Rohan', 'Vaishnavi',
  'Atharva', 'Pranali', 'Soham', 'Ankita', 'Kunal', 'Dnyaneshwari', 'Nikhil', 'Priti', 'Shubham', 'Manasi',
];
const SURNAMES = ['Patil', 'Shinde', 'Pawar', 'More', 'Kale', 'Gaikwad', 'Chavan', 'Bhosale', 'Deshpande', 'Joshi'];

/** The academic year in India runs June to March; demo batches span the current one. */
function academicYear(today = new Date()) {
  const year = today.getMonth() >= 5 ? today.getFullYear() : today.getFullYear() - 1;
  return { startDate: `${year}-06-01`, endDate: `${year + 1}-03-31` };
}

/** A calendar date `days` after (or before) `date`, 'YYYY-MM-DD'. */
function shiftDate(date: string, days: number): string {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

const WEEKDAY_OF_UTC_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
/** Days of demo attendance before today. Today is left unmarked, for the teacher to mark. */
const DEMO_ATTENDANCE_DAYS = 28;

/** The batch's class days in the four weeks before today (never before the batch started). */
function pastClassDays(today: string, days: readonly string[], batchStart: string): string[] {
  const result: string[] = [];
  for (let offset = DEMO_ATTENDANCE_DAYS; offset >= 1; offset -= 1) {
    const date = shiftDate(today, -offset);
    if (date >= batchStart && days.includes(WEEKDAY_OF_UTC_DAY[new Date(`${date}T00:00:00Z`).getUTCDay()]!)) result.push(date);
  }
  return result;
}

/**
 * A believable, repeatable mark: most students come most days, a few are often late or absent.
 * Depends only on the student's place in the list and the date, so every seed gives the same picture.
 */
function demoMark(studentIndex: number, date: string): { status: 'present' | 'absent' | 'late' | 'excused'; remark: string | null } {
  const day = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const roll = (studentIndex * 37 + day * 11) % 29;
  // Every fifth student is irregular: absent or late about twice as often.
  const irregular = studentIndex % 5 === 3;
  if (roll === 0 || (irregular && roll === 1)) return { status: 'absent', remark: roll === 0 ? 'Informed by parent: unwell' : null };
  if (roll === 2 || (irregular && roll === 3)) return { status: 'absent', remark: null };
  if (roll === 4 || roll === 5 || (irregular && roll === 6)) return { status: 'late', remark: roll === 4 ? 'Bus was late' : null };
  if (roll === 7) return { status: 'excused', remark: 'School exam' };
  return { status: 'present', remark: null };
}

/** One announcement of each state, relative to the seeding day; the last one only for `batchId`. */
function demoAnnouncements(today: string, batchName: string) {
  return [
    {
      title: 'Diwali holidays',
      content: 'The academy stays closed for Diwali. Classes resume on the following Monday. Happy Diwali to all our students and families!',
      type: 'holiday',
      priority: 'medium',
      audience: 'everyone',
      startDate: today,
      endDate: shiftDate(today, 10),
    },
    {
      title: 'Unit test schedule',
      content: 'Unit tests for all standards begin next week. The timetable will be shared in each batch.',
      type: 'exam',
      priority: 'high',
      audience: 'students',
      startDate: shiftDate(today, 7),
      endDate: shiftDate(today, 21),
    },
    {
      title: 'Parent-teacher meeting',
      content: 'Parents met the teachers to discuss the first term results.',
      type: 'event',
      priority: 'low',
      audience: 'everyone',
      startDate: shiftDate(today, -20),
      endDate: shiftDate(today, -14),
    },
    {
      title: `${batchName}: extra class on Sunday`,
      content: 'An extra revision class this Sunday, 8:00 to 10:00 AM, in room 2. Bring your notebooks.',
      type: 'general',
      priority: 'high',
      audience: 'students',
      startDate: today,
      endDate: shiftDate(today, 5),
    },
  ] as const;
}

/**
 * Seeds a small demo academy into an empty database, in one transaction.
 * Returns false (and changes nothing) when the database already has users.
 */
export async function seedDemoAcademy(db: Db): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { startDate, endDate } = academicYear();

  await db.transaction(async (tx) => {
    await tx.insert(users).values({ name: 'Academy Admin', email: DEMO_LOGINS.admin, role: 'admin', passwordHash });

    const subjectRows = await tx.insert(subjects).values(SUBJECTS).returning();
    const subjectId = (code: string) => subjectRows.find((subject) => subject.code === code)!.id;

    const standardRows = await tx
      .insert(standards)
      .values(STANDARDS.map(({ name, level }) => ({ name, level })))
      .returning();
    const standardId = (level: number) => standardRows.find((standard) => standard.level === level)!.id;
    await tx.insert(standardSubjects).values(STANDARDS.flatMap((standard) => standard.subjects.map((code) => ({ standardId: standardId(standard.level), subjectId: subjectId(code) }))));

    const teacherIds: string[] = [];
    const teacherUserIds: string[] = [];
    for (const teacher of TEACHERS) {
      const [user] = await tx.insert(users).values({ name: teacher.name, email: teacher.email, role: 'teacher', passwordHash }).returning();
      teacherUserIds.push(user!.id);
      const [row] = await tx
        .insert(teachers)
        .values({ userId: user!.id, phone: `+91 ${teacher.phone}`, qualification: teacher.qualification, gender: teacher.gender, joiningDate: '2022-06-01', address: 'Latur, Maharashtra' })
        .returning();
      teacherIds.push(row!.id);
      await tx.insert(teacherSubjects).values(teacher.subjects.map((code) => ({ teacherId: row!.id, subjectId: subjectId(code) })));
    }

    // 30 students, spread over the four standards (aarav.patil is the demo student login).
    const studentRows: { id: string; level: number }[] = [];
    for (const [index, firstName] of FIRST_NAMES.entries()) {
      const surname = SURNAMES[index % SURNAMES.length]!;
      const level = STANDARDS[index % STANDARDS.length]!.level;
      const email = `${firstName}.${surname}@demo.academy`.toLowerCase();
      const [user] = await tx.insert(users).values({ name: `${firstName} ${surname}`, email, role: 'student', passwordHash }).returning();
      const [row] = await tx
        .insert(students)
        .values({
          userId: user!.id,
          gender: index % 2 === 0 ? 'male' : 'female',
          address: 'Latur, Maharashtra',
          // Stored the way the forms store them: "+91 98xxxxxxxx".
          phone: `+91 98${String(22000000 + index * 137).padStart(8, '0')}`,
          parentName: `${['Ramesh', 'Suresh', 'Mahesh', 'Ganesh', 'Dinesh'][index % 5]} ${surname}`,
          parentPhone: `+91 94${String(21000000 + index * 211).padStart(8, '0')}`,
          standardId: standardId(level),
          school: ['Keshavraj Vidyalaya', 'Shri Deshikendra Vidyalaya', 'Rajarshi Shahu College', 'Dayanand Science College'][index % 4],
          admissionDate: startDate,
        })
        .returning();
      studentRows.push({ id: row!.id, level });
    }

    const batchPlan = [
      { name: '10th Maths Morning', level: 10, subject: 'MATH', teacher: 0, days: ['mon', 'wed', 'fri'], startTime: '07:00', endTime: '08:30', capacity: 40 },
      { name: '9th Maths Evening', level: 9, subject: 'MATH', teacher: 0, days: ['tue', 'thu', 'sat'], startTime: '17:00', endTime: '18:30', capacity: 35 },
      { name: '10th Science', level: 10, subject: 'SCI', teacher: 1, days: ['tue', 'thu', 'sat'], startTime: '07:00', endTime: '08:30', capacity: 40 },
      { name: '12th Physics', level: 12, subject: 'PHY', teacher: 1, days: ['mon', 'wed', 'fri'], startTime: '16:00', endTime: '17:30', capacity: 60 },
      { name: '11th Chemistry', level: 11, subject: 'CHEM', teacher: 2, days: ['mon', 'wed', 'fri'], startTime: '09:00', endTime: '10:30', capacity: 60 },
      { name: '12th Biology', level: 12, subject: 'BIO', teacher: 2, days: ['tue', 'thu', 'sat'], startTime: '16:00', endTime: '17:30', capacity: 60 },
    ] as const;
    const batchIds: string[] = [];
    const today = calendarDateIn(DEFAULT_TIME_ZONE, new Date());
    const attendanceRows: (typeof attendanceRecords.$inferInsert)[] = [];
    for (const plan of batchPlan) {
      const [batch] = await tx
        .insert(batches)
        .values({
          name: plan.name,
          standardId: standardId(plan.level),
          subjectId: subjectId(plan.subject),
          teacherId: teacherIds[plan.teacher]!,
          scheduleDays: [...plan.days],
          startTime: plan.startTime,
          endTime: plan.endTime,
          startDate,
          endDate,
          capacity: plan.capacity,
          description: `${plan.name} batch for the ${startDate.slice(0, 4)}-${endDate.slice(2, 4)} academic year.`,
        })
        .returning();
      const roster = studentRows.filter((student) => student.level === plan.level);
      if (roster.length > 0) await tx.insert(batchStudents).values(roster.map((student) => ({ batchId: batch!.id, studentId: student.id })));
      batchIds.push(batch!.id);
      for (const date of pastClassDays(today, plan.days, startDate)) {
        for (const student of roster) {
          const mark = demoMark(studentRows.indexOf(student), date);
          attendanceRows.push({
            batchId: batch!.id,
            studentId: student.id,
            date,
            status: mark.status,
            remark: mark.remark,
            markedBy: teacherUserIds[plan.teacher]!,
            // Marked as the class ended (India has no daylight saving time).
            markedAt: new Date(`${date}T${plan.endTime}:00+05:30`),
          });
        }
      }
    }
    // A few weeks of past classes, in one statement, so every attendance screen and the dashboard have data.
    if (attendanceRows.length > 0) await tx.insert(attendanceRecords).values(attendanceRows);

    // The notification job tells students about the active ones once the server is up.
    const announcementRows = await tx
      .insert(announcements)
      .values([...demoAnnouncements(calendarDateIn(DEFAULT_TIME_ZONE, new Date()), batchPlan[0].name)])
      .returning({ id: announcements.id });
    await tx.insert(announcementBatches).values({ announcementId: announcementRows.at(-1)!.id, batchId: batchIds[0]! });
  });
  return true;
}
