import { date, index, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { students } from './students';
import { userRef } from './users';
import { academyId } from './academy-column';
import { requiredRef } from './columns';

/**
 * The office's "called" tick on today's absent list (issue 18): one per student and day, whatever
 * number of batches they missed, with who called and when. Removing the tick deletes the row.
 */
export const absenceCalls = academyTable(
  'absence_calls',
  {
    academyId: academyId(),
    studentId: requiredRef(() => students.id, 'cascade'),
    date: date({ mode: 'string' }).notNull(),
    calledBy: userRef(),
    calledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The list joins on (student, day): the primary key; who called is looked up when a user is deleted.
  (table) => [
    primaryKey({ name: 'absence_calls_pkey', columns: [table.academyId, table.studentId, table.date] }),
    index('absence_calls_called_by_idx').on(table.calledBy),
    index('absence_calls_academy_date_idx').on(table.academyId, table.date),
  ],
);
