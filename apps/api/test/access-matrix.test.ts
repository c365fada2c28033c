import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { absenceReasons, conversations, feeDues, lectureFiles, lectures, notifications, teacherSubjects } from '../src/db/schema';
import { buildSimplePdf } from '../src/lib/simple-pdf';
import { createAnnouncement } from '../src/modules/announcements/announcements.service';
import { createNote } from '../src/modules/notes/notes.service';
import { createQuestion } from '../src/modules/questions/questions.service';
import { handIn, setHomework } from '../src/modules/homework/homework.service';
import { approveMonth, updatePaySettings } from '../src/modules/pay/pay.service';
import { saveQuestionImage } from '../src/modules/questions/question-images';
import { createExam } from '../src/modules/exams/exams.service';
import { createOnlineTest, publishOnlineTest } from '../src/modules/online-tests/papers.service';
import { startAttempt } from '../src/modules/online-tests/attempts.service';
import { recordPayment } from '../src/modules/fees/payments.service';
import { createPlan } from '../src/modules/fees/plans.service';
import { academyToday } from '../src/academy-settings';
import { updatePaymentSettings } from '../src/modules/settings/payment-settings.service';
import { registeredRoutes } from '../src/access/http';
import { ROUTE_RULES } from '../src/access/policy';
import { allows, type RouteRule } from '../src/access/rules';
import type { Role } from '@academy/shared/roles';
import { buildTestApp, createTestDatabaseConnection, TEST_SERVER_KEYS, type TestApp } from './build-test-app';
import { newSegmentKey } from '../src/modules/lectures/segment-keys';
import { createDatabase } from '../src/db/client';
import { academyDomains } from '../src/db/schema';
import { FIRST_ACADEMY_ID, withAcademy, withoutAcademy } from '../src/lib/tenancy';
import { checkAnswerAgainstDocument, loadOpenApiDocument, type OpenApiDocument, type Operation } from './openapi-conformance';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { buildAcademies, buildBatch, buildEnquiry, buildParent, buildStandard, buildStudent, buildSubject, buildTeacher, buildUser, loginAs, TEST_PASSWORD } from './factories';

/**
 * Generated from the policy table (src/access/policy.ts): every registered API route × {visitor,
 * student, other student, teacher, other teacher, parent, other parent, admin}. `parent` is the parent
 * of `student`, `otherParent` the parent of `otherStudent`. The expected status comes from the route's
 * rule: a visitor 401 unless anyone may call it, a role not allowed 403, an allowed "other" caller
 * 404 when the rule says the record in the address must be their own. Each route has a harmless
 * sample request below (an empty body → 400, an unknown id → 404) whose `ok` is the allowed callers'
 * answer; the records named belong to `teacher` and `student`. A route without a rule stops the app;
 * a route without a sample fails here.
 */
type Who = 'anonymous' | 'student' | 'otherStudent' | 'teacher' | 'otherTeacher' | 'parent' | 'otherParent' | 'admin';
const WHO: Who[] = ['anonymous', 'student', 'otherStudent', 'teacher', 'otherTeacher', 'parent', 'otherParent', 'admin'];
type Expect = Record<Who, number>;

let t: TestApp;
const cookies: Partial<Record<Who, string>> = {};
const emails: Partial<Record<Who, string>> = {};
const ids = { teacher: '', otherTeacher: '', student: '', subject: '', standard: '', batch: '', otherBatch: '', announcement: '', notification: '', note: '', publicNote: '', enquiry: '', today: '', test: '', feePlan: '', receipt: '', parent: '', due: '', question: '', questionImage: '', onlineTest: '', attempt: '', domain: '', homework: '', submission: '', homeworkPage: '', conversation: '', absenceReason: '', lecture: '' };
const UNKNOWN = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';
const UNKNOWN_BACKUP = 'academy-20260101-000000-manual-000000.tar.gz';

/**
 * Many academies (issue 55): the same database served with ACADEMY_HOSTING=many, where the records above
 * are academy A's (the first academy, `main.localhost`) and academy B (`other.localhost`) has a person of
 * every role. Every route is called by each of B's people with A's records in its address.
 */
let many: TestApp;
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000b2';
const B_HOST = 'other.localhost';
type OtherWho = 'anonymous' | 'admin' | 'teacher' | 'student' | 'parent';
const OTHER_WHO: OtherWho[] = ['anonymous', 'admin', 'teacher', 'student', 'parent'];
const otherCookies: Partial<Record<OtherWho, string>> = {};
const otherEmails: Partial<Record<OtherWho, string>> = {};

async function loginAt(app: TestApp['app'], host: string, email: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { host }, payload: { email, password: TEST_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`login at ${host} failed for ${email}: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
  return `${cookie.name}=${cookie.value}`;
}

beforeAll(async () => {
  const connection = await createTestDatabaseConnection();
  t = await buildTestApp({ database: createDatabase(connection) });
  many = await buildTestApp({ database: createDatabase(connection, { defaultAcademyId: null }), config: { hosting: { mode: 'many', baseDomain: 'localhost' } } });
  const db = t.database.db;
  // Academy B and its people, made in its own context (their rows carry B's academy_id).
  await buildAcademies(db, { id: B_ACADEMY_ID, slug: 'other', name: 'Other Academy' });
  await withAcademy(B_ACADEMY_ID, async () => {
    const bStudent = await buildStudent(db);
    const bTeacher = await buildTeacher(db);
    await buildBatch(db, { teacherId: bTeacher.id, studentIds: [bStudent.id] });
    const bParent = await buildParent(db, { studentIds: [bStudent.id] });
    Object.assign(otherEmails, { admin: (await buildUser(db, { role: 'admin' })).email, teacher: bTeacher.user.email, student: bStudent.user.email, parent: bParent.user.email });
  });
  for (const who of OTHER_WHO) if (otherEmails[who]) otherCookies[who] = await loginAt(many.app, B_HOST, otherEmails[who]);
  const teacher = await buildTeacher(db);
  const otherTeacher = await buildTeacher(db);
  const student = await buildStudent(db);
  const otherStudent = await buildStudent(db);
  ids.batch = (await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id] })).id;
  ids.otherBatch = (await buildBatch(db, { teacherId: otherTeacher.id, studentIds: [otherStudent.id] })).id;
  Object.assign(ids, { teacher: teacher.id, otherTeacher: otherTeacher.id, student: student.id, subject: (await buildSubject(db)).id, standard: (await buildStandard(db)).id });
  const admin = await buildUser(db, { role: 'admin' });
  const parent = await buildParent(db, { studentIds: [student.id] });
  const otherParent = await buildParent(db, { studentIds: [otherStudent.id] });
  ids.parent = parent.id;
  Object.assign(emails, {
    teacher: teacher.user.email,
    otherTeacher: otherTeacher.user.email,
    student: student.user.email,
    otherStudent: otherStudent.user.email,
    parent: parent.user.email,
    otherParent: otherParent.user.email,
    admin: admin.email,
  });
  for (const who of WHO) if (emails[who]) cookies[who] = await loginAs(t.app, emails[who]);
  const today = await academyToday(db);
  ids.today = today;
  const announcement = await createAnnouncement(db, { title: 'For the batch', content: 'x', type: 'general', priority: 'low', audience: 'everyone', batches: [ids.batch], startDate: today, endDate: today }, { userId: admin.id, role: 'admin' });
  ids.announcement = announcement._id;
  const [notification] = await db.insert(notifications).values({ studentId: student.id, message: 'Yours' }).returning();
  ids.notification = notification!.id;
  const storeFile = async () => ({ ...(await t.storage.save(Readable.from([buildSimplePdf([{ heading: 'Notes', lines: [] }])]), { maxBytes: 1_000_000, extension: '.pdf' })), fileName: 'notes.pdf' });
  const asTeacher = { role: 'teacher' as const, userId: teacher.user.id, teacherId: teacher.id };
  ids.note = (await createNote(db, t.storage, asTeacher, { title: 'For the batch', batch: ids.batch, isPublic: false }, await storeFile()))._id;
  ids.publicNote = (await createNote(db, t.storage, asTeacher, { title: 'For everyone', isPublic: true }, await storeFile()))._id;
  ids.enquiry = (await buildEnquiry(db)).id;
  ids.test = (await createExam(db, asTeacher, ids.batch, { name: 'Weekly test', date: today, maxMarks: 50, topic: null }))._id;
  // Fees: a plan on the student's batch and one payment, so the student has a receipt of their own.
  ids.feePlan = (await createPlan(db, null, { name: 'Term fees', batch: ids.batch, amount: 100_000, instalments: [{ dueDate: today, amount: 100_000 }] }))._id;
  ids.receipt = (await recordPayment(db, null, student.id, { amount: 10_000, date: today, mode: 'cash' })).receipt._id;
  // UPI on (issue 38): the student's due has a QR code to scan.
  await updatePaymentSettings(db, null, { upi: { vpa: 'academy@okhdfcbank', payeeName: 'Academy' } });
  ids.due = (await db.select({ id: feeDues.id }).from(feeDues).where(eq(feeDues.studentId, student.id)))[0]!.id;
  // The question bank (issue 40): `teacher` teaches the subject of a question; `otherTeacher` does not.
  await db.insert(teacherSubjects).values({ teacherId: teacher.id, subjectId: ids.subject });
  ids.question = (await createQuestion(db, asTeacher, { subject: ids.subject, chapter: 'Matrix', difficulty: 'easy', type: 'numeric', text: 'What is $2 + 2$?', answer: { value: 4, tolerance: 0 }, language: 'en' }))._id;
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
  ids.questionImage = (await saveQuestionImage(t.storage, png)).url;
  // Online tests (issue 40): a published, open paper for the student's batch, which the student has started.
  const paper = await createOnlineTest(db, asTeacher, {
    title: 'Practice',
    batches: [ids.batch],
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + 3600_000).toISOString(),
    durationMinutes: 30,
    marking: { correct: 4, wrong: -1, unanswered: 0 },
    questions: [ids.question],
    shuffle: true,
  });
  ids.onlineTest = (await publishOnlineTest(db, asTeacher, paper._id))._id;
  ids.attempt = (await startAttempt(db, { role: 'student', userId: student.user.id, studentId: student.id }, ids.onlineTest))._id;
  // Homework (issue 59): set on the student's batch, handed in with one page.
  ids.homework = (await setHomework(db, asTeacher, ids.batch, { title: 'Exercise 4.2', instructions: 'Solve $x^2 = 4$.', dueAt: new Date(Date.now() + 86_400_000).toISOString(), handIn: true }))._id;
  const pageFile = await t.storage.save(Readable.from([png]), { maxBytes: 1_000_000, extension: '.png' });
  const handedIn = await handIn(db, t.storage, { role: 'student', userId: student.user.id, studentId: student.id }, ids.homework, [{ key: pageFile.key, size: pageFile.size, fileName: 'page-1.png', contentType: 'image/png' }]);
  ids.submission = handedIn._id;
  ids.homeworkPage = handedIn.pages[0]!._id;
  // Lectures (issue 75): one of the student's batch, ready, with a playlist in the storage (no ffmpeg here).
  ids.lecture = (await db.insert(lectures).values({ batchId: ids.batch, date: today, title: 'Recorded class', status: 'ready', segmentKeySealed: newSegmentKey(TEST_SERVER_KEYS).sealed }).returning())[0]!.id;
  const playlist = await t.storage.save(Readable.from([Buffer.from('#EXTM3U\n#EXT-X-ENDLIST\n')]), { maxBytes: 1_000, extension: '.m3u8' });
  await db.insert(lectureFiles).values({ lectureId: ids.lecture, kind: 'voice-board', name: 'index.m3u8', fileKey: playlist.key, bytes: playlist.size });
  // Staff pay (issue 58): `teacher` is paid monthly, and January 2020 is approved, so their payslip exists.
  await updatePaySettings(db, TEST_SERVER_KEYS, { role: 'admin', userId: admin.id }, teacher.id, { scheme: 'monthly', monthly: 2_000_000, professionalTax: false });
  await approveMonth(db, { role: 'admin', userId: admin.id }, '2020-01');
  // WhatsApp (issue 60): the parent's conversation (no message yet: the reply window is closed) and a reason for an absence.
  ids.conversation = (await db.insert(conversations).values({ parentId: ids.parent }).returning())[0]!.id;
  ids.absenceReason = (await db.insert(absenceReasons).values({ studentId: ids.student, date: today, text: 'Sick', parentId: ids.parent, byName: 'Parent', byRelation: 'mother' }).returning())[0]!.id;
  // An own domain of academy A's, waiting for its proof (issue 55): B's admin names it and finds nothing.
  ids.domain = (await withoutAcademy(() => db.insert(academyDomains).values({ academyId: FIRST_ACADEMY_ID, domain: 'www.matrix-a.in', verificationToken: 'academy-matrix-token' }).returning()))[0]!.id;
  document = await loadOpenApiDocument(t.app);
});
/** The API's own OpenAPI document: every answer below is checked against it (issue 53). */
let document: OpenApiDocument;
afterAll(async () => {
  await many.close();
  await t.close();
});

/**
 * A harmless request for a route. `ok`: what an allowed caller gets. `publicRecord`: the record is
 * open to anyone (a public note). `eachOwn`: the address names each caller's own record (`me`).
 * `answers`: the few allowed callers whose answer is not `ok` (a reason beside each).
 */
type Sample = { url: () => string; body?: object | (() => object); ok: number; publicRecord?: true; eachOwn?: true; answers?: Partial<Expect>; freshSession?: true };
const s = (url: () => string, ok: number, more: Omit<Sample, 'url' | 'ok'> = {}): Sample => ({ url, ok, ...more });

const SAMPLES: Record<string, Sample[]> = {
  // The WhatsApp inbox (issue 60). A reply outside the 24-hour window is 409; an unknown quick reply 404.
  'GET /api/admin/conversations': [s(() => '/api/admin/conversations', 200)],
  'GET /api/admin/conversations/:id': [s(() => `/api/admin/conversations/${ids.conversation}`, 200)],
  'POST /api/admin/conversations/:id/messages': [s(() => `/api/admin/conversations/${ids.conversation}/messages`, 409, { body: { text: 'Hello' } })],
  // WhatsApp is not set up here: the template cannot be carried (409, nothing saved).
  'POST /api/admin/conversations/:id/template-messages': [s(() => `/api/admin/conversations/${ids.conversation}/template-messages`, 409, { body: { text: 'Hello' } })],
  'PATCH /api/admin/conversations/:id': [s(() => `/api/admin/conversations/${ids.conversation}`, 200, { body: { note: 'Called back' } })],
  'GET /api/admin/quick-replies': [s(() => '/api/admin/quick-replies', 200)],
  'POST /api/admin/quick-replies': [s(() => '/api/admin/quick-replies', 201, { body: { text: 'We will call you today.' } })],
  'DELETE /api/admin/quick-replies/:id': [s(() => '/api/admin/quick-replies/00000000-0000-4000-8000-000000000060', 404)],
  'PUT /api/admin/absence-reasons/:id/excused': [s(() => `/api/admin/absence-reasons/${ids.absenceReason}/excused`, 200, { body: { excused: true } })],
  // Homework (issue 59). A valid body, so a teacher of another batch meets 404 rather than a check of the form.
  'POST /api/batches/:id/homework': [s(() => `/api/batches/${ids.batch}/homework`, 201, { body: () => ({ title: 'Matrix homework', dueAt: new Date(Date.now() + 3600_000).toISOString() }) })],
  'GET /api/batches/:id/homework': [s(() => `/api/batches/${ids.batch}/homework`, 200)],
  'GET /api/homework/:id': [s(() => `/api/homework/${ids.homework}`, 200)],
  'PUT /api/homework/:id': [s(() => `/api/homework/${ids.homework}`, 200, { body: () => ({ title: 'Exercise 4.2', instructions: 'Solve $x^2 = 4$.', dueAt: new Date(Date.now() + 86_400_000).toISOString(), handIn: true }) })],
  // Handed in already: the delete is refused (409) once the caller is known to be theirs; nothing changes.
  'DELETE /api/homework/:id': [s(() => `/api/homework/${ids.homework}`, 409)],
  // Handed in, not done in class: 409 once the caller is known to be theirs.
  'PUT /api/homework/:id/done-in-class': [s(() => `/api/homework/${ids.homework}/done-in-class`, 409, { body: { studentIds: [] } })],
  'GET /api/admin/settings/homework': [s(() => '/api/admin/settings/homework', 200)],
  'PUT /api/admin/settings/homework': [s(() => '/api/admin/settings/homework', 400, { body: {} })],
  // Not a multipart form: 400 once the caller is known to be theirs.
  'POST /api/homework/:id/attachments': [s(() => `/api/homework/${ids.homework}/attachments`, 400, { body: {} })],
  'GET /api/student/homework': [s(() => '/api/student/homework', 200)],
  'GET /api/parent/children/:studentId/homework': [s(() => `/api/parent/children/${ids.student}/homework`, 200)],
  'POST /api/homework/:id/submissions': [s(() => `/api/homework/${ids.homework}/submissions`, 400, { body: {} })],
  'GET /api/homework/:id/submissions': [s(() => `/api/homework/${ids.homework}/submissions`, 200)],
  'PUT /api/homework-submissions/:id/review': [s(() => `/api/homework-submissions/${ids.submission}/review`, 200, { body: { status: 'redo', comment: 'Show the steps' } })],
  'GET /api/homework-files/:id': [s(() => `/api/homework-files/${ids.homeworkPage}`, 200)],
  // Lectures (issue 75). This one is ready: its recording cannot be replaced (409) once the lecture is the caller's.
  'POST /api/batches/:id/lectures': [s(() => `/api/batches/${ids.batch}/lectures`, 201, { body: { date: '2026-11-27', title: 'Matrix lecture' } })],
  'GET /api/batches/:id/lectures': [s(() => `/api/batches/${ids.batch}/lectures`, 200)],
  'GET /api/lectures/:id': [s(() => `/api/lectures/${ids.lecture}`, 200)],
  // Removing a lecture (decision 091): an unknown one, so the matrix's lecture stays.
  'DELETE /api/lectures/:id': [s(() => `/api/lectures/${UNKNOWN}`, 404)],
  'POST /api/lectures/:id/file': [s(() => `/api/lectures/${ids.lecture}/file`, 409, { body: {} })],
  // The resumable upload and the recording in class (decision 087): the lecture is ready, so 409 once it is the caller's.
  'POST /api/lectures/:id/tus': [s(() => `/api/lectures/${ids.lecture}/tus`, 409)],
  'PATCH /api/lectures/:id/tus/:uploadId': [s(() => `/api/lectures/${ids.lecture}/tus/0123456789abcdef0123456789abcdef`, 409, { body: {} })],
  'GET /api/lectures/:id/tus/:uploadId': [s(() => `/api/lectures/${ids.lecture}/tus/0123456789abcdef0123456789abcdef`, 409)],
  'DELETE /api/lectures/:id/tus/:uploadId': [s(() => `/api/lectures/${ids.lecture}/tus/0123456789abcdef0123456789abcdef`, 409)],
  'POST /api/lectures/:id/stills': [s(() => `/api/lectures/${ids.lecture}/stills?t=1`, 409)],
  'GET /api/lectures/:id/recording': [s(() => `/api/lectures/${ids.lecture}/recording`, 409)],
  'POST /api/lectures/:id/recording/finish': [s(() => `/api/lectures/${ids.lecture}/recording/finish`, 409)],
  'GET /api/lectures': [s(() => '/api/lectures', 200)],
  'PUT /api/lectures/:id/chapters': [s(() => `/api/lectures/${ids.lecture}/chapters`, 200, { body: { chapters: [{ t: 3, title: 'Newton’s first law' }] } })],
  'PUT /api/lectures/:id/view': [s(() => `/api/lectures/${ids.lecture}/view`, 200, { body: { position: 12, secondsWatched: 12 } })],
  'GET /api/lectures/:id/views': [s(() => `/api/lectures/${ids.lecture}/views`, 200)],
  'GET /api/lectures/:id/hls/:kind/:name': [s(() => `/api/lectures/${ids.lecture}/hls/voice-board/index.m3u8`, 200)],
  // Its segment key and Settings → Lectures (decision 088).
  'GET /api/lectures/:id/key': [s(() => `/api/lectures/${ids.lecture}/key`, 200)],
  'GET /api/lectures/offline-policy': [s(() => '/api/lectures/offline-policy', 200)],
  'GET /api/admin/settings/lectures': [s(() => '/api/admin/settings/lectures', 200)],
  'PUT /api/admin/settings/lectures': [s(() => '/api/admin/settings/lectures', 400, { body: {} })],
  // Staff pay (issue 58): the admin's, but a teacher's own pay and payslips (another teacher's payslip: 404).
  'GET /api/teachers/:id/pay': [s(() => `/api/teachers/${ids.teacher}/pay`, 200)],
  'PUT /api/teachers/:id/pay': [s(() => `/api/teachers/${ids.teacher}/pay`, 400, { body: {} })],
  'GET /api/payroll/:month': [s(() => '/api/payroll/2020-01', 200)],
  // A month not begun cannot be approved: nothing is locked by the matrix.
  'POST /api/payroll/:month/approve': [s(() => '/api/payroll/2999-01/approve', 409)],
  // A month never approved cannot be reopened: nothing is unlocked by the matrix.
  'POST /api/payroll/:month/reopen': [s(() => '/api/payroll/2999-01/reopen', 409)],
  'POST /api/payroll/:month/paid': [s(() => '/api/payroll/2020-01/paid', 400, { body: {} })],
  'GET /api/payroll/:month/teachers/:teacherId': [s(() => `/api/payroll/2020-01/teachers/${ids.teacher}`, 200)],
  'GET /api/payroll/:month/teachers/:teacherId/payslip.pdf': [s(() => `/api/payroll/2020-01/teachers/${ids.teacher}/payslip.pdf`, 200)],
  'GET /api/payroll/:month/payroll.xlsx': [s(() => '/api/payroll/2020-01/payroll.xlsx', 200)],
  'GET /api/payroll/:month/bank.csv': [s(() => '/api/payroll/2020-01/bank.csv', 200)],
  'GET /api/payroll/:month/bank.xlsx': [s(() => '/api/payroll/2020-01/bank.xlsx', 200)],
  'GET /api/payroll/settings': [s(() => '/api/payroll/settings', 200)],
  // A bad TAN: nothing is saved by the matrix.
  'PUT /api/payroll/settings': [s(() => '/api/payroll/settings', 400, { body: { tan: 'X' } })],
  'POST /api/payroll/lecture-corrections': [s(() => '/api/payroll/lecture-corrections', 400, { body: {} })],
  'POST /api/payroll/adjustments': [s(() => '/api/payroll/adjustments', 400, { body: {} })],
  'GET /api/teacher/pay': [s(() => '/api/teacher/pay?month=2020-01', 200)],
  'GET /api/teacher/leave': [s(() => '/api/teacher/leave', 200)],
  'POST /api/teacher/leave': [s(() => '/api/teacher/leave', 400, { body: {} })],
  'GET /api/teacher/substitutions': [s(() => '/api/teacher/substitutions', 200)],
  'GET /api/leave': [s(() => '/api/leave', 200)],
  'POST /api/leave/:id/approve': [s(() => `/api/leave/${UNKNOWN}/approve`, 404)],
  'POST /api/leave/:id/reject': [s(() => `/api/leave/${UNKNOWN}/reject`, 404)],
  'POST /api/batches/:id/substitutions': [s(() => `/api/batches/${ids.batch}/substitutions`, 400, { body: {} })],
  // Online tests (issue 40). The paper is published, so changing or deleting it is refused (409) to
  // its teacher and the office, after the permission check; the student has started it, so a second
  // start is refused (409) and the result waits for the submission (409).
  'GET /api/online-tests': [s(() => '/api/online-tests', 200)],
  'POST /api/online-tests': [s(() => '/api/online-tests', 400, { body: {} })],
  'GET /api/online-tests/:id': [s(() => `/api/online-tests/${ids.onlineTest}`, 200)],
  'PUT /api/online-tests/:id': [
    s(() => `/api/online-tests/${ids.onlineTest}`, 409, {
      body: () => ({ title: 'Practice', batches: [ids.batch], opensAt: new Date(Date.now() - 60_000).toISOString(), closesAt: new Date(Date.now() + 3600_000).toISOString(), durationMinutes: 30, marking: { correct: 4, wrong: -1, unanswered: 0 }, questions: [ids.question] }),
    }),
  ],
  'DELETE /api/online-tests/:id': [s(() => `/api/online-tests/${ids.onlineTest}`, 409)],
  'POST /api/online-tests/:id/publish': [s(() => `/api/online-tests/${ids.onlineTest}/publish`, 200)],
  'GET /api/online-tests/:id/results': [s(() => `/api/online-tests/${ids.onlineTest}/results`, 200)],
  'GET /api/online-tests/:id/results.xlsx': [s(() => `/api/online-tests/${ids.onlineTest}/results.xlsx`, 200)],
  'GET /api/online-tests/:id/paper.pdf': [s(() => `/api/online-tests/${ids.onlineTest}/paper.pdf?answers=true`, 200)],
  'POST /api/online-tests/:id/attempts': [s(() => `/api/online-tests/${ids.onlineTest}/attempts`, 409)],
  'GET /api/attempts/:id': [s(() => `/api/attempts/${ids.attempt}`, 200)],
  'PUT /api/attempts/:id/answers': [s(() => `/api/attempts/${ids.attempt}/answers`, 200, { body: () => ({ answers: [{ questionId: ids.question, value: 4 }] }) })],
  'POST /api/attempts/:id/submit': [s(() => `/api/attempts/${UNKNOWN}/submit`, 404)],
  'GET /api/attempts/:id/result': [s(() => `/api/attempts/${ids.attempt}/result`, 409)],
  // The platform operator (issue 55): an operator's session only; every academy role and a visitor get 401
  // (modules/operator/operator.test.ts signs an operator in at the base domain).
  'POST /api/operator/login': [s(() => '/api/operator/login', 400, { body: {} })],
  'GET /api/operator/me': [s(() => '/api/operator/me', 200)],
  'POST /api/operator/logout': [s(() => '/api/operator/logout', 200)],
  'GET /api/operator/academies': [s(() => '/api/operator/academies', 200)],
  'GET /api/operator/academies/:slug/app': [s(() => '/api/operator/academies/main/app', 200)],
  'PUT /api/operator/academies/:slug/app': [s(() => '/api/operator/academies/main/app', 400, { body: {} })],
  'GET /api/operator/academies/:slug/app/twa-manifest.json': [s(() => '/api/operator/academies/main/app/twa-manifest.json', 409)],
  'POST /api/operator/academies/:slug/suspend': [s(() => '/api/operator/academies/main/suspend', 200)],
  'POST /api/operator/academies/:slug/resume': [s(() => '/api/operator/academies/main/resume', 200)],
  'POST /api/operator/academies/:slug/close': [s(() => '/api/operator/academies/main/close', 200)],
  // Accounts. Logging out ends the session, so it runs with a fresh one.
  'POST /api/auth/login': [s(() => '/api/auth/login', 400, { body: {} })],
  'POST /api/auth/sign-in-code': [s(() => '/api/auth/sign-in-code', 400, { body: {} })],
  'POST /api/auth/sign-in-code/verify': [s(() => '/api/auth/sign-in-code/verify', 400, { body: {} })],
  'GET /api/auth/me': [s(() => '/api/auth/me', 200)],
  'PUT /api/auth/language': [s(() => '/api/auth/language', 200, { body: { language: 'en' } })],
  'POST /api/auth/logout': [s(() => '/api/auth/logout', 200, { freshSession: true })],
  'POST /api/auth/forgot-password': [s(() => '/api/auth/forgot-password', 400, { body: {} })],
  'GET /api/auth/validate-reset-token/:token': [s(() => `/api/auth/validate-reset-token/${'a'.repeat(43)}`, 400)],
  'POST /api/auth/reset-password': [s(() => '/api/auth/reset-password', 400, { body: {} })],
  'GET /api/auth/profile': [s(() => '/api/auth/profile', 200)],
  'PUT /api/auth/profile': [s(() => '/api/auth/profile', 400, { body: { name: '' } })],
  'PUT /api/auth/password': [s(() => '/api/auth/password', 400, { body: {} })],
  // The academy.
  'GET /api/health': [s(() => '/api/health', 200)],
  'GET /api/health/peer': [s(() => '/api/health/peer', 200)],
  // With one academy there are no certificates to ask about: 404 (hosting.test.ts covers many).
  'GET /api/health/domain': [s(() => '/api/health/domain?domain=www.matrix-a.in', 404)],
  'GET /api/settings/public': [s(() => '/api/settings/public', 200)],
  'GET /api/admin/settings': [s(() => '/api/admin/settings', 200)],
  'PUT /api/admin/settings': [s(() => '/api/admin/settings', 400, { body: {} })],
  'PUT /api/admin/settings/parent-alerts': [s(() => '/api/admin/settings/parent-alerts', 400, { body: { absenceAlerts: {} } })],
  // Start your academy (issue 55): the platform's, so with one academy there is nothing here (404 for everyone).
  'POST /api/academies/verification': [s(() => '/api/academies/verification', 404, { body: { email: 'owner@example.com' } })],
  'GET /api/academies/slug-available': [s(() => '/api/academies/slug-available?slug=shree', 404)],
  'POST /api/academies': [s(() => '/api/academies', 404, { body: {} })],
  'POST /api/auth/hand-off': [s(() => '/api/auth/hand-off', 404, { body: { token: 'x'.repeat(43) } })],
  // One academy: there is no welcome hand-off; the app's shell (or its 404 without a built app) answers.
  'GET /welcome': [s(() => '/welcome?token=' + 'x'.repeat(43), 404)],
  // An academy's own domain (issue 55): with one academy there is none to add, prove or remove (400);
  // across academies B's admin gets 404 for A's (modules/academies/own-domains.test.ts proves them).
  'GET /api/admin/domains': [s(() => '/api/admin/domains', 200)],
  'POST /api/admin/domains': [s(() => '/api/admin/domains', 400, { body: {} })],
  'POST /api/admin/domains/:id/verify': [s(() => `/api/admin/domains/${ids.domain}/verify`, 400)],
  'DELETE /api/admin/domains/:id': [s(() => `/api/admin/domains/${ids.domain}`, 400)],
  // The first-run checklist (issue 55): the admin's.
  'GET /api/dashboard/first-run': [s(() => '/api/dashboard/first-run', 200)],
  'GET /api/admin/dashboard/summary': [s(() => '/api/admin/dashboard/summary', 200)],
  'GET /api/admin/dashboard/year': [s(() => '/api/admin/dashboard/year?year=2025-26', 200)],
  'GET /api/student/dashboard': [s(() => '/api/student/dashboard', 200)],
  'GET /api/admin/absent-today': [s(() => '/api/admin/absent-today', 200)],
  'PUT /api/admin/absent-today/:studentId/called': [s(() => `/api/admin/absent-today/${ids.student}/called`, 400, { body: {} })],
  'GET /api/admin/jobs': [s(() => '/api/admin/jobs', 200)],
  // Fees: the admin's; a student reads their own ledger and receipts; teachers nothing (403).
  'GET /api/fee-plans': [s(() => '/api/fee-plans', 200)],
  'POST /api/fee-plans': [s(() => '/api/fee-plans', 400, { body: {} })],
  'GET /api/fee-plans/:id': [s(() => `/api/fee-plans/${ids.feePlan}`, 200)],
  'PUT /api/fee-plans/:id': [s(() => `/api/fee-plans/${ids.feePlan}`, 400, { body: {} })],
  'DELETE /api/fee-plans/:id': [s(() => `/api/fee-plans/${UNKNOWN}`, 404)],
  'GET /api/students/:id/fees': [s(() => `/api/students/${ids.student}/fees`, 200)],
  'POST /api/students/:id/payments': [s(() => `/api/students/${ids.student}/payments`, 400, { body: {} })],
  'POST /api/students/:id/concessions': [s(() => `/api/students/${ids.student}/concessions`, 400, { body: {} })],
  'POST /api/receipts/:id/cancel': [s(() => `/api/receipts/${ids.receipt}/cancel`, 400, { body: {} })],
  'GET /api/receipts/:id/pdf': [s(() => `/api/receipts/${ids.receipt}/pdf`, 200)],
  // A credit note's PDF (decision 063): none made here, so an allowed reader gets 404 (as another family's).
  'GET /api/fees/credit-notes/:number.pdf': [s(() => `/api/fees/credit-notes/${encodeURIComponent('CN/2026-27/0001')}.pdf`, 404)],
  'GET /api/fees/gst/revised-invoices': [s(() => '/api/fees/gst/revised-invoices?certificateDate=2026-04-01', 200)],
  // Invoices on instalments' due dates (decision 070): issuing finds none here; an unknown invoice is 404 to an allowed reader.
  'POST /api/fees/due-invoices/issue': [s(() => '/api/fees/due-invoices/issue', 200)],
  'POST /api/fees/due-invoices/:id/cancel': [s(() => `/api/fees/due-invoices/${UNKNOWN}/cancel`, 400, { body: {} })],
  'GET /api/fees/due-invoices/:id/pdf': [s(() => `/api/fees/due-invoices/${UNKNOWN}/pdf`, 404)],
  'POST /api/fees/gst/revised-invoices': [s(() => '/api/fees/gst/revised-invoices', 400, { body: {} })],
  'GET /api/dues/:id/upi-qr.svg': [s(() => `/api/dues/${ids.due}/upi-qr.svg`, 200)],
  'GET /api/dues/:id/slip.pdf': [s(() => `/api/dues/${ids.due}/slip.pdf`, 200)],
  // A forged pay link opens nothing for anyone (the real link's answers: pay-link.test.ts).
  'GET /api/pay/:token': [s(() => `/api/pay/${'A'.repeat(22)}.abc.${'B'.repeat(22)}`, 404)],
  'GET /api/pay/:token/dues/:dueId/upi-qr.svg': [s(() => `/api/pay/${'A'.repeat(22)}.abc.${'B'.repeat(22)}/dues/${ids.due}/upi-qr.svg`, 404)],
  // The pay link's page (issue 54): a forged token is the page that says so, for anyone.
  'GET /pay/:token': [s(() => `/pay/${'A'.repeat(22)}.abc.${'B'.repeat(22)}`, 404)],
  'GET /mr/pay/:token': [s(() => `/mr/pay/${'A'.repeat(22)}.abc.${'B'.repeat(22)}`, 404)],
  'GET /hi/pay/:token': [s(() => `/hi/pay/${'A'.repeat(22)}.abc.${'B'.repeat(22)}`, 404)],
  // The first screens' actions as plain HTML (issue 74): the parent's Pay leads to their child's pay page (303).
  'GET /app/parent/fees/pay/:studentId': [s(() => `/app/parent/fees/pay/${ids.student}`, 303)],
  // The teacher's sheet as a form: handed to POST /api/attendance/batch/:batchId (a future day: 400, nothing saved).
  // A test's Start as a form: handed to POST /api/online-tests/:id/attempts (a test that is not theirs: 404).
  'POST /app/student/online-tests/:testId/start': [s(() => `/app/student/online-tests/${UNKNOWN}/start`, 404)],
  'POST /app/teacher/attendance/mark': [s(() => '/app/teacher/attendance/mark', 400, { body: () => ({ batchId: ids.batch, date: '2999-01-01', [`status.${ids.student}`]: 'present' }) })],
  'POST /api/payment-claims': [s(() => '/api/payment-claims', 400, { body: {} })],
  'GET /api/payment-claims': [s(() => '/api/payment-claims?status=pending', 200)],
  'POST /api/payment-claims/:id/confirm': [s(() => `/api/payment-claims/${UNKNOWN}/confirm`, 404)],
  'POST /api/payment-claims/:id/reject': [s(() => `/api/payment-claims/${UNKNOWN}/reject`, 404, { body: { reason: 'Not in the bank statement' } })],
  'POST /api/fees/bank-statements': [s(() => '/api/fees/bank-statements', 400, { body: {} })],
  'GET /api/fees/bank-statements': [s(() => '/api/fees/bank-statements', 200)],
  'PUT /api/fees/bank-statements/mapping': [s(() => '/api/fees/bank-statements/mapping', 400, { body: {} })],
  'GET /api/fees/bank-statements/:id': [s(() => `/api/fees/bank-statements/${UNKNOWN}`, 404)],
  'POST /api/fees/bank-statements/:id/confirm': [s(() => `/api/fees/bank-statements/${UNKNOWN}/confirm`, 404, { body: { credits: [{ id: UNKNOWN }] } })],
  'POST /api/fees/bank-statements/:id/credits/:creditId/set-aside': [s(() => `/api/fees/bank-statements/${UNKNOWN}/credits/${UNKNOWN}/set-aside`, 404, { body: { note: 'Refund' } })],
  'POST /api/fees/bank-statements/:id/credits/:creditId/put-back': [s(() => `/api/fees/bank-statements/${UNKNOWN}/credits/${UNKNOWN}/put-back`, 404, { body: {} })],
  'GET /api/fees/dues': [s(() => '/api/fees/dues', 200)],
  'GET /api/fees/dues.csv': [s(() => '/api/fees/dues.csv', 200)],
  'GET /api/fees/summary': [s(() => '/api/fees/summary', 200)],
  'GET /api/fees/report': [s(() => '/api/fees/report?year=2025-26', 200)],
  'GET /api/fees/gst': [s(() => '/api/fees/gst?period=2026-04', 200)],
  // No GSTIN saved in the matrix's academy: the month's return is refused (409) to the admin.
  'GET /api/fees/gst/gstr1.json': [s(() => '/api/fees/gst/gstr1.json?period=2026-04', 409)],
  'GET /api/fees/gst/gstr1.xlsx': [s(() => '/api/fees/gst/gstr1.xlsx?period=2026-04', 409)],
  'POST /api/fees/reminders': [s(() => '/api/fees/reminders', 400, { body: {} })],
  'GET /api/student/fees': [s(() => '/api/student/fees', 200)],
  'GET /api/parent/children/:studentId/fees': [s(() => `/api/parent/children/${ids.student}/fees`, 200)],
  'GET /api/admin/backups': [s(() => '/api/admin/backups', 200)],
  // The audit log: read-only, the admin's only.
  'GET /api/admin/audit-log': [s(() => '/api/admin/audit-log', 200)],
  'GET /api/admin/audit-log.csv': [s(() => '/api/admin/audit-log.csv', 200)],
  'GET /api/admin/audit-log/people': [s(() => '/api/admin/audit-log/people', 200)],
  // The whole academy as one workbook (issue 39): the admin's only.
  'GET /api/exports/academy.xlsx': [s(() => '/api/exports/academy.xlsx', 200)],
  // Registers in (issue 39): the template, an upload without a file (400), the list, an unknown import's undo (404).
  'GET /api/imports/students/template.xlsx': [s(() => '/api/imports/students/template.xlsx', 200)],
  'POST /api/imports/students': [s(() => '/api/imports/students?dryRun=true', 400, { body: {} })],
  'GET /api/imports': [s(() => '/api/imports', 200)],
  'DELETE /api/imports/:id': [s(() => `/api/imports/${UNKNOWN}`, 404)],
  // The new academic year (issue 39): a rollover without its body (400), the years, an unknown rollover's undo (404).
  'POST /api/academic-years/rollover': [s(() => '/api/academic-years/rollover?dryRun=true', 400, { body: {} })],
  'GET /api/academic-years': [s(() => '/api/academic-years', 200)],
  'DELETE /api/academic-years/rollover/:id': [s(() => `/api/academic-years/rollover/${UNKNOWN}`, 404)],
  // Creating a backup is harmless (a file in the test's own backups folder).
  'POST /api/admin/backups': [s(() => '/api/admin/backups', 202)],
  'GET /api/admin/backups/jobs/:id': [s(() => `/api/admin/backups/jobs/${UNKNOWN}`, 404)],
  'GET /api/admin/backups/:name/download': [s(() => `/api/admin/backups/${UNKNOWN_BACKUP}/download`, 404)],
  'DELETE /api/admin/backups/:name': [s(() => `/api/admin/backups/${UNKNOWN_BACKUP}`, 404)],
  'POST /api/admin/backups/upload': [s(() => '/api/admin/backups/upload', 415, { body: {} })],
  'POST /api/admin/backups/:name/restore': [s(() => `/api/admin/backups/${UNKNOWN_BACKUP}/restore`, 400, { body: {} })],
  // Backups off the machine (issue 52): nothing set up in the matrix's database, so no call reaches a bucket.
  'GET /api/admin/backups/remote': [s(() => '/api/admin/backups/remote', 404)],
  'POST /api/admin/backups/remote/restore': [s(() => '/api/admin/backups/remote/restore', 400, { body: {} })],
  'GET /api/admin/settings/backups': [s(() => '/api/admin/settings/backups', 200)],
  'PUT /api/admin/settings/backups': [s(() => '/api/admin/settings/backups', 400, { body: { offsite: { endpoint: 'not an address' } } })],
  'POST /api/admin/settings/backups/test': [s(() => '/api/admin/settings/backups/test', 400, { body: {} })],
  'GET /api/admin/settings/backups/recovery-sheet': [s(() => '/api/admin/settings/backups/recovery-sheet', 404)],
  // The catalogue.
  'GET /api/subjects': [s(() => '/api/subjects', 200)],
  'POST /api/subjects': [s(() => '/api/subjects', 400, { body: {} })],
  'GET /api/subjects/:id': [s(() => `/api/subjects/${ids.subject}`, 200)],
  'PUT /api/subjects/:id': [s(() => `/api/subjects/${ids.subject}`, 400, { body: {} })],
  'DELETE /api/subjects/:id': [s(() => `/api/subjects/${UNKNOWN}`, 404)],
  'GET /api/standards': [s(() => '/api/standards', 200)],
  'GET /api/standards/check-duplicate': [s(() => '/api/standards/check-duplicate?name=x&level=1', 200)],
  'POST /api/standards': [s(() => '/api/standards', 400, { body: {} })],
  'GET /api/standards/:id': [s(() => `/api/standards/${ids.standard}`, 200)],
  'PUT /api/standards/:id': [s(() => `/api/standards/${ids.standard}`, 400, { body: {} })],
  'DELETE /api/standards/:id': [s(() => `/api/standards/${UNKNOWN}`, 404)],
  'GET /api/public/courses': [s(() => '/api/public/courses', 200)],
  'GET /api/public/courses/:slug': [s(() => '/api/public/courses/no-course-0000000000', 404)],
  // Found and shared well (issue 41): the share images, robots.txt and the sitemap at the site's root.
  'GET /api/public/share-image/:file': [s(() => '/api/public/share-image/courses.png', 200)],
  'GET /api/public/share-image/courses/:file': [s(() => '/api/public/share-image/courses/no-course-0000000000.png', 404)],
  'GET /robots.txt': [s(() => '/robots.txt', 200)],
  'GET /sitemap.xml': [s(() => '/sitemap.xml', 200)],
  // Prometheus (issue 52): no session either way. The test app has no METRICS_TOKEN and the matrix calls
  // from 10.0.0.x, not this machine: 404 for everyone (test/metrics.test.ts has the token and loopback).
  'GET /metrics': [s(() => '/metrics', 404)],
  'GET /manifest.webmanifest': [s(() => '/manifest.webmanifest', 200)],
  // Teachers. `me` names each teacher's own record; for an admin it names nobody (404).
  'GET /api/teachers': [s(() => '/api/teachers', 200)],
  'POST /api/teachers': [s(() => '/api/teachers', 400, { body: {} })],
  'GET /api/teachers/:id': [s(() => `/api/teachers/${ids.teacher}`, 200), s(() => '/api/teachers/me', 200, { eachOwn: true, answers: { admin: 404 } })],
  'PUT /api/teachers/:id': [s(() => `/api/teachers/${ids.teacher}`, 400, { body: { name: '' } })],
  'DELETE /api/teachers/:id': [s(() => `/api/teachers/${UNKNOWN}`, 404)],
  'GET /api/teachers/:id/batches': [s(() => `/api/teachers/${ids.teacher}/batches`, 200), s(() => '/api/teachers/me/batches', 200, { eachOwn: true, answers: { admin: 404 } })],
  'GET /api/teachers/:id/students': [
    s(() => `/api/teachers/${ids.teacher}/students`, 200),
    s(() => `/api/teachers/${UNKNOWN}/students`, 404),
    s(() => '/api/teachers/me/students?search=a', 200, { eachOwn: true, answers: { admin: 404 } }),
  ],
  // Students and their self-service.
  'GET /api/students': [s(() => '/api/students', 200)],
  'GET /api/students/export.csv': [s(() => '/api/students/export.csv', 200)],
  'POST /api/students': [s(() => '/api/students', 400, { body: {} })],
  'GET /api/students/:id': [s(() => `/api/students/${ids.student}`, 200)],
  'PUT /api/students/:id': [s(() => `/api/students/${ids.student}`, 400, { body: { name: '' } })],
  'DELETE /api/students/:id': [s(() => `/api/students/${UNKNOWN}`, 404)],
  'POST /api/students/:id/sign-in-slip': [s(() => `/api/students/${UNKNOWN}/sign-in-slip`, 404, { body: { password: 'kq7mz-4tdpw' } })],
  'GET /api/student/profile': [s(() => '/api/student/profile', 200)],
  'PUT /api/student/profile': [s(() => '/api/student/profile', 400, { body: { phone: 'bad' } })],
  'GET /api/student/details': [s(() => '/api/student/details', 200)],
  'PUT /api/student/password': [s(() => '/api/student/password', 400, { body: {} })],
  // Batches.
  'GET /api/batches': [s(() => '/api/batches?populate=enrolledStudents', 200)],
  'GET /api/batches/by-subject': [s(() => `/api/batches/by-subject?subjectId=${ids.subject}`, 200)],
  'POST /api/batches/sync-students': [s(() => '/api/batches/sync-students', 200)],
  'POST /api/batches': [s(() => '/api/batches', 400, { body: {} })],
  'GET /api/batches/:id': [s(() => `/api/batches/${ids.batch}?populate=enrolledStudents,standard,subject&virtuals=true`, 200)],
  'PUT /api/batches/:id': [s(() => `/api/batches/${ids.batch}`, 400, { body: {} })],
  'DELETE /api/batches/:id': [s(() => `/api/batches/${UNKNOWN}`, 404)],
  'PUT /api/batches/:id/students/:studentId/add': [s(() => `/api/batches/${UNKNOWN}/students/${ids.student}/add`, 404)],
  'PUT /api/batches/:id/students/:studentId/remove': [s(() => `/api/batches/${UNKNOWN}/students/${ids.student}/remove`, 404)],
  'POST /api/batches/:id/students': [s(() => `/api/batches/${UNKNOWN}/students`, 404, { body: () => ({ studentIds: [ids.student] }) })],
  'POST /api/batches/:id/students/move': [s(() => `/api/batches/${ids.batch}/students/move`, 404, { body: () => ({ studentIds: [ids.student], toBatchId: UNKNOWN }) })],
  'GET /api/student/batches': [s(() => '/api/student/batches', 200)],
  'GET /api/student/batches/:id': [s(() => `/api/student/batches/${ids.batch}`, 200)],
  'GET /api/student/schedule': [s(() => '/api/student/schedule', 200)],
  'GET /api/student/schedule.ics': [s(() => '/api/student/schedule.ics', 200)],
  'GET /api/teachers/me/schedule': [s(() => '/api/teachers/me/schedule', 200)],
  'GET /api/teachers/me/schedule.ics': [s(() => '/api/teachers/me/schedule.ics', 200)],
  // Calendar addresses; the secret address itself needs no session (an unknown one is 404).
  'GET /api/calendar-feed': [s(() => '/api/calendar-feed', 200)],
  'POST /api/calendar-feed': [s(() => '/api/calendar-feed', 200)],
  'DELETE /api/calendar-feed': [s(() => '/api/calendar-feed', 200)],
  'GET /api/calendar/:file': [s(() => `/api/calendar/${'a'.repeat(43)}.ics`, 404)],
  // Announcements.
  'GET /api/announcements': [s(() => '/api/announcements', 200)],
  'GET /api/announcements/:id': [s(() => `/api/announcements/${ids.announcement}`, 200)],
  'POST /api/announcements': [s(() => '/api/announcements', 400, { body: {} })],
  'PUT /api/announcements/:id': [s(() => `/api/announcements/${ids.announcement}`, 400, { body: {} })],
  'DELETE /api/announcements/:id': [s(() => `/api/announcements/${UNKNOWN}`, 404)],
  // Notifications.
  'GET /api/notifications': [s(() => '/api/notifications?page=1&limit=5', 200)],
  'POST /api/notifications/:id/read': [s(() => `/api/notifications/${ids.notification}/read`, 200)],
  'POST /api/notifications/read-all': [s(() => '/api/notifications/read-all', 200)],
  // Notes.
  'GET /api/notes': [s(() => '/api/notes', 200)],
  'GET /api/notes/teacher': [s(() => '/api/notes/teacher', 200)],
  'GET /api/notes/:id': [s(() => `/api/notes/${ids.note}`, 200), s(() => `/api/notes/${ids.publicNote}`, 200, { publicRecord: true })],
  'GET /api/notes/batch/:id': [s(() => `/api/notes/batch/${ids.batch}`, 200)],
  'GET /api/notes/student/:id': [s(() => `/api/notes/student/${ids.student}`, 200)],
  'POST /api/notes': [s(() => '/api/notes', 400, { body: {} })],
  'POST /api/notes/upload': [s(() => '/api/notes/upload', 400, { body: {} })],
  'PUT /api/notes/:id': [s(() => `/api/notes/${ids.note}`, 200, { body: () => ({ title: 'For the batch', batch: ids.batch }) })],
  'DELETE /api/notes/:id': [s(() => `/api/notes/${UNKNOWN}`, 404)],
  'GET /api/notes/file/:id': [s(() => `/api/notes/file/${ids.note}`, 200), s(() => `/api/notes/file/${ids.publicNote}`, 200, { publicRecord: true })],
  'GET /api/public/notes': [s(() => '/api/public/notes', 200)],
  // The question bank (issue 40): staff of the question's subject; an invalid body (400) changes nothing; pictures for anyone signed in.
  'GET /api/questions': [s(() => '/api/questions', 200)],
  'GET /api/questions/subjects': [s(() => '/api/questions/subjects', 200)],
  'GET /api/questions/template.xlsx': [s(() => '/api/questions/template.xlsx', 200)],
  'POST /api/questions/import': [s(() => '/api/questions/import?dryRun=true', 400, { body: {} })],
  'POST /api/questions/images': [s(() => '/api/questions/images', 400, { body: {} })],
  'GET /api/questions/images/:name': [s(() => ids.questionImage, 200)],
  'GET /api/questions/:id': [s(() => `/api/questions/${ids.question}`, 200)],
  'POST /api/questions': [s(() => '/api/questions', 400, { body: {} })],
  'PUT /api/questions/:id': [s(() => `/api/questions/${ids.question}`, 200, { body: () => ({ subject: ids.subject, chapter: 'Matrix', difficulty: 'easy', type: 'numeric', text: 'What is $2 + 2$?', answer: { value: 4 } }) })],
  'DELETE /api/questions/:id': [s(() => `/api/questions/${UNKNOWN}`, 404)],
  // Admissions: the forms are public (an empty body → 400 for everyone); the pipeline is the admin's.
  'POST /api/email-verification/send-otp': [s(() => '/api/email-verification/send-otp', 400, { body: {} })],
  'POST /api/email-verification/verify-otp': [s(() => '/api/email-verification/verify-otp', 400, { body: {} })],
  'POST /api/phone-verification/send-otp': [s(() => '/api/phone-verification/send-otp', 400, { body: {} })],
  'POST /api/phone-verification/verify-otp': [s(() => '/api/phone-verification/verify-otp', 400, { body: {} })],
  'POST /api/admission-enquiries': [s(() => '/api/admission-enquiries', 400, { body: {} })],
  'POST /api/admission-enquiries/contact': [s(() => '/api/admission-enquiries/contact', 400, { body: {} })],
  'POST /api/admission-enquiries/office': [s(() => '/api/admission-enquiries/office', 400, { body: {} })],
  'POST /api/newsletter/subscribe': [s(() => '/api/newsletter/subscribe', 400, { body: {} })],
  'GET /api/admission-enquiries': [s(() => '/api/admission-enquiries', 200)],
  'GET /api/admission-enquiries/counts': [s(() => '/api/admission-enquiries/counts', 200)],
  'GET /api/admission-enquiries/:id': [s(() => `/api/admission-enquiries/${ids.enquiry}`, 200)],
  'PUT /api/admission-enquiries/:id': [s(() => `/api/admission-enquiries/${ids.enquiry}`, 400, { body: { phone: 'bad' } })],
  'DELETE /api/admission-enquiries/:id': [s(() => `/api/admission-enquiries/${UNKNOWN}`, 404)],
  'PATCH /api/admission-enquiries/:id/status': [s(() => `/api/admission-enquiries/${ids.enquiry}/status`, 400, { body: {} })],
  // Follow-ups (issue 41): empty bodies are refused (400), so nothing changes; the lists only read.
  'PATCH /api/admission-enquiries/:id': [s(() => `/api/admission-enquiries/${ids.enquiry}`, 400, { body: {} })],
  'POST /api/admission-enquiries/:id/contacts': [s(() => `/api/admission-enquiries/${ids.enquiry}/contacts`, 400, { body: {} })],
  'GET /api/admission-enquiries/assignees': [s(() => '/api/admission-enquiries/assignees', 200)],
  'GET /api/admissions/report': [s(() => '/api/admissions/report?from=2026-04-01&to=2026-06-30', 200)],
  // A new enquiry cannot be converted (409), so the matrix creates no student.
  'POST /api/admission-enquiries/:id/convert': [s(() => `/api/admission-enquiries/${ids.enquiry}/convert`, 409, { body: {} })],
  // Demo classes (issue 41): an empty booking is refused (400), so nothing is booked or messaged.
  'POST /api/admission-enquiries/:id/demo': [s(() => `/api/admission-enquiries/${ids.enquiry}/demo`, 400, { body: {} })],
  'GET /api/admission-enquiries/:id/demos': [s(() => `/api/admission-enquiries/${ids.enquiry}/demos`, 200)],
  'DELETE /api/admission-enquiries/:id/demos/:demoId': [s(() => `/api/admission-enquiries/${ids.enquiry}/demos/${UNKNOWN}`, 404)],
  // Attendance: a future date is refused (400) after the permission check, so nothing is saved.
  'GET /api/attendance/:batchId/:date': [s(() => `/api/attendance/${ids.batch}/${ids.today}`, 200)],
  'POST /api/attendance/batch/:batchId': [s(() => `/api/attendance/batch/${ids.batch}`, 400, { body: { date: '2999-01-01', records: [{ studentId: UNKNOWN, status: 'present' }] } })],
  'GET /api/attendance/batch/:batchId/history': [s(() => `/api/attendance/batch/${ids.batch}/history?startDate=2026-06-01&endDate=2026-06-30`, 200)],
  'GET /api/attendance/student/:studentId/batch/:batchId': [s(() => `/api/attendance/student/${ids.student}/batch/${ids.batch}`, 200)],
  'GET /api/student/attendance': [s(() => '/api/student/attendance', 200)],
  'GET /api/student/attendance/:batchId': [s(() => `/api/student/attendance/${ids.batch}`, 200)],
  // Tests and marks: bodies that fail validation (400) after the permission check, so nothing changes.
  'GET /api/batches/:id/tests': [s(() => `/api/batches/${ids.batch}/tests`, 200)],
  // A valid body (an invalid one is refused before the permission check): the allowed callers each add a test.
  'POST /api/batches/:id/tests': [s(() => `/api/batches/${ids.batch}/tests`, 201, { body: () => ({ name: 'Matrix test', date: ids.today, maxMarks: 10 }) })],
  'GET /api/tests/:id': [s(() => `/api/tests/${ids.test}`, 200)],
  'PUT /api/tests/:id': [s(() => `/api/tests/${ids.test}`, 200, { body: () => ({ name: 'Weekly test', date: ids.today, maxMarks: 50 }) })],
  'DELETE /api/tests/:id': [s(() => `/api/tests/${UNKNOWN}`, 404)],
  // A student who is not in the batch: refused (400) after the permission check, nothing saved.
  'PUT /api/tests/:id/marks': [s(() => `/api/tests/${ids.test}/marks`, 400, { body: { marks: [{ studentId: UNKNOWN, marks: 1 }] } })],
  'POST /api/tests/:id/marks/import': [s(() => `/api/tests/${ids.test}/marks/import`, 400, { body: { csv: 'email,marks\n' } })],
  // Publishing a test without marks is refused (400), so it stays unpublished.
  'POST /api/tests/:id/publish': [s(() => `/api/tests/${ids.test}/publish`, 400)],
  'GET /api/tests/:id/results': [s(() => `/api/tests/${ids.test}/results`, 200)],
  // OMR sheets (issue 76): a blank sheet; a key refused (400: F is no option) after the permission check; no scans yet.
  'GET /api/tests/:id/omr-sheet.pdf': [s(() => `/api/tests/${ids.test}/omr-sheet.pdf?pattern=custom&questions=10&options=4`, 200)],
  'GET /api/tests/:id/answer-key': [s(() => `/api/tests/${ids.test}/answer-key`, 200)],
  'PUT /api/tests/:id/answer-key': [s(() => `/api/tests/${ids.test}/answer-key`, 400, { body: { answers: ['A', 'E'], options: 4 } })],
  // A test not linked to an online test: refused (400) after the permission check.
  'POST /api/tests/:id/answer-key/from-online-test': [s(() => `/api/tests/${ids.test}/answer-key/from-online-test`, 400, { body: {} })],
  'GET /api/tests/:id/omr-scans': [s(() => `/api/tests/${ids.test}/omr-scans`, 200)],
  'POST /api/tests/:id/omr-scans': [s(() => `/api/tests/${ids.test}/omr-scans`, 400, { body: {} })],
  'PUT /api/tests/:id/omr-scans/:studentId/answers/:question': [s(() => `/api/tests/${ids.test}/omr-scans/${ids.student}/answers/1`, 404, { body: { answer: 'A' } })],
  'GET /api/tests/:id/omr-scans/:studentId/photo': [s(() => `/api/tests/${ids.test}/omr-scans/${ids.student}/photo`, 404)],
  'GET /api/students/:id/tests': [s(() => `/api/students/${ids.student}/tests`, 200)],
  'GET /api/student/tests': [s(() => '/api/student/tests', 200)],
  'GET /api/parent/children/:studentId/tests': [s(() => `/api/parent/children/${ids.student}/tests`, 200)],
  'GET /api/students/:id/report-card.pdf': [s(() => `/api/students/${ids.student}/report-card.pdf`, 200)],
  'POST /api/batches/:id/report-cards/mail': [s(() => `/api/batches/${UNKNOWN}/report-cards/mail`, 404, { body: {} })],
  'GET /api/batches/:id/remarks': [s(() => `/api/batches/${ids.batch}/remarks`, 200)],
  'PUT /api/batches/:id/students/:studentId/remark': [s(() => `/api/batches/${ids.batch}/students/${ids.student}/remark`, 200, { body: { remark: 'Matrix remark' } })],
  // Parents: the office links them (an unknown student → 404, an empty body → 400); a parent reads their own children.
  'GET /api/parents': [s(() => '/api/parents?search=a', 200)],
  'GET /api/students/:id/parents': [s(() => `/api/students/${ids.student}/parents`, 200)],
  'POST /api/students/:id/parents': [s(() => `/api/students/${ids.student}/parents`, 400, { body: {} })],
  'DELETE /api/students/:id/parents/:parentId': [s(() => `/api/students/${UNKNOWN}/parents/${ids.parent}`, 404)],
  'GET /api/parent/children': [s(() => '/api/parent/children', 200)],
  'GET /api/admin/absence-alerts': [s(() => '/api/admin/absence-alerts?date=2026-01-05', 200), s(() => '/api/admin/absence-alerts?date=2026-01-05&kind=all', 200)],
  'POST /api/admin/absence-alerts/:id/retry': [s(() => `/api/admin/absence-alerts/${UNKNOWN}/retry`, 404)],
  'GET /api/admin/messages': [s(() => '/api/admin/messages?date=2026-01-05', 200)],
  'POST /api/admin/messages/:id/retry': [s(() => `/api/admin/messages/${UNKNOWN}/retry`, 404)],
  'POST /api/admin/messages/:id/send-now': [s(() => `/api/admin/messages/${UNKNOWN}/send-now`, 404)],
  'PUT /api/parents/:id/channel': [s(() => `/api/parents/${UNKNOWN}/channel`, 400, { body: {} })],
  'GET /api/admin/settings/messaging': [s(() => '/api/admin/settings/messaging', 200)],
  'PUT /api/admin/settings/messaging': [s(() => '/api/admin/settings/messaging', 400, { body: { fallbackMinutes: 0 } })],
  // A new MSG91 delivery-report token: harmless here (no provider is set up).
  'POST /api/admin/settings/messaging/msg91-webhook-token': [s(() => '/api/admin/settings/messaging/msg91-webhook-token', 200)],
  'GET /api/admin/settings/payments': [s(() => '/api/admin/settings/payments', 200)],
  'PUT /api/admin/settings/payments': [s(() => '/api/admin/settings/payments', 400, { body: {} })],
  // The brand and the academy's own app (issue 78): not a form / an empty body is 400 once the caller is allowed;
  // no app set in the matrix's academy, so no Bubblewrap configuration (409); no logo, so no picture (404).
  'PUT /api/admin/settings/brand': [s(() => '/api/admin/settings/brand', 400, { body: {} })],
  'GET /api/admin/settings/app': [s(() => '/api/admin/settings/app', 200)],
  'PUT /api/admin/settings/app': [s(() => '/api/admin/settings/app', 400, { body: {} })],
  'GET /api/admin/settings/app/twa-manifest.json': [s(() => '/api/admin/settings/app/twa-manifest.json', 409)],
  'GET /api/public/brand/:file': [s(() => '/api/public/brand/logo.png', 404)],
  'GET /.well-known/assetlinks.json': [s(() => '/.well-known/assetlinks.json', 200)],
  'GET /api/admin/settings/tax': [s(() => '/api/admin/settings/tax', 200)],
  'PUT /api/admin/settings/tax': [s(() => '/api/admin/settings/tax', 400, { body: {} })],
  // The providers' callbacks answer everyone alike: refused without the verify token, signature or token.
  'GET /api/webhooks/whatsapp': [s(() => '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1', 403)],
  'POST /api/webhooks/whatsapp': [s(() => '/api/webhooks/whatsapp', 401, { body: {} })],
  'POST /api/webhooks/msg91': [s(() => '/api/webhooks/msg91?token=x', 401, { body: {} })],
  // Web Push: parents and students, each their own browser's subscription (an endpoint of none: nothing removed).
  'GET /api/push/public-key': [s(() => '/api/push/public-key', 200)],
  'POST /api/push/subscriptions': [s(() => '/api/push/subscriptions', 400, { body: {} })],
  'DELETE /api/push/subscriptions': [s(() => '/api/push/subscriptions', 200, { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/none' } })],
  'POST /api/push/received': [s(() => '/api/push/received', 200, { body: { messageId: UNKNOWN } })],
  'GET /api/parent/children/:studentId/attendance': [s(() => `/api/parent/children/${ids.student}/attendance`, 200)],
  'GET /api/parent/children/:studentId/schedule': [s(() => `/api/parent/children/${ids.student}/schedule`, 200)],
};

const ROLE_OF: Record<Exclude<Who, 'anonymous'>, Role> = {
  student: 'student',
  otherStudent: 'student',
  teacher: 'teacher',
  otherTeacher: 'teacher',
  parent: 'parent',
  otherParent: 'parent',
  admin: 'admin',
};

/** The expected answers, derived from the route's rule (see the comment at the top). */
function expectedAnswers(rule: RouteRule, sample: Sample): Expect {
  const result = {} as Expect;
  for (const who of WHO) {
    if (who === 'anonymous') {
      // own(ANYONE): anyone may open a public record; any other needs a session first.
      result[who] = rule.allow !== 'anyone' ? 401 : rule.ownRecord && !sample.publicRecord ? 401 : sample.ok;
      continue;
    }
    const role = ROLE_OF[who];
    // The operator's routes know no academy role: without the operator's own session, 401.
    if (rule.allow === 'operator') result[who] = 401;
    else if (!allows(rule, role)) result[who] = 403;
    else if (rule.ownRecord && role !== 'admin' && who.startsWith('other') && !sample.publicRecord && !sample.eachOwn) result[who] = 404;
    else result[who] = sample.answers?.[who] ?? sample.ok;
  }
  return result;
}

describe('access matrix (generated from the policy table)', () => {
  it('has a rule and a sample for every registered route, and no rule for a route that does not exist', () => {
    const registered = [...registeredRoutes].sort();
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((key) => !ROUTE_RULES[key])).toEqual([]);
    expect(registered.filter((key) => !SAMPLES[key]), 'routes without a sample in this file').toEqual([]);
    expect(Object.keys(ROUTE_RULES).filter((key) => !registeredRoutes.has(key)), 'rules for routes that do not exist').toEqual([]);
  });

  for (const key of Object.keys(SAMPLES)) {
    const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
    SAMPLES[key]!.forEach((sample, index) => {
      it(`${key}${index ? ` (${index + 1})` : ''}`, async () => {
        const rule = ROUTE_RULES[key];
        expect(rule, `no rule for ${key}`).toBeDefined();
        const actual: Partial<Expect> = {};
        const undocumented: string[] = [];
        for (const [n, who] of WHO.entries()) {
          const cookie = sample.freshSession && emails[who] ? await loginAs(t.app, emails[who]) : cookies[who];
          const response = await t.app.inject({
            method,
            url: sample.url(),
            // Each caller from its own address, so per-address rate limits never mix callers.
            remoteAddress: `10.0.0.${n + 1}`,
            headers: cookie ? { cookie } : {},
            ...(sample.body ? { payload: typeof sample.body === 'function' ? sample.body() : sample.body } : {}),
          });
          actual[who] = response.statusCode;
          // The answer as the OpenAPI document says it (status, media type, and a JSON body's schema, by ajv).
          undocumented.push(...checkAnswerAgainstDocument(document, key, response).map((problem) => `${who}: ${problem}`));
          // A provider's callback answers 401 for a bad signature or token: a proof missing, not a session.
          if (response.statusCode === 401 && !key.includes('/api/webhooks/')) expect(response.json()).toEqual({ success: false, message: 'Please sign in to continue' });
          if (response.statusCode === 403) expect(response.json().success).toBe(false);
        }
        expect(actual).toEqual(expectedAnswers(rule!, sample));
        expect(undocumented, 'answers the OpenAPI document does not describe').toEqual([]);
      });
    });
  }

  it('has an OpenAPI document a client can rely on: error answers, nullable enums with null, the session cookie, file types, webhook bodies', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation: operation as Operation })));
    expect(operations.length).toBeGreaterThan(100);
    const envelope = (status: string) => ({ key, operation }: { key: string; operation: Operation }) => {
      const schema = operation.responses?.[status]?.content?.['application/json']?.schema as { required?: string[] } | undefined;
      return schema?.required?.includes('message') ? null : key;
    };
    // Every operation documents its failures in the envelope; the database's 503 can happen anywhere.
    expect(operations.map(envelope('503')).filter(Boolean)).toEqual([]);
    expect(document.components?.securitySchemes?.cookieAuth).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }));
    for (const { key, operation } of operations) {
      const url = key.split(' ')[1]!.replace(/\{([^}]+)\}/g, ':$1');
      const rule = ROUTE_RULES[`${key.split(' ')[0]} ${url}`];
      if (!rule) continue;
      // Routes that need a session say so (cookieAuth) and document 401; public ones need nothing.
      expect(operation.security, key).toEqual(rule.allow === 'anyone' ? undefined : rule.allow === 'operator' ? [{ operatorCookieAuth: [] }] : [{ cookieAuth: [] }]);
      if (rule.allow !== 'anyone') expect(operation.responses?.['401'], key).toBeDefined();
      if (Array.isArray(rule.allow)) expect(operation.responses?.['403'], key).toBeDefined();
      // Every success answer says what it is: JSON with a schema, or a file with its media type.
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (status.startsWith('2')) expect(Object.keys(answer.content ?? {}).length, `${key} ${status}`).toBeGreaterThan(0);
      }
    }
    // No `nullable: true` enum without null (ajv refuses `board: null` otherwise).
    const lacking: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${where}/${index}`));
      if (node === null || typeof node !== 'object') return;
      const schema = node as { nullable?: boolean; enum?: unknown[] };
      if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) lacking.push(where);
      for (const [name, child] of Object.entries(node)) if (name !== 'enum') walk(child, `${where}/${name}`);
    };
    walk(document.paths, '');
    expect(lacking).toEqual([]);
    const media = (key: string, path: string) => Object.keys(document.paths[path]?.[key]?.responses?.['200']?.content ?? {});
    expect(media('get', '/api/receipts/{id}/pdf')).toEqual(['application/pdf']);
    expect(media('get', '/api/student/schedule.ics')).toEqual(['text/calendar']);
    expect(media('get', '/api/exports/academy.xlsx')).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(media('get', '/api/dues/{id}/upi-qr.svg')).toEqual(['image/svg+xml']);
    expect(media('get', '/robots.txt')).toEqual(['text/plain']);
    expect(media('get', '/sitemap.xml')).toEqual(['application/xml']);
    const body = (path: string) => (document.paths[path]?.post as { requestBody?: { content?: Record<string, unknown> } } | undefined)?.requestBody?.content ?? {};
    expect(Object.keys(body('/api/webhooks/whatsapp'))).toEqual(['application/json']);
    expect(Object.keys(body('/api/webhooks/msg91')).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    const amount = (body('/api/students/{id}/payments')['application/json'] as { schema: { properties: { amount: object } } }).schema.properties.amount;
    expect(amount).toMatchObject({ anyOf: [{ type: 'number' }, { type: 'string' }] });
  });

  it('documents the sign-ins’ commonest answer, 401 for a wrong password (issue 71)', async () => {
    const wrong = { email: 'nobody@example.in', password: 'not-the-password-1' };
    for (const url of ['/api/auth/login', '/api/operator/login']) {
      const response = await t.app.inject({ method: 'POST', url, payload: wrong });
      expect(response.statusCode, url).toBe(401);
      expect(checkAnswerAgainstDocument(document, `POST ${url}`, response)).toEqual([]);
    }
  });

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
    expect((await own('parent', '/api/parent/children')).map((c: { _id: string }) => c._id)).toEqual([ids.student]);
    expect((await own('otherParent', '/api/parent/children')).map((c: { _id: string }) => c._id)).not.toContain(ids.student);
    expect((await own('parent', '/api/notes/batch/' + ids.batch)).notes.map((n: { _id: string }) => n._id)).toContain(ids.note);
  });
});

describe("across academies (issue 55): academy B's people never reach academy A's records", () => {
  const recordIds = () => Object.values(ids).filter((value) => /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(value));
  // A record named in the address's path (a filter in its query string, `?subject=`, only narrows a list).
  const namesARecord = (url: string) => {
    const path = url.split('?')[0]!;
    return recordIds().some((id) => path.includes(id)) || path.includes(ids.questionImage);
  };

  for (const key of Object.keys(SAMPLES)) {
    // The platform's own routes live at the base address, not an academy's.
    if (key.includes(' /api/academies') || key.includes(' /api/operator')) continue;
    const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
    SAMPLES[key]!.forEach((sample, index) => {
      it(`${key}${index ? ` (${index + 1})` : ''}`, async () => {
        const rule = ROUTE_RULES[key]!;
        const url = sample.url();
        const leaks: string[] = [];
        const wrong: string[] = [];
        const callers: [string, string | undefined, Role | undefined][] = [
          ...OTHER_WHO.map((who): [string, string | undefined, Role | undefined] => [who, otherCookies[who], who === 'anonymous' ? undefined : (who as Role)]),
          // A's admin's own cookie shown at B's address: no session there (sessions are an academy's rows).
          ['A admin at B', cookies.admin, undefined],
        ];
        for (const [n, [who, savedCookie, role]] of callers.entries()) {
          const cookie = sample.freshSession && role ? await loginAt(many.app, B_HOST, otherEmails[who as OtherWho]!) : savedCookie;
          const response = await many.app.inject({
            method,
            url,
            remoteAddress: `10.0.1.${n + 1}`,
            headers: { host: B_HOST, ...(cookie ? { cookie } : {}) },
            ...(sample.body ? { payload: typeof sample.body === 'function' ? sample.body() : sample.body } : {}),
          });
          const status = response.statusCode;
          // Nothing of A's in any answer: none of its records' ids, none of its people's addresses.
          const body = response.body;
          for (const value of [...recordIds(), ...Object.values(emails)]) if (value && body.includes(value)) leaks.push(`${who}: ${value}`);
          let expected: number[];
          // Anyone may open a public record: A's, at B's address, is no record (404), or one that needs a session (401).
          if (!role) expected = rule.allow === 'anyone' ? (namesARecord(url) ? [404, 400, 401] : [status]) : [401];
          else if (!allows(rule, role)) expected = [403];
          else expected = namesARecord(url) ? [404, 400] : [status];
          if (status >= 500 || !expected.includes(status)) wrong.push(`${who}: ${status} (expected ${expected.join(' or ')})`);
        }
        expect(wrong).toEqual([]);
        expect(leaks).toEqual([]);
      });
    });
  }

  it("A's records and people are still A's at A's own address", async () => {
    const response = await many.app.inject({ method: 'GET', url: `/api/students/${ids.student}`, headers: { host: 'main.localhost', cookie: await loginAt(many.app, 'main.localhost', emails.admin!) } });
    expect(response.statusCode).toBe(200);
    expect(FIRST_ACADEMY_ID).not.toBe(B_ACADEMY_ID);
  });
});
