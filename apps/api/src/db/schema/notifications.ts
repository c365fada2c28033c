import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { announcements } from './announcements';
import { students } from './students';
import { notes } from './notes';
import { onlineTests } from './online-tests';
import { homework } from './homework';
import { lectures } from './lectures';
import { academyRow } from './academy-column';
import { createdAt, requiredRef } from './columns';

/** A student's bell: one row per thing they were told about. */
export const notifications = academyTable(
  'notifications',
  {
    ...academyRow(),
    studentId: requiredRef(() => students.id, 'cascade'),
    /** English wording at the time it was made; what older rows (without a key) show. */
    message: text().notNull(),
    /**
     * Decision 015: what happened as a key and its values (`note.created`, `{ title }`), worded in the
     * reader's language when read (NOTIFICATION_TEXTS in @academy/shared). Null on rows made before.
     */
    messageKey: text(),
    messageValues: jsonb().$type<Record<string, string>>(),
    isRead: boolean().notNull().default(false),
    createdAt: createdAt(),
    announcementId: uuid().references(() => announcements.id, { onDelete: 'cascade' }),
    noteId: uuid().references(() => notes.id, { onDelete: 'cascade' }),
    // A new online test for the student's batch (issue 40).
    onlineTestId: uuid().references(() => onlineTests.id, { onDelete: 'cascade' }),
    // New homework for the student's batch (issue 59).
    homeworkId: uuid().references(() => homework.id, { onDelete: 'cascade' }),
    // A recorded lecture of a class the student missed (issue 75, decision 082).
    lectureId: uuid().references(() => lectures.id, { onDelete: 'cascade' }),
  },
  (table) => [
    // "Notified once" is the database's promise, whatever number of job runs or server processes.
    uniqueIndex('notifications_student_announcement_unique').on(table.academyId, table.studentId, table.announcementId),
    uniqueIndex('notifications_student_note_unique').on(table.academyId, table.studentId, table.noteId),
    uniqueIndex('notifications_student_online_test_unique').on(table.academyId, table.studentId, table.onlineTestId),
    uniqueIndex('notifications_student_homework_unique').on(table.academyId, table.studentId, table.homeworkId),
    uniqueIndex('notifications_student_lecture_unique').on(table.academyId, table.studentId, table.lectureId),
    // The bell's page, newest first, and its unread count.
    index('notifications_student_created_idx').on(table.studentId, table.createdAt.desc(), table.id.desc()),
    index('notifications_student_unread_idx')
      .on(table.studentId)
      .where(sql`not ${table.isRead}`),
    index('notifications_announcement_idx').on(table.announcementId),
    index('notifications_academy_created_idx').on(table.academyId, table.createdAt),
    index('notifications_note_idx').on(table.noteId),
    index('notifications_online_test_idx').on(table.onlineTestId),
    index('notifications_homework_idx').on(table.homeworkId),
    index('notifications_lecture_idx').on(table.lectureId),
    check('notifications_one_subject_check', sql`num_nonnulls(${table.announcementId}, ${table.noteId}, ${table.onlineTestId}, ${table.homeworkId}, ${table.lectureId}) <= 1`),
  ],
);
