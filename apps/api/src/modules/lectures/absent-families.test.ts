import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createTestDatabaseConnection, type TestApp } from '../../../test/build-test-app';
import { buildAcademies, buildBatch, buildParent, buildStudent, buildSubject, buildTeacher, loginAll } from '../../../test/factories';
import { multipart } from '../../../test/multipart';
import { ffmpeg } from '../../../test/media';
import { createDatabase } from '../../db/client';
import { attendanceRecords, lectures, notifications, parentMessages } from '../../db/schema';
import { academyToday } from '../../academy-settings';
import { withAcademy } from '../../lib/tenancy';
import { tellAbsentFamilies } from './absent-families';

/*
 * The absent student's message (issue 75, decision 082): when a lecture becomes ready (the job, after a
 * real upload), the students marked absent in its batch that day are told in their bell and their parents
 * through the family outbox, in the parent's language, once; the present student's family is not told;
 * another academy's lecture tells only that academy's families, and neither academy sees the other's rows.
 */

let t: TestApp;
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000b9';
const ids = { absent: '', present: '', batch: '', absentParent: '', presentParent: '', marathiParent: '', bStudent: '', bLecture: '' };
const cookies = { teacher: '' };
let work: string;

beforeAll(async () => {
  const connection = await createTestDatabaseConnection();
  t = await buildTestApp({ database: createDatabase(connection) });
  const db = t.database.db;
  const teacher = await buildTeacher(db);
  const absent = await buildStudent(db, { name: 'Chetan Jadhav' });
  const present = await buildStudent(db, { name: 'Deepa More' });
  const batch = await buildBatch(db, { teacherId: teacher.id, subjectId: (await buildSubject(db, { name: 'Physics' })).id, studentIds: [absent.id, present.id] });
  const absentParent = await buildParent(db, { name: 'Sunita Jadhav', studentIds: [absent.id] });
  const marathiParent = await buildParent(db, { name: 'Ramesh Jadhav', studentIds: [absent.id], language: 'mr' });
  const presentParent = await buildParent(db, { studentIds: [present.id] });
  Object.assign(ids, { absent: absent.id, present: present.id, batch: batch.id, absentParent: absentParent.id, presentParent: presentParent.id, marathiParent: marathiParent.id });
  Object.assign(cookies, await loginAll(t.app, { teacher }));
  const today = await academyToday(db);
  await db.insert(attendanceRecords).values([
    { batchId: batch.id, studentId: absent.id, date: today, status: 'absent' },
    { batchId: batch.id, studentId: present.id, date: today, status: 'present' },
  ]);
  // Academy B: its own absent student and a ready lecture of that day.
  await buildAcademies(db, { id: B_ACADEMY_ID, slug: 'absent-b', name: 'Absent Academy' });
  await withAcademy(B_ACADEMY_ID, async () => {
    const student = await buildStudent(db, { name: 'Esha Pawar' });
    await buildParent(db, { studentIds: [student.id] });
    const bBatch = await buildBatch(db, { studentIds: [student.id] });
    await db.insert(attendanceRecords).values({ batchId: bBatch.id, studentId: student.id, date: '2026-11-20', status: 'absent' });
    ids.bStudent = student.id;
    ids.bLecture = (await db.insert(lectures).values({ batchId: bBatch.id, date: '2026-11-20', title: 'B class', status: 'ready' }).returning())[0]!.id;
  });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-absent-'));
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=300:duration=3', '-c:a', 'aac', '-b:a', '32k', path.join(work, 'voice.m4a'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('a lecture that becomes ready', () => {
  it('tells the absent student (bell) and their parents (outbox, their language), once; not the present student’s family', async () => {
    const db = t.database.db;
    const today = await academyToday(db);
    const created = await t.app.inject({ method: 'POST', url: `/api/batches/${ids.batch}/lectures`, headers: { cookie: cookies.teacher }, payload: { date: today, title: 'Waves' } });
    expect(created.statusCode, created.body).toBe(201);
    const lectureId = created.json().data._id as string;
    const body = multipart({ file: { filename: 'voice.m4a', content: fs.readFileSync(path.join(work, 'voice.m4a')), contentType: 'audio/mp4' } });
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/lectures/${lectureId}/file`, payload: body.payload, headers: { ...body.headers, cookie: cookies.teacher } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    while ((await t.app.jobs.runDue()) > 0);
    expect((await db.select({ status: lectures.status }).from(lectures).where(eq(lectures.id, lectureId)))[0]!.status).toBe('ready');

    const bell = await db.select().from(notifications).where(eq(notifications.lectureId, lectureId));
    expect(bell.map((row) => [row.studentId, row.message])).toEqual([[ids.absent, "Today's Physics class is recorded: watch it"]]);

    const messages = await db.select().from(parentMessages).where(eq(parentMessages.kind, 'lecture-recorded'));
    const mine = messages.filter((row) => row.key === `lecture-recorded:${lectureId}:${ids.absent}`);
    expect(new Set(mine.map((row) => row.parentId))).toEqual(new Set([ids.absentParent, ids.marathiParent]));
    expect(messages.some((row) => row.parentId === ids.presentParent)).toBe(false);
    const english = mine.find((row) => row.parentId === ids.absentParent)!;
    expect(english.subject).toBe("Today's Physics class is recorded: watch it");
    expect(english.text).toBe("Sunita Jadhav, Chetan Jadhav missed today's Physics class. It is recorded: watch it in the app under Lectures.");
    const marathi = mine.find((row) => row.parentId === ids.marathiParent)!;
    expect(marathi.text).toBe('Ramesh Jadhav, Chetan Jadhav आजच्या Physics च्या वर्गाला गैरहजर होते. तो वर्ग रेकॉर्ड झाला आहे: अ‍ॅपमध्ये लेक्चर्समध्ये तो पाहा.');

    // Told once: a second run (a retried job) queues nothing more.
    const before = messages.length;
    expect(await tellAbsentFamilies(db, lectureId)).toBe(0);
    expect((await db.select().from(parentMessages).where(eq(parentMessages.kind, 'lecture-recorded'))).length).toBe(before);
    expect((await db.select().from(notifications).where(eq(notifications.lectureId, lectureId))).length).toBe(1);
  }, 60_000);

  it('in academy B tells B’s family only (another day’s words), and neither academy sees the other’s messages', async () => {
    const db = t.database.db;
    const queued = await withAcademy(B_ACADEMY_ID, () => tellAbsentFamilies(db, ids.bLecture));
    expect(queued).toBeGreaterThan(0);
    const inB = await withAcademy(B_ACADEMY_ID, () => db.select().from(parentMessages).where(eq(parentMessages.kind, 'lecture-recorded')));
    expect(inB.length).toBe(queued);
    expect(inB.every((row) => row.studentId === ids.bStudent && row.subject.startsWith('The ') && row.subject.endsWith('class of 20-11-2026 is recorded: watch it'))).toBe(true);
    const inA = await db.select().from(parentMessages).where(eq(parentMessages.kind, 'lecture-recorded'));
    expect(inA.some((row) => row.studentId === ids.bStudent)).toBe(false);
    // Academy B's context cannot reach A's lecture: nothing to tell.
    expect(await withAcademy(B_ACADEMY_ID, async () => (await db.select().from(lectures).where(eq(lectures.batchId, ids.batch))).length)).toBe(0);
  });
});
