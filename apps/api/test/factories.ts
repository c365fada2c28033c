import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@academy/shared/roles';
import type { EnquirySource, EnquiryStatus } from '@academy/shared/schemas/admissions';
import type { Db } from '../src/db/client';
import { academies, academySettings, admissionEnquiries, admissionEnquiryStatusChanges, batches, batchStudents, parents, parentStudents, standards, standardSubjects, students, subjects, teachers, teacherSubjects, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { nextStudentCode } from '../src/modules/students';
import { saveFirstParent } from '../src/modules/parents';
import { createAcademySettings } from '../src/modules/settings';
import { withAcademy, withoutAcademy } from '../src/lib/tenancy';
import { thisAcademy } from '../src/db/same-academy';
import { todayIn } from '@academy/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@academy/shared/schedule';

export const TEST_PASSWORD = 'correct-horse-battery';

/**
 * Academies besides the first (issue 55), made as the academies' commands make them: each row with its
 * settings row (issue 79: reading the settings never makes it), with the defaults.
 */
export async function buildAcademies(db: Db, rows: typeof academies.$inferInsert | Array<typeof academies.$inferInsert>): Promise<Array<{ id: string; slug: string }>> {
  const made = await withoutAcademy(() => db.insert(academies).values(Array.isArray(rows) ? rows : [rows]).returning({ id: academies.id, slug: academies.slug }));
  for (const academy of made) await withAcademy(academy.id, () => createAcademySettings(db));
  return made;
}
let cachedHash: Promise<string> | undefined;

/** Creates a user (default: an active student) who can sign in with TEST_PASSWORD. */
export async function buildUser(db: Db, overrides: Partial<{ name: string; email: string; role: Role; isActive: boolean }> = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `Test User ${suffix}`,
      email: (overrides.email ?? `user-${suffix}@example.com`).toLowerCase(),
      role: overrides.role ?? 'student',
      isActive: overrides.isActive ?? true,
      passwordHash: await cachedHash,
    })
    .returning();
  // Factories always give an email (a student without one is made through the API in its own tests).
  return { ...user!, email: user!.email! };
}

/** Signs in through the real endpoint and returns the Cookie header to send with later requests. */
export async function loginAs(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'academy_session');
  return `${cookie!.name}=${cookie!.value}`;
}

/**
 * Signs each one in, in order (a user, or a teacher, student or parent with its `user`): their Cookie
 * headers under the same keys.
 */
export async function loginAll<K extends string>(app: FastifyInstance, people: Record<K, { email: string } | { user: { email: string } }>): Promise<Record<K, string>> {
  const cookies = {} as Record<K, string>;
  for (const key of Object.keys(people) as K[]) {
    const person = people[key];
    cookies[key] = await loginAs(app, 'user' in person ? person.user.email : person.email);
  }
  return cookies;
}

let sequence = 0;
/** A number unique within the test file (each file has its own database). */
function next(): number {
  sequence += 1;
  return sequence;
}

export async function buildSubject(db: Db, overrides: Partial<{ name: string; code: string; description: string }> = {}) {
  const n = next();
  const [subject] = await db
    .insert(subjects)
    .values({ name: overrides.name ?? `Subject ${n}`, code: overrides.code ?? `SUB${n}`, description: overrides.description ?? '' })
    .returning();
  return subject!;
}

export async function buildStandard(db: Db, overrides: Partial<{ name: string; level: number; subjectIds: string[] }> = {}) {
  const n = next();
  const [standard] = await db
    .insert(standards)
    .values({ name: overrides.name ?? `Standard ${n}`, level: overrides.level ?? 1000 + n })
    .returning();
  if (overrides.subjectIds?.length) await db.insert(standardSubjects).values(overrides.subjectIds.map((subjectId) => ({ standardId: standard!.id, subjectId })));
  return standard!;
}

/** A teacher with a sign-in account (TEST_PASSWORD). */
export async function buildTeacher(
  db: Db,
  overrides: Partial<{ name: string; email: string; status: 'active' | 'inactive' | 'on_leave'; subjectIds: string[]; phone: string }> = {},
) {
  const status = overrides.status ?? 'active';
  const user = await buildUser(db, { role: 'teacher', name: overrides.name, email: overrides.email, isActive: status !== 'inactive' });
  const [teacher] = await db
    .insert(teachers)
    .values({ userId: user.id, status, phone: overrides.phone ?? null, qualification: 'M.Sc.' })
    .returning();
  if (overrides.subjectIds?.length) await db.insert(teacherSubjects).values(overrides.subjectIds.map((subjectId) => ({ teacherId: teacher!.id, subjectId })));
  return { ...teacher!, user };
}

/** A student with a sign-in account (TEST_PASSWORD); `standardId: null` for none, else a new standard unless given. */
export async function buildStudent(
  db: Db,
  overrides: Partial<{ name: string; email: string; standardId: string | null; status: 'active' | 'archived'; phone: string | null; parentPhone: string | null }> = {},
) {
  const status = overrides.status ?? 'active';
  const standardId = overrides.standardId === undefined ? (await buildStandard(db)).id : overrides.standardId;
  const user = await buildUser(db, { role: 'student', name: overrides.name, email: overrides.email, isActive: status === 'active' });
  // Admitted on the academy's today, as the student form does: the column's default is the database's
  // (UTC) date, a day (and on a month's last evening a month) behind India's between 18:30 and midnight UTC.
  // The default zone for an academy made without its settings row (tenancy tests).
  // By the academy's value besides row-level security's: on Citus it reaches that academy's shard alone (decision 053).
  const [settings] = await db.select({ timeZone: academySettings.timeZone }).from(academySettings).where(thisAcademy(academySettings)).limit(1);
  const admissionDate = todayIn(settings?.timeZone ?? DEFAULT_TIME_ZONE);
  const [student] = await db
    .insert(students)
    .values({ userId: user.id, studentCode: await nextStudentCode(db, '2026-06-01'), standardId, status, phone: overrides.phone ?? null, admissionDate })
    .returning();
  // A parent phone is the student's first parent (decision 030), as the student form makes it.
  if (overrides.parentPhone) await saveFirstParent(db, { id: student!.id, name: user.name, language: 'en' }, { phone: overrides.parentPhone });
  return { ...student!, user };
}

/** A parent with a sign-in account (TEST_PASSWORD), linked to `studentIds`. */
export async function buildParent(
  db: Db,
  overrides: Partial<{ name: string; email: string; phone: string | null; relation: 'mother' | 'father' | 'guardian' | 'other'; studentIds: string[]; language: 'en' | 'mr' | 'hi' }> = {},
) {
  const user = await buildUser(db, { role: 'parent', name: overrides.name, email: overrides.email });
  if (overrides.language) await db.update(users).set({ language: overrides.language }).where(eq(users.id, user.id));
  const [parent] = await db
    .insert(parents)
    // A phone identifies one parent (issue 37): a random one unless given.
    .values({ userId: user.id, phone: overrides.phone === undefined ? `+9198${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}` : overrides.phone, relation: overrides.relation ?? 'mother' })
    .returning();
  if (overrides.studentIds?.length) await db.insert(parentStudents).values(overrides.studentIds.map((studentId) => ({ parentId: parent!.id, studentId })));
  return { ...parent!, user };
}

/** A batch; its standard, subject and teacher are created unless given. `studentIds` are enrolled. */
export async function buildBatch(
  db: Db,
  overrides: Partial<{ name: string; teacherId: string; standardId: string; subjectId: string; capacity: number; studentIds: string[]; startDate: string; endDate: string; delivery: 'classroom' | 'online' }> = {},
) {
  const n = next();
  const [batch] = await db
    .insert(batches)
    .values({
      name: overrides.name ?? `Batch ${n}`,
      teacherId: overrides.teacherId ?? (await buildTeacher(db)).id,
      standardId: overrides.standardId ?? (await buildStandard(db)).id,
      subjectId: overrides.subjectId ?? (await buildSubject(db)).id,
      scheduleDays: ['mon', 'wed', 'fri'],
      startTime: '07:00',
      endTime: '08:30',
      startDate: overrides.startDate ?? '2026-06-01',
      endDate: overrides.endDate ?? '2027-03-31',
      capacity: overrides.capacity ?? 40,
      delivery: overrides.delivery ?? 'classroom',
    })
    .returning();
  if (overrides.studentIds?.length) await db.insert(batchStudents).values(overrides.studentIds.map((studentId) => ({ batchId: batch!.id, studentId })));
  return batch!;
}

/**
 * Two batches, each with its own teacher: the first with a student (Asha Patil) and a classmate
 * (Bhavesh Kale), the other with one student of its own, for the checks that a class sees only its own.
 */
export async function buildTwoClasses(db: Db) {
  const teacher = await buildTeacher(db);
  const otherTeacher = await buildTeacher(db);
  const student = await buildStudent(db, { name: 'Asha Patil' });
  const classmate = await buildStudent(db, { name: 'Bhavesh Kale' });
  const otherStudent = await buildStudent(db);
  const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id, classmate.id] });
  const otherBatch = await buildBatch(db, { teacherId: otherTeacher.id, studentIds: [otherStudent.id] });
  return { teacher, otherTeacher, student, classmate, otherStudent, batch, otherBatch };
}

/**
 * buildTwoClasses with a parent of each class's student and an admin, everyone signed in: the people a rule
 * about one class's records tells apart. Answers the classes and each person's cookie.
 */
export async function signInTwoClassesWithFamilies(app: FastifyInstance, db: Db) {
  const classes = await buildTwoClasses(db);
  const { teacher, otherTeacher, student, otherStudent } = classes;
  const parent = await buildParent(db, { studentIds: [student.id] });
  const otherParent = await buildParent(db, { studentIds: [otherStudent.id] });
  const admin = await buildUser(db, { role: 'admin' });
  return { ...classes, cookies: await loginAll(app, { teacher, otherTeacher, student, otherStudent, parent, otherParent, admin }) };
}

/** An admission enquiry (default: a `new` one from the admission form with a verified email), with its first history entry. */
export async function buildEnquiry(
  db: Db,
  overrides: Partial<{
    studentName: string;
    email: string | null;
    phone: string | null;
    parentPhone: string | null;
    standardId: string | null;
    status: EnquiryStatus;
    form: 'admission' | 'contact' | 'office';
    source: EnquirySource;
    followUpOn: string | null;
    language: 'en' | 'mr' | 'hi';
    createdAt: Date;
  }> = {},
) {
  const n = next();
  const [enquiry] = await db
    .insert(admissionEnquiries)
    .values({
      studentName: overrides.studentName ?? `Applicant ${n}`,
      email: overrides.email === undefined ? `applicant-${n}-${randomBytes(3).toString('hex')}@example.com` : overrides.email,
      emailVerifiedAt: new Date(),
      phone: overrides.phone === undefined ? `+919${String(n).padStart(9, '0')}` : overrides.phone,
      parentPhone: overrides.parentPhone ?? null,
      standardId: overrides.standardId ?? null,
      form: overrides.form ?? 'admission',
      source: overrides.source ?? 'website',
      status: overrides.status ?? 'new',
      followUpOn: overrides.followUpOn ?? null,
      language: overrides.language ?? 'en',
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  await db.insert(admissionEnquiryStatusChanges).values({ enquiryId: enquiry!.id, fromStatus: null, toStatus: 'new', ...(overrides.createdAt ? { changedAt: overrides.createdAt } : {}) });
  return enquiry!;
}
