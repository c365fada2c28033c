import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatDateTime } from '@academy/shared/calendar';
import { fromHalfMarks, toHalfMarks } from '@academy/shared/schemas/exams';
import { ONLINE_TEST_MESSAGES, type OnlineTest, type OnlineTestList, type onlineTestInputSchema, type Question } from '@academy/shared/schemas/online-tests';
import type { Db, DbExecutor } from '../../db/client';
import { type Actor } from '../../access/actor';
import { assertManagesTest, assertMaySetTestFor, assertStaff, attemptOwnerOf, onlineTestScope } from '../../access/online-tests';
import { questionScope } from '../../access/questions';
import { queueJob } from '../../events/queue-job';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { getAcademySettings } from '../../academy-settings';
import { shuffled } from './scoring';
import { academySql } from '../../db/same-academy';
import { recordingTimeOf } from './sweep-times';

type OnlineTestInput = z.output<typeof onlineTestInputSchema>;

/*
 * Test papers (issue 40): set by a batch's teacher or the office from the question bank (chosen, or
 * picked by a blueprint of chapters and difficulties), published to the batches' students.
 */

type TestRow = {
  id: string;
  title: string;
  opens_at: Date;
  closes_at: Date;
  results_at: Date | null;
  duration_minutes: number;
  correct_half_marks: number;
  wrong_half_marks: number;
  unanswered_half_marks: number;
  shuffle: boolean;
  published_at: Date | null;
  created_by_id: string | null;
  created_by_name: string | null;
  batches: { _id: string; name: string; teacherId: string | null }[];
  question_count: number;
  attempts: number;
  submitted: number;
  now: Date;
};

/**
 * The test row with its batches and counts, as every answer about a test needs it. Each subquery names the
 * academy as a parameter too: Citus plans a select-list subquery apart and, for a locking statement, reaches
 * one shard only by a constant (decision 053).
 */
const testColumns = () => sql`
  ot.id, ot.title, ot.opens_at, ot.closes_at, ot.results_at, ot.duration_minutes, ot.correct_half_marks, ot.wrong_half_marks,
  ot.unanswered_half_marks, ot.shuffle, ot.published_at, ot.created_by as created_by_id, cu.name as created_by_name, now() as now,
  coalesce((select json_agg(json_build_object('_id', b.id, 'name', b.name, 'teacherId', b.teacher_id) order by b.name)
    from online_test_batches otb join batches b on b.id = otb.batch_id and b.academy_id = otb.academy_id where otb.online_test_id = ot.id and otb.academy_id = ot.academy_id and otb.academy_id = ${academySql()}), '[]'::json) as batches,
  (select count(*)::int from online_test_questions otq where otq.online_test_id = ot.id and otq.academy_id = ot.academy_id and otq.academy_id = ${academySql()}) as question_count,
  (select count(*)::int from online_test_attempts a where a.online_test_id = ot.id and a.academy_id = ot.academy_id and a.academy_id = ${academySql()}) as attempts,
  (select count(*)::int from online_test_attempts a where a.online_test_id = ot.id and a.academy_id = ot.academy_id and a.academy_id = ${academySql()} and a.submitted_at is not null) as submitted`;

export function markingOf(row: Pick<TestRow, 'correct_half_marks' | 'wrong_half_marks' | 'unanswered_half_marks'>) {
  return { correct: fromHalfMarks(row.correct_half_marks), wrong: fromHalfMarks(row.wrong_half_marks), unanswered: fromHalfMarks(row.unanswered_half_marks) };
}

export function halfMarkingOf(row: Pick<TestRow, 'correct_half_marks' | 'wrong_half_marks' | 'unanswered_half_marks'>) {
  return { correct: row.correct_half_marks, wrong: row.wrong_half_marks, unanswered: row.unanswered_half_marks };
}

/**
 * Whether a test `ot`'s students may see their results: at its results time, else its closing for
 * everyone (issue 71). Before, a score or a count tells a student how the questions they answered were
 * marked while others can still answer them. Every student-facing read of a score uses this.
 */
export const RESULTS_SHOWN = sql`(now() >= coalesce(ot.results_at, ot.closes_at))`;

function phaseOf(row: Pick<TestRow, 'opens_at' | 'closes_at' | 'now'>): OnlineTest['phase'] {
  if (row.now < row.opens_at) return 'upcoming';
  return row.now < row.closes_at ? 'open' : 'closed';
}

function toListed(row: TestRow): Omit<OnlineTest, 'sections'> {
  return {
    _id: row.id,
    title: row.title,
    batches: row.batches.map((batch) => ({ _id: batch._id, name: batch.name })),
    opensAt: row.opens_at.toISOString(),
    closesAt: row.closes_at.toISOString(),
    resultsAt: row.results_at?.toISOString() ?? null,
    durationMinutes: row.duration_minutes,
    marking: markingOf(row),
    shuffle: row.shuffle,
    status: row.published_at ? 'published' : 'draft',
    phase: phaseOf(row),
    publishedAt: row.published_at?.toISOString() ?? null,
    questionCount: row.question_count,
    maxMarks: fromHalfMarks(row.question_count * row.correct_half_marks),
    attempts: row.attempts,
    submitted: row.submitted,
    createdBy: row.created_by_id && row.created_by_name ? { _id: row.created_by_id, name: row.created_by_name } : null,
  };
}

/** Raw statements answer timestamps as text: the test's instants as Dates. */
function withDates<T extends Pick<TestRow, 'opens_at' | 'closes_at' | 'results_at' | 'published_at' | 'now'>>(row: T): T {
  return {
    ...row,
    opens_at: new Date(row.opens_at),
    closes_at: new Date(row.closes_at),
    results_at: row.results_at ? new Date(row.results_at) : null,
    published_at: row.published_at ? new Date(row.published_at) : null,
    now: new Date(row.now),
  };
}

/** One test as the actor may see it (404 otherwise), rows as they are now. */
async function testRow(db: DbExecutor, actor: Actor, id: string, lock = false): Promise<TestRow> {
  const scope = onlineTestScope(actor);
  const { rows } = await db.execute<TestRow>(sql`
    select ${testColumns()} from online_tests ot left join users cu on cu.id = ot.created_by and cu.academy_id = ot.academy_id
    where ot.academy_id = ${academySql()} and ot.id = ${id} ${scope ? sql`and ${scope}` : sql``} ${lock ? sql`for update of ot` : sql``}`);
  if (!rows[0]) throw new AppError('NOT_FOUND', ONLINE_TEST_MESSAGES.testNotFound);
  return withDates(rows[0]);
}

/** A test its staff read (the list's rule: one of its batches is the teacher's), else 404. */
export async function staffTestRow(db: DbExecutor, actor: Actor, id: string): Promise<TestRow> {
  assertStaff(actor);
  return testRow(db, actor, id);
}

/** The one test a teacher or the office manages (its batches all theirs), else 404. */
export async function managedTestRow(db: DbExecutor, actor: Actor, id: string, lock = false): Promise<TestRow> {
  const row = await testRow(db, actor, id, lock);
  assertManagesTest(
    actor,
    row.batches.map((batch) => batch.teacherId),
  );
  return row;
}

type QuestionRow = {
  id: string;
  subject_id: string;
  subject_name: string;
  subject_code: string;
  chapter: string;
  topic: string | null;
  difficulty: Question['difficulty'];
  type: Question['type'];
  text: string;
  options: { id: string; text: string }[];
  correct: string[];
  answer_value: number | null;
  answer_tolerance: number | null;
  solution: string | null;
  language: Question['language'];
  created_by_id: string | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
};

/** A question with its answer, as its authors see it (a test's sections, the teacher's results). */
export function toAuthorQuestion(row: QuestionRow): Question {
  return {
    _id: row.id,
    subject: { _id: row.subject_id, name: row.subject_name, code: row.subject_code },
    chapter: row.chapter,
    topic: row.topic,
    difficulty: row.difficulty,
    type: row.type,
    text: row.text,
    options: row.options.map((option) => ({ _id: option.id, text: option.text })),
    correct: row.options.flatMap((option, index) => (row.correct.includes(option.id) ? [index] : [])),
    answer: row.type === 'numeric' && row.answer_value !== null ? { value: row.answer_value, tolerance: row.answer_tolerance ?? 0 } : null,
    solution: row.solution,
    language: row.language,
    duplicateOf: null,
    createdBy: row.created_by_id && row.created_by_name ? { _id: row.created_by_id, name: row.created_by_name } : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** A test's questions in the paper's order, with everything about them (the teacher's view). */
export async function paperQuestions(db: DbExecutor, testId: string): Promise<QuestionRow[]> {
  const { rows } = await db.execute<QuestionRow>(sql`
    select q.id, q.subject_id, s.name as subject_name, s.code as subject_code, q.chapter, q.topic, q.difficulty, q.type, q.text,
      q.options, q.correct, q.answer_value, q.answer_tolerance, q.solution, q.language, q.created_by as created_by_id,
      u.name as created_by_name, q.created_at, q.updated_at
    from online_test_questions otq
    join questions q on q.id = otq.question_id and q.academy_id = otq.academy_id
    join subjects s on s.id = q.subject_id and s.academy_id = q.academy_id
    left join users u on u.id = q.created_by and u.academy_id = q.academy_id
    where otq.academy_id = ${academySql()} and otq.online_test_id = ${testId}
    order by otq.position`);
  return rows;
}

function sectionsOf(questions: QuestionRow[]): OnlineTest['sections'] {
  const sections: OnlineTest['sections'] = [];
  for (const row of questions) {
    const question = toAuthorQuestion(row);
    const last = sections.at(-1);
    if (last && last.subject._id === question.subject._id) last.questions.push(question);
    else sections.push({ subject: question.subject, questions: [question] });
  }
  return sections;
}

/** GET /api/online-tests/{id}: a teacher's (one of its batches theirs) or the office's test with its questions and answers. */
export async function getOnlineTest(db: DbExecutor, actor: Actor, id: string): Promise<OnlineTest> {
  const row = await staffTestRow(db, actor, id);
  return { ...toListed(row), sections: sectionsOf(await paperQuestions(db, id)) };
}

/** GET /api/online-tests: newest first; a student's with their own attempt. */
export async function listOnlineTests(db: DbExecutor, actor: Actor, query: { batch?: string }): Promise<OnlineTestList> {
  const scope = onlineTestScope(actor);
  const byBatch = query.batch ? sql`and exists (select 1 from online_test_batches f where f.online_test_id = ot.id and f.academy_id = ot.academy_id and f.batch_id = ${query.batch})` : sql``;
  const attemptOf = attemptOwnerOf(actor);
  const attempt =
    attemptOf
      ? // The score only once results show (issue 71): before, it tells how the questions answered were marked.
        sql`, (select json_build_object('_id', a.id, 'submittedAt', a.submitted_at, 'endsAt', a.ends_at,
            'scoreHalfMarks', case when ${RESULTS_SHOWN} then a.score_half_marks end)
          from online_test_attempts a where a.online_test_id = ot.id and a.academy_id = ot.academy_id and a.student_id = ${attemptOf}) as attempt`
      : sql`, null::json as attempt`;
  const { rows } = await db.execute<TestRow & { attempt: { _id: string; submittedAt: string | null; endsAt: string; scoreHalfMarks: number | null } | null }>(sql`
    select ${testColumns()} ${attempt}
    from online_tests ot left join users cu on cu.id = ot.created_by and cu.academy_id = ot.academy_id
    where true ${scope ? sql`and ${scope}` : sql``} ${byBatch}
    order by ot.opens_at desc, ot.id
    limit 200`);
  return {
    tests: rows.map((row) => ({
      ...toListed(withDates(row)),
      attempt: row.attempt
        ? {
            _id: row.attempt._id,
            submittedAt: row.attempt.submittedAt ? new Date(row.attempt.submittedAt).toISOString() : null,
            endsAt: new Date(row.attempt.endsAt).toISOString(),
            score: row.attempt.scoreHalfMarks === null ? null : fromHalfMarks(row.attempt.scoreHalfMarks),
          }
        : null,
    })),
  };
}

/** The batches chosen, each existing and current, and the actor's to set a test for. */
async function checkBatches(db: DbExecutor, actor: Actor, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const { rows } = await db.execute<{ id: string; teacher_id: string | null; archived: boolean }>(sql`
    select id, teacher_id, archived_at is not null as archived from batches where id = any(${`{${unique.join(',')}}`}::uuid[])`);
  if (rows.length !== unique.length) throw new AppError('BAD_REQUEST', ONLINE_TEST_MESSAGES.unknownBatches, { batches: ONLINE_TEST_MESSAGES.unknownBatches });
  assertMaySetTestFor(
    actor,
    rows.map((row) => row.teacher_id),
  );
  if (rows.some((row) => row.archived)) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.batchArchived);
}

/** A teacher sets papers from the questions of their subjects, the office from any (the bank's own rule). */
function usableQuestions(actor: Actor) {
  const scope = questionScope(actor);
  return scope ? sql`and ${scope}` : sql``;
}

/** The paper's question ids in order: chosen ones as given, or picked at random by the blueprint's rows. */
async function chooseQuestions(db: DbExecutor, actor: Actor, input: OnlineTestInput): Promise<string[]> {
  if (input.questions && input.questions.length > 0) {
    const unique = [...new Set(input.questions)];
    const { rows } = await db.execute<{ id: string }>(sql`
      select questions.id from questions where questions.id = any(${`{${unique.join(',')}}`}::uuid[]) and questions.deleted_at is null ${usableQuestions(actor)}`);
    if (rows.length !== unique.length) throw new AppError('BAD_REQUEST', ONLINE_TEST_MESSAGES.unknownQuestions, { questions: ONLINE_TEST_MESSAGES.unknownQuestions });
    return unique;
  }
  const picked: string[] = [];
  for (const row of input.blueprint ?? []) {
    const { rows } = await db.execute<{ id: string }>(sql`
      select questions.id from questions
      where questions.deleted_at is null and lower(questions.chapter) = lower(${row.chapter})
        ${row.subject ? sql`and questions.subject_id = ${row.subject}` : sql``}
        ${row.difficulty ? sql`and questions.difficulty = ${row.difficulty}` : sql``}
        ${picked.length > 0 ? sql`and not (questions.id = any(${`{${picked.join(',')}}`}::uuid[]))` : sql``}
        ${usableQuestions(actor)}
      order by random() limit ${row.count}`);
    if (rows.length < row.count) {
      const message = ONLINE_TEST_MESSAGES.notEnoughQuestions.replace('{chapter}', row.chapter).replace('{difficulty}', row.difficulty ?? 'any').replace('{found}', String(rows.length)).replace('{count}', String(row.count));
      throw new AppError('BAD_REQUEST', message, { blueprint: message });
    }
    picked.push(...rows.map((question) => question.id));
  }
  return picked;
}

/**
 * Writes the paper's batches and questions (sections: the subjects in name order, the chosen order within).
 * `returning`: else Citus copies computed rows into the shards, which row-level security refuses (decision 053).
 */
async function writePaper(tx: DbExecutor, testId: string, input: OnlineTestInput, questionIds: string[]): Promise<void> {
  await tx.execute(sql`delete from online_test_batches where online_test_id = ${testId}`);
  await tx.execute(sql`delete from online_test_questions where online_test_id = ${testId}`);
  await tx.execute(sql`
    insert into online_test_batches (online_test_id, batch_id)
    select ${testId}::uuid, b from unnest(${`{${[...new Set(input.batches)].join(',')}}`}::uuid[]) b
    returning batch_id`);
  await tx.execute(sql`
    insert into online_test_questions (online_test_id, question_id, position)
    select ${testId}::uuid, q.id, row_number() over (order by lower(s.name), s.id, chosen.ord)
    from unnest(${`{${questionIds.join(',')}}`}::uuid[]) with ordinality as chosen(id, ord)
    join questions q on q.id = chosen.id and q.academy_id = ${academySql()} join subjects s on s.id = q.subject_id and s.academy_id = ${academySql()}
    returning question_id`);
}

/** POST /api/online-tests. */
export async function createOnlineTest(db: Db, actor: Actor, input: OnlineTestInput): Promise<OnlineTest> {
  await checkBatches(db, actor, input.batches);
  const questionIds = await chooseQuestions(db, actor, input);
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into online_tests (title, opens_at, closes_at, results_at, duration_minutes, correct_half_marks, wrong_half_marks, unanswered_half_marks, shuffle, created_by)
      values (${input.title}, ${input.opensAt}, ${input.closesAt}, ${input.resultsAt ?? null}, ${input.durationMinutes}, ${toHalfMarks(input.marking.correct)},
        ${toHalfMarks(input.marking.wrong)}, ${toHalfMarks(input.marking.unanswered)}, ${input.shuffle}, ${actor.userId})
      returning id`);
    const testId = rows[0]!.id;
    await writePaper(tx, testId, input, questionIds);
    await recordAudit(tx, actor, { action: 'create', entityType: 'online_test', entityId: testId, text: { key: 'online_test.created', values: { title: input.title, count: questionIds.length } } });
    return testId;
  });
  return getOnlineTest(db, actor, id);
}

/** PUT /api/online-tests/{id}: a draft only (a published paper is what students take). */
export async function updateOnlineTest(db: Db, actor: Actor, id: string, input: OnlineTestInput): Promise<OnlineTest> {
  // Another teacher's test is not found, whatever the body says.
  await managedTestRow(db, actor, id);
  await checkBatches(db, actor, input.batches);
  const questionIds = await chooseQuestions(db, actor, input);
  await db.transaction(async (tx) => {
    const row = await managedTestRow(tx, actor, id, true);
    if (row.published_at) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.publishedLocked);
    await tx.execute(sql`
      update online_tests set title = ${input.title}, opens_at = ${input.opensAt}, closes_at = ${input.closesAt}, results_at = ${input.resultsAt ?? null}, duration_minutes = ${input.durationMinutes},
        correct_half_marks = ${toHalfMarks(input.marking.correct)}, wrong_half_marks = ${toHalfMarks(input.marking.wrong)},
        unanswered_half_marks = ${toHalfMarks(input.marking.unanswered)}, shuffle = ${input.shuffle}, updated_at = now()
      where id = ${id}`);
    await writePaper(tx, id, input, questionIds);
    await recordAudit(tx, actor, { action: 'update', entityType: 'online_test', entityId: id, text: { key: 'online_test.updated', values: { title: input.title } } });
  });
  return getOnlineTest(db, actor, id);
}

/** DELETE /api/online-tests/{id}: a draft only. */
export async function deleteOnlineTest(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await managedTestRow(tx, actor, id, true);
    if (row.published_at) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.publishedLocked);
    await tx.execute(sql`delete from online_tests where id = ${id}`);
    await recordAudit(tx, actor, { action: 'delete', entityType: 'online_test', entityId: id, text: { key: 'online_test.deleted', values: { title: row.title } } });
  });
}

/** POST /api/online-tests/{id}/publish: its students (and their parents) hear of it; publishing again changes nothing. */
export async function publishOnlineTest(db: Db, actor: Actor, id: string): Promise<OnlineTest> {
  await db.transaction(async (tx) => {
    const row = await managedTestRow(tx, actor, id, true);
    if (row.published_at) return;
    if (row.now >= row.closes_at) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.closed);
    await tx.execute(sql`update online_tests set published_at = now(), updated_at = now() where id = ${id}`);
    await queueJob(tx, 'online-test-notices', { onlineTestId: id });
    // The two sweeps of online tests sleep while nothing of theirs is due (decision 115): the deadline job is
    // woken at the opening (then looks every 30 s while the test is open), the closing job at its recording time.
    await queueJob(tx, 'online-test-deadlines', {}, row.opens_at);
    await queueJob(tx, 'online-test-closing', {}, recordingTimeOf(row));
    await recordAudit(tx, actor, { action: 'update', entityType: 'online_test', entityId: id, text: { key: 'online_test.published', values: { title: row.title } } });
  });
  return getOnlineTest(db, actor, id);
}

/** "26-11-2026, 10:00 AM" where the academy is. */
export async function academyDateTime(db: DbExecutor, instant: Date): Promise<string> {
  return formatDateTime(instant, (await getAcademySettings(db)).timeZone);
}

/** The attempt's order of questions (shuffled within each subject's section when the test shuffles) and of each question's options. */
export function attemptOrder(questions: readonly { id: string; subjectId: string; options: readonly { id: string }[] }[], shuffle: boolean): { questionOrder: string[]; optionOrder: Record<string, string[]> } {
  const sections: { subjectId: string; ids: string[] }[] = [];
  for (const question of questions) {
    const last = sections.at(-1);
    if (last && last.subjectId === question.subjectId) last.ids.push(question.id);
    else sections.push({ subjectId: question.subjectId, ids: [question.id] });
  }
  const questionOrder = sections.flatMap((section) => (shuffle ? shuffled(section.ids) : section.ids));
  const optionOrder = Object.fromEntries(questions.map((question) => [question.id, shuffle ? shuffled(question.options.map((option) => option.id)) : question.options.map((option) => option.id)]));
  return { questionOrder, optionOrder };
}
