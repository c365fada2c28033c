import { sql } from 'drizzle-orm';
import { doublePrecision, index, jsonb, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { LANGUAGES } from '@academy/shared/languages';
import { QUESTION_DIFFICULTIES, QUESTION_TYPES } from '@academy/shared/schemas/online-tests';
import { subjects } from './subjects';
import { userRef } from './users';
import { academyRow } from './academy-column';
import { requiredRef, timestamps } from './columns';

/*
 * Online practice tests (issue 40; docs/decisions/037-online-tests.md). Marks are whole half-marks, as
 * in the paper tests (+4 → 8, −1 → −2), so a score is an exact sum.
 */

/**
 * The question bank. Options carry ids that never change (answers and attempts name them, so the
 * shuffled order of an attempt needs no translation); `correct` lists the right ones. A numeric
 * question has no options but an answer and a tolerance. A question used by a test is never deleted,
 * only hidden from the bank (`deleted_at`), so the test's results keep it.
 */
export const questions = academyTable(
  'questions',
  {
    ...academyRow(),
    subjectId: requiredRef(() => subjects.id, 'restrict'),
    chapter: varchar({ length: 120 }).notNull(),
    topic: varchar({ length: 120 }),
    difficulty: text({ enum: QUESTION_DIFFICULTIES }).notNull(),
    type: text({ enum: QUESTION_TYPES }).notNull(),
    text: text().notNull(),
    options: jsonb().$type<{ id: string; text: string }[]>().notNull().default([]),
    correct: text().array().notNull().default(sql`'{}'::text[]`),
    answerValue: doublePrecision(),
    answerTolerance: doublePrecision(),
    solution: text(),
    language: text({ enum: LANGUAGES }).notNull().default('en'),
    // sha256 of the text and options as typed, folded (spaces, case): the same question twice is flagged.
    fingerprint: varchar({ length: 64 }).notNull(),
    createdBy: userRef(),
    ...timestamps,
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // The bank's filters and the blueprint's picks: a subject's chapter at a difficulty.
    index('questions_subject_chapter_idx').on(table.subjectId, table.chapter, table.difficulty).where(sql`${table.deletedAt} is null`),
    index('questions_fingerprint_idx').on(table.academyId, table.fingerprint),
    index('questions_text_trgm_idx').using('gin', table.text.op('gin_trgm_ops')),
    index('questions_created_by_idx').on(table.createdBy),
  ],
);
