import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { HOMEWORK_PAGES_KEEP_DAYS } from '@academy/shared/schemas/homework';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildParent, buildUser, loginAll, buildTwoClasses } from '../../../test/factories';
import { multipart } from '../../../test/multipart';
import { auditLog, homework, homeworkFiles, homeworkSubmissions, notifications, parentMessages } from '../../db/schema';
import { removeOldHomeworkPages, sendWeeklyHomeworkSummaries } from './homework-upkeep';

/*
 * Homework's later parts (issue 59): edit and delete, ticks for homework done in class, the academy's
 * choices, the weekly summary to parents and the removal of pages older than a term.
 */
let t: TestApp;
const cookies = { teacher: '', otherTeacher: '', student: '', admin: '' };
const ids = { batch: '', student: '', classmate: '', outsider: '' };
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const { teacher, otherTeacher, student, classmate, otherStudent: outsider, batch } = await buildTwoClasses(db);
  Object.assign(ids, { batch: batch.id, student: student.id, classmate: classmate.id, outsider: outsider.id });
  await buildParent(db, { studentIds: [student.id], language: 'mr', name: 'Sunita Patil' });
  Object.assign(cookies, await loginAll(t.app, { teacher, otherTeacher, student, admin: await buildUser(db, { role: 'admin' }) }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function setHomework(overrides: Partial<{ title: string; dueAt: string; handIn: boolean }> = {}) {
  const response = await call('POST', `/api/batches/${ids.batch}/homework`, cookies.teacher, { title: 'Trigonometry', instructions: 'Prove $\\sin^2 x + \\cos^2 x = 1$.', dueAt: at(DAY), handIn: true, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string };
}

async function handIn(id: string, cookie = cookies.student) {
  const body = multipart({ pages: [{ filename: 'p1.jpg', content: JPEG, contentType: 'image/jpeg' }] });
  const response = await t.app.inject({ method: 'POST', url: `/api/homework/${id}/submissions`, payload: body.payload, headers: { ...body.headers, cookie } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; pages: { _id: string; url: string }[] };
}

describe('editing and deleting homework', () => {
  it('its teacher corrects it (audited); a later due time forgives a late hand-in; another teacher gets 404', async () => {
    const work = await setHomework({ title: 'Trig', dueAt: at(-DAY) });
    const late = await handIn(work._id);
    expect((await call('GET', `/api/homework/${work._id}`, cookies.student)).json().data.submission).toMatchObject({ _id: late._id, late: true });
    const edited = await call('PUT', `/api/homework/${work._id}`, cookies.teacher, { title: 'Trigonometry identities', instructions: 'Prove it.', dueAt: at(2 * DAY), handIn: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: 'Homework saved', data: { title: 'Trigonometry identities', instructions: 'Prove it.' } });
    expect((await call('GET', `/api/homework/${work._id}`, cookies.student)).json().data.submission).toMatchObject({ late: false });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, work._id), eq(auditLog.action, 'homework.update')));
    expect(entry?.summary).toBe('Changed homework "Trigonometry identities"');
    expect(entry?.changes).toMatchObject({ title: { old: 'Trig', new: 'Trigonometry identities' } });
    // Work is handed in: whether it is handed in cannot change, and bad input is worded.
    const locked = await call('PUT', `/api/homework/${work._id}`, cookies.teacher, { title: 'x', dueAt: at(DAY), handIn: false });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('Students have handed in work: whether it is handed in cannot change now');
    const bad = await call('PUT', `/api/homework/${work._id}`, cookies.teacher, { title: '', dueAt: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ title: 'Title is required', dueAt: 'Give the due date and time' });
    expect((await call('PUT', `/api/homework/${work._id}`, cookies.otherTeacher, { title: 'Mine', dueAt: at(DAY) })).statusCode).toBe(404);
    expect((await call('PUT', `/api/homework/${work._id}`, cookies.student, { title: 'Mine', dueAt: at(DAY) })).statusCode).toBe(403);
  });

  it('deletes homework nobody handed in (with its files and notifications), refuses it once work is handed in', async () => {
    const work = await setHomework({ title: 'Set by mistake' });
    const attachment = multipart({ files: [{ filename: 'sheet.jpg', content: JPEG, contentType: 'image/jpeg' }] });
    const added = await t.app.inject({ method: 'POST', url: `/api/homework/${work._id}/attachments`, payload: attachment.payload, headers: { ...attachment.headers, cookie: cookies.teacher } });
    const [file] = await t.database.db.select().from(homeworkFiles).where(eq(homeworkFiles.homeworkId, work._id));
    expect(added.statusCode).toBe(201);
    expect((await call('DELETE', `/api/homework/${work._id}`, cookies.otherTeacher)).statusCode).toBe(404);
    const deleted = await call('DELETE', `/api/homework/${work._id}`, cookies.teacher);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe('Homework deleted');
    expect(await t.storage.exists(file!.fileKey)).toBe(false);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.homeworkId, work._id))).toEqual([]);
    expect((await call('GET', `/api/homework/${work._id}`, cookies.student)).statusCode).toBe(404);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, work._id), eq(auditLog.action, 'homework.delete')));
    expect(entry?.summary).toBe('Deleted homework "Set by mistake"');

    const handedIn = await setHomework({ title: 'Handed in' });
    await handIn(handedIn._id);
    const refused = await call('DELETE', `/api/homework/${handedIn._id}`, cookies.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Students have handed in work for this homework: it cannot be deleted. Change its title or due time instead.');
    expect((await call('GET', `/api/homework/${handedIn._id}`, cookies.student)).statusCode).toBe(200);
  });
});

describe('homework done in class', () => {
  it('the teacher ticks who did it; the student and parent see done; unticking removes it; only the batch\'s students', async () => {
    const work = await setHomework({ title: 'Board work', handIn: false });
    const ticked = await call('PUT', `/api/homework/${work._id}/done-in-class`, cookies.teacher, { studentIds: [ids.student, ids.classmate] });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().message).toBe('Ticks saved');
    const rows = ticked.json().data.submissions as { student: { _id: string }; submission: { status: string; pages: unknown[] } | null }[];
    expect(rows.map((row) => row.submission?.status)).toEqual(['done', 'done']);
    const mine = (await call('GET', '/api/student/homework', cookies.student)).json().data.homework.find((item: { _id: string }) => item._id === work._id);
    expect(mine).toMatchObject({ status: 'done', handIn: false });

    const untick = await call('PUT', `/api/homework/${work._id}/done-in-class`, cookies.teacher, { studentIds: [ids.classmate] });
    const after = untick.json().data.submissions as { student: { _id: string }; submission: { status: string } | null }[];
    expect(after.find((row) => row.student._id === ids.student)?.submission).toBeNull();
    expect(after.find((row) => row.student._id === ids.classmate)?.submission).toMatchObject({ status: 'done' });
    const counts = (await call('GET', `/api/batches/${ids.batch}/homework`, cookies.teacher)).json().data.homework.find((item: { _id: string }) => item._id === work._id);
    expect(counts).toMatchObject({ handedIn: 1, students: 2 });

    const outsider = await call('PUT', `/api/homework/${work._id}/done-in-class`, cookies.teacher, { studentIds: [ids.outsider] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors).toMatchObject({ studentIds: 'Tick only students of this batch' });
    expect((await call('PUT', `/api/homework/${work._id}/done-in-class`, cookies.teacher, { studentIds: ['nobody'] })).statusCode).toBe(400);
    expect((await call('PUT', `/api/homework/${work._id}/done-in-class`, cookies.otherTeacher, { studentIds: [] })).statusCode).toBe(404);
    const handedIn = await setHomework({ title: 'On paper' });
    expect((await call('PUT', `/api/homework/${handedIn._id}/done-in-class`, cookies.teacher, { studentIds: [] })).json().message).toBe('Only homework done in class is ticked off here');
    // Ticked: no longer deletable.
    expect((await call('DELETE', `/api/homework/${work._id}`, cookies.teacher)).statusCode).toBe(409);
  });
});

describe("the academy's choices and its jobs", () => {
  it('the admin turns them on (audited); a teacher may not; bad input is worded', async () => {
    expect((await call('GET', '/api/admin/settings/homework', cookies.admin)).json().data).toEqual({ weeklySummary: false, removeOldPages: false });
    expect((await call('PUT', '/api/admin/settings/homework', cookies.teacher, { weeklySummary: true, removeOldPages: true })).statusCode).toBe(403);
    const bad = await call('PUT', '/api/admin/settings/homework', cookies.admin, { weeklySummary: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ weeklySummary: 'weeklySummary must be true or false' });
    // Off: the jobs do nothing.
    expect(await sendWeeklyHomeworkSummaries(t.database.db, undefined)).toBe(0);
    expect(await removeOldHomeworkPages(t.database.db, t.storage)).toBe(0);
    const saved = await call('PUT', '/api/admin/settings/homework', cookies.admin, { weeklySummary: true, removeOldPages: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Homework settings saved', data: { weeklySummary: true, removeOldPages: true } });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(entry?.summary).toBe('Changed the homework settings');
  });

  it("sends each family the week's summary in the parent's language, once", async () => {
    const db = t.database.db;
    const redo = await setHomework({ title: 'Week redo', dueAt: at(-2 * DAY) });
    const submission = await handIn(redo._id);
    await call('PUT', `/api/homework-submissions/${submission._id}/review`, cookies.teacher, { status: 'redo', comment: 'Neater' });
    await setHomework({ title: 'Week missed', dueAt: at(-DAY) });
    const queued = await sendWeeklyHomeworkSummaries(db, undefined);
    expect(queued).toBeGreaterThan(0);
    const messages = await db.select().from(parentMessages).where(and(eq(parentMessages.kind, 'homework-summary'), eq(parentMessages.studentId, ids.student)));
    expect(messages).toHaveLength(1);
    // The Marathi-reading parent's copy; figures from every homework of Asha's week.
    expect(messages[0]!.subject).toBe('Asha Patil यांचा या आठवड्याचा गृहपाठ');
    expect(messages[0]!.text).toMatch(/^Sunita Patil, Asha Patil यांना या आठवड्यात \d+ गृहपाठ होते: \d+ जमा केले, \d+ उशिरा, 1 पुन्हा करायचे\.$/);
    expect(messages[0]!.payload).toMatchObject({ redo: 1 });
    // Run again the same day: nothing new.
    await sendWeeklyHomeworkSummaries(db, undefined);
    expect(await db.select().from(parentMessages).where(and(eq(parentMessages.kind, 'homework-summary'), eq(parentMessages.studentId, ids.student)))).toHaveLength(1);
  });

  it('removes pages of homework older than a term from the storage; the submission stays with "pages removed"', async () => {
    const db = t.database.db;
    const old = await setHomework({ title: 'Last term' });
    const submission = await handIn(old._id);
    const recent = await setHomework({ title: 'This term' });
    const kept = await handIn(recent._id);
    await db
      .update(homework)
      .set({ dueAt: new Date(Date.now() - (HOMEWORK_PAGES_KEEP_DAYS + 1) * DAY) })
      .where(eq(homework.id, old._id));
    const [page] = await db.select().from(homeworkFiles).where(eq(homeworkFiles.submissionId, submission._id));
    expect(await t.storage.exists(page!.fileKey)).toBe(true);
    expect(await removeOldHomeworkPages(db, t.storage)).toBe(1);
    expect(await t.storage.exists(page!.fileKey)).toBe(false);
    const [row] = await db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, submission._id));
    expect(row?.pagesRemovedAt).toBeInstanceOf(Date);
    const mine = (await call('GET', `/api/homework/${old._id}`, cookies.student)).json().data.submission;
    expect(mine).toMatchObject({ _id: submission._id, pages: [], status: 'submitted' });
    expect(mine.pagesRemovedAt).not.toBeNull();
    expect((await call('GET', submission.pages[0]!.url, cookies.student)).statusCode).toBe(404);
    // This term's pages stay.
    expect((await call('GET', kept.pages[0]!.url, cookies.student)).statusCode).toBe(200);
    expect(await removeOldHomeworkPages(db, t.storage)).toBe(0);
  });
});
