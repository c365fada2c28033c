import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { batches } from './batches';
import { students } from './students';
import { users } from './users';
import { academyId } from './academy-column';

/**
 * A batch's test (issue 23; docs/decisions/019-tests-and-marks.md). Maximum and marks are whole
 * half-marks (50 marks → 100), so sums and comparisons are exact. RESTRICT on the batch: a batch with
 * tests cannot be deleted (409), like one with attendance.
 */
export const tests = pgTable(
  'tests',
  {
    academyId: academyId(),
    id: uuid().primaryKey().defaultRandom(),
    batchId: uuid()
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    name: varchar({ length: 120 }).notNull(),
    date: date({ mode: 'string' }).notNull(),
    maxHalfMarks: integer().notNull(),
    topic: varchar({ length: 200 }),
    // Students see a test only once it is published; a change of marks after that sets corrected_at.
    publishedAt: timestamp({ withTimezone: true }),
    correctedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    // A batch's tests by date (its list, the report card's period).
    index('tests_batch_date_idx').on(table.batchId, table.date),
    index('tests_academy_date_idx').on(table.academyId, table.date),
    check('tests_max_positive', sql`${table.maxHalfMarks} > 0`),
  ],
);

/** One student's marks in one test: half-marks, or absent (then null). */
export const testMarks = pgTable(
  'test_marks',
  {
    academyId: academyId(),
    testId: uuid()
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    studentId: uuid()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    halfMarks: integer(),
    absent: boolean().notNull().default(false),
    enteredBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    enteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.testId, table.studentId] }),
    // A student's marks across tests (their own view, the progress chart, the report card).
    index('test_marks_student_idx').on(table.studentId),
    index('test_marks_academy_idx').on(table.academyId),
    check('test_marks_absent_or_marks', sql`(${table.absent} and ${table.halfMarks} is null) or (not ${table.absent} and ${table.halfMarks} >= 0)`),
  ],
);

/**
 * The teacher's remark on a student's report card, one per student per batch (issue 23): written by
 * the batch's teacher (or an admin) on the batch's remarks screen, printed on the report card with the
 * writer's name. Who wrote it last and when are kept here; every change is also in the audit log.
 * It belongs to the enrolment, so it goes with the batch or the student.
 */
export const reportCardRemarks = pgTable(
  'report_card_remarks',
  {
    academyId: academyId(),
    batchId: uuid()
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    studentId: uuid()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    remark: varchar({ length: 500 }).notNull(),
    writtenBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    writtenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.batchId, table.studentId] }),
    // A student's remarks across batches (the report card).
    index('report_card_remarks_student_idx').on(table.studentId),
    index('report_card_remarks_academy_idx').on(table.academyId),
  ],
);
