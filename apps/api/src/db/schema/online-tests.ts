import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { batches } from './batches';
import { questions } from './questions';
import { students } from './students';
import { exams } from './exams';
import { userRef } from './users';
import { academyId, academyRow } from './academy-column';
import { requiredRef, timestamps } from './columns';
import { linkTable, linkTableKeys } from './link-table';

/** A paper: its window, duration and marking; published, its batches' students may take it once. */
export const onlineTests = academyTable(
  'online_tests',
  {
    ...academyRow(),
    title: varchar({ length: 160 }).notNull(),
    opensAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    // When students see their scores, counts and verdicts (issue 71); null: at the closing. Never before
    // it: while the test is open for anyone, a score tells how the questions answered were marked.
    resultsAt: timestamp({ withTimezone: true }),
    durationMinutes: integer().notNull(),
    // Half-marks per right, wrong and unanswered question (+4/−1/0 → 8/−2/0).
    correctHalfMarks: integer().notNull(),
    wrongHalfMarks: integer().notNull(),
    unansweredHalfMarks: integer().notNull(),
    shuffle: boolean().notNull().default(true),
    publishedAt: timestamp({ withTimezone: true }),
    // When the scores went into the batches' tests and marks (after closing; job online-test-closing).
    marksRecordedAt: timestamp({ withTimezone: true }),
    createdBy: userRef(),
    ...timestamps,
  },
  (table) => [
    check('online_tests_window', sql`${table.closesAt} > ${table.opensAt}`),
    check('online_tests_results_after_closing', sql`${table.resultsAt} is null or ${table.resultsAt} >= ${table.closesAt}`),
    check('online_tests_duration', sql`${table.durationMinutes} between 1 and 600`),
    // The closing job's look-up: published, closed, not yet recorded.
    index('online_tests_to_record_idx').on(table.closesAt).where(sql`${table.publishedAt} is not null and ${table.marksRecordedAt} is null`),
    index('online_tests_created_by_idx').on(table.createdBy),
    index('online_tests_academy_opens_idx').on(table.academyId, table.opensAt),
  ],
);

/** The batches a test is for; `exam_id` the batch's exam in "Tests and marks" once the scores are recorded. */
export const onlineTestBatches = academyTable(
  'online_test_batches',
  {
    academyId: academyId(),
    onlineTestId: requiredRef(() => onlineTests.id, 'cascade'),
    batchId: requiredRef(() => batches.id, 'restrict'),
    examId: uuid().references(() => exams.id, { onDelete: 'set null' }),
  },
  (table) => [...linkTableKeys('online_test_batches', [table.onlineTestId, table.batchId], 'batch', table.academyId), index('online_test_batches_exam_idx').on(table.examId)],
);

/** The paper's questions in order (sections follow the subjects). */
export const onlineTestQuestions = linkTable(
  'online_test_questions',
  'question',
  {
    onlineTestId: requiredRef(() => onlineTests.id, 'cascade'),
    questionId: requiredRef(() => questions.id, 'restrict'),
  },
  {
    position: integer().notNull(),
  },
);

/**
 * A student's one attempt. `ends_at` is fixed at the start (start + duration, or the closing, whichever
 * is first): the server's clock, not the phone's. The order of questions and of each question's
 * options is the attempt's own when the test shuffles. The score is written once, at submission.
 */
export const onlineTestAttempts = academyTable(
  'online_test_attempts',
  {
    ...academyRow(),
    onlineTestId: requiredRef(() => onlineTests.id, 'cascade'),
    studentId: requiredRef(() => students.id, 'cascade'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    questionOrder: uuid().array().notNull(),
    optionOrder: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    submittedAt: timestamp({ withTimezone: true }),
    // 'student' (they pressed Submit) or 'deadline' (the server closed it with what was saved).
    submittedBy: text({ enum: ['student', 'deadline'] }),
    scoreHalfMarks: integer(),
    correct: integer(),
    wrong: integer(),
    unanswered: integer(),
  },
  (table) => [
    unique('online_test_attempts_one_each').on(table.academyId, table.onlineTestId, table.studentId),
    index('online_test_attempts_student_idx').on(table.studentId),
    index('online_test_attempts_academy_idx').on(table.academyId),
    // The deadline job's look-up: open attempts by their end.
    index('online_test_attempts_open_idx').on(table.endsAt).where(sql`${table.submittedAt} is null`),
  ],
);

/** One saved answer: the options chosen (ids) or the number typed; `revision` keeps a late, older save from undoing a newer one. */
export const onlineTestAnswers = linkTable(
  'online_test_answers',
  'question',
  {
    attemptId: requiredRef(() => onlineTestAttempts.id, 'cascade'),
    questionId: requiredRef(() => questions.id, 'restrict'),
  },
  {
    choice: text().array().notNull().default(sql`'{}'::text[]`),
    value: doublePrecision(),
    markedForReview: boolean().notNull().default(false),
    timeSpentSeconds: integer().notNull().default(0),
    revision: integer().notNull().default(0),
    savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
);
