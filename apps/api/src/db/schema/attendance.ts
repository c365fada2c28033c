import { sql } from 'drizzle-orm';
import { check, date, index, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { ATTENDANCE_STATUSES } from '@academy/shared/attendance-statuses';
import { batches } from './batches';
import { students } from './students';
import { userRef } from './users';
import { academyRow } from './academy-column';
import { requiredRef } from './columns';

/**
 * One mark per (batch, date, student). RESTRICT on both parents: a batch or student with attendance
 * cannot be deleted (409), so history is never lost silently.
 */
export const attendanceRecords = academyTable(
  'attendance_records',
  {
    ...academyRow(),
    batchId: requiredRef(() => batches.id, 'restrict'),
    studentId: requiredRef(() => students.id, 'restrict'),
    date: date({ mode: 'string' }).notNull(),
    status: text({ enum: ATTENDANCE_STATUSES }).notNull(),
    remark: varchar({ length: 300 }),
    markedBy: userRef(),
    markedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The day's roster and the batch history (a date range of one batch) read this one.
    uniqueIndex('attendance_batch_date_student_unique').on(table.academyId, table.batchId, table.date, table.studentId),
    // A student's marks in one batch or in all of their batches, by date; with the status, a student's
    // batches and statistics come from the index alone (a year's marks lie in as many table pages).
    index('attendance_student_batch_date_idx').on(table.academyId, table.studentId, table.batchId, table.date, table.status),
    // The dashboard's academy-wide rate of a day and its 14-day trend: status and batch in the index
    // let those counts (about 6,000 marks a day at 3,000 students) come from the index alone.
    index('attendance_date_status_batch_idx').on(table.academyId, table.date, table.status, table.batchId),
    check('attendance_status_check', sql`${table.status} in ('present', 'absent', 'late', 'excused')`),
  ],
);
