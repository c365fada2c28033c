import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { academicYearOf, shiftDate } from '@academy/shared/calendar';
import { academyToday } from './academy-settings';
import { NOTE_MAX_BYTES } from '@academy/shared/schemas/notes';
import { batchStudents, batches, users } from './db/schema';
import { forgetEvents } from './events/emit';
import { fileNameFromTitle, looksLikePdf, PDF_MAGIC_LENGTH } from './lib/file-names';
import { hashPassword } from './lib/password';
import { buildSimplePdf, type SimplePdfPage } from './lib/simple-pdf';
import { recordPayment } from './modules/fees/payments.service';
import { createPlan } from './modules/fees/plans.service';
import { updatePaymentSettings } from './modules/settings/payment-settings.service';
import type { FileStorage, StoredFile } from './lib/storage';
import { notifyStudentsOfNote } from './modules/notifications/notifications.service';
import { insertStudents } from './modules/students';
import { addParentRecord, saveFirstParent } from './modules/parents';
import { createAccount } from './modules/users';
import { insertSubjects } from './modules/subjects';
import { insertStandards } from './modules/standards';
import { insertTeachers } from './modules/teachers';
import { insertBatches } from './modules/batches';
import { recordPastAttendance } from './modules/attendance';
import { recordPastExam } from './modules/exams';
import { insertAnnouncements } from './modules/announcements';
import { recordNote } from './modules/notes';
import { recordPastEnquiry, type PastEnquiry } from './modules/admissions';

/** Every demo account signs in with this password (development only; never seeded in production). */
export const DEMO_PASSWORD = 'latur-demo-2026';
export const DEMO_LOGINS = {
  admin: 'admin@demo.academy',
  teacher: 'priya.kulkarni@demo.academy',
  student: 'aarav.patil@demo.academy',
  parent: 'parent.patil@demo.academy',
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

type DemoEnquiry = Omit<PastEnquiry, 'standardId' | 'subjectIds' | 'changedBy'> & { level: number | null; subjects: string[] };

const DEMO_ENQUIRIES: DemoEnquiry[] = [
  {
    studentName: 'Ishita Shinde', email: 'shinde.family@example.in', phone: `+9194${String(21000000 + 211).padStart(8, '0')}`, parentName: 'Suresh Shinde',
    parentPhone: null, gender: 'female', dateOfBirth: '2012-08-14', level: 9, subjects: ['MATH', 'SCI'], school: 'Keshavraj Vidyalaya', board: 'State Board',
    medium: 'Semi-English', address: 'Ausa Road, Latur', message: 'Her elder sister already studies with you. Evening batch preferred.', form: 'admission', source: 'referral', status: 'new', hoursAgo: 3, history: [],
  },
  {
    studentName: 'Arjun Kadam', email: 'arjun.kadam@example.in', phone: '+917020012345', parentName: 'Vilas Kadam', parentPhone: '+919405512345', gender: 'male',
    dateOfBirth: '2010-01-22', level: 11, subjects: ['PHY', 'CHEM', 'MATH'], school: 'Dayanand Science College', board: 'CBSE', medium: 'English',
    address: 'Shivaji Nagar, Latur', message: 'Interested in JEE preparation along with the board syllabus.', form: 'admission', source: 'website', status: 'new', hoursAgo: 20, history: [],
  },
  {
    studentName: 'Neha Wagh', email: 'neha.wagh@example.in', phone: '+918805512345', form: 'contact', source: 'website', status: 'new', hoursAgo: 30, level: null, subjects: [], history: [],
    message: 'What are the fees for the 10th Science batch, and is there a sibling discount?',
  },
  {
    studentName: 'Samarth Bhise', email: 'bhise.samarth@example.in', phone: '+919960012345', parentName: 'Kavita Bhise', parentPhone: '+919960054321', gender: 'male',
    dateOfBirth: '2011-11-03', level: 10, subjects: ['MATH'], school: 'Rajarshi Shahu Vidyalaya', board: 'State Board', medium: 'Marathi', address: 'Barshi Road, Latur',
    message: null, notes: 'Called the mother; they will visit on Saturday at 11.', form: 'admission', source: 'website', status: 'contacted', hoursAgo: 52,
    history: [{ fromStatus: 'new', toStatus: 'contacted' }],
  },
  {
    studentName: 'Tanmay Suryawanshi', email: 'tanmay.s@example.in', phone: '+917588012345', gender: 'male', level: 12, subjects: ['BIO'], board: 'ICSE', medium: 'English',
    message: 'Only weekend classes possible.', notes: 'No weekend Biology batch this year; told them about next year.', form: 'admission', source: 'newspaper', status: 'rejected', lostReason: 'course_not_offered', hoursAgo: 96,
    history: [{ fromStatus: 'new', toStatus: 'contacted' }, { fromStatus: 'contacted', toStatus: 'rejected' }],
  },
];


const WEEKDAY_OF_UTC_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
/** The demo's weekly tests, oldest first (one a week before today); topics per batch (10th Maths, 9th Maths, 10th Science). */
const DEMO_TESTS = [
  { name: 'Weekly test 1', maxMarks: 25, topics: ['Quadratic equations', 'Number systems', 'Chemical reactions'] },
  { name: 'Weekly test 2', maxMarks: 25, topics: ['Arithmetic progression', 'Polynomials', 'Acids and bases'] },
  { name: 'Weekly test 3', maxMarks: 50, topics: ['Coordinate geometry', 'Linear equations', 'Metals and non-metals'] },
  { name: 'Weekly test 4', maxMarks: 25, topics: ['Probability', 'Triangles', 'Life processes'] },
] as const;

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
 * Demo notes (small PDFs written in code): for batches of each teacher, one for the demo student
 * alone, and public ones for /resources. `batch`/`teacher` index BATCH_PLAN and TEACHERS below.
 */
const DEMO_NOTES: { title: string; description: string; subject: string; level: number; teacher: number; batch?: number; forDemoStudent?: boolean; isPublic?: boolean; pages: SimplePdfPage[] }[] = [
  {
    title: 'Linear equations: worksheet 1',
    description: 'Twenty practice questions on linear equations in one variable. Solve them before Thursday.',
    subject: 'MATH',
    level: 9,
    teacher: 0,
    batch: 1,
    pages: [
      { heading: 'Linear equations: worksheet 1', lines: ['9th Maths Evening batch', '', '1. Solve 3x + 5 = 20.', '2. Solve 7x - 4 = 3x + 12.', '3. The sum of two consecutive numbers is 41. Find them.'] },
      { heading: 'Answers', lines: ['1. x = 5', '2. x = 4', '3. 20 and 21'] },
    ],
  },
  {
    title: 'Quadratic equations: formula sheet',
    description: 'The quadratic formula, the discriminant and the nature of roots on one page.',
    subject: 'MATH',
    level: 10,
    teacher: 0,
    batch: 0,
    pages: [{ heading: 'Quadratic equations', lines: ['x = (-b +/- sqrt(b^2 - 4ac)) / 2a', 'Discriminant D = b^2 - 4ac', 'D > 0: two real roots; D = 0: equal roots; D < 0: no real roots.'] }],
  },
  {
    title: 'Electrostatics: key formulas',
    description: "Coulomb's law, electric field and potential: revise before the unit test.",
    subject: 'PHY',
    level: 12,
    teacher: 1,
    batch: 3,
    pages: [{ heading: 'Electrostatics', lines: ["Coulomb's law: F = k q1 q2 / r^2", 'Electric field: E = F / q', 'Potential: V = k q / r'] }],
  },
  {
    title: 'Fractions: extra practice for Aarav',
    description: 'A few more questions on adding and comparing fractions, as we discussed after class.',
    subject: 'MATH',
    level: 9,
    teacher: 0,
    forDemoStudent: true,
    pages: [{ heading: 'Fractions: extra practice', lines: ['1. 2/3 + 3/4 = ?', '2. Which is larger: 5/8 or 3/5?', '3. Simplify 18/24.'] }],
  },
  {
    title: 'Algebra basics: free practice sheet',
    description: 'Free practice questions on algebraic expressions and identities for 10th standard students.',
    subject: 'MATH',
    level: 10,
    teacher: 0,
    isPublic: true,
    pages: [{ heading: 'Algebra basics', lines: ['(a + b)^2 = a^2 + 2ab + b^2', '(a - b)^2 = a^2 - 2ab + b^2', 'a^2 - b^2 = (a + b)(a - b)', '', 'Expand (2x + 3)^2 and (x - 5)(x + 5).'] }],
  },
  {
    title: 'Periodic table: quick revision',
    description: 'Groups, periods and trends of the periodic table on two pages.',
    subject: 'CHEM',
    level: 11,
    teacher: 2,
    batch: 4,
    isPublic: true,
    pages: [
      { heading: 'Periodic table', lines: ['18 groups, 7 periods.', 'Atomic radius decreases across a period.', 'Ionisation energy increases across a period.'] },
      { heading: 'Trends down a group', lines: ['Atomic radius increases.', 'Metallic character increases.'] },
    ],
  },
];

/** Writes the demo notes' PDFs into the storage (before the transaction that records them). */
async function storeDemoNoteFiles(storage: FileStorage): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const note of DEMO_NOTES) {
      stored.push(await storage.save(Readable.from([buildSimplePdf(note.pages)]), { maxBytes: NOTE_MAX_BYTES, extension: '.pdf', checkHead: { headBytes: PDF_MAGIC_LENGTH, accept: looksLikePdf } }));
    }
    return stored;
  } catch (error) {
    await Promise.all(stored.map((file) => storage.remove(file.key).catch(() => {})));
    throw error;
  }
}

/**
 * Seeds a small demo academy into an empty database, in one transaction (fees included); with a storage, also
 * its demo notes (their files are deleted again if the transaction fails).
 * Returns false (and changes nothing) when the database already has users.
 */
export async function seedDemoAcademy(db: Db, storage?: FileStorage): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;
  const noteFiles = storage ? await storeDemoNoteFiles(storage) : [];
  try {
    // One transaction for everything: a failure anywhere (the fees too) leaves the database empty, so
    // the next start seeds again instead of finding a half-made academy. The services' own
    // transactions inside become savepoints; a transaction is a Db for everything they use.
    await db.transaction(async (tx) => {
      const inOne = tx as unknown as Db;
      await seedTables(inOne, noteFiles);
      await seedDemoFees(inOne);
      // The demo's past is not news: the payments recorded above announced themselves (events), and
      // nobody should be mailed a receipt for them. Their wake-up runs find nothing to deliver.
      await forgetEvents(tx);
    });
  } catch (error) {
    await Promise.all(noteFiles.map((file) => storage!.remove(file.key).catch(() => {})));
    throw error;
  }
  return true;
}

/** What the steps below made, for the steps after them. */
type Demo = {
  db: Db;
  passwordHash: string;
  today: string;
  startDate: string;
  endDate: string;
  adminId: string;
  subjectId: (code: string) => string;
  standardId: (level: number) => string;
  teachers: { id: string; userId: string }[];
  students: DemoStudent[];
  batches: { id: string; roster: DemoStudent[] }[];
};
type DemoStudent = { id: string; index: number; level: number; name: string; parent: { name: string; phone: string } };

/**
 * The demo's school, each step through the owner of what it makes (their commands, in this
 * transaction; the system makes it, so no audit entries, mails or bells but the notes' below).
 */
async function seedTables(db: Db, noteFiles: StoredFile[]): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Demo batches span the current academic year (June to March).
  // The demo academy's own "today" (its settings' time zone), as every screen will show it.
  const today = await academyToday(db);
  const { startDate, endDate } = academicYearOf(today);
  const { userId: adminId } = await createAccount(db, { name: 'Academy Admin', email: DEMO_LOGINS.admin, role: 'admin', passwordHash, isActive: true });
  const { subjectId, standardId } = await seedSubjectsAndStandards(db);
  const base = { db, passwordHash, today, startDate, endDate, adminId, subjectId, standardId };
  const teacherRows = await seedTeachers(base);
  const studentRows = await seedStudents(base);
  await seedParents(db, passwordHash, studentRows);
  const demo: Demo = { ...base, teachers: teacherRows, students: studentRows, batches: await seedBatches({ ...base, teachers: teacherRows, students: studentRows }) };
  await seedAttendance(demo);
  await seedTests(demo);
  // The notification job tells students about the active ones once the server is up.
  await insertAnnouncements(db, demoAnnouncements(today, BATCH_PLAN[0].name).map((announcement, index, all) => ({ ...announcement, batchIds: index === all.length - 1 ? [demo.batches[0]!.id] : [] })));
  await seedNotes(demo, noteFiles);
  await seedEnquiries(demo);
}

async function seedSubjectsAndStandards(db: Db): Promise<{ subjectId: (code: string) => string; standardId: (level: number) => string }> {
  const subjectIds = await insertSubjects(db, SUBJECTS);
  const subjectId = (code: string) => subjectIds.get(code)!;
  const standardIds = await insertStandards(db, STANDARDS.map(({ name, level, subjects }) => ({ name, level, subjectIds: subjects.map(subjectId) })));
  const standardId = (level: number) => standardIds.get(STANDARDS.find((standard) => standard.level === level)!.name)!;
  return { subjectId, standardId };
}

async function seedTeachers({ db, passwordHash, subjectId }: Omit<Demo, 'teachers' | 'students' | 'batches'>): Promise<Demo['teachers']> {
  const userIds: string[] = [];
  for (const teacher of TEACHERS) userIds.push((await createAccount(db, { name: teacher.name, email: teacher.email, role: 'teacher', passwordHash, isActive: true })).userId);
  const ids = await insertTeachers(
    db,
    TEACHERS.map((teacher, index) => ({
      userId: userIds[index]!,
      phone: `+91${teacher.phone}`,
      qualification: teacher.qualification,
      gender: teacher.gender,
      joiningDate: '2022-06-01',
      address: 'Latur, Maharashtra',
      subjectIds: teacher.subjects.map(subjectId),
    })),
  );
  return ids.map((id, index) => ({ id, userId: userIds[index]! }));
}

/** 30 students, spread over the four standards (aarav.patil is the demo student login). */
async function seedStudents({ db, passwordHash, standardId, startDate }: Omit<Demo, 'teachers' | 'students' | 'batches'>): Promise<DemoStudent[]> {
  const people = FIRST_NAMES.map((firstName, index) => {
    const surname = SURNAMES[index % SURNAMES.length]!;
    // The parent entered on the student's record (decision 030: the student's first parent, seedParents).
    const parent = { name: `${['Ramesh', 'Suresh', 'Mahesh', 'Ganesh', 'Dinesh'][index % 5]} ${surname}`, phone: `+9194${String(21000000 + index * 211).padStart(8, '0')}` };
    return { index, name: `${firstName} ${surname}`, email: `${firstName}.${surname}@demo.academy`.toLowerCase(), level: STANDARDS[index % STANDARDS.length]!.level, parent };
  });
  const ids = await insertStudents(
    db,
    people.map(({ index, name, email, level }) => ({
      name,
      email,
      passwordHash,
      language: 'en' as const,
      gender: index % 2 === 0 ? ('male' as const) : ('female' as const),
      // As real registers are: some families never gave an address (decision 040: "Not given", never made up).
      address: index % 7 === 3 ? null : ['Shivaji Nagar, Latur', 'Ausa Road, Latur', 'Barshi Road, Latur', 'Ambajogai Road, Latur'][index % 4],
      // Stored the way the forms store them: "+9198xxxxxxxx".
      phone: `+9198${String(22000000 + index * 137).padStart(8, '0')}`,
      standard: standardId(level),
      school: ['Keshavraj Vidyalaya', 'Shri Deshikendra Vidyalaya', 'Rajarshi Shahu College', 'Dayanand Science College'][index % 4],
      admissionDate: startDate,
    })),
  );
  return people.map(({ index, name, level, parent }) => ({ id: ids[index]!, index, level, name, parent }));
}

/**
 * Demo parents (issue 21): Ramesh Patil has two children here (Aarav, the demo student, and his
 * sibling); Suresh Shinde one. Their phones are the students' recorded parent phones. Every other
 * student's parent as the office entered them: a parent with a phone and no email, reached on
 * WhatsApp or SMS once Settings → Messages has a provider (issue 37).
 */
async function seedParents(db: Db, passwordHash: string, students: DemoStudent[]): Promise<void> {
  const demoParents = [
    { name: 'Ramesh Patil', email: DEMO_LOGINS.parent, relation: 'father' as const, language: 'mr' as const, children: [0, 10] },
    { name: 'Suresh Shinde', email: 'parent.shinde@demo.academy', relation: 'father' as const, language: 'en' as const, children: [1] },
  ];
  for (const parent of demoParents) {
    const { userId } = await createAccount(db, { name: parent.name, email: parent.email, role: 'parent', passwordHash, isActive: true, language: parent.language });
    const phone = `+9194${String(21000000 + parent.children[0]! * 211).padStart(8, '0')}`;
    await addParentRecord(db, { userId, relation: parent.relation, phone }, parent.children.map((index) => students[index]!.id));
  }
  const withDemoParent = new Set(demoParents.flatMap((parent) => parent.children));
  for (const student of students) {
    if (!withDemoParent.has(student.index)) await saveFirstParent(db, { id: student.id, name: student.name, language: 'en' }, student.parent);
  }
}

const BATCH_PLAN = [
  { name: '10th Maths Morning', level: 10, subject: 'MATH', teacher: 0, days: ['mon', 'wed', 'fri'], startTime: '07:00', endTime: '08:30', capacity: 40 },
  { name: '9th Maths Evening', level: 9, subject: 'MATH', teacher: 0, days: ['tue', 'thu', 'sat'], startTime: '17:00', endTime: '18:30', capacity: 35 },
  { name: '10th Science', level: 10, subject: 'SCI', teacher: 1, days: ['tue', 'thu', 'sat'], startTime: '07:00', endTime: '08:30', capacity: 40 },
  { name: '12th Physics', level: 12, subject: 'PHY', teacher: 1, days: ['mon', 'wed', 'fri'], startTime: '16:00', endTime: '17:30', capacity: 60 },
  { name: '11th Chemistry', level: 11, subject: 'CHEM', teacher: 2, days: ['mon', 'wed', 'fri'], startTime: '09:00', endTime: '10:30', capacity: 60 },
  { name: '12th Biology', level: 12, subject: 'BIO', teacher: 2, days: ['tue', 'thu', 'sat'], startTime: '16:00', endTime: '17:30', capacity: 60 },
] as const;

/** The year's batches, each with every student of its standard. */
async function seedBatches({ db, startDate, endDate, subjectId, standardId, teachers, students }: Omit<Demo, 'batches'>): Promise<Demo['batches']> {
  const rosters = BATCH_PLAN.map((plan) => students.filter((student) => student.level === plan.level));
  const ids = await insertBatches(
    db,
    BATCH_PLAN.map((plan, index) => ({
      name: plan.name,
      standardId: standardId(plan.level),
      subjectId: subjectId(plan.subject),
      teacherId: teachers[plan.teacher]!.id,
      scheduleDays: [...plan.days],
      startTime: plan.startTime,
      endTime: plan.endTime,
      startDate,
      endDate,
      capacity: plan.capacity,
      description: `${plan.name} batch for the ${startDate.slice(0, 4)}-${endDate.slice(2, 4)} academic year.`,
      studentIds: rosters[index]!.map((student) => student.id),
    })),
  );
  return ids.map((id, index) => ({ id, roster: rosters[index]! }));
}

/** A few weeks of past classes, so every attendance screen and the dashboard have data. */
async function seedAttendance({ db, today, startDate, teachers, batches }: Demo): Promise<void> {
  const marks = BATCH_PLAN.flatMap((plan, index) =>
    pastClassDays(today, plan.days, startDate).flatMap((date) =>
      batches[index]!.roster.map((student) => ({
        batchId: batches[index]!.id,
        studentId: student.id,
        date,
        ...demoMark(student.index, date),
        markedBy: teachers[plan.teacher]!.userId,
        // Marked as the class ended (India has no daylight saving time).
        markedAt: new Date(`${date}T${plan.endTime}:00+05:30`),
      })),
    ),
  );
  await recordPastAttendance(db, marks);
}

/**
 * Published weekly tests with marks in the first three batches (issue 23): the student's results,
 * ranks and progress chart and the report card have something to show.
 */
async function seedTests({ db, today, startDate, teachers, batches }: Demo): Promise<void> {
  for (const [batchIndex, plan] of BATCH_PLAN.slice(0, 3).entries()) {
    const { id: batchId, roster } = batches[batchIndex]!;
    const enteredBy = teachers[plan.teacher]!.userId;
    const weeks = DEMO_TESTS.map((test, week) => ({ ...test, date: shiftDate(today, -7 * (DEMO_TESTS.length - week)) })).filter((test) => test.date >= startDate);
    for (const [week, test] of weeks.entries()) {
      const exam = { batchId, name: test.name, date: test.date, maxHalfMarks: test.maxMarks * 2, topic: test.topics[batchIndex] ?? null, publishedAt: new Date(`${test.date}T18:00:00+05:30`), createdBy: enteredBy };
      const marks = roster.map(({ id: studentId, index }) => {
        // One absent student some weeks; the rest between about half and full marks, in steps of 0.5 (ties happen).
        const absent = (index + week) % 7 === 3;
        const share = 0.5 + ((index * 7 + week * 3) % 11) / 20;
        return { studentId, absent, halfMarks: absent ? null : Math.round(test.maxMarks * 2 * share), enteredBy };
      });
      await recordPastExam(db, exam, marks);
    }
  }
}

/** The demo notes on their stored files, each announced to its readers. */
async function seedNotes({ db, subjectId, standardId, teachers, students, batches }: Demo, noteFiles: StoredFile[]): Promise<void> {
  for (const [index, file] of noteFiles.entries()) {
    const note = DEMO_NOTES[index]!;
    const batchId = note.batch === undefined ? null : batches[note.batch]!.id;
    const studentId = note.forDemoStudent ? students[0]!.id : null;
    const noteId = await recordNote(db, {
      title: note.title,
      description: note.description,
      subjectId: subjectId(note.subject),
      standardId: standardId(note.level),
      teacherId: teachers[note.teacher]!.id,
      batchId,
      studentId,
      isPublic: note.isPublic ?? false,
      fileKey: file.key,
      fileName: fileNameFromTitle(note.title),
      fileSize: file.size,
      fileSha256: file.sha256,
    });
    await notifyStudentsOfNote(db, { noteId, title: note.title, batchId: batchId ?? undefined, studentIds: studentId ? [studentId] : undefined });
  }
}

/**
 * A few enquiries in the New Registrations pipeline, received over the last days. The first one's
 * phone is a demo student's parent's (a sibling), so its duplicate hint shows.
 */
async function seedEnquiries({ db, adminId, subjectId, standardId }: Demo): Promise<void> {
  for (const { level, subjects: codes, ...enquiry } of DEMO_ENQUIRIES) {
    await recordPastEnquiry(db, { ...enquiry, standardId: level ? standardId(level) : null, subjectIds: codes.map(subjectId), changedBy: adminId });
  }
}

/**
 * Fees for the demo (issue 22): an ₹18,000 plan in three instalments on the first two batches (the
 * first instalment a month overdue), a few payments (one in full, one in part), so the Fees screen
 * has overdue dues, receipts and a month's collection. Through the services, like the office would.
 */
async function seedDemoFees(db: Db): Promise<void> {
  const today = await academyToday(db);
  // Fees paid by UPI (issue 38): a made-up UPI ID, so the demo's Fees screens show the Pay button.
  await updatePaymentSettings(db, null, { upi: { vpa: 'shreeacademy.demo@okhdfcbank', payeeName: 'Shree Academy Latur (demo)' } });
  const demoBatches = await db.select({ id: batches.id, name: batches.name }).from(batches).orderBy(batches.name).limit(2);
  for (const batch of demoBatches) {
    await createPlan(db, null, {
      name: `${batch.name} fees`,
      batch: batch.id,
      amount: 18_000_00,
      // Families see it on the public course pages (issue 42, point 14).
      showOnSite: true,
      instalments: [
        { dueDate: shiftDate(today, -30), amount: 6_000_00 },
        { dueDate: shiftDate(today, 30), amount: 6_000_00 },
        { dueDate: shiftDate(today, 90), amount: 6_000_00 },
      ],
    });
  }
  const [first] = demoBatches;
  if (!first) return;
  const roster = await db.select({ studentId: batchStudents.studentId }).from(batchStudents).where(eq(batchStudents.batchId, first.id)).orderBy(batchStudents.studentId).limit(3);
  const payments = [
    { amount: 6_000_00, mode: 'upi' as const, reference: 'UPI-402911823311' },
    { amount: 2_500_00, mode: 'cash' as const, reference: undefined },
  ];
  for (const [index, payment] of payments.entries()) {
    const student = roster[index];
    if (student) await recordPayment(db, null, student.studentId, { ...payment, date: today });
  }
}
