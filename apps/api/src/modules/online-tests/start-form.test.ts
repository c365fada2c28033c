import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONLINE_TEST_MESSAGES } from '@academy/shared/schemas/online-tests';
import { eq } from 'drizzle-orm';
import { questions, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildStudent, buildSubject, buildTeacher, loginAll } from '../../../test/factories';

/*
 * A test's Start as a plain HTML form (issue 74, decision 078): posted before the app's code has come, or
 * without it, it starts the attempt through the API's own route, with its rules and messages.
 */

let t: TestApp;
const cookies = { teacher: '', student: '', outsider: '', marathiStudent: '' };
let testId = '';

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const subject = await buildSubject(db, { name: 'Chemistry' });
  const teacher = await buildTeacher(db, { subjectIds: [subject.id] });
  const student = await buildStudent(db, { name: 'Asha Pawar' });
  const marathiStudent = await buildStudent(db, { name: 'Ravi Kale' });
  await db.update(users).set({ language: 'mr' }).where(eq(users.id, marathiStudent.user.id));
  const outsider = await buildStudent(db, { name: 'Meena Jadhav' });
  const batch = await buildBatch(db, { teacherId: teacher.id, subjectId: subject.id, studentIds: [student.id, marathiStudent.id] });
  Object.assign(cookies, await loginAll(t.app, { teacher, student, outsider, marathiStudent }));
  const options = ['A', 'B'].map((text) => ({ id: randomUUID().slice(0, 8), text }));
  const [question] = await db
    .insert(questions)
    .values({ subjectId: subject.id, chapter: 'Moles', difficulty: 'easy', type: 'single', text: 'Avogadro', options, correct: [options[0]!.id], fingerprint: createHash('sha256').update('Avogadro').digest('hex') })
    .returning();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/online-tests',
    headers: { cookie: cookies.teacher },
    payload: {
      title: 'CET mock',
      batches: [batch.id],
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      closesAt: new Date(Date.now() + 3600_000).toISOString(),
      durationMinutes: 30,
      marking: { correct: 4, wrong: -1, unanswered: 0 },
      questions: [question!.id],
      shuffle: false,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  testId = created.json().data._id;
  expect((await t.app.inject({ method: 'POST', url: `/api/online-tests/${testId}/publish`, headers: { cookie: cookies.teacher } })).statusCode).toBe(200);
});
afterAll(() => t.close());

const postStart = (cookie: string, id = testId) =>
  t.app.inject({ method: 'POST', url: `/app/student/online-tests/${id}/start`, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

describe('POST /app/student/online-tests/:testId/start (Start as a plain form)', () => {
  it('starts the attempt through the API route and opens its screen; a second Start is refused with the API’s message', async () => {
    const started = await postStart(cookies.student);
    expect(started.statusCode).toBe(303);
    const list = await t.app.inject({ method: 'GET', url: '/api/online-tests', headers: { cookie: cookies.student } });
    const attempt = (list.json().data.tests as { _id: string; attempt: { _id: string } | null }[]).find((test) => test._id === testId)?.attempt;
    expect(started.headers.location).toBe(`/app/student/online-tests/attempts/${attempt!._id}`);

    const again = await postStart(cookies.student);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.headers['content-type']).toContain('text/html');
    expect(again.body).toContain(ONLINE_TEST_MESSAGES.alreadyAttempted);
    expect(again.body).toContain('href="/app/student/online-tests"');
  });

  it('answers another batch’s test or an unknown one 404 as the API does, in the student’s language', async () => {
    const outsider = await postStart(cookies.outsider);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).toContain('Back to your online tests');
    const unknown = await postStart(cookies.marathiStudent, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('आपल्या ऑनलाइन टेस्टकडे परत');
  });

  it('asks a visitor to sign in, and a teacher is not a student', async () => {
    expect((await postStart('')).statusCode).toBe(401);
    expect((await postStart(cookies.teacher)).statusCode).toBe(403);
  });
});
