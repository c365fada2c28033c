import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { batches } from './batches';
import { students } from './students';
import { teachers } from './teachers';
import { userRef } from './users';
import { academyRow } from './academy-column';
import { createdAt, requiredRef, timestamps } from './columns';

/*
 * Homework (issue 59; docs/decisions/056-homework.md). Its files (the teacher's attachments and the
 * students' pages) live in the storage under the academy's folder, like notes' PDFs: counted in the
 * academy's storage figure and kept in its backups.
 */

/** A batch's homework: set by its teacher (or the admin), due at a time. */
export const homework = academyTable(
  'homework',
  {
    ...academyRow(),
    batchId: requiredRef(() => batches.id, 'cascade'),
    teacherId: uuid().references(() => teachers.id, { onDelete: 'set null' }),
    title: varchar({ length: 200 }).notNull(),
    /** Markdown with $…$ maths, as the question bank's texts. */
    instructions: text().notNull().default(''),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** Pages are handed in (photos or a PDF); false: only done in class. */
    handIn: boolean().notNull().default(true),
    createdBy: userRef(),
    ...timestamps,
  },
  (table) => [
    index('homework_academy_batch_due_idx').on(table.academyId, table.batchId, table.dueAt.desc()),
    // The academy's jobs: the week's homework for the parents' summary, and homework older than a term.
    index('homework_academy_due_idx').on(table.academyId, table.dueAt),
  ],
);

/**
 * A student's hand-in of one homework: one row per student and homework (a redo replaces its pages).
 * `late`: handed in after the due time.
 */
export const homeworkSubmissions = academyTable(
  'homework_submissions',
  {
    ...academyRow(),
    homeworkId: requiredRef(() => homework.id, 'cascade'),
    studentId: requiredRef(() => students.id, 'cascade'),
    status: text({ enum: ['submitted', 'done', 'redo'] })
      .notNull()
      .default('submitted'),
    late: boolean().notNull().default(false),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: userRef(),
    comment: text(),
    marks: doublePrecision(),
    /** The pages were removed (homework older than a term, the academy's choice); the row and its check stay. */
    pagesRemovedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    unique('homework_submissions_homework_student_unique').on(table.academyId, table.homeworkId, table.studentId),
    index('homework_submissions_academy_student_idx').on(table.academyId, table.studentId),
  ],
);

/**
 * A file of a homework: an attachment of the teacher's (no submission) or a page of a student's
 * submission, in order. `fileKey` is the storage's generated name.
 */
export const homeworkFiles = academyTable(
  'homework_files',
  {
    ...academyRow(),
    homeworkId: requiredRef(() => homework.id, 'cascade'),
    submissionId: uuid().references(() => homeworkSubmissions.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    fileKey: varchar({ length: 100 }).notNull().unique(),
    fileName: varchar({ length: 255 }).notNull(),
    contentType: varchar({ length: 40 }).notNull(),
    fileSize: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('homework_files_academy_homework_idx').on(table.academyId, table.homeworkId, table.submissionId, table.position),
    index('homework_files_academy_submission_idx').on(table.academyId, table.submissionId, table.position),
    check('homework_files_size_check', sql`${table.fileSize} > 0`),
  ],
);
