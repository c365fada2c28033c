import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_GRACE_SECONDS, ONLINE_TEST_MESSAGES, type Attempt, type AttemptResult, type OnlineTest } from '@academy/shared/schemas/online-tests';
import { jobs, notifications, onlineTestAttempts, onlineTests, parentMessages, questions, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { pdfText, pdfTextAsRead } from '../../../test/pdf-text';
import { buildBatch, buildParent, buildStudent, buildSubject, buildTeacher, buildUser, loginAll, loginAs } from '../../../test/factories';
import { recordClosedTests } from './results.service';
import { submitDueAttempts } from './attempts.service';
import { nextAttemptDeadline, nextTestClosing } from './sweep-times';
import { FIRST_ACADEMY_ID } from '../../lib/tenancy';

/**
 * Online practice tests (issue 40), as the "done when" says: a teacher's five questions (one
 * with a formula, one numeric) in a JEE-style paper for a batch; a student starts it (no answer in any
 * response), answers three right, one wrong, leaves one, loses the connection and reloads, submits and
 * sees 4+4+4−1 = 11 with a rank; a second start and a late save are refused; solutions appear after
 * closing; the scores become the batch's test in "Tests and marks".
 */
let t: TestApp;
const cookie = {} as Record<'admin' | 'teacher' | 'otherTeacher' | 'student' | 'classmate' | 'outsider' | 'parent', string>;
const ids = {} as Record<'subject' | 'batch' | 'otherBatch' | 'student' | 'classmate' | 'outsider' | 'teacher', string>;
/** The five questions: q1 single with a formula, q2 multiple, q3 numeric, q4 single, q5 single. */
const q: { id: string; options: string[]; correct: string[] }[] = [];

const call = async (who: keyof typeof cookie, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: cookie[who] }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function buildQuestion(subjectId: string, input: { type: 'single' | 'multiple' | 'numeric'; text: string; correct?: number[]; answer?: number; chapter?: string; solution?: string }) {
  const options = input.type === 'numeric' ? [] : ['A', 'B', 'C', 'D'].map((text) => ({ id: randomUUID().slice(0, 8), text: `${input.text} option ${text}` }));
  const correct = (input.correct ?? []).map((index) => options[index]!.id);
  const [row] = await t.database.db
    .insert(questions)
    .values({
      subjectId,
      chapter: input.chapter ?? 'Kinematics',
      difficulty: 'medium',
      type: input.type,
      text: input.text,
      options,
      correct,
      answerValue: input.answer ?? null,
      answerTolerance: input.type === 'numeric' ? 0.01 : null,
      solution: input.solution ?? `Solution of ${input.text}`,
      fingerprint: createHash('sha256').update(input.text).digest('hex'),
    })
    .returning();
  q.push({ id: row!.id, options: options.map((option) => option.id), correct });
}

function paper(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    title: 'JEE Main practice 1',
    batches: [ids.batch],
    opensAt: new Date(now - 60_000).toISOString(),
    closesAt: new Date(now + 2 * 3600_000).toISOString(),
    durationMinutes: 60,
    marking: { correct: 4, wrong: -1, unanswered: 0 },
    questions: q.map((question) => question.id),
    shuffle: true,
    ...overrides,
  };
}

beforeAll(async () => {
  t = await buildTestApp(process.env.DEBUG_LOG ? { logger: { level: 'error' } } : {});
  const db = t.database.db;
  const subject = await buildSubject(db, { name: 'Physics' });
  ids.subject = subject.id;
  const teacher = await buildTeacher(db, { subjectIds: [subject.id] });
  const otherTeacher = await buildTeacher(db, { subjectIds: [subject.id] });
  ids.teacher = teacher.id;
  const student = await buildStudent(db, { name: 'Asha Pawar' });
  const classmate = await buildStudent(db, { name: 'Ravi Kale' });
  const outsider = await buildStudent(db, { name: 'Meena Jadhav' });
  Object.assign(ids, { student: student.id, classmate: classmate.id, outsider: outsider.id });
  ids.batch = (await buildBatch(db, { teacherId: teacher.id, subjectId: subject.id, studentIds: [student.id, classmate.id] })).id;
  ids.otherBatch = (await buildBatch(db, { teacherId: otherTeacher.id, subjectId: subject.id, studentIds: [outsider.id] })).id;
  const parent = await buildParent(db, { studentIds: [student.id] });
  Object.assign(cookie, await loginAll(t.app, { admin: await buildUser(db, { role: 'admin' }), teacher, otherTeacher, student, classmate, outsider, parent }));
  await buildQuestion(subject.id, { type: 'single', text: 'If $v = u + at$ with $u = 2$, $a = 3$, $t = 4$, then $v$ is', correct: [1] });
  await buildQuestion(subject.id, { type: 'multiple', text: 'Which are vectors?', correct: [0, 2] });
  await buildQuestion(subject.id, { type: 'numeric', text: 'g on the Earth in m/s²', answer: 9.81 });
  await buildQuestion(subject.id, { type: 'single', text: 'The SI unit of force', correct: [3] });
  await buildQuestion(subject.id, { type: 'single', text: 'The SI unit of power', correct: [0] });
});
afterAll(() => t.close());

/** Nothing a student receives before closing names a right answer or a solution. */
function expectNoAnswers(body: unknown) {
  // The marking scheme ({ correct: 4, wrong: -1 }) is the paper's, not an answer.
  const text = JSON.stringify(body, (key, value: unknown) => (key === 'marking' ? undefined : value));
  for (const key of ['"correct"', '"answer"', '"solution"', '"answerValue"', 'Solution of']) expect(text).not.toContain(key);
}

let testId: string;
let attemptId: string;

describe('online tests', () => {
  it('refuses bad papers with clear messages, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ marking: { correct: 4, wrong: 1, unanswered: 0 } }, 'marking.wrong'],
      [{ closesAt: new Date(Date.now() - 3600_000).toISOString() }, 'closesAt'],
      [{ durationMinutes: 500 }, 'durationMinutes'],
      [{ questions: [] }, 'questions'],
      [{ marking: { correct: 4.25, wrong: -1, unanswered: 0 } }, 'marking.correct'],
      [{ opensAt: 'tomorrow' }, 'opensAt'],
    ];
    for (const [overrides, field] of cases) {
      const response = await call('teacher', 'POST', '/api/online-tests', paper(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors[field], field).toBeTruthy();
    }
    expect([400, 415]).toContain((await call('teacher', 'POST', '/api/online-tests', 'not json')).statusCode);
    // Another teacher's batch, an unknown question, a blueprint the bank cannot fill.
    expect((await call('teacher', 'POST', '/api/online-tests', paper({ batches: [ids.otherBatch] }))).json().message).toBe(ONLINE_TEST_MESSAGES.notYourBatch);
    expect((await call('teacher', 'POST', '/api/online-tests', paper({ questions: [randomUUID()] }))).statusCode).toBe(400);
    const blueprint = await call('teacher', 'POST', '/api/online-tests', paper({ questions: undefined, blueprint: [{ chapter: 'Kinematics', difficulty: 'hard', count: 3 }] }));
    expect(blueprint.statusCode).toBe(400);
    expect(blueprint.json().message).toBe('Not enough questions in the bank for Kinematics (hard): 0 of 3');
    expect((await call('student', 'POST', '/api/online-tests', paper())).statusCode).toBe(403);
    expect((await call('parent', 'GET', '/api/online-tests')).statusCode).toBe(403);
  });

  it('lets each teacher of a shared paper read it, and only the office change it', async () => {
    const shared = await call('admin', 'POST', '/api/online-tests', paper({ title: 'Shared draft', batches: [ids.batch, ids.otherBatch] }));
    expect(shared.statusCode).toBe(201);
    const id = shared.json().data._id as string;
    expect((await call('otherTeacher', 'GET', `/api/online-tests/${id}`)).statusCode).toBe(200);
    expect((await call('otherTeacher', 'GET', `/api/online-tests/${id}/results`)).statusCode).toBe(200);
    expect((await call('otherTeacher', 'POST', `/api/online-tests/${id}/publish`)).statusCode).toBe(404);
    expect((await call('teacher', 'DELETE', `/api/online-tests/${id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/online-tests/${id}`)).statusCode).toBe(200);
  });

  it('lets the teacher set a JEE-style paper and publish it: students are told, parents get a message', async () => {
    const byBlueprint = await call('teacher', 'POST', '/api/online-tests', paper({ title: 'Blueprint draft', questions: undefined, blueprint: [{ chapter: 'kinematics', count: 5 }] }));
    expect(byBlueprint.statusCode).toBe(201);
    expect(byBlueprint.json().data.questionCount).toBe(5);
    expect((await call('teacher', 'DELETE', `/api/online-tests/${byBlueprint.json().data._id}`)).statusCode).toBe(200);

    const created = await call('teacher', 'POST', '/api/online-tests', paper());
    expect(created.statusCode).toBe(201);
    const test = created.json().data as OnlineTest;
    testId = test._id;
    expect(test).toMatchObject({ status: 'draft', phase: 'open', questionCount: 5, maxMarks: 20, marking: { correct: 4, wrong: -1, unanswered: 0 } });
    expect(test.sections).toHaveLength(1);
    // A draft is nobody's to take; another teacher does not see it.
    expect((await call('student', 'POST', `/api/online-tests/${testId}/attempts`)).statusCode).toBe(404);
    expect((await call('otherTeacher', 'GET', `/api/online-tests/${testId}`)).statusCode).toBe(404);

    const published = await call('teacher', 'POST', `/api/online-tests/${testId}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().data.status).toBe('published');
    expect((await call('teacher', 'PUT', `/api/online-tests/${testId}`, paper())).json().message).toBe(ONLINE_TEST_MESSAGES.publishedLocked);
    await t.app.jobs.runDue();
    const told = await t.database.db.select().from(notifications).where(eq(notifications.onlineTestId, testId));
    expect(told.map((row) => row.studentId).sort()).toEqual([ids.student, ids.classmate].sort());
    const messages = await t.database.db.select().from(parentMessages).where(eq(parentMessages.kind, 'online-test'));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]!.text).toContain('JEE Main practice 1');

    const list = (await call('student', 'GET', '/api/online-tests')).json().data.tests;
    expect(list.map((row: { _id: string }) => row._id)).toEqual([testId]);
    expect((await call('outsider', 'GET', '/api/online-tests')).json().data.tests).toEqual([]);
  });

  it('gives the student the paper without any answer, saves answers as chosen and resumes after a reload', async () => {
    const started = await call('student', 'POST', `/api/online-tests/${testId}/attempts`);
    expect(started.statusCode).toBe(201);
    expectNoAnswers(started.json());
    const attempt = started.json().data as Attempt;
    attemptId = attempt._id;
    expect(attempt.questions).toHaveLength(5);
    expect(new Set(attempt.questions.map((question) => question._id))).toEqual(new Set(q.map((question) => question.id)));
    const minutes = (Date.parse(attempt.endsAt) - Date.parse(attempt.startedAt)) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);
    // One attempt each; someone else's batch; another student's attempt.
    expect((await call('student', 'POST', `/api/online-tests/${testId}/attempts`)).json().message).toBe(ONLINE_TEST_MESSAGES.alreadyAttempted);
    expect((await call('outsider', 'POST', `/api/online-tests/${testId}/attempts`)).statusCode).toBe(404);
    expect((await call('classmate', 'GET', `/api/attempts/${attemptId}`)).statusCode).toBe(404);
    expect((await call('teacher', 'GET', `/api/attempts/${attemptId}`)).statusCode).toBe(403);

    // Three right (q1, q2, q3), one wrong (q4), q5 left; q1 answered wrong first, then corrected.
    const [q1, q2, q3, q4] = q;
    const wrongFirst = { questionId: q1!.id, choice: [q1!.options[0]!], timeSpentSeconds: 20, revision: 1 };
    expect((await call('student', 'PUT', `/api/attempts/${attemptId}/answers`, { answers: [wrongFirst] })).statusCode).toBe(200);
    const saves = [
      { questionId: q1!.id, choice: q1!.correct, timeSpentSeconds: 45, revision: 2 },
      { questionId: q2!.id, choice: q2!.correct, timeSpentSeconds: 60, revision: 1, markedForReview: true },
      { questionId: q3!.id, value: 9.8, timeSpentSeconds: 90, revision: 1 },
      { questionId: q4!.id, choice: [q4!.options[0]!], timeSpentSeconds: 30, revision: 1 },
    ];
    const saved = await call('student', 'PUT', `/api/attempts/${attemptId}/answers`, { answers: saves });
    expect(saved.statusCode).toBe(200);
    expectNoAnswers(saved.json());
    // The connection dropped: the phone sends the queue again, the old wrong answer of q1 among it. Nothing changes.
    expect((await call('student', 'PUT', `/api/attempts/${attemptId}/answers`, { answers: [wrongFirst, ...saves] })).statusCode).toBe(200);

    // A reload: the same attempt, its answers, its end.
    const resumed = await call('student', 'GET', `/api/attempts/${attemptId}`);
    expect(resumed.statusCode).toBe(200);
    expectNoAnswers(resumed.json());
    const again = resumed.json().data as Attempt;
    expect(again.endsAt).toBe(attempt.endsAt);
    expect(again.questions.map((question) => question._id)).toEqual(attempt.questions.map((question) => question._id));
    const answers = new Map(again.answers.map((answer) => [answer.questionId, answer]));
    expect(answers.get(q1!.id)).toMatchObject({ choice: q1!.correct, timeSpentSeconds: 45 });
    expect(answers.get(q2!.id)).toMatchObject({ markedForReview: true });
    expect(answers.get(q3!.id)).toMatchObject({ value: 9.8, choice: [] });
  });

  it('refuses answers that do not fit the question', async () => {
    const [q1, q2, q3] = q;
    const bad: [unknown, number][] = [
      [{ answers: [{ questionId: q1!.id, choice: ['nope'] }] }, 400],
      [{ answers: [{ questionId: q1!.id, choice: q1!.options.slice(0, 2) }] }, 400],
      [{ answers: [{ questionId: q3!.id, choice: [q2!.options[0]!] }] }, 400],
      [{ answers: [{ questionId: q2!.id, value: 3 }] }, 400],
      [{ answers: [{ questionId: randomUUID(), choice: [] }] }, 400],
      [{ answers: [] }, 400],
      [{ answers: [{ questionId: q3!.id, value: 'nine' }] }, 400],
    ];
    for (const [payload, status] of bad) expect((await call('student', 'PUT', `/api/attempts/${attemptId}/answers`, payload)).statusCode, JSON.stringify(payload)).toBe(status);
    expect((await call('student', 'GET', `/api/attempts/${attemptId}/result`)).json().message).toBe(ONLINE_TEST_MESSAGES.resultNotYet);

    // The first answer that does not fit is named, with its reason; nothing of that save is kept.
    const before = (await call('student', 'GET', `/api/attempts/${attemptId}`)).json().data as Attempt;
    const named: [unknown[], string, string][] = [
      [[{ questionId: q1!.id, choice: [q1!.options[2]!], revision: 9 }, { questionId: q1!.id, choice: ['nope'] }], 'answers.1.choice', ONLINE_TEST_MESSAGES.notAnOption],
      [[{ questionId: q1!.id, choice: [q1!.options[2]!], revision: 9 }, { questionId: randomUUID() }], 'answers.1.questionId', ONLINE_TEST_MESSAGES.notInPaper],
      [[{ questionId: q3!.id, choice: [q1!.options[0]!] }], 'answers.0.value', ONLINE_TEST_MESSAGES.valueForNumeric],
      [[{ questionId: q2!.id, value: 3 }, { questionId: q1!.id, choice: q1!.options.slice(0, 2) }], 'answers.0.choice', ONLINE_TEST_MESSAGES.notAnOption],
      [[{ questionId: q2!.id, choice: q2!.options.slice(0, 2) }, { questionId: q1!.id, choice: q1!.options.slice(0, 2) }], 'answers.1.choice', ONLINE_TEST_MESSAGES.oneChoice],
    ];
    for (const [answers, field, message] of named) {
      const refused = await call('student', 'PUT', `/api/attempts/${attemptId}/answers`, { answers });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().message, field).toBe(message);
      expect(JSON.stringify(refused.json()), field).toContain(field);
    }
    expect(((await call('student', 'GET', `/api/attempts/${attemptId}`)).json().data as Attempt).answers).toEqual(before.answers);
    // Someone else's attempt is not found, whoever asks; nothing is saved into it.
    for (const who of ['classmate', 'outsider'] as const) {
      expect((await call(who, 'PUT', `/api/attempts/${attemptId}/answers`, { answers: [{ questionId: q1!.id, choice: [q1!.options[2]!], revision: 99 }] })).statusCode, who).toBe(404);
    }
    expect((await call('student', 'PUT', `/api/attempts/${randomUUID()}/answers`, { answers: [{ questionId: q1!.id, choice: [] }] })).statusCode).toBe(404);
    expect(((await call('student', 'GET', `/api/attempts/${attemptId}`)).json().data as Attempt).answers).toEqual(before.answers);
  });

  it('makes a save wait while the attempt is being scored (locked), never slipping in beside the score', async () => {
    const [q1] = q;
    const current = ((await call('student', 'GET', `/api/attempts/${attemptId}`)).json().data as Attempt).answers.find((answer) => answer.questionId === q1!.id)!;
    let settled = false;
    let pending: Promise<{ statusCode: number }> | undefined;
    // As a submit or the deadline job holds it (finalizeAttempt: `for update`), here rolled back without submitting.
    await t.database.db.transaction(async (tx) => {
      // With its academy, as the app locks it (Citus routes a locking read only to one academy's shard).
      await tx.execute(sql`select id from online_test_attempts where academy_id = ${FIRST_ACADEMY_ID} and id = ${attemptId} for update`);
      pending = call('student', 'PUT', `/api/attempts/${attemptId}/answers`, { answers: [{ questionId: q1!.id, choice: current.choice, timeSpentSeconds: current.timeSpentSeconds, revision: current.revision }] });
      void pending.then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(settled).toBe(false);
    });
    expect((await pending!).statusCode).toBe(200);
  });

  it('while the test is open, a submitted attempt shows only that it was received and when the results show; a save after submitting is refused', async () => {
    const submitted = await call('student', 'POST', `/api/attempts/${attemptId}/submit`);
    expect(submitted.statusCode).toBe(200);
    const result = submitted.json().data as AttemptResult;
    // Issue 53: verdicts rebuilt the key; issue 71: so did the score and the counts (a student answering
    // only Q2 read `score=4 correct=1`). Nothing that depends on the key until the results show.
    expect(result).toMatchObject({ score: null, correct: null, wrong: null, unanswered: null, rank: null, outOf: null, percentile: null, subjects: [], chapters: [], questions: [] });
    expect(result.test).toMatchObject({ maxMarks: 20, closed: false, resultsShown: false, resultsAt: result.test.closesAt });
    expect(Date.now() - Date.parse(result.submittedAt)).toBeLessThan(60_000);
    for (const leak of ['"answer"', '"solution"', 'Solution of', '"outcome"']) expect(submitted.body).not.toContain(leak);
    const again = (await call('student', 'GET', `/api/attempts/${attemptId}/result`)).json().data as AttemptResult;
    expect(again).toMatchObject({ score: null, correct: null, rank: null, questions: [] });
    // The list of tests does not carry the score either.
    const listed = (await call('student', 'GET', '/api/online-tests')).json().data.tests.find((row: { _id: string }) => row._id === testId);
    expect(listed.attempt).toMatchObject({ _id: attemptId, score: null });
    expect(listed.attempt.submittedAt).toBe(result.submittedAt);
    // Submitting again answers the same; a save now is refused.
    expect((await call('student', 'POST', `/api/attempts/${attemptId}/submit`)).json().data).toMatchObject({ score: null, submittedAt: result.submittedAt });
    const late = await call('student', 'PUT', `/api/attempts/${attemptId}/answers`, { answers: [{ questionId: q[4]!.id, choice: q[4]!.correct }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ONLINE_TEST_MESSAGES.alreadySubmitted);
  });

  it('refuses a save after the time is up and submits the attempt with what was saved', async () => {
    const started = await call('classmate', 'POST', `/api/online-tests/${testId}/attempts`);
    const id = started.json().data._id as string;
    expect((await call('classmate', 'PUT', `/api/attempts/${id}/answers`, { answers: [{ questionId: q[0]!.id, choice: [q[0]!.options[0]!] }] })).statusCode).toBe(200);
    // The clock ran out two minutes ago (the server's end, plus the grace, is past).
    await t.database.db.update(onlineTestAttempts).set({ endsAt: sql`now() - interval '2 minutes'` }).where(eq(onlineTestAttempts.id, id));
    const late = await call('classmate', 'PUT', `/api/attempts/${id}/answers`, { answers: [{ questionId: q[0]!.id, choice: q[0]!.correct }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ONLINE_TEST_MESSAGES.timeUp);
    expect(await submitDueAttempts(t.database.db)).toBe(1);
    // Scored on the server (the teacher sees it), received for the student while the test is open.
    const result = (await call('classmate', 'GET', `/api/attempts/${id}/result`)).json().data as AttemptResult;
    expect(result).toMatchObject({ score: null, correct: null, rank: null, test: { resultsShown: false } });
    expect((await t.database.db.select().from(onlineTestAttempts).where(eq(onlineTestAttempts.id, id)))[0]).toMatchObject({ scoreHalfMarks: -2, correct: 0, wrong: 1, unanswered: 4 });
  });

  it('ends the grace for saves at the test’s closing: no save once the answer key can be read', async () => {
    const outsiderTest = (await call('teacher', 'POST', '/api/online-tests', paper({ title: 'Closing grace', closesAt: new Date(Date.now() + 3600_000).toISOString() }))).json().data as OnlineTest;
    await call('teacher', 'POST', `/api/online-tests/${outsiderTest._id}/publish`);
    const started = await call('classmate', 'POST', `/api/online-tests/${outsiderTest._id}/attempts`);
    const id = started.json().data._id as string;
    // The test closed two seconds ago, and with it the attempt's time (its end is the closing).
    await t.database.db.update(onlineTests).set({ closesAt: sql`now() - interval '2 seconds'` }).where(eq(onlineTests.id, outsiderTest._id));
    await t.database.db.update(onlineTestAttempts).set({ endsAt: sql`now() - interval '2 seconds'` }).where(eq(onlineTestAttempts.id, id));
    const late = await call('classmate', 'PUT', `/api/attempts/${id}/answers`, { answers: [{ questionId: q[0]!.id, choice: q[0]!.correct }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ONLINE_TEST_MESSAGES.timeUp);
    // Within the grace of an attempt that ended before the closing, a save is still taken.
    await t.database.db.update(onlineTests).set({ closesAt: sql`now() + interval '1 hour'` }).where(eq(onlineTests.id, outsiderTest._id));
    expect((await call('classmate', 'PUT', `/api/attempts/${id}/answers`, { answers: [{ questionId: q[0]!.id, choice: q[0]!.correct }] })).statusCode).toBe(200);
    await t.database.db.delete(onlineTests).where(eq(onlineTests.id, outsiderTest._id));
  });

  it('shows the teacher ranks and each question’s figures, as JSON and a workbook', async () => {
    const results = await call('teacher', 'GET', `/api/online-tests/${testId}/results`);
    expect(results.statusCode).toBe(200);
    const data = results.json().data;
    expect(data.attempts.map((attempt: { name: string; score: number; rank: number }) => [attempt.name, attempt.score, attempt.rank])).toEqual([
      ['Asha Pawar', 11, 1],
      ['Ravi Kale', -1, 2],
    ]);
    const first = data.questions.find((question: { questionId: string }) => question.questionId === q[0]!.id);
    expect(first).toMatchObject({ answered: 2, percentCorrect: 50, discrimination: null });
    // The most missed first.
    expect(data.questions[0].percentCorrect).toBe(0);
    const workbook = await call('teacher', 'GET', `/api/online-tests/${testId}/results.xlsx`);
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-type']).toContain('spreadsheetml');
    expect((await call('otherTeacher', 'GET', `/api/online-tests/${testId}/results`)).statusCode).toBe(404);
    expect((await call('student', 'GET', `/api/online-tests/${testId}/results`)).statusCode).toBe(403);
  });

  it('prints the paper with its formulas typeset, and for staff its answer key with solutions', async () => {
    const paper = await call('teacher', 'GET', `/api/online-tests/${testId}/paper.pdf`);
    expect(paper.statusCode).toBe(200);
    expect(paper.headers['content-type']).toBe('application/pdf');
    expect(paper.headers['content-disposition']).toContain('question-paper-');
    const text = pdfTextAsRead(paper.rawPayload);
    for (const words of ['Question paper', 'JEE Main practice 1', '60 minutes', '+4 for a right answer, −1 for a wrong one, 0 if left', 'Q1.', 'Q5.', 'Which are vectors?', 'One or more options are right.', 'Write the number:', '(D)'])
      expect(text).toContain(words);
    // The formula is drawn; a reader copying the text gets its LaTeX (its ActualText, issue 53), with no $.
    expect(text).toMatch(/If\s+v = u \+ at\s+with\s+u = 2/);
    expect(text).not.toContain('$v');
    // Tagged for screen readers: a structure tree in the paper's language, headings for each question, formulas with their LaTeX.
    const file = paper.rawPayload.toString('latin1');
    for (const mark of ['/MarkInfo', '/StructTreeRoot', '/Lang (en)', '/S /H1', '/S /H3', '/S /P']) expect(file).toContain(mark);
    // nothing on the paper gives an answer away.
    for (const answer of ['Right answer', 'Solution of', '9.81']) expect(text).not.toContain(answer);

    const key = pdfTextAsRead((await call('teacher', 'GET', `/api/online-tests/${testId}/paper.pdf?answers=true`)).rawPayload);
    for (const words of ['Answer key', 'For teachers only', 'Right answer: (B)', 'Right answer: (A), (C)', 'Right answer: 9.81, within 0.01', 'Solution of The SI unit of force']) expect(key).toContain(words);

    // In the reader's language.
    const marathiAdmin = await buildUser(t.database.db, { role: 'admin' });
    await t.database.db.update(users).set({ language: 'mr' }).where(eq(users.id, marathiAdmin.id));
    const marathi = await t.app.inject({ method: 'GET', url: `/api/online-tests/${testId}/paper.pdf`, headers: { cookie: await loginAs(t.app, marathiAdmin.email) } });
    expect(pdfTextAsRead(marathi.rawPayload)).toContain('प्रश्नपत्रिका');

    expect((await call('student', 'GET', `/api/online-tests/${testId}/paper.pdf?answers=true`)).statusCode).toBe(403);
    expect((await call('otherTeacher', 'GET', `/api/online-tests/${testId}/paper.pdf`)).statusCode).toBe(404);
    const bad = await call('teacher', 'GET', `/api/online-tests/${testId}/paper.pdf?answers=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('answers must be true or false');
  });

  it('shows solutions once the test has closed, and records the scores as the batch’s test', async () => {
    await t.database.db.update(onlineTests).set({ opensAt: sql`now() - interval '3 hours'`, closesAt: sql`now() - interval '2 minutes'` }).where(eq(onlineTests.id, testId));
    const result = (await call('student', 'GET', `/api/attempts/${attemptId}/result`)).json().data as AttemptResult;
    expect(result.test).toMatchObject({ closed: true, resultsShown: true });
    expect(result).toMatchObject({ score: 11, correct: 3, wrong: 1, unanswered: 1, rank: 1, outOf: 2, percentile: 100 });
    expect((await call('student', 'GET', '/api/online-tests')).json().data.tests.find((row: { _id: string }) => row._id === testId).attempt.score).toBe(11);
    const first = result.questions.find((question) => question._id === q[0]!.id)!;
    expect(first).toMatchObject({ correctOptions: q[0]!.correct, solution: `Solution of ${'If $v = u + at$ with $u = 2$, $a = 3$, $t = 4$, then $v$ is'}` });
    expect(result.questions.find((question) => question._id === q[2]!.id)).toMatchObject({ answer: { value: 9.81, tolerance: 0.01 } });
    // Closed: each question's verdict and the breakdowns by subject and chapter.
    expect(first).toMatchObject({ outcome: 'correct', marks: 4, timeSpentSeconds: 45 });
    expect(result.chapters).toEqual([{ subject: ids.subject, chapter: 'Kinematics', correct: 3, wrong: 1, unanswered: 1, accuracy: 75 }]);
    expect(result.subjects).toMatchObject([{ score: 11, correct: 3, wrong: 1, unanswered: 1 }]);
    expect((await call('student', 'POST', `/api/online-tests/${testId}/attempts`)).statusCode).toBe(409);

    expect(await recordClosedTests(t.database.db)).toBe(1);
    expect(await recordClosedTests(t.database.db)).toBe(0);
    const own = (await call('student', 'GET', '/api/student/tests')).json().data;
    const recorded = JSON.stringify(own);
    expect(recorded).toContain('JEE Main practice 1');
    // Marks are never negative in tests and marks: the classmate's −1 counts as 0 there.
    const marks = await t.database.db.execute<{ student_id: string; half_marks: number | null; absent: boolean }>(sql`
      select m.student_id, m.half_marks, m.absent from exam_marks m join online_test_batches otb on otb.exam_id = m.exam_id and otb.academy_id = m.academy_id where otb.online_test_id = ${testId}`);
    expect(new Map(marks.rows.map((row) => [row.student_id, row.half_marks]))).toEqual(new Map([[ids.student, 22], [ids.classmate, 0]]));
    // The report card shows it; the parents were told the result (the exam-results-messages job).
    const card = await t.app.inject({ method: 'GET', url: `/api/students/${ids.student}/report-card.pdf`, headers: { cookie: cookie.student } });
    expect(card.statusCode).toBe(200);
    const text = await pdfText(card.rawPayload);
    expect(text).toContain('JEE Main practice 1');
    expect(text).toContain('11');
    await t.app.jobs.runDue();
    expect((await t.database.db.select().from(parentMessages).where(eq(parentMessages.kind, 'results'))).length).toBeGreaterThan(0);
  });

  it('keeps the results until the teacher’s results time, after the closing too; then shows them and records the marks (issue 71)', async () => {
    const closes = Date.now() + 2 * 3600_000;
    const early = await call('teacher', 'POST', '/api/online-tests', paper({ title: 'Results on Monday', resultsAt: new Date(closes - 60_000).toISOString() }));
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.resultsAt).toBe(ONLINE_TEST_MESSAGES.resultsAfterClosing);
    expect((await call('teacher', 'POST', '/api/online-tests', paper({ resultsAt: 'monday' }))).json().errors.resultsAt).toBeTruthy();
    const resultsAt = new Date(closes + 86_400_000).toISOString();
    const created = await call('teacher', 'POST', '/api/online-tests', paper({ title: 'Results on Monday', closesAt: new Date(closes).toISOString(), resultsAt }));
    expect(created.statusCode).toBe(201);
    const test = created.json().data as OnlineTest;
    expect(test.resultsAt).toBe(resultsAt);
    expect((await call('teacher', 'POST', `/api/online-tests/${test._id}/publish`)).statusCode).toBe(200);

    // The probe: only Q2 answered, rightly.
    const id = (await call('classmate', 'POST', `/api/online-tests/${test._id}/attempts`)).json().data._id as string;
    expect((await call('classmate', 'PUT', `/api/attempts/${id}/answers`, { answers: [{ questionId: q[1]!.id, choice: q[1]!.correct, revision: 1 }] })).statusCode).toBe(200);
    const received = (await call('classmate', 'POST', `/api/attempts/${id}/submit`)).json().data as AttemptResult;
    expect(received).toMatchObject({ score: null, correct: null, wrong: null, unanswered: null, questions: [], test: { resultsAt, resultsShown: false } });

    // Closed for everyone, the results time still ahead: still only received; no marks recorded yet.
    await t.database.db.update(onlineTests).set({ opensAt: sql`now() - interval '3 hours'`, closesAt: sql`now() - interval '2 minutes'`, resultsAt: sql`now() + interval '1 hour'` }).where(eq(onlineTests.id, test._id));
    const closed = (await call('classmate', 'GET', `/api/attempts/${id}/result`)).json().data as AttemptResult;
    expect(closed).toMatchObject({ score: null, correct: null, questions: [], test: { closed: true, resultsShown: false } });
    expect((await call('classmate', 'GET', '/api/online-tests')).json().data.tests.find((row: { _id: string }) => row._id === test._id).attempt.score).toBeNull();
    expect(await recordClosedTests(t.database.db)).toBe(0);

    // The results time passed: the score, verdicts and the batch's test.
    await t.database.db.update(onlineTests).set({ resultsAt: sql`now() - interval '2 minutes'` }).where(eq(onlineTests.id, test._id));
    const shown = (await call('classmate', 'GET', `/api/attempts/${id}/result`)).json().data as AttemptResult;
    expect(shown).toMatchObject({ score: 4, correct: 1, wrong: 0, unanswered: 4, test: { resultsShown: true } });
    expect(shown.questions.find((question) => question._id === q[1]!.id)).toMatchObject({ outcome: 'correct', correctOptions: q[1]!.correct });
    expect(await recordClosedTests(t.database.db)).toBe(1);
  });

  it('wakes its two sweeps when a test is published; between tests they sleep until their work is due (decision 115)', async () => {
    const db = t.database.db;
    const SWEEPS = ['online-test-deadlines', 'online-test-closing'];
    // Everything before this test put away: every test closed and recorded, every attempt submitted, no wake-up waiting.
    // (Times worked out here: Citus takes no now() beside a column in an UPDATE.)
    const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
    await db.update(onlineTests).set({
      opensAt: sql`least(opens_at, ${ago(3)}::timestamptz)`,
      closesAt: sql`least(closes_at, ${ago(2)}::timestamptz)`,
      resultsAt: sql`least(results_at, ${ago(2)}::timestamptz)`,
      marksRecordedAt: sql`coalesce(marks_recorded_at, ${ago(0)}::timestamptz)`,
    });
    await db.update(onlineTestAttempts).set({ submittedAt: sql`now()`, submittedBy: 'deadline' }).where(isNull(onlineTestAttempts.submittedAt));
    await db.delete(jobs).where(and(isNull(jobs.everyMs), inArray(jobs.name, SWEEPS)));
    expect(await nextAttemptDeadline(db)).toBeUndefined();
    expect(await nextTestClosing(db)).toBeUndefined();

    const opens = Date.now() + 3600_000;
    const closes = opens + 2 * 3600_000;
    const created = await call('teacher', 'POST', '/api/online-tests', paper({ title: 'Sunday mock', opensAt: new Date(opens).toISOString(), closesAt: new Date(closes).toISOString(), durationMinutes: 30 }));
    const test = created.json().data as OnlineTest;
    // A draft is no work of theirs.
    expect(await nextAttemptDeadline(db)).toBeUndefined();
    expect(await nextTestClosing(db)).toBeUndefined();

    expect((await call('teacher', 'POST', `/api/online-tests/${test._id}/publish`)).statusCode).toBe(200);
    // Published: a run of each queued at its time (the deadline job at the opening, the closing job a minute after the closing).
    const wakeUps = await db.select({ name: jobs.name, runAt: jobs.runAt }).from(jobs).where(and(isNull(jobs.everyMs), inArray(jobs.name, SWEEPS)));
    expect(wakeUps.map((row) => [row.name, row.runAt!.getTime()]).sort()).toEqual([
      ['online-test-closing', closes + 61_000],
      ['online-test-deadlines', opens],
    ]);
    expect((await nextAttemptDeadline(db))?.getTime()).toBe(opens);
    expect((await nextTestClosing(db))?.getTime()).toBe(closes + 61_000);

    // Open: looked at every 30 s (an attempt may start at any moment) …
    await db.update(onlineTests).set({ opensAt: sql`now() - interval '1 minute'` }).where(eq(onlineTests.id, test._id));
    let next = (await nextAttemptDeadline(db))!.getTime();
    expect(next).toBeGreaterThan(Date.now() + 25_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 31_000);
    // … or at an attempt's end, its grace past, when that comes first.
    const attempt = (await call('student', 'POST', `/api/online-tests/${test._id}/attempts`)).json().data._id as string;
    const [ended] = await db.update(onlineTestAttempts).set({ endsAt: sql`now() - interval '20 seconds'` }).where(eq(onlineTestAttempts.id, attempt)).returning();
    next = (await nextAttemptDeadline(db))!.getTime();
    expect(next).toBe(ended!.endsAt.getTime() + (ATTEMPT_GRACE_SECONDS + 1) * 1000);
    expect(await submitDueAttempts(db)).toBe(0);
    await db.update(onlineTestAttempts).set({ endsAt: sql`now() - interval '2 minutes'` }).where(eq(onlineTestAttempts.id, attempt));
    expect(await submitDueAttempts(db)).toBe(1);
  });
});
