import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { LECTURE_RENDITION_KINDS, LECTURE_STATUSES, type LectureChapter, type LectureRendition } from '@academy/shared/schemas/lectures';
import { batches } from './batches';
import { students } from './students';
import { userRef } from './users';
import { academyRow } from './academy-column';
import { requiredRef, timestamps } from './columns';

/** Where a lecture's renditions stand with the academy's bucket (decision 096). */
export const LECTURE_BUCKET_STATES = ['pending', 'copied', 'failed', 'removing'] as const;

/**
 * A lecture of a batch on one day (issue 75, decision 079): the teacher's upload, kept in the storage
 * (lib/storage.ts) under `sourceKey`, and the renditions a background job makes of it with ffmpeg
 * (`voice-board` first: Opus speech in HLS with the board's stills; then the video rungs). Its files
 * are rows of `lecture_files`; deleting the lecture deletes them.
 */
export const lectures = academyTable(
  'lectures',
  {
    ...academyRow(),
    // RESTRICT: a batch with recorded lectures is not deleted by accident (archived instead).
    batchId: requiredRef(() => batches.id, 'restrict'),
    /** The day of the batch's schedule it was taught. */
    date: date().notNull(),
    title: varchar({ length: 200 }).notNull(),
    status: text({ enum: LECTURE_STATUSES }).notNull().default('uploading'),
    /** Why the renditions could not be made (status `failed`), in words a teacher can act on. */
    failureReason: text(),
    /** The uploaded file: its storage key, its type (by its first bytes) and size. Null until it is uploaded. */
    sourceKey: varchar({ length: 100 }),
    sourceType: varchar({ length: 20 }),
    sourceBytes: bigint({ mode: 'number' }),
    /** What the job made, in the order it made them: `[{ kind, bytes, playlist }]`. */
    renditions: jsonb().$type<LectureRendition[]>().notNull().default([]),
    /**
     * How far its job is (migration 0097): the rendition being made and how much of it, 0–100, written by
     * the job at most every few seconds from ffmpeg's own progress; both null when no job is rendering it.
     */
    progressStep: text({ enum: LECTURE_RENDITION_KINDS }),
    progressPercent: smallint(),
    /** The chapters its teacher marked (decision 097): `[{ t, title }]`, by time, t in whole seconds. */
    chapters: jsonb().$type<LectureChapter[]>().notNull().default([]),
    /**
     * The lecture's HLS AES-128 segment key (decision 088): 16 random bytes, sealed with the server's
     * secrets-at-rest key (lib/secret-box.ts). Null for a lecture rendered before keys (played in clear).
     */
    segmentKeySealed: text(),
    /** When the academy's retention removed its files (decision 088); the row, its views and its title stay. */
    filesRemovedAt: timestamp({ withTimezone: true }),
    /**
     * Its renditions in the academy's bucket (decision 096): `pending` (to be copied), `copied` (every file
     * there, the local copies removed), `failed` (the last copy failed: `bucketError` says why; retried),
     * `removing` (its files were removed here: its objects are to go). Null: on this server's disk only.
     */
    bucketState: text({ enum: LECTURE_BUCKET_STATES }),
    /** The folder of its objects in the bucket (`<prefix>/<academy id>/lectures/<lecture id>/`), kept from the first copy. */
    bucketFolder: varchar({ length: 400 }),
    /** Why the last copy to (or removal from) the bucket failed, in the admin's words. */
    bucketError: text(),
    createdBy: userRef(),
    ...timestamps,
  },
  (table) => [
    // A batch's lectures, a day's first (the batch screen, the absent student's "watch it").
    index('lectures_batch_date_idx').on(table.batchId, table.date.desc(), table.createdAt.desc()),
    index('lectures_academy_status_idx').on(table.academyId, table.status),
    check('lectures_status_check', sql`${table.status} in ('uploading', 'processing', 'ready', 'failed')`),
    check('lectures_bucket_state_check', sql`${table.bucketState} is null or ${table.bucketState} in ('pending', 'copied', 'failed', 'removing')`),
    check('lectures_progress_check', sql`(${table.progressStep} is null) = (${table.progressPercent} is null) and (${table.progressStep} is null or (${table.progressStep} in ('voice-board', '240p', '360p') and ${table.progressPercent} between 0 and 100))`),
    check('lectures_source_bytes_check', sql`${table.sourceBytes} is null or ${table.sourceBytes} > 0`),
  ],
);

/**
 * One file of a lecture's rendition (a playlist, an init segment, a segment, a board still, the stills'
 * timeline), by the name its playlist uses; the bytes are the storage's, under `fileKey`.
 */
export const lectureFiles = academyTable(
  'lecture_files',
  {
    ...academyRow(),
    lectureId: requiredRef(() => lectures.id, 'cascade'),
    kind: text({ enum: LECTURE_RENDITION_KINDS }).notNull(),
    /** The name in the playlist (`seg-0001.m4s`, `still-0003.jpg`): letters, digits, dots and dashes only. */
    name: varchar({ length: 100 }).notNull(),
    fileKey: varchar({ length: 100 }).notNull().unique(),
    bytes: bigint({ mode: 'number' }).notNull(),
    /** In the academy's bucket (decision 096), at `<lectures.bucket_folder><kind>/<name>`; false: in the storage under `fileKey`. */
    inBucket: boolean().notNull().default(false),
  },
  (table) => [
    uniqueIndex('lecture_files_name_idx').on(table.academyId, table.lectureId, table.kind, table.name),
    index('lecture_files_academy_idx').on(table.academyId),
    check('lecture_files_kind_check', sql`${table.kind} in ('voice-board', '240p', '360p')`),
  ],
);

/**
 * How far a student has watched a lecture (issue 75, decision 082): one row per lecture and student,
 * upserted by the player every few seconds. `secondsWatched` is the time actually played (not the
 * position: skipping ahead does not count), `position` where they stopped (the player resumes there),
 * `furthest` the furthest point reached.
 */
export const lectureViews = academyTable(
  'lecture_views',
  {
    ...academyRow(),
    lectureId: requiredRef(() => lectures.id, 'cascade'),
    studentId: requiredRef(() => students.id, 'cascade'),
    secondsWatched: integer().notNull().default(0),
    position: integer().notNull().default(0),
    furthest: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('lecture_views_lecture_student_idx').on(table.academyId, table.lectureId, table.studentId),
    index('lecture_views_student_idx').on(table.studentId),
    index('lecture_views_academy_idx').on(table.academyId),
    check('lecture_views_figures_check', sql`${table.secondsWatched} >= 0 and ${table.position} >= 0 and ${table.furthest} >= 0`),
  ],
);
