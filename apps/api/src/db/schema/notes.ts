import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { batches } from './batches';
import { standards } from './standards';
import { students } from './students';
import { subjects } from './subjects';
import { teachers } from './teachers';
import { userRef } from './users';
import { academyRow } from './academy-column';
import { timestamps } from './columns';

/**
 * A PDF shared by a teacher (or the academy): for one batch, one student, or nobody else (personal).
 * The file itself lives in the storage (lib/storage.ts) under `fileKey`; deleting the row deletes it.
 */
export const notes = academyTable(
  'notes',
  {
    ...academyRow(),
    title: varchar({ length: 200 }).notNull(),
    description: text().notNull().default(''),
    subjectId: uuid().references(() => subjects.id, { onDelete: 'set null' }),
    standardId: uuid().references(() => standards.id, { onDelete: 'set null' }),
    // The owner. A deleted teacher's notes stay (the admin can still manage them).
    teacherId: uuid().references(() => teachers.id, { onDelete: 'set null' }),
    // RESTRICT: deleting a batch or student must not silently drop the files shared with them.
    batchId: uuid().references(() => batches.id, { onDelete: 'restrict' }),
    studentId: uuid().references(() => students.id, { onDelete: 'restrict' }),
    isPublic: boolean().notNull().default(false),
    /** The storage's generated name; never derived from what the uploader called the file. */
    fileKey: varchar({ length: 100 }).notNull().unique(),
    /** The uploader's file name, sanitised: shown and offered on download only. */
    fileName: varchar({ length: 255 }).notNull(),
    fileSize: bigint({ mode: 'number' }).notNull(),
    fileSha256: varchar({ length: 64 }).notNull(),
    uploadedBy: userRef(),
    ...timestamps,
  },
  (table) => [
    index('notes_teacher_created_idx').on(table.teacherId, table.createdAt.desc()),
    // A batch's and a student's notes are read a page at a time, newest first (issue 16).
    index('notes_batch_created_idx').on(table.batchId, table.createdAt.desc(), table.id.desc()),
    index('notes_student_created_idx').on(table.studentId, table.createdAt.desc(), table.id.desc()),
    index('notes_subject_idx').on(table.subjectId),
    index('notes_standard_idx').on(table.standardId),
    index('notes_academy_created_idx').on(table.academyId, table.createdAt.desc()),
    index('notes_public_created_idx')
      .on(table.academyId, table.createdAt.desc())
      .where(sql`${table.isPublic}`),
    check('notes_one_target_check', sql`num_nonnulls(${table.batchId}, ${table.studentId}) <= 1`),
    check('notes_file_size_check', sql`${table.fileSize} > 0`),
  ],
);
