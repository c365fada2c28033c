import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema';
import { buildSimplePdf } from '../src/lib/simple-pdf';
import { createAnnouncement } from '../src/modules/announcements/announcements.service';
import { createNote } from '../src/modules/notes/notes.service';
import { academyToday } from '../src/modules/settings/settings.service';
import { buildTestApp, type TestApp } from './build-test-app';
import { buildBatch, buildEnquiry, buildStandard, buildStudent, buildSubject, buildTeacher, buildUser, loginAs } from './factories';

/**
 * Who may call what, for every catalogue, profile and dashboard route: a visitor (401), two students,
 * two teachers and an admin. Denied answers are 401/403 (404 where an admin names no teacher). Allowed
 * calls are made harmless (an empty body → 400, an unknown id → 404) so the matrix changes nothing.
 */
type Who = 'anonymous' | 'student' | 'otherStudent' | 'teacher' | 'otherTeacher' | 'admin';
const WHO: Who[] = ['anonymous', 'student', 'otherStudent', 'teacher', 'otherTeacher', 'admin'];
type Expect = Record<Who, number>;

let t: TestApp;
const cookies: Partial<Record<Who, string>> = {};
const ids = { teacher: '', otherTeacher: '', student: '', subject: '', standard: '', batch: '', otherBatch: '', announcement: '', notification: '', note: '', publicNote: '', enquiry: '', today: '' };
const UNKNOWN = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';
const UNKNOWN_BACKUP = 'academy-20260101-000000-manual-000000.tar.gz';

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const teacher = await buildTeacher(db);
  const otherTeacher = await buildTeacher(db);
  const student = await buildStudent(db);
  const otherStudent = await buildStudent(db);
  ids.batch = (await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id] })).id;
  ids.otherBatch = (await buildBatch(db, { teacherId: otherTeacher.id, studentIds: [otherStudent.id] })).id;
  Object.assign(ids, { teacher: teacher.id, otherTeacher: otherTeacher.id, student: student.id, subject: (await buildSubject(db)).id, standard: (await buildStandard(db)).id });
  cookies.teacher = await loginAs(t.app, teacher.user.email);
  cookies.otherTeacher = await loginAs(t.app, otherTeacher.user.email);
  cookies.student = await loginAs(t.app, student.user.email);
  cookies.otherStudent = await loginAs(t.app, otherStudent.user.email);
  const admin = await buildUser(db, { role: 'admin' });
  cookies.admin = await loginAs(t.app, admin.email);
  const today = await academyToday(db);
  ids.today = today;
  const announcement = await createAnnouncement(db, { title: 'For the batch', content: 'x', type: 'general', priority: 'low', audience: 'everyone', batches: [ids.batch], startDate: today, endDate: today }, admin.id);
  ids.announcement = announcement._id;
  const [notification] = await db.insert(notifications).values({ studentId: student.id, message: 'Yours' }).returning();
  ids.notification = notification!.id;
  const storeFile = async () => ({ ...(await t.storage.save(Readable.from([buildSimplePdf([{ heading: 'Notes', lines: [] }])]), { maxBytes: 1_000_000, extension: '.pdf' })), fileName: 'notes.pdf' });
  const asTeacher = { role: 'teacher' as const, userId: teacher.user.id, teacherId: teacher.id };
  ids.note = (await createNote(db, t.storage, asTeacher, { title: 'For the batch', batch: ids.batch, isPublic: false }, await storeFile()))._id;
  ids.publicNote = (await createNote(db, t.storage, asTeacher, { title: 'For everyone', isPublic: true }, await storeFile()))._id;
  ids.enquiry = (await buildEnquiry(db)).id;
});
afterAll(() => t.close());

const only = (allowed: Partial<Expect>, denied = 403): Expect => ({
  anonymous: 401,
  student: denied,
  otherStudent: denied,
  teacher: denied,
  otherTeacher: denied,
  admin: denied,
  ...allowed,
});

const everyone = (status: number): Expect => ({ anonymous: status, student: status, otherStudent: status, teacher: status, otherTeacher: status, admin: status });

type Route = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: () => string; body?: object | (() => object); expect: Expect };
const routes: Route[] = [
  // Subjects and standards: admins write, admins and teachers read.
  { method: 'GET', url: () => '/api/subjects', expect: only({ teacher: 200, otherTeacher: 200, admin: 200 }) },
  { method: 'POST', url: () => '/api/subjects', body: {}, expect: only({ admin: 400 }) },
  { method: 'GET', url: () => `/api/subjects/${ids.subject}`, expect: only({ teacher: 200, otherTeacher: 200, admin: 200 }) },
  { method: 'PUT', url: () => `/api/subjects/${ids.subject}`, body: {}, expect: only({ admin: 400 }) },
  { method: 'DELETE', url: () => `/api/subjects/${UNKNOWN}`, expect: only({ admin: 404 }) },
  { method: 'GET', url: () => '/api/standards', expect: only({ teacher: 200, otherTeacher: 200, admin: 200 }) },
  { method: 'GET', url: () => '/api/standards/check-duplicate?name=x&level=1', expect: only({ admin: 200 }) },
  { method: 'POST', url: () => '/api/standards', body: {}, expect: only({ admin: 400 }) },
  { method: 'GET', url: () => `/api/standards/${ids.standard}`, expect: only({ teacher: 200, otherTeacher: 200, admin: 200 }) },
  { method: 'PUT', url: () => `/api/standards/${ids.standard}`, body: {}, expect: only({ admin: 400 }) },
  { method: 'DELETE', url: () => `/api/standards/${UNKNOWN}`, expect: only({ admin: 404 }) },
  // Teachers: admins manage; a teacher reads only their own record, batches and students.
  { method: 'GET', url: () => '/api/teachers', expect: only({ admin: 200 }) },
  { method: 'POST', url: () => '/api/teachers', body: {}, expect: only({ admin: 400 }) },
  { method: 'GET', url: () => `/api/teachers/${ids.teacher}`, expect: only({ teacher: 200, admin: 200 }) },
  { method: 'GET', url: () => '/api/teachers/me', expect: only({ teacher: 200, otherTeacher: 200, admin: 404 }) },
  { method: 'PUT', url: () => `/api/teachers/${ids.teacher}`, body: { name: '' }, expect: only({ admin: 400 }) },
  { method: 'DELETE', url: () => `/api/teachers/${UNKNOWN}`, expect: only({ admin: 404 }) },
  { method: 'GET', url: () => `/api/teachers/${ids.teacher}/batches`, expect: only({ teacher: 200, admin: 200 }) },
  { method: 'GET', url: () => `/api/teachers/${ids.otherTeacher}/batches`, expect: only({ otherTeacher: 200, admin: 200 }) },
  { method: 'GET', url: () => '/api/teachers/me/batches', expect: only({ teacher: 200, otherTeacher: 200, admin: 404 }) },
  { method: 'GET', url: () => `/api/teachers/${ids.teacher}/students`, expect: only({ teacher: 200, admin: 200 }) },
  { method: 'GET', url: () => `/api/teachers/${UNKNOWN}/students`, expect: only({ admin: 404 }) },
  { method: 'GET', url: () => '/api/teachers/me/students?search=a', expect: only({ teacher: 200, otherTeacher: 200, admin: 404 }) },
  // Students: the admin only; students use /student/*.
  { method: 'GET', url: () => '/api/students', expect: only({ admin: 200 }) },
  { method: 'GET', url: () => '/api/students/export.csv', expect: only({ admin: 200 }) },
  { method: 'POST', url: () => '/api/students', body: {}, expect: only({ admin: 400 }) },
  { method: 'GET', url: () => `/api/students/${ids.student}`, expect: only({ admin: 200 }) },
  { method: 'PUT', url: () => `/api/students/${ids.student}`, body: { name: '' }, expect: only({ admin: 400 }) },
  { method: 'DELETE', url: () => `/api/students/${UNKNOWN}`, expect: only({ admin: 404 }) },
  // Self-service.
  { method: 'GET', url: () => '/api/student/profile', expect: only({ student: 200, otherStudent: 200 }) },
  { method: 'PUT', url: () => '/api/student/profile', body: { phone: 'bad' }, expect: only({ student: 400, otherStudent: 400 }) },
  { method: 'GET', url: () => '/api/student/details', expect: only({ student: 200, otherStudent: 200 }) },
  { method: 'PUT', url: () => '/api/student/password', body: {}, expect: only({ student: 400, otherStudent: 400 }) },
  { method: 'GET', url: () => '/api/auth/profile', expect: only({ teacher: 200, otherTeacher: 200, admin: 200 }) },
  { method: 'PUT', url: () => '/api/auth/profile', body: { name: '' }, expect: only({ teacher: 400, otherTeacher: 400, admin: 400 }) },
  { method: 'PUT', url: () => '/api/auth/password', body: {}, expect: only({ student: 400, otherStudent: 400, teacher: 400, otherTeacher: 400, admin: 400 }) },
  { method: 'GET', url: () => '/api/admin/dashboard/summary', expect: only({ admin: 200 }) },
  // Batches: admins write; a teacher reads their own (another teacher's batch is 404); students use /student/*.
  { method: 'GET', url: () => '/api/batches?populate=enrolledStudents', expect: only({ teacher: 200, otherTeacher: 200, admin: 200 }) },
  { method: 'GET', url: () => `/api/batches/by-subject?subjectId=${ids.subject}`, expect: only({ teacher: 200, otherTeacher: 200, admin: 200 }) },
  { method: 'GET', url: () => `/api/batches/${ids.batch}?populate=enrolledStudents,standard,subject&virtuals=true`, expect: only({ teacher: 200, otherTeacher: 404, admin: 200 }) },
  { method: 'POST', url: () => '/api/batches', body: {}, expect: only({ admin: 400 }) },
  { method: 'PUT', url: () => `/api/batches/${ids.batch}`, body: {}, expect: only({ admin: 400 }) },
  { method: 'DELETE', url: () => `/api/batches/${UNKNOWN}`, expect: only({ admin: 404 }) },
  { method: 'PUT', url: () => `/api/batches/${UNKNOWN}/students/${ids.student}/add`, expect: only({ admin: 404 }) },
  { method: 'PUT', url: () => `/api/batches/${UNKNOWN}/students/${ids.student}/remove`, expect: only({ admin: 404 }) },
  { method: 'POST', url: () => '/api/batches/sync-students', expect: only({ admin: 200 }) },
  { method: 'GET', url: () => '/api/student/batches', expect: only({ student: 200, otherStudent: 200 }) },
  { method: 'GET', url: () => `/api/student/batches/${ids.batch}`, expect: only({ student: 200, otherStudent: 404 }) },
  { method: 'GET', url: () => '/api/student/schedule', expect: only({ student: 200, otherStudent: 200 }) },
  { method: 'GET', url: () => '/api/student/schedule.ics', expect: only({ student: 200, otherStudent: 200 }) },
  { method: 'GET', url: () => '/api/teachers/me/schedule', expect: only({ teacher: 200, otherTeacher: 200 }) },
  { method: 'GET', url: () => '/api/teachers/me/schedule.ics', expect: only({ teacher: 200, otherTeacher: 200 }) },
  // Calendar addresses: each student and teacher their own; the secret address itself needs no session.
  { method: 'GET', url: () => '/api/calendar-feed', expect: only({ student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200 }) },
  { method: 'POST', url: () => '/api/calendar-feed', expect: only({ student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200 }) },
  { method: 'DELETE', url: () => '/api/calendar-feed', expect: only({ student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200 }) },
  { method: 'GET', url: () => `/api/calendar/${'a'.repeat(43)}.ics`, expect: only({ anonymous: 404, student: 404, otherStudent: 404, teacher: 404, otherTeacher: 404, admin: 404 }) },
  // Announcements: admins write; everyone signed in reads what is meant for them.
  { method: 'GET', url: () => '/api/announcements', expect: only({ student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200, admin: 200 }) },
  { method: 'GET', url: () => `/api/announcements/${ids.announcement}`, expect: only({ student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404, admin: 200 }) },
  { method: 'POST', url: () => '/api/announcements', body: {}, expect: only({ admin: 400 }) },
  { method: 'PUT', url: () => `/api/announcements/${ids.announcement}`, body: {}, expect: only({ admin: 400 }) },
  { method: 'DELETE', url: () => `/api/announcements/${UNKNOWN}`, expect: only({ admin: 404 }) },
  // Notifications: each student their own (another student's is 404).
  { method: 'GET', url: () => '/api/notifications?page=1&limit=5', expect: only({ student: 200, otherStudent: 200 }) },
  { method: 'POST', url: () => `/api/notifications/${ids.notification}/read`, expect: only({ student: 200, otherStudent: 404 }) },
  { method: 'POST', url: () => '/api/notifications/read-all', expect: only({ student: 200, otherStudent: 200 }) },
  // Backups: the admin only. Creating one is harmless (a file in the test's own backups folder).
  { method: 'GET', url: () => '/api/admin/backups', expect: only({ admin: 200 }) },
  { method: 'POST', url: () => '/api/admin/backups', expect: only({ admin: 202 }) },
  { method: 'GET', url: () => `/api/admin/backups/jobs/${UNKNOWN}`, expect: only({ admin: 404 }) },
  { method: 'GET', url: () => `/api/admin/backups/${UNKNOWN_BACKUP}/download`, expect: only({ admin: 404 }) },
  { method: 'DELETE', url: () => `/api/admin/backups/${UNKNOWN_BACKUP}`, expect: only({ admin: 404 }) },
  { method: 'POST', url: () => '/api/admin/backups/upload', body: {}, expect: only({ admin: 415 }) },
  { method: 'POST', url: () => `/api/admin/backups/${UNKNOWN_BACKUP}/restore`, body: {}, expect: only({ admin: 400 }) },
  // Notes: teachers and admins write (a teacher only their own); each reads what is meant for them; public ones anyone.
  { method: 'GET', url: () => '/api/notes', expect: only({ student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200, admin: 200 }) },
  { method: 'GET', url: () => '/api/notes/teacher', expect: only({ teacher: 200, otherTeacher: 200 }) },
  { method: 'GET', url: () => `/api/notes/${ids.note}`, expect: { anonymous: 401, student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404, admin: 200 } },
  { method: 'GET', url: () => `/api/notes/${ids.publicNote}`, expect: { anonymous: 200, student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200, admin: 200 } },
  { method: 'GET', url: () => `/api/notes/batch/${ids.batch}`, expect: only({ student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404, admin: 200 }) },
  { method: 'GET', url: () => `/api/notes/student/${ids.student}`, expect: only({ student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404, admin: 200 }) },
  { method: 'POST', url: () => '/api/notes', body: {}, expect: only({ teacher: 400, otherTeacher: 400, admin: 400 }) },
  { method: 'POST', url: () => '/api/notes/upload', body: {}, expect: only({ teacher: 400, otherTeacher: 400, admin: 400 }) },
  { method: 'PUT', url: () => `/api/notes/${ids.note}`, body: { title: '' }, expect: only({ teacher: 400, otherTeacher: 400, admin: 400 }) },
  { method: 'PUT', url: () => `/api/notes/${ids.note}`, body: () => ({ title: 'For the batch', batch: ids.batch }), expect: only({ teacher: 200, otherTeacher: 404, admin: 200 }) },
  { method: 'DELETE', url: () => `/api/notes/${UNKNOWN}`, expect: only({ teacher: 404, otherTeacher: 404, admin: 404 }) },
  { method: 'GET', url: () => `/api/notes/file/${ids.note}`, expect: { anonymous: 401, student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404, admin: 200 } },
  { method: 'GET', url: () => `/api/notes/file/${ids.publicNote}`, expect: { anonymous: 200, student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200, admin: 200 } },
  { method: 'GET', url: () => '/api/public/notes', expect: { anonymous: 200, student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200, admin: 200 } },
  // Admissions: the forms are public (an empty body → 400 for everyone); the pipeline is the admin's.
  { method: 'POST', url: () => '/api/email-verification/send-otp', body: {}, expect: everyone(400) },
  { method: 'POST', url: () => '/api/email-verification/verify-otp', body: {}, expect: everyone(400) },
  { method: 'POST', url: () => '/api/admission-enquiries', body: {}, expect: everyone(400) },
  { method: 'POST', url: () => '/api/admission-enquiries/contact', body: {}, expect: everyone(400) },
  // The office's own enquiry (walk-in or phone): admins only.
  { method: 'POST', url: () => '/api/admission-enquiries/office', body: {}, expect: only({ admin: 400 }) },
  { method: 'GET', url: () => '/api/admission-enquiries', expect: only({ admin: 200 }) },
  // Today's absent list and the office's "called" tick: admins only.
  { method: 'GET', url: () => '/api/admin/absent-today', expect: only({ admin: 200 }) },
  { method: 'PUT', url: () => `/api/admin/absent-today/${ids.student}/called`, body: {}, expect: only({ admin: 400 }) },
  { method: 'GET', url: () => '/api/admission-enquiries/counts', expect: only({ admin: 200 }) },
  { method: 'GET', url: () => `/api/admission-enquiries/${ids.enquiry}`, expect: only({ admin: 200 }) },
  { method: 'PUT', url: () => `/api/admission-enquiries/${ids.enquiry}`, body: { phone: 'bad' }, expect: only({ admin: 400 }) },
  { method: 'DELETE', url: () => `/api/admission-enquiries/${UNKNOWN}`, expect: only({ admin: 404 }) },
  { method: 'PATCH', url: () => `/api/admission-enquiries/${ids.enquiry}/status`, body: {}, expect: only({ admin: 400 }) },
  // A new enquiry cannot be converted (409), so the matrix creates no student.
  { method: 'POST', url: () => `/api/admission-enquiries/${ids.enquiry}/convert`, body: {}, expect: only({ admin: 409 }) },
  // Attendance: the batch's teacher and admins (another teacher's batch is 403); students their own under /student.
  { method: 'GET', url: () => `/api/attendance/${ids.batch}/${ids.today}`, expect: only({ teacher: 200, admin: 200 }) },
  // A future date: refused (400) after the permission check, so nothing is saved.
  { method: 'POST', url: () => `/api/attendance/batch/${ids.batch}`, body: { date: '2999-01-01', records: [] }, expect: only({ teacher: 400, otherTeacher: 400, admin: 400 }) },
  {
    method: 'POST',
    url: () => `/api/attendance/batch/${ids.batch}`,
    body: { date: '2999-01-01', records: [{ studentId: UNKNOWN, status: 'present' }] },
    expect: only({ teacher: 400, admin: 400 }),
  },
  { method: 'GET', url: () => `/api/attendance/batch/${ids.batch}/history?startDate=2026-06-01&endDate=2026-06-30`, expect: only({ teacher: 200, admin: 200 }) },
  { method: 'GET', url: () => `/api/attendance/student/${ids.student}/batch/${ids.batch}`, expect: only({ teacher: 200, admin: 200 }) },
  { method: 'GET', url: () => '/api/student/attendance', expect: only({ student: 200, otherStudent: 200 }) },
  { method: 'GET', url: () => `/api/student/attendance/${ids.batch}`, expect: only({ student: 200, otherStudent: 404 }) },
];

describe('access matrix', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url().replace(/[0-9a-f-]{36}/g, '{id}').replace(UNKNOWN_BACKUP, '{name}')}`, async () => {
      const actual: Partial<Expect> = {};
      for (const who of WHO) {
        const cookie = cookies[who];
        const response = await t.app.inject({
          method: route.method,
          url: route.url(),
          headers: cookie ? { cookie } : {},
          ...(route.body ? { payload: typeof route.body === 'function' ? route.body() : route.body } : {}),
        });
        actual[who] = response.statusCode;
        if (response.statusCode === 401) expect(response.json()).toEqual({ success: false, message: 'Please sign in to continue' });
        if (response.statusCode === 403) expect(response.json().success).toBe(false);
      }
      expect(actual).toEqual(route.expect);
    });
  }

  it('each student and teacher sees their own data on the routes without an id', async () => {
    const own = async (who: Who, url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } })).json().data;
    expect((await own('student', '/api/student/profile'))._id).toBe(ids.student);
    expect((await own('otherStudent', '/api/student/profile'))._id).not.toBe(ids.student);
    expect((await own('teacher', '/api/teachers/me'))._id).toBe(ids.teacher);
    expect((await own('otherTeacher', '/api/teachers/me'))._id).toBe(ids.otherTeacher);
    expect((await own('teacher', '/api/teachers/me/students')).map((s: { _id: string }) => s._id)).toEqual([ids.student]);
    expect((await own('otherTeacher', '/api/teachers/me/students')).map((s: { _id: string }) => s._id)).not.toContain(ids.student);
    expect((await own('teacher', '/api/batches')).map((b: { _id: string }) => b._id)).toEqual([ids.batch]);
    expect((await own('otherTeacher', '/api/batches')).map((b: { _id: string }) => b._id)).toEqual([ids.otherBatch]);
    expect((await own('student', '/api/student/batches')).map((b: { _id: string }) => b._id)).toEqual([ids.batch]);
    expect((await own('otherStudent', '/api/student/batches')).map((b: { _id: string }) => b._id)).toEqual([ids.otherBatch]);
  });
});
