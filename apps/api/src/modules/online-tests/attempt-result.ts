import { sql } from 'drizzle-orm';
import { fromHalfMarks } from '@academy/shared/schemas/exams';
import {
ONLINE_TEST_MESSAGES,type AttemptResult
} from '@academy/shared/schemas/online-tests';
import { academySql, type Db } from '../../db/client';
import type { Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { halfMarkingOf, markingOf, paperQuestions } from './papers.service';
import { scoreAttempt, standingOf, type Outcome } from './scoring';
import { attemptRow, finalizeAttempt, givenOf, ownAttempt, savedAnswers } from './attempts.service';

/** POST /api/attempts/{id}/submit: submitted once; a repeat (a double tap, a queued retry) answers the same. */
export async function submitAttempt(db: Db, actor: Actor, id: string): Promise<AttemptResult> {
  await ownAttempt(db, actor, id);
  await finalizeAttempt(db, id, 'student');
  return attemptResult(db, actor, id);
}

const accuracy = (correct: number, wrong: number) => (correct + wrong === 0 ? null : Math.round((1000 * correct) / (correct + wrong)) / 10);

/**
 * GET /api/attempts/{id}/result. Until results show (the teacher's results time, else the closing for
 * everyone), only that the attempt was received and when: verdicts while the test was open rebuilt
 * its key (issue 53: four students choosing option k everywhere), and so did the score and counts
 * (issue 71: a student answering only Q2 read `score=4 correct=1`). Then the score, the standing,
 * each question's verdict, the breakdowns, right answers and solutions.
 */
export async function attemptResult(db: Db, actor: Actor, id: string): Promise<AttemptResult> {
  let row = await ownAttempt(db, actor, id);
  if (!row.submitted_at) {
    if (row.open) throw new AppError('CONFLICT', ONLINE_TEST_MESSAGES.resultNotYet);
    await finalizeAttempt(db, id, 'deadline');
    row = (await attemptRow(db, id))!;
  }
  const closed = row.now >= row.closes_at;
  const test = {
    _id: row.online_test_id,
    title: row.title,
    closesAt: row.closes_at.toISOString(),
    resultsAt: row.results_at.toISOString(),
    resultsShown: row.results_shown,
    marking: markingOf(row),
    closed,
  };
  // Received, and when the results show: nothing that depends on the key, not even the paper's size.
  if (!row.results_shown) return receivedOnly(db, row, test);
  const [questions, answers, scores] = await Promise.all([
    paperQuestions(db, row.online_test_id),
    savedAnswers(db, id),
    db.execute<{ score: number }>(sql`select score_half_marks as score from online_test_attempts where academy_id = ${academySql()} and online_test_id = ${row.online_test_id} and submitted_at is not null`),
  ]);
  const given = givenOf(answers);
  const saved = new Map(answers.map((answer) => [answer.question_id, answer]));
  const byId = new Map(questions.map((question) => [question.id, question]));
  const marking = halfMarkingOf(row);
  const keys = new Map(questions.map((question) => [question.id, { type: question.type, correct: question.correct, answerValue: question.answer_value, answerTolerance: question.answer_tolerance }]));
  const scored = scoreAttempt(row.question_order, keys, given, marking);
  const subjects = new Map<string, AttemptResult['subjects'][number]>();
  const chapters = new Map<string, AttemptResult['chapters'][number]>();
  const resultQuestions: AttemptResult['questions'] = [];
  row.question_order.forEach((questionId, index) => {
    const question = byId.get(questionId);
    if (!question) return;
    const outcome: Outcome = scored.outcomes.get(questionId) ?? 'unanswered';
    const subject = subjects.get(question.subject_id) ?? { subject: { _id: question.subject_id, name: question.subject_name, code: question.subject_code }, score: 0, correct: 0, wrong: 0, unanswered: 0, accuracy: null };
    subject[outcome] += 1;
    subject.score += fromHalfMarks(marking[outcome]);
    subjects.set(question.subject_id, subject);
    const chapterKey = `${question.subject_id}:${question.chapter.toLowerCase()}`;
    const chapter = chapters.get(chapterKey) ?? { subject: question.subject_id, chapter: question.chapter, correct: 0, wrong: 0, unanswered: 0, accuracy: null };
    chapter[outcome] += 1;
    chapters.set(chapterKey, chapter);
    resultQuestions.push(resultQuestionOf(row, question, index, outcome, saved.get(questionId), fromHalfMarks(marking[outcome])));
  });
  const standing = standingOf(
    row.score_half_marks ?? scored.scoreHalfMarks,
    scores.rows.map((other) => other.score),
  );
  return {
    _id: row.id,
    test: { ...test, maxMarks: fromHalfMarks(questions.length * row.correct_half_marks) },
    submittedAt: row.submitted_at!.toISOString(),
    score: fromHalfMarks(row.score_half_marks ?? scored.scoreHalfMarks),
    correct: scored.correct,
    wrong: scored.wrong,
    unanswered: scored.unanswered,
    ...standing,
    subjects: [...subjects.values()].map((subject) => ({ ...subject, accuracy: accuracy(subject.correct, subject.wrong) })),
    chapters: [...chapters.values()].map((chapter) => ({ ...chapter, accuracy: accuracy(chapter.correct, chapter.wrong) })),
    questions: resultQuestions,
  };
}

type AttemptRow = NonNullable<Awaited<ReturnType<typeof attemptRow>>>;
type PaperQuestion = Awaited<ReturnType<typeof paperQuestions>>[number];
type SavedAnswer = Awaited<ReturnType<typeof savedAnswers>>[number];

/** The answer before results show: received and when, the paper's maximum, nothing else. */
async function receivedOnly(db: Db, row: AttemptRow, test: Omit<AttemptResult['test'], 'maxMarks'>): Promise<AttemptResult> {
  const { rows: size } = await db.execute<{ count: number }>(sql`select count(*)::int as count from online_test_questions where academy_id = ${academySql()} and online_test_id = ${row.online_test_id}`);
  return {
    _id: row.id,
    test: { ...test, maxMarks: fromHalfMarks(size[0]!.count * row.correct_half_marks) },
    submittedAt: row.submitted_at!.toISOString(),
    score: null,
    correct: null,
    wrong: null,
    unanswered: null,
    rank: null,
    outOf: null,
    percentile: null,
    subjects: [],
    chapters: [],
    questions: [],
  };
}

/** One question of the result: the options in the student's order, their answer, its verdict, the key and solution. */
function resultQuestionOf(row: AttemptRow, question: PaperQuestion, index: number, outcome: Outcome, answer: SavedAnswer | undefined, marks: number): AttemptResult['questions'][number] {
  const options = new Map(question.options.map((option) => [option.id, option.text]));
  return {
    _id: question.id,
    number: index + 1,
    subject: question.subject_id,
    chapter: question.chapter,
    type: question.type,
    text: question.text,
    options: (row.option_order[question.id] ?? []).flatMap((optionId) => (options.has(optionId) ? [{ _id: optionId, text: options.get(optionId)! }] : [])),
    choice: answer?.choice ?? [],
    value: answer?.value ?? null,
    // Results show only after the closing (the schema's check), so the key is no longer a secret.
    outcome,
    marks,
    timeSpentSeconds: answer?.time_spent_seconds ?? 0,
    correctOptions: question.type !== 'numeric' ? question.correct : null,
    answer: question.type === 'numeric' && question.answer_value !== null ? { value: question.answer_value, tolerance: question.answer_tolerance ?? 0 } : null,
    solution: question.solution,
  };
}
