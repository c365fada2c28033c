import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { batches } from './batches';
import { students } from './students';
import { userRef } from './users';
import { academyId, academyRow } from './academy-column';
import { requiredRef, timestamps } from './columns';
import { linkTable, linkTableKeys } from './link-table';

/**
 * A batch's exam, a class test on paper (issue 23; docs/decisions/019-tests-and-marks.md; the tables
 * were called `tests`/`test_marks` until issue 61). Maximum and marks are whole
 * half-marks (50 marks → 100), so sums and comparisons are exact. RESTRICT on the batch: a batch with
 * exams cannot be deleted (409), like one with attendance.
 */
export const exams = academyTable(
  'exams',
  {
    ...academyRow(),
    batchId: requiredRef(() => batches.id, 'restrict'),
    name: varchar({ length: 120 }).notNull(),
    date: date({ mode: 'string' }).notNull(),
    maxHalfMarks: integer().notNull(),
    topic: varchar({ length: 200 }),
    // Students see an exam only once it is published; a change of marks after that sets corrected_at.
    publishedAt: timestamp({ withTimezone: true }),
    correctedAt: timestamp({ withTimezone: true }),
    createdBy: userRef(),
    ...timestamps,
  },
  (table) => [
    // A batch's exams by date (its list, the report card's period).
    index('exams_batch_date_idx').on(table.batchId, table.date),
    index('exams_academy_date_idx').on(table.academyId, table.date),
    check('exams_max_positive', sql`${table.maxHalfMarks} > 0`),
  ],
);

/** One student's marks in one exam: half-marks, or absent (then null). */
export const examMarks = academyTable(
  'exam_marks',
  {
    academyId: academyId(),
    examId: requiredRef(() => exams.id, 'cascade'),
    studentId: requiredRef(() => students.id, 'restrict'),
    halfMarks: integer(),
    absent: boolean().notNull().default(false),
    enteredBy: userRef(),
    enteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A student's marks across exams (their own view, the progress chart, the report card) read the second index.
    ...linkTableKeys('exam_marks', [table.examId, table.studentId], 'student', table.academyId),
    check('exam_marks_absent_or_marks', sql`(${table.absent} and ${table.halfMarks} is null) or (not ${table.absent} and ${table.halfMarks} >= 0)`),
  ],
);

/**
 * The teacher's remark on a student's report card, one per student per batch (issue 23): written by
 * the batch's teacher (or an admin) on the batch's remarks screen, printed on the report card with the
 * writer's name. Who wrote it last and when are kept here; every change is also in the audit log.
 * It belongs to the enrolment, so it goes with the batch or the student.
 */
export const reportCardRemarks = linkTable(
  'report_card_remarks',
  // A student's remarks across batches (the report card) read the second index.
  'student',
  {
    batchId: requiredRef(() => batches.id, 'cascade'),
    studentId: requiredRef(() => students.id, 'cascade'),
  },
  {
    remark: varchar({ length: 500 }).notNull(),
    writtenBy: userRef(),
    writtenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
);

/**
 * The answer key of an exam marked from OMR sheets (issue 76, decision 081): the pattern (its marks
 * per right and wrong answer), the options per question and the letters, one per question.
 */
export const omrAnswerKeys = academyTable(
  'omr_answer_keys',
  {
    academyId: academyId(),
    examId: uuid().primaryKey().references(() => exams.id, { onDelete: 'cascade' }),
    pattern: varchar({ length: 10 }).notNull(),
    options: integer().notNull(),
    answers: text().array().notNull(),
    updatedBy: userRef(),
    ...timestamps,
  },
  (table) => [
    index('omr_answer_keys_academy_idx').on(table.academyId),
    check('omr_answer_keys_pattern_check', sql`${table.pattern} in ('neet', 'jee', 'cet', 'custom')`),
    check('omr_answer_keys_options_check', sql`${table.options} in (4, 5)`),
  ],
);

/**
 * A read OMR sheet: one per student per exam (a sheet scanned again replaces it), with the photo
 * kept in the file storage (the academy's folder), the answers read (null: blank or not sure), the
 * questions the reader was not sure of and the teacher has not settled, and the score.
 */
export const omrScans = academyTable(
  'omr_scans',
  {
    ...academyRow(),
    examId: requiredRef(() => exams.id, 'cascade'),
    studentId: requiredRef(() => students.id, 'restrict'),
    fileKey: varchar({ length: 100 }).notNull(),
    fileType: varchar({ length: 20 }).notNull(),
    answers: text().array().notNull(),
    uncertain: integer().array().notNull(),
    score: integer().notNull(),
    scannedBy: userRef(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('omr_scans_exam_student_idx').on(table.academyId, table.examId, table.studentId),
    index('omr_scans_academy_idx').on(table.academyId),
  ],
);
