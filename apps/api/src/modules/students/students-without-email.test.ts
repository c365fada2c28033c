import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parentStudents, users } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildEnquiry, buildParent, buildStudent, buildTeacher, loginAs } from '../../../test/factories';

// Issue 21: students without an email of their own, and a sibling's enquiry that carries the parent's email.
const t = shareSignedInTestApp({ adminName: 'Office Desk' });

type Method = 'GET' | 'POST' | 'PUT';
const asAdmin = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: t.adminCookie }, ...(payload ? { payload } : {}) });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('a student without an email', () => {
  it('is created with a password, listed with no email, and signs in with the student ID', async () => {
    const created = await asAdmin('POST', '/api/students', { name: 'Tanvi Jadhav', email: '', password: 'monsoon-in-latur' });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Student created successfully');
    const student = created.json().data;
    expect(student.email).toBeNull();
    expect(student.studentCode).toMatch(/^LAT-\d{4}-\d{4,}$/);

    const listed = await asAdmin('GET', `/api/students?search=${student.studentCode}`);
    expect(listed.json().data.students).toMatchObject([{ _id: student._id, email: null }]);
    const csv = await asAdmin('GET', '/api/students/export.csv?search=Tanvi');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Tanvi Jadhav');

    const signedIn = await login(student.studentCode.toLowerCase(), 'monsoon-in-latur');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user ?? signedIn.json().data).toMatchObject({ name: 'Tanvi Jadhav', email: null, role: 'student' });
    const cookie = signedIn.cookies.find((c) => c.name === 'academy_session')!;
    const profile = await t.app.inject({ method: 'GET', url: '/api/student/profile', headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.profile ?? profile.json().data).toMatchObject({ email: null });
    expect((await login(student.studentCode, 'wrong-password-here')).statusCode).toBe(401);
  });

  it('needs a first password when there is no email (nothing is saved)', async () => {
    const refused = await asAdmin('POST', '/api/students', { name: 'No Password Kid' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ password: 'A student without an email needs a first password: set one here and give it to the family' });
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.name, 'No Password Kid'));
    expect(row).toBeUndefined();
    // Bad input stays a clear 400.
    expect((await asAdmin('POST', '/api/students', { name: 'Bad Email', email: 'not-an-email', password: 'monsoon-in-latur' })).statusCode).toBe(400);
  });

  it('can have the email cleared and set again; a duplicate email is still refused', async () => {
    const other = await buildStudent(t.database.db, { email: 'taken-by-other@example.com' });
    const created = await asAdmin('POST', '/api/students', { name: 'Omkar Pawar', email: 'omkar@example.com', password: 'monsoon-in-latur' });
    const id = created.json().data._id;
    const cleared = await asAdmin('PUT', `/api/students/${id}`, { email: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.email).toBeNull();
    const duplicate = await asAdmin('PUT', `/api/students/${id}`, { email: other.user.email });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toMatchObject({ email: 'This email is already in use' });
  });

  it('is told to ask the office or the parent on forgot-password, for any student ID', async () => {
    const known = await asAdmin('POST', '/api/students', { name: 'Forgetful Kid', password: 'monsoon-in-latur' });
    const message = 'Students who sign in with a student ID cannot reset the password by email. Please ask the academy office, or your parent, to set a new one.';
    for (const id of [known.json().data.studentCode, 'LAT-1999-9999']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: id } });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(message);
    }
    const marathi = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { 'x-academy-language': 'mr' }, payload: { email: known.json().data.studentCode } });
    expect(marathi.json().message).toContain('विद्यार्थी आयडी');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'neither' } })).statusCode).toBe(400);
  });

  it('the database refuses an account without an email for any other role', async () => {
    await expect(t.database.db.insert(users).values({ name: 'Teacher Without Mail', email: null, role: 'teacher' })).rejects.toThrow();
  });
});

async function admittedEnquiry(email: string, studentName: string) {
  return buildEnquiry(t.database.db, { email, studentName, status: 'admitted' });
}

describe("converting a sibling's enquiry (issue 21)", () => {
  it("links the parent when the enquiry's email is a parent's, and the parent sees both children", async () => {
    const db = t.database.db;
    const elder = await buildStudent(db, { name: 'Aarav Kulkarni' });
    const parent = await buildParent(db, { name: 'Meena Kulkarni', email: 'meena.kulkarni@example.com', studentIds: [elder.id] });
    const enquiry = await admittedEnquiry('Meena.Kulkarni@example.com', 'Isha Kulkarni');

    const converted = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/convert`, {});
    expect(converted.statusCode).toBe(201);
    const data = converted.json().data;
    expect(data.student).toMatchObject({ name: 'Isha Kulkarni', email: null });
    expect(data.student.studentCode).toMatch(/^LAT-/);
    expect(data.parents).toEqual([{ _id: parent.id, name: 'Meena Kulkarni', email: 'meena.kulkarni@example.com' }]);
    expect(data.emailOwner).toEqual({ kind: 'parent', name: 'Meena Kulkarni' });
    // Without an email of their own, a first password to sign in with the student ID (issue 54).
    expect(data.firstPassword).toMatch(/^\w{5}-\w{5}$/);
    expect(converted.json().message).toBe(
      `Isha Kulkarni is now a student with the student ID ${data.student.studentCode}, without an email of their own: the enquiry's email is their parent Meena Kulkarni's, who is now linked to Isha Kulkarni. They sign in with the student ID and the first password shown here.`,
    );
    // The parent whose email it is: the student's first parent (the parent email of the student's record).
    const student = (await asAdmin('GET', `/api/students/${data.student._id}`)).json().data;
    expect(student.parentEmail).toBe('meena.kulkarni@example.com');

    const parentCookie = await loginAs(t.app, parent.user.email);
    const children = await t.app.inject({ method: 'GET', url: '/api/parent/children', headers: { cookie: parentCookie } });
    expect(children.json().data.map((child: { name: string }) => child.name)).toEqual(['Aarav Kulkarni', 'Isha Kulkarni']);
  });

  it("links the sibling's parent when the enquiry's email is an older sibling's account", async () => {
    const db = t.database.db;
    const elder = await buildStudent(db, { name: 'Rohan Shinde', email: 'shinde.family@example.com' });
    const parent = await buildParent(db, { name: 'Vijay Shinde', email: 'vijay.shinde@example.com', relation: 'father', studentIds: [elder.id] });
    const enquiry = await admittedEnquiry('shinde.family@example.com', 'Sai Shinde');
    const converted = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/convert`, {});
    expect(converted.statusCode).toBe(201);
    const data = converted.json().data;
    expect(data).toMatchObject({ student: { email: null }, parents: [{ _id: parent.id }], emailOwner: { kind: 'sibling', name: 'Rohan Shinde' } });
    expect(converted.json().message).toContain('is now linked to the same parent, Vijay Shinde');
    const links = await db.select().from(parentStudents).where(eq(parentStudents.studentId, data.student._id));
    expect(links).toHaveLength(1);
  });

  it('says how to add the parent when the sibling has none linked', async () => {
    await buildStudent(t.database.db, { name: 'Neha More', email: 'more.home@example.com' });
    const enquiry = await admittedEnquiry('more.home@example.com', 'Anil More');
    const converted = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/convert`, {});
    expect(converted.statusCode).toBe(201);
    expect(converted.json().data).toMatchObject({ student: { email: null }, parents: [], emailOwner: { kind: 'sibling', name: 'Neha More' } });
    expect(converted.json().message).toContain('who has no parent linked yet. Add the parent on the student');
  });

  it("refuses an enquiry whose email is a teacher's, and converts nothing", async () => {
    const teacher = await buildTeacher(t.database.db, { email: 'teacher.mail@example.com' });
    const enquiry = await admittedEnquiry(teacher.user.email, 'Wrong Mail Kid');
    const refused = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/convert`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This enquiry's email belongs to a staff account. Change the enquiry's email to the family's own before converting.");
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.name, 'Wrong Mail Kid'));
    expect(row).toBeUndefined();
    const enquiryNow = await asAdmin('GET', `/api/admission-enquiries/${enquiry.id}`);
    expect(enquiryNow.json().data.student).toBeNull();
  });

  it("keeps today's behaviour when nobody has the email", async () => {
    const enquiry = await admittedEnquiry('fresh.family@example.com', 'Fresh Kid');
    const converted = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/convert`, {});
    expect(converted.statusCode).toBe(201);
    expect(converted.json().data).toMatchObject({ student: { email: 'fresh.family@example.com' }, parents: [], emailOwner: null, firstPassword: null, familyToldBy: 'email' });
    expect(converted.json().message).toBe('Fresh Kid is now a student. We have mailed them a link to set their password.');
  });
});
