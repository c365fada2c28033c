import { sql } from 'drizzle-orm';
import { currentAcademyId } from '../../lib/tenancy';
import type { z } from 'zod';
import {
ATTEMPT_GRACE_SECONDS,
ONLINE_TEST_MESSAGES,
type Attempt,type answersInputSchema,
type QuestionType
} from '@academy/shared/schemas/online-tests';
import { executeNamed, type Db, type DbExecutor } from '../../db/client';
import { studentIdOf, type Actor } from '../../access/actor';
import { assertOwnAttempt, attemptSaverOf, onlineTestScope } from '../../access/online-tests';
import { AppError } from '../../lib/app-error';
import { attemptOrder, halfMarkingOf, markingOf, RESULTS_SHOWN } from './papers.service';
import { scoreAttempt, type AnswerKey, type GivenAnswer } from './scoring';
import { academySql } from '../../db/same-academy';

type AnswersInput = z.output<typeof answersInputSchema>;

/*
 * A student's timed attempt (issue 40): started once within the test's window, its end fixed by the
 * server's clock, answers saved as they are chosen (idempotent, newest revision wins), submitted by the
 * student or by the server at the deadline, scored on the server only.
 */

const GRACE = sql.raw(`interval '${ATTEMPT_GRACE_SECONDS} seconds'`);
/**
 * An attempt `a` of test `ot` still takes answers: not submitted, within its end plus the grace, and
 * never past the test's closing, when the answer key becomes readable (issue 53: a save two seconds
 * after the closing was taken while the key was showing).
 */
const TAKES_ANSWERS = sql`(a.submitted_at is null and now() <= a.ends_at + ${GRACE} and now() < ot.closes_at)`;

type PaperQuestion = { id: string; subject_id: string; subject_name: string; subject_code: string; type: QuestionType; text: string; options: { id: string; text: string }[] };

/** A kept paper's questions by id, each with its options by id: made once per paper, not once per start. */
const paperLookups = new WeakMap<readonly PaperQuestion[], Map<string, { question: PaperQuestion; options: Map<string, string> }>>();

function lookupOf(paper: readonly PaperQuestion[]) {
  let lookup = paperLookups.get(paper);
  if (!lookup) {
    lookup = new Map(paper.map((question) => [question.id, { question, options: new Map(question.options.map((option) => [option.id, option.text])) }]));
    paperLookups.set(paper, lookup);
  }
  return lookup;
}

/** The questions as a student sees them in their attempt: their order, their options' order, no answer. */
function attemptQuestions(paper: readonly PaperQuestion[], questionOrder: readonly string[], optionOrder: Record<string, string[]>): Attempt['questions'] {
  const byId = lookupOf(paper);
  return questionOrder.flatMap((id, index) => {
    const found = byId.get(id);
    if (!found) return [];
    const { question, options } = found;
    return [
      {
        _id: question.id,
        number: index + 1,
        subject: { _id: question.subject_id, name: question.subject_name, code: question.subject_code },
        type: question.type,
        text: question.text,
        options: (optionOrder[question.id] ?? []).flatMap((optionId) => {
          const text = options.get(optionId);
          return text === undefined ? [] : [{ _id: optionId, text }];
        }),
      },
    ];
  });
}

/**
 * The papers students are taking, kept a short while in this server: at 10:00 five hundred starts read
 * the same ninety questions. A published paper's questions do not change; a teacher's correction of a
 * question's words reaches new starts and reloads within PAPER_KEPT_MS.
 */
const PAPER_KEPT_MS = 30_000;
const keptPapers = new Map<string, { at: number; paper: Promise<PaperQuestion[]> }>();

/** The paper's questions without their answers (only the columns a student may see). */
function studentPaper(db: DbExecutor, testId: string): Promise<PaperQuestion[]> {
  // By academy too (issue 55): a paper kept for one academy is never given in another's name.
  const key = `${currentAcademyId()} ${testId}`;
  const kept = keptPapers.get(key);
  if (kept && Date.now() - kept.at < PAPER_KEPT_MS) return kept.paper;
  const paper = readStudentPaper(db, testId);
  keptPapers.set(key, { at: Date.now(), paper });
  // A failed read is not kept, nor an empty one (no such test: a start's paper is read before its checks).
  paper.then(
    (questions) => questions.length === 0 && keptPapers.get(key)?.paper === paper && keptPapers.delete(key),
    () => keptPapers.delete(key),
  );
  if (keptPapers.size > 100) keptPapers.delete(keptPapers.keys().next().value!);
  return paper;
}

async function readStudentPaper(db: DbExecutor, testId: string): Promise<PaperQuestion[]> {
  const { rows } = await db.execute<PaperQuestion>(sql`
    select q.id, q.subject_id, s.name as subject_name, s.code as subject_code, q.type, q.text,
      (select coalesce(json_agg(json_build_object('id', o->>'id', 'text', o->>'text')), '[]'::json) from jsonb_array_elements(q.options) o) as options
    from online_test_questions otq join questions q on q.id = otq.question_id and q.academy_id = otq.academy_id join subjects s on s.id = q.subject_id and s.academy_id = q.academy_id
    where otq.online_test_id = ${testId}
    order by otq.position`);
  return rows;
}

type AttemptRow = {
  id: string;
  online_test_id: string;
  student_id: string;
  started_at: Date;
  ends_at: Date;
  submitted_at: Date | null;
  question_order: string[];
  option_order: Record<string, string[]>;
  score_half_marks: number | null;
  correct: number | null;
  wrong: number | null;
  unanswered: number | null;
  now: Date;
  /** Answers are still taken: not submitted and within the end plus the grace. */
  open: boolean;
  title: string;
  closes_at: Date;
  /** When results show: the teacher's results time, else the closing. */
  results_at: Date;
  results_shown: boolean;
  duration_minutes: number;
  correct_half_marks: number;
  wrong_half_marks: number;
  unanswered_half_marks: number;
};

export async function attemptRow(db: DbExecutor, id: string, lock = false): Promise<AttemptRow | undefined> {
  const { rows } = await db.execute<AttemptRow>(sql`
    select a.id, a.online_test_id, a.student_id, a.started_at, a.ends_at, a.submitted_at, a.question_order, a.option_order,
      a.score_half_marks, a.correct, a.wrong, a.unanswered, now() as now,
      ${TAKES_ANSWERS} as open,
      ot.title, ot.closes_at, coalesce(ot.results_at, ot.closes_at) as results_at, ${RESULTS_SHOWN} as results_shown, ot.duration_minutes, ot.correct_half_marks, ot.wrong_half_marks, ot.unanswered_half_marks
    from online_test_attempts a join online_tests ot on ot.id = a.online_test_id and ot.academy_id = a.academy_id
    where a.academy_id = ${academySql()} and a.id = ${id} ${lock ? sql`for update of a` : sql``}`);
  const row = rows[0];
  // Raw statements answer timestamps as text.
  return row && { ...row, started_at: new Date(row.started_at), ends_at: new Date(row.ends_at), submitted_at: row.submitted_at ? new Date(row.submitted_at) : null, now: new Date(row.now), closes_at: new Date(row.closes_at), results_at: new Date(row.results_at) };
}

/** The caller's own attempt (404 for anyone else's). */
export async function ownAttempt(db: DbExecutor, actor: Actor, id: string): Promise<AttemptRow> {
  const row = await attemptRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', ONLINE_TEST_MESSAGES.attemptNotFound);
  assertOwnAttempt(actor, row.student_id);
  return row;
}

type SavedRow = { question_id: string; choice: string[]; value: number | null; marked_for_review: boolean; time_spent_seconds: number; revision: number };

export async function savedAnswers(db: DbExecutor, attemptId: string): Promise<SavedRow[]> {
  const { rows } = await db.execute<SavedRow>(sql`
    select question_id, choice, value, marked_for_review, time_spent_seconds, revision from online_test_answers where academy_id = ${academySql()} and attempt_id = ${attemptId}`);
  return rows;
}

/** What an attempt's reply shows of its row. */
type AttemptShown = Pick<
  AttemptRow,
  'id' | 'online_test_id' | 'title' | 'duration_minutes' | 'correct_half_marks' | 'wrong_half_marks' | 'unanswered_half_marks' | 'closes_at' | 'started_at' | 'ends_at' | 'now' | 'submitted_at' | 'question_order' | 'option_order'
>;

function toAttempt(row: AttemptShown, paper: readonly PaperQuestion[], answers: readonly SavedRow[]): Attempt {
  return {
    _id: row.id,
    test: { _id: row.online_test_id, title: row.title, durationMinutes: row.duration_minutes, marking: markingOf(row), closesAt: row.closes_at.toISOString() },
    startedAt: row.started_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    serverNow: row.now.toISOString(),
    submittedAt: row.submitted_at?.toISOString() ?? null,
    questions: attemptQuestions(paper, row.question_order, row.option_order),
    answers: answers.map((answer) => ({
      questionId: answer.question_id,
      choice: answer.choice,
      value: answer.value,
      markedForReview: answer.marked_for_review,
      timeSpentSeconds: answer.time_spent_seconds,
      revision: answer.revision,
    })),
  };
}

type StartRow = {
  attempted: boolean;
  shuffle: boolean;
  opens_at: Date;
  closes_at: Date;
  now: Date;
  title: string;
  duration_minutes: number;
  correct_half_marks: number;
  wrong_half_marks: number;
  unanswered_half_marks: number;
  id: string | null;
  started_at: Date | null;
  ends_at: Date | null;
};

/**
 * POST /api/online-tests/{id}/attempts: the one attempt, within the window; the questions without any answer.
 *
 * The kept paper first (read once per test and server: lib above), its order drawn here, then ONE
 * statement (issue 74: 3,000 starts in 30 s) that checks the test (the student's, open, not yet
 * attempted), makes the attempt and answers what the reply shows. The order is drawn both ways (the
 * statement picks by the test's own `shuffle`), so nothing read before the statement decides it.
 */
export async function startAttempt(db: Db, actor: Actor, testId: string): Promise<Attempt> {
  const studentId = studentIdOf(actor);
  const scope = onlineTestScope(actor)!;
  const paper = await studentPaper(db, testId);
  const questions = paper.map((question) => ({ id: question.id, subjectId: question.subject_id, options: question.options }));
  const shuffled = attemptOrder(questions, true);
  const inOrder = attemptOrder(questions, false);
  const uuids = (order: { questionOrder: string[] }) => `{${order.questionOrder.join(',')}}`;
  // The end is the server's: start + duration, or the closing, whichever comes first. A second start
  // (a double tap, two phones) meets the one-attempt constraint and is refused.
  const { rows } = await executeNamed<StartRow>(db, 'academy_attempt_start', sql`
    with ot as (
      select ot.id, ot.academy_id, ot.opens_at, ot.closes_at, ot.shuffle, now() as now, ot.title, ot.duration_minutes, ot.correct_half_marks, ot.wrong_half_marks, ot.unanswered_half_marks,
        exists (select 1 from online_test_attempts a where a.online_test_id = ot.id and a.academy_id = ot.academy_id and a.student_id = ${studentId}) as attempted
      from online_tests ot where ot.id = ${testId} and ${scope}
    ),
    started as (
      insert into online_test_attempts (online_test_id, student_id, ends_at, question_order, option_order)
      select ot.id, ${studentId}::uuid, least(now() + ot.duration_minutes * interval '1 minute', ot.closes_at),
        case when ot.shuffle then ${uuids(shuffled)}::uuid[] else ${uuids(inOrder)}::uuid[] end,
        case when ot.shuffle then ${JSON.stringify(shuffled.optionOrder)}::jsonb else ${JSON.stringify(inOrder.optionOrder)}::jsonb end
      from ot where not ot.attempted and now() >= ot.opens_at and now() < ot.closes_at
      on conflict (academy_id, online_test_id, student_id) do nothing
      returning id, started_at, ends_at
    )
    select ot.attempted, ot.shuffle, ot.opens_at, ot.closes_at, ot.now, ot.title, ot.duration_minutes, ot.correct_half_marks, ot.wrong_half_marks, ot.unanswered_half_marks,
      started.id, started.started_at, started.ends_at
    from ot left join started on true`);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', ONLINE_TEST_MESSAGES.testNotFound);
  const now = new Date(row.now);
  if (row.attempted) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.alreadyAttempted);
  if (now < new Date(row.opens_at)) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.notOpenYet);
  if (now >= new Date(row.closes_at)) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.closed);
  if (!row.id || !row.started_at || !row.ends_at) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.alreadyAttempted);
  const order = row.shuffle ? shuffled : inOrder;
  const attempt: AttemptShown = {
    ...row, id: row.id, online_test_id: testId, started_at: new Date(row.started_at), ends_at: new Date(row.ends_at), submitted_at: null,
    question_order: order.questionOrder, option_order: order.optionOrder, now, closes_at: new Date(row.closes_at),
  };

  return toAttempt(attempt, paper, []);
}

/** GET /api/attempts/{id}: the attempt to resume after a reload, with the time left and the answers saved. */
export async function getAttempt(db: Db, actor: Actor, id: string): Promise<Attempt> {
  let row = await ownAttempt(db, actor, id);
  if (!row.open && !row.submitted_at) {
    await finalizeAttempt(db, id, 'deadline');
    row = (await attemptRow(db, id))!;
  }
  const [paper, answers] = await Promise.all([studentPaper(db, row.online_test_id), savedAnswers(db, id)]);
  return toAttempt(row, paper, answers);
}

/** Why an answer of a save does not fit its question (the first such answer is refused, as `answers.<n>.<field>`). */
const ANSWER_PROBLEMS = {
  notInPaper: ['questionId', ONLINE_TEST_MESSAGES.notInPaper],
  valueForNumeric: ['value', ONLINE_TEST_MESSAGES.valueForNumeric],
  notAnOption: ['choice', ONLINE_TEST_MESSAGES.notAnOption],
  oneChoice: ['choice', ONLINE_TEST_MESSAGES.oneChoice],
} as const;

type SaveRow = { student_id: string; submitted: boolean; open: boolean; ends_at: Date; now: Date; saved: number; problem_at: number | null; problem: keyof typeof ANSWER_PROBLEMS | null };

/**
 * PUT /api/attempts/{id}/answers: each answer upserted; a save that repeats or arrives late with an
 * older revision changes nothing. Refused once submitted, or after the end plus the grace.
 *
 * ONE statement, one round trip (issue 74: 3,000 students saving every 20 s): it reads the attempt,
 * checks every answer against the attempt's own paper (its questions and the options it was given),
 * and upserts only when the attempt is the caller's, still takes answers and every answer fits; what it
 * answers tells which refusal applies. The attempt's row is locked (for key share) while it is read: a
 * submit or the deadline job, which locks it for update to score it, either waits for this save or
 * this save waits for the score and is refused (never an answer saved after its attempt was scored).
 */
export async function saveAnswers(db: Db, actor: Actor, id: string, input: AnswersInput): Promise<{ saved: number; endsAt: string; serverNow: string }> {
  // The same question twice in one save: the higher revision (then the later one) counts; every answer is checked.
  const latest = new Map<string, number>();
  input.answers.forEach((answer, index) => {
    const before = latest.get(answer.questionId);
    if (before === undefined || answer.revision >= input.answers[before]!.revision) latest.set(answer.questionId, index);
  });
  const kept = new Set(latest.values());
  const values = input.answers.map((answer, index) => ({
    n: index,
    keep: kept.has(index),
    question_id: answer.questionId,
    choice: [...new Set(answer.choice ?? [])],
    choice_text: [...new Set(answer.choice ?? [])], // as text[] to save: no subquery per answer (Citus refuses one here)
    value: answer.value ?? null,
    marked: answer.markedForReview,
    time: answer.timeSpentSeconds,
    revision: answer.revision,
  }));
  // Only a student saves, and only into their own attempt (anyone else: 404, as for no attempt).
  const me = attemptSaverOf(actor);
  const { rows } = await executeNamed<SaveRow>(db, 'academy_answers_save', sql`
    with a as (
      select a.id, a.academy_id, a.student_id, a.submitted_at is not null as submitted, ${TAKES_ANSWERS} as open, a.ends_at, now() as now, a.question_order, a.option_order
      from online_test_attempts a join online_tests ot on ot.id = a.online_test_id and ot.academy_id = a.academy_id
      where a.academy_id = ${academySql()} and a.id = ${id}
      for key share of a
    ),
    -- The answered questions' types, each looked up by its key (never a scan of the academy's question bank).
    types as (select q.id, q.type from questions q where q.academy_id = ${academySql()} and q.id = any(${sql.param([...new Set(values.map((value) => value.question_id))])}::uuid[])),
    x as (
      -- A question's type when it is in this attempt's paper. Joins of the CTEs, no correlated subquery: Citus
      -- refuses one beside a CTE, and a join to the questions table here stopped its coordinator (decision 053).
      select x.*, types.type, a.option_order -> x.question_id::text as options
      from a cross join jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as x(n int, keep boolean, question_id uuid, choice jsonb, choice_text text[], value float8, marked boolean, time int, revision int)
        left join types on types.id = x.question_id and x.question_id = any(a.question_order)
    ),
    problem as (
      select n, case
          when x.type is null then 'notInPaper'
          when x.type = 'numeric' then case when jsonb_array_length(x.choice) > 0 then 'valueForNumeric' end
          when x.value is not null then 'notAnOption'
          when not (x.options @> x.choice) then 'notAnOption'
          when x.type = 'single' and jsonb_array_length(x.choice) > 1 then 'oneChoice'
        end as problem
      from x
    ),
    first_problem as (select n, problem from problem where problem is not null order by n limit 1),
    saved as (
      insert into online_test_answers as saved (attempt_id, question_id, choice, value, marked_for_review, time_spent_seconds, revision, saved_at)
      select a.id, x.question_id, coalesce(x.choice_text, '{}'), x.value, x.marked, x.time, x.revision, now()
      from a join x on x.keep
      where a.student_id = ${me}::uuid and a.open and not exists (select 1 from first_problem)
      on conflict (academy_id, attempt_id, question_id) do update set choice = excluded.choice, value = excluded.value, marked_for_review = excluded.marked_for_review,
        time_spent_seconds = greatest(saved.time_spent_seconds, excluded.time_spent_seconds), revision = excluded.revision, saved_at = excluded.saved_at
      where saved.revision <= excluded.revision
      returning 1
    )
    select a.student_id, a.submitted, a.open, a.ends_at, a.now, (select count(*)::int from saved) as saved, (select n from first_problem) as problem_at, (select problem from first_problem) as problem
    from a`);
  const attempt = rows[0];
  if (!attempt) throw new AppError('NOT_FOUND', ONLINE_TEST_MESSAGES.attemptNotFound);
  assertOwnAttempt(actor, attempt.student_id);
  if (attempt.submitted) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.alreadySubmitted);
  if (!attempt.open) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.timeUp);
  // Each answer fits its question: a choice of its options (one for a single answer), or a number.
  if (attempt.problem !== null && attempt.problem_at !== null) {
    const [field, message] = ANSWER_PROBLEMS[attempt.problem];
    throw new AppError('BAD_REQUEST', message, { [`answers.${attempt.problem_at}.${field}`]: message });
  }
  return { saved: attempt.saved, endsAt: new Date(attempt.ends_at).toISOString(), serverNow: new Date(attempt.now).toISOString() };
}

type KeyRow = { id: string; subject_id: string; chapter: string; type: QuestionType; correct: string[]; answer_value: number | null; answer_tolerance: number | null };

async function answerKeys(db: DbExecutor, testId: string): Promise<Map<string, AnswerKey & { subjectId: string; chapter: string }>> {
  const { rows } = await db.execute<KeyRow>(sql`
    select q.id, q.subject_id, q.chapter, q.type, q.correct, q.answer_value, q.answer_tolerance
    from online_test_questions otq join questions q on q.id = otq.question_id and q.academy_id = otq.academy_id where otq.online_test_id = ${testId}`);
  return new Map(rows.map((row) => [row.id, { type: row.type, correct: row.correct, answerValue: row.answer_value, answerTolerance: row.answer_tolerance, subjectId: row.subject_id, chapter: row.chapter }]));
}

export const givenOf = (rows: readonly SavedRow[]) => new Map<string, GivenAnswer>(rows.map((row) => [row.question_id, { choice: row.choice, value: row.value }]));

/**
 * Submits an attempt once (the student's Submit, a reload after the end, or the deadline job): scored
 * on what was saved, in one transaction holding the attempt, so a late save cannot slip in after.
 */
export async function finalizeAttempt(db: Db, id: string, by: 'student' | 'deadline'): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await attemptRow(tx, id, true);
    if (!row || row.submitted_at) return;
    const [keys, answers] = await Promise.all([answerKeys(tx, row.online_test_id), savedAnswers(tx, id)]);
    const scored = scoreAttempt(row.question_order, keys, givenOf(answers), halfMarkingOf(row));
    // The time worked out here from the locked row (its `now` is the transaction's): Citus refuses `now()`
    // and `ends_at + interval` (not IMMUTABLE) beside a column in an UPDATE (decision 053).
    const submittedAt = new Date(Math.min(row.now.getTime(), row.ends_at.getTime() + ATTEMPT_GRACE_SECONDS * 1000, row.closes_at.getTime()));
    await tx.execute(sql`
      update online_test_attempts set submitted_at = ${submittedAt.toISOString()}::timestamptz, submitted_by = ${by},
        score_half_marks = ${scored.scoreHalfMarks}, correct = ${scored.correct}, wrong = ${scored.wrong}, unanswered = ${scored.unanswered}
      where id = ${id}`);
  });
}

/** The deadline job: every attempt past its end and the grace is submitted with what was saved. */
export async function submitDueAttempts(db: Db, limit = 1000): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select a.id from online_test_attempts a join online_tests ot on ot.id = a.online_test_id and ot.academy_id = a.academy_id
    where a.submitted_at is null and not ${TAKES_ANSWERS} order by a.ends_at limit ${limit}`);
  for (const row of rows) await finalizeAttempt(db, row.id, 'deadline');
  return rows.length;
}
