import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, buildTwoClasses, buildUser, loginAll, TEST_PASSWORD } from '../../../test/factories';
import { withTwoAcademies } from '../../../test/second-academy';
import { multipart, type MultipartField } from '../../../test/multipart';
import { auditLog, homework, notifications } from '../../db/schema';
import { withAcademy } from '../../lib/tenancy';
import { buildSimplePdf } from '../../lib/simple-pdf';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import { homeworkFileTypeOf } from './homework-files';

let t: TestApp;
const cookies = { teacher: '', otherTeacher: '', student: '', classmate: '', otherStudent: '', parent: '', admin: '' };
const ids = { batch: '', otherBatch: '', student: '', classmate: '', otherStudent: '' };
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const PDF = buildSimplePdf([{ heading: 'Worksheet', lines: ['1. Solve 2x + 3 = 7.'] }]);
const page = (name: string, content: Buffer = JPEG, contentType = 'image/jpeg'): MultipartField => ({ filename: name, content, contentType });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const { teacher, otherTeacher, student, classmate, otherStudent, batch, otherBatch } = await buildTwoClasses(db);
  Object.assign(ids, { batch: batch.id, otherBatch: otherBatch.id, student: student.id, classmate: classmate.id, otherStudent: otherStudent.id });
  const parent = await buildParent(db, { studentIds: [student.id] });
  const admin = await buildUser(db, { role: 'admin' });
  Object.assign(cookies, await loginAll(t.app, { teacher, otherTeacher, student, classmate, otherStudent, parent, admin }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const upload = (url: string, cookie: string, fields: Record<string, MultipartField | MultipartField[]>) => {
  const body = multipart(fields);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
};
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

async function setHomework(overrides: Partial<{ title: string; dueAt: string; handIn: boolean }> = {}, cookie = cookies.teacher, batch = ids.batch) {
  const response = await call('POST', `/api/batches/${batch}/homework`, cookie, {
    title: 'Quadratic equations',
    instructions: 'Solve $x^2 - 5x + 6 = 0$ and exercise 4.2, questions 1 to 5.',
    dueAt: inHours(24),
    handIn: true,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; title: string };
}

describe('setting homework', () => {
  it('sets it on the batch, tells its students, and records it', async () => {
    const work = await setHomework();
    expect(work).toMatchObject({ title: 'Quadratic equations', handIn: true, batch: { _id: ids.batch }, attachments: [], submission: null });
    // The students are told through the event `homework.set`, which the notifications module handles.
    const toldOf = () => t.database.db.select().from(notifications).where(eq(notifications.homeworkId, work._id));
    expect(await toldOf()).toEqual([]);
    while ((await t.app.jobs.runDue()) > 0);
    const told = await toldOf();
    expect(told.map((row) => row.studentId).sort()).toEqual([ids.student, ids.classmate].sort());
    expect(told[0]!.message).toBe('New homework: Quadratic equations');
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'homework'), eq(auditLog.entityId, work._id)));
    expect(entry?.summary).toBe('Set homework "Quadratic equations"');
  });

  it('refuses bad input in words, another teacher\'s batch (404) and a student (403)', async () => {
    const bad = await call('POST', `/api/batches/${ids.batch}/homework`, cookies.teacher, { title: '', dueAt: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ title: 'Title is required', dueAt: 'Give the due date and time' });
    // A Marathi reader reads it in Marathi (the reply hook words every message).
    expect(translateServerMessage(bad.json().errors.dueAt, 'mr')).toBe('देय तारीख आणि वेळ द्या');
    expect((await call('POST', `/api/batches/${ids.otherBatch}/homework`, cookies.teacher, { title: 'x', dueAt: inHours(1) })).statusCode).toBe(404);
    expect((await call('POST', `/api/batches/${ids.batch}/homework`, cookies.student, { title: 'x', dueAt: inHours(1) })).statusCode).toBe(403);
    // The admin sets homework on any batch.
    await setHomework({ title: 'From the office' }, cookies.admin);
  });

  it('adds PDF and picture attachments the batch can open, refusing other files', async () => {
    const work = await setHomework({ title: 'With a sheet' });
    const added = await upload(`/api/homework/${work._id}/attachments`, cookies.teacher, { files: [page('sheet.pdf', PDF, 'application/pdf'), page('figure.png', PNG, 'image/png')] });
    expect(added.statusCode, added.body).toBe(201);
    const attachments = added.json().data.attachments as { url: string; contentType: string; fileName: string }[];
    expect(attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      ['sheet.pdf', 'application/pdf'],
      ['figure.png', 'image/png'],
    ]);
    const opened = await call('GET', attachments[0]!.url, cookies.student);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect((await call('GET', attachments[0]!.url, cookies.otherStudent)).statusCode).toBe(404);
    const refused = await upload(`/api/homework/${work._id}/attachments`, cookies.teacher, { files: page('virus.exe', Buffer.from('MZ not a page'), 'application/octet-stream') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Each page must be a PDF or a picture (JPEG, PNG or WebP)');
    expect((await upload(`/api/homework/${work._id}/attachments`, cookies.otherTeacher, { files: page('sheet.pdf', PDF) })).statusCode).toBe(404);
  });
});

describe('handing in and checking', () => {
  it('a student hands in several pages; the teacher sees who did; redo goes back and done closes it', async () => {
    const work = await setHomework({ title: 'Pages in order' });
    const pending = (await call('GET', '/api/student/homework', cookies.student)).json().data.homework;
    expect(pending.find((item: { _id: string }) => item._id === work._id)).toMatchObject({ title: 'Pages in order', status: 'pending' });

    const handed = await upload(`/api/homework/${work._id}/submissions`, cookies.student, { pages: [page('1.jpg'), page('2.jpg'), page('3.png', PNG, 'image/png')] });
    expect(handed.statusCode, handed.body).toBe(201);
    const submission = handed.json().data;
    expect(submission).toMatchObject({ status: 'submitted', late: false });
    expect(submission.pages.map((p: { contentType: string }) => p.contentType)).toEqual(['image/jpeg', 'image/jpeg', 'image/png']);
    // The student and their parent open the pages; a classmate and another teacher do not.
    const pageUrl = submission.pages[0].url as string;
    expect((await call('GET', pageUrl, cookies.student)).statusCode).toBe(200);
    expect((await call('GET', pageUrl, cookies.parent)).statusCode).toBe(200);
    expect((await call('GET', pageUrl, cookies.teacher)).statusCode).toBe(200);
    expect((await call('GET', pageUrl, cookies.classmate)).statusCode).toBe(404);
    expect((await call('GET', pageUrl, cookies.otherTeacher)).statusCode).toBe(404);

    const list = await call('GET', `/api/homework/${work._id}/submissions`, cookies.teacher);
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.submissions as { student: { _id: string; name: string }; submission: { _id: string } | null }[];
    expect(rows.map((row) => [row.student.name, row.submission ? 'handed in' : 'not yet'])).toEqual([
      ['Asha Patil', 'handed in'],
      ['Bhavesh Kale', 'not yet'],
    ]);
    expect((await call('GET', `/api/homework/${work._id}/submissions`, cookies.otherTeacher)).statusCode).toBe(404);
    expect((await call('GET', `/api/homework/${work._id}/submissions`, cookies.student)).statusCode).toBe(403);

    const redo = await call('PUT', `/api/homework-submissions/${submission._id}/review`, cookies.teacher, { status: 'redo', comment: 'Show the factorisation step.' });
    expect(redo.statusCode, redo.body).toBe(200);
    expect(redo.json().data).toMatchObject({ status: 'redo', comment: 'Show the factorisation step.', marks: null });
    const seenByParent = (await call('GET', `/api/parent/children/${ids.student}/homework`, cookies.parent)).json().data.homework;
    expect(seenByParent.find((item: { _id: string }) => item._id === work._id)).toMatchObject({ status: 'redo', comment: 'Show the factorisation step.' });

    // Handed in again: the new pages replace the old (whose files are removed).
    const again = await upload(`/api/homework/${work._id}/submissions`, cookies.student, { pages: [page('1-again.jpg')] });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ _id: submission._id, status: 'submitted' });
    expect(again.json().data.pages).toHaveLength(1);
    expect((await call('GET', pageUrl, cookies.student)).statusCode).toBe(404);

    const done = await call('PUT', `/api/homework-submissions/${submission._id}/review`, cookies.teacher, { status: 'done', comment: 'Good', marks: 9.5 });
    expect(done.json().data).toMatchObject({ status: 'done', marks: 9.5 });
    expect((await upload(`/api/homework/${work._id}/submissions`, cookies.student, { pages: [page('late.jpg')] })).statusCode).toBe(409);
    expect((await call('PUT', `/api/homework-submissions/${submission._id}/review`, cookies.otherTeacher, { status: 'done' })).statusCode).toBe(404);
    const badReview = await call('PUT', `/api/homework-submissions/${submission._id}/review`, cookies.teacher, { status: 'great' });
    expect(badReview.statusCode).toBe(400);
    expect(badReview.json().message).toBe('Status must be done or redo');

    const counts = (await call('GET', `/api/batches/${ids.batch}/homework`, cookies.teacher)).json().data.homework;
    expect(counts.find((item: { _id: string }) => item._id === work._id)).toMatchObject({ students: 2, handedIn: 1, late: 0, checked: 1 });
    // The batch's record: Asha handed this one in on time (not due yet, so not counted as due).
    const record = (await call('GET', `/api/batches/${ids.batch}/homework`, cookies.teacher)).json().data.record as { student: { name: string }; handedIn: number; onTime: number }[];
    expect(record.find((row) => row.student.name === 'Asha Patil')).toMatchObject({ handedIn: 1, onTime: 1 });
  });

  it('marks a hand-in after the due time late, and unsubmitted past-due homework late in the lists', async () => {
    const work = await setHomework({ title: 'Yesterday\'s', dueAt: inHours(-2) });
    const before = (await call('GET', '/api/student/homework', cookies.classmate)).json().data.homework;
    expect(before.find((item: { _id: string }) => item._id === work._id)).toMatchObject({ status: 'late' });
    const handed = await upload(`/api/homework/${work._id}/submissions`, cookies.classmate, { pages: page('page.pdf', PDF, 'application/pdf') });
    expect(handed.json().data).toMatchObject({ status: 'submitted', late: true });
  });

  it("a student of another batch gets 404; bad hand-ins are refused in words", async () => {
    const work = await setHomework({ title: 'Not theirs' });
    expect((await call('GET', `/api/homework/${work._id}`, cookies.otherStudent)).statusCode).toBe(404);
    expect((await upload(`/api/homework/${work._id}/submissions`, cookies.otherStudent, { pages: page('1.jpg') })).statusCode).toBe(404);
    expect((await call('GET', `/api/parent/children/${ids.otherStudent}/homework`, cookies.parent)).statusCode).toBe(404);
    // Another batch's homework, opened at its address by someone who may not see it: 404 in words, for every role.
    const elsewhere = await setHomework({ title: 'Another batch' }, cookies.otherTeacher, ids.otherBatch);
    for (const cookie of [cookies.student, cookies.parent, cookies.teacher]) {
      const refused = await call('GET', `/api/homework/${elsewhere._id}`, cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Homework not found');
    }
    expect((await call('GET', `/api/homework/${elsewhere._id}`, cookies.otherStudent)).statusCode).toBe(200);
    const notAnId = await call('GET', '/api/homework/not-an-id', cookies.student);
    expect(notAnId.statusCode).toBe(400);
    const none = await upload(`/api/homework/${work._id}/submissions`, cookies.student, { note: 'no pages' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Add at least one page: a photo or a PDF');
    const notJson = await call('POST', `/api/homework/${work._id}/submissions`, cookies.student, {});
    expect(notJson.statusCode).toBe(400);
    const inClass = await setHomework({ title: 'Done in class', handIn: false });
    expect((await upload(`/api/homework/${inClass._id}/submissions`, cookies.student, { pages: page('1.jpg') })).statusCode).toBe(409);
  });

  it('knows a page by its first bytes', () => {
    expect(homeworkFileTypeOf(PDF)).toBe('pdf');
    expect(homeworkFileTypeOf(PNG)).toBe('png');
    expect(homeworkFileTypeOf(JPEG)).toBe('jpg');
    expect(homeworkFileTypeOf(Buffer.from('<svg/>'))).toBeNull();
  });
});

describe('many academies', () => {
  it("academy B never sees academy A's homework", async () => {
    const A = '00000000-0000-4000-8000-0000000005a1';
    const B = '00000000-0000-4000-8000-0000000005b1';
    await withTwoAcademies([{ id: A, slug: 'hw-a', name: 'A Classes' }, { id: B, slug: 'hw-b', name: 'B Classes' }], async (db, many) => {
      const people: Record<string, { teacher: string; student: string; batch: string }> = {};
      for (const [academy, key] of [[A, 'a'], [B, 'b']] as const) {
        await withAcademy(academy, async () => {
          const teacher = await buildTeacher(db);
          const student = await buildStudent(db);
          const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id] });
          people[key] = { teacher: teacher.user.email, student: student.user.email, batch: batch.id };
        });
      }
      const signIn = async (host: string, email: string) => {
        const response = await many.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host }, payload: { email, password: TEST_PASSWORD } });
        const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
        return `${cookie.name}=${cookie.value}`;
      };
      const teacherA = await signIn('hw-a.localhost', people.a!.teacher);
      const set = await many.app.inject({ method: 'POST', url: `/api/batches/${people.a!.batch}/homework`, headers: { host: 'hw-a.localhost', cookie: teacherA }, payload: { title: 'A only', dueAt: inHours(5) } });
      expect(set.statusCode, set.body).toBe(201);
      const id = set.json().data._id as string;
      const teacherB = await signIn('hw-b.localhost', people.b!.teacher);
      const studentB = await signIn('hw-b.localhost', people.b!.student);
      for (const cookie of [teacherB, studentB]) {
        expect((await many.app.inject({ method: 'GET', url: `/api/homework/${id}`, headers: { host: 'hw-b.localhost', cookie } })).statusCode).toBe(404);
      }
      expect((await many.app.inject({ method: 'GET', url: '/api/student/homework', headers: { host: 'hw-b.localhost', cookie: studentB } })).json().data.homework).toEqual([]);
      // Under row-level security B's context sees no homework row of A's at all.
      expect(await withAcademy(B, () => db.select().from(homework).where(eq(homework.id, id)))).toEqual([]);
      expect(await withAcademy(A, () => db.select({ id: homework.id }).from(homework).where(isNotNull(homework.id)))).toEqual([{ id }]);
    });
  });
});
