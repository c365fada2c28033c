import { sql } from 'drizzle-orm';
import { word } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import { fromHalfMarks } from '@academy/shared/schemas/exams';
import type { OnlineTestResults } from '@academy/shared/schemas/online-tests';
import type { Db, DbExecutor } from '../../db/client';
import { formulaSafe } from '../../lib/csv';
import type { Actor } from '../../access/actor';
import { recordOnlineTestMarks } from '../exams';
import { academyToday } from '../../academy-settings';
import { finalizeAttempt } from './attempts.service';
import { halfMarkingOf, paperQuestions, staffTestRow } from './papers.service';
import { CLOSING_DELAY } from './sweep-times';
import { discriminationOf, scoreAttempt, standingOf, type GivenAnswer } from './scoring';
import { academySql } from '../../db/same-academy';

/*
 * What a test's teacher reads once students have taken it (issue 40): ranks, each question's share
 * right and discrimination, the most missed first, as JSON and as a workbook; and, once the test has
 * closed, its scores recorded as each batch's test in "Tests and marks" (report cards, the progress
 * chart, the parents' message).
 */

type AttemptRow = {
  id: string;
  student_id: string;
  name: string;
  batch_id: string | null;
  batch_name: string | null;
  score_half_marks: number | null;
  correct: number | null;
  wrong: number | null;
  unanswered: number | null;
  started_at: Date;
  submitted_at: Date | null;
};

/** GET /api/online-tests/{id}/results. One read per kind of row; the question figures computed here. */
export async function onlineTestResults(db: Db, actor: Actor, id: string): Promise<OnlineTestResults> {
  const test = await staffTestRow(db, actor, id);
  const [questions, attempts, notStarted, answers] = await Promise.all([
    paperQuestions(db, id),
    db.execute<AttemptRow>(sql`
      select a.id, a.student_id, u.name, b.id as batch_id, b.name as batch_name, a.score_half_marks, a.correct, a.wrong, a.unanswered, a.started_at, a.submitted_at
      from online_test_attempts a
      join students s on s.id = a.student_id and s.academy_id = a.academy_id join users u on u.id = s.user_id and u.academy_id = s.academy_id
      left join lateral (
        select b.id, b.name from online_test_batches otb join batches b on b.id = otb.batch_id and b.academy_id = otb.academy_id
        join batch_students bs on bs.batch_id = b.id and bs.academy_id = b.academy_id and bs.student_id = a.student_id
        where otb.online_test_id = a.online_test_id and otb.academy_id = a.academy_id and otb.academy_id = ${academySql()} order by b.name limit 1
      ) b on true
      where a.online_test_id = ${id} and a.academy_id = ${academySql()}
      order by a.score_half_marks desc nulls last, lower(u.name)`),
    db.execute<{ student_id: string; name: string }>(sql`
      select distinct s.id as student_id, u.name
      from online_test_batches otb join batch_students bs on bs.batch_id = otb.batch_id and bs.academy_id = otb.academy_id
      join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active' join users u on u.id = s.user_id and u.academy_id = s.academy_id
      where otb.online_test_id = ${id}
        and not exists (select 1 from online_test_attempts a where a.online_test_id = otb.online_test_id and a.academy_id = otb.academy_id and a.student_id = s.id)
      order by u.name`),
    db.execute<{ attempt_id: string; question_id: string; choice: string[]; value: number | null }>(sql`
      select x.attempt_id, x.question_id, x.choice, x.value from online_test_answers x
      join online_test_attempts a on a.id = x.attempt_id and a.academy_id = x.academy_id
      where a.online_test_id = ${id} and a.submitted_at is not null`),
  ]);
  const submitted = attempts.rows.filter((attempt) => attempt.submitted_at !== null && attempt.score_half_marks !== null);
  const scores = submitted.map((attempt) => attempt.score_half_marks!);
  const keys = new Map(questions.map((question) => [question.id, { type: question.type, correct: question.correct, answerValue: question.answer_value, answerTolerance: question.answer_tolerance }]));
  const givenByAttempt = new Map<string, Map<string, GivenAnswer>>();
  for (const answer of answers.rows) {
    const given = givenByAttempt.get(answer.attempt_id) ?? new Map<string, GivenAnswer>();
    given.set(answer.question_id, { choice: answer.choice, value: answer.value });
    givenByAttempt.set(answer.attempt_id, given);
  }
  const questionIds = questions.map((question) => question.id);
  const outcomes = submitted.map((attempt) => ({
    score: attempt.score_half_marks!,
    outcomes: scoreAttempt(questionIds, keys, givenByAttempt.get(attempt.id) ?? new Map(), halfMarkingOf(test)).outcomes,
  }));
  const questionFigures = questions.map((question, index) => {
    const results = outcomes.map((attempt) => ({ score: attempt.score, outcome: attempt.outcomes.get(question.id) ?? 'unanswered' }));
    const correct = results.filter((result) => result.outcome === 'correct').length;
    return {
      questionId: question.id,
      number: index + 1,
      chapter: question.chapter,
      text: question.text,
      answered: results.filter((result) => result.outcome !== 'unanswered').length,
      percentCorrect: results.length === 0 ? null : Math.round((1000 * correct) / results.length) / 10,
      discrimination: discriminationOf(results.map((result) => ({ score: result.score, correct: result.outcome === 'correct' }))),
    };
  });
  return {
    test: { _id: test.id, title: test.title, maxMarks: fromHalfMarks(questions.length * test.correct_half_marks), closed: test.now >= test.closes_at },
    attempts: attempts.rows.map((attempt) => ({
      _id: attempt.id,
      studentId: attempt.student_id,
      name: attempt.name,
      batch: attempt.batch_id && attempt.batch_name ? { _id: attempt.batch_id, name: attempt.batch_name } : null,
      score: attempt.score_half_marks === null ? null : fromHalfMarks(attempt.score_half_marks),
      correct: attempt.correct ?? 0,
      wrong: attempt.wrong ?? 0,
      unanswered: attempt.unanswered ?? 0,
      rank: attempt.score_half_marks === null ? null : standingOf(attempt.score_half_marks, scores).rank,
      startedAt: new Date(attempt.started_at).toISOString(),
      submittedAt: attempt.submitted_at ? new Date(attempt.submitted_at).toISOString() : null,
    })),
    notStarted: notStarted.rows.map((row) => ({ studentId: row.student_id, name: row.name })),
    // The most missed first: the teacher's next class starts there.
    questions: [...questionFigures].sort((a, b) => (a.percentCorrect ?? 101) - (b.percentCorrect ?? 101) || a.number - b.number),
  };
}

/** GET /api/online-tests/{id}/results.xlsx: the ranks and the questions, headers in the reader's language. */
export async function onlineTestResultsWorkbook(db: Db, actor: Actor, id: string, language: Language): Promise<{ file: Buffer; fileName: string }> {
  const results = await onlineTestResults(db, actor, id);
  type Text = Parameters<typeof word<'workbook'>>[1];
  const words = (text: Text) => word('workbook', text, language);
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  /** A sheet whose first row holds the column headers, frozen and bold. */
  const addSheet = (name: Text, columns: Array<[header: Text, width: number]>) => {
    const sheet = workbook.addWorksheet(words(name), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map(([header, width]) => ({ header: words(header), width }));
    sheet.getRow(1).font = { bold: true };
    return sheet;
  };
  const ranks = addSheet('Results', [['Rank', 8], ['Student', 28], ['Batch', 22], ['Score', 10], ['Right', 8], ['Wrong', 8], ['Left', 8]]);
  for (const attempt of results.attempts) ranks.addRow([attempt.rank, formulaSafe(attempt.name), formulaSafe(attempt.batch?.name ?? ''), attempt.score, attempt.correct, attempt.wrong, attempt.unanswered]);
  for (const student of results.notStarted) ranks.addRow([null, formulaSafe(student.name), '', null, null, null, null]);
  const questions = addSheet('Questions', [['Question', 10], ['Chapter', 24], ['Answered', 10], ['% right', 10], ['Discrimination', 14]]);
  for (const question of [...results.questions].sort((a, b) => a.number - b.number)) questions.addRow([question.number, formulaSafe(question.chapter), question.answered, question.percentCorrect, question.discrimination]);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  return { file, fileName: `online-test-results-${id.slice(0, 8)}.xlsx` };
}

/**
 * The closing job: a published test whose results show (its results time, else its closing, plus a
 * minute's grace) has its open attempts submitted, then its scores recorded as a published test of each
 * of its batches (a score below zero counts as 0 there: marks are never negative; who did not start is
 * absent), once. Not before the results time (issue 71): tests and marks reach report cards, the
 * progress chart and the parents' results message.
 */
export async function recordClosedTests(db: Db, limit = 20): Promise<number> {
  const { rows: due } = await db.execute<{ id: string }>(sql`
    select id from online_tests
    where published_at is not null and marks_recorded_at is null and coalesce(results_at, closes_at) + ${CLOSING_DELAY} < now()
    order by closes_at limit ${limit}`);
  for (const { id } of due) {
    const { rows: open } = await db.execute<{ id: string }>(sql`select id from online_test_attempts where online_test_id = ${id} and submitted_at is null`);
    for (const attempt of open) await finalizeAttempt(db, attempt.id, 'deadline');
    await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ title: string; closes_at: Date; max_half_marks: number; recorded: boolean }>(sql`
        select ot.title, ot.closes_at, (select count(*)::int from online_test_questions q where q.online_test_id = ot.id and q.academy_id = ot.academy_id and q.academy_id = ${academySql()}) * ot.correct_half_marks as max_half_marks,
          ot.marks_recorded_at is not null as recorded
        from online_tests ot where ot.academy_id = ${academySql()} and ot.id = ${id} for update`);
      const test = rows[0];
      if (!test || test.recorded || test.max_half_marks <= 0) return;
      const date = await academyDateOf(tx, new Date(test.closes_at));
      const { rows: batches } = await tx.execute<{ batch_id: string }>(sql`select batch_id from online_test_batches where online_test_id = ${id} order by batch_id`);
      for (const { batch_id: batchId } of batches) {
        const examId = await recordOnlineTestMarks(tx, { batchId, name: test.title, date, maxHalfMarks: test.max_half_marks, onlineTestId: id });
        await tx.execute(sql`update online_test_batches set exam_id = ${examId} where online_test_id = ${id} and batch_id = ${batchId}`);
      }
      await tx.execute(sql`update online_tests set marks_recorded_at = now() where id = ${id}`);
    });
  }
  return due.length;
}

/** The academy's date of an instant (its time zone). */
async function academyDateOf(db: DbExecutor, instant: Date): Promise<string> {
  return academyToday(db, instant);
}
