import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, time, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { WEEKDAYS } from '@academy/shared/schedule';
import { standards } from './standards';
import { students } from './students';
import { subjects } from './subjects';
import { teachers } from './teachers';
import { timestamps } from './users';
import { academyId } from './academy-column';

export const batches = pgTable(
  'batches',
  {
    academyId: academyId(),
    id: uuid().primaryKey().defaultRandom(),
    name: varchar({ length: 120 }).notNull(),
    standardId: uuid()
      .notNull()
      .references(() => standards.id, { onDelete: 'restrict' }),
    subjectId: uuid()
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    teacherId: uuid()
      .notNull()
      .references(() => teachers.id, { onDelete: 'restrict' }),
    scheduleDays: text({ enum: WEEKDAYS }).array().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    startDate: date().notNull(),
    endDate: date().notNull(),
    capacity: integer().notNull(),
    description: text().notNull().default(''),
    /** When a rollover ended it with its academic year (issue 39): hidden from the lists, no new enrolments or attendance. */
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('batches_academy_idx').on(table.academyId),
    index('batches_teacher_idx').on(table.teacherId),
    index('batches_standard_idx').on(table.standardId),
    index('batches_subject_idx').on(table.subjectId),
    check('batches_capacity_check', sql`${table.capacity} > 0`),
    check('batches_times_check', sql`${table.endTime} > ${table.startTime}`),
    check('batches_dates_check', sql`${table.endDate} >= ${table.startDate}`),
  ],
);

/** Enrolment: the one source of truth for who is in which batch. */
export const batchStudents = pgTable(
  'batch_students',
  {
    academyId: academyId(),
    batchId: uuid()
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    studentId: uuid()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    enrolledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.batchId, table.studentId] }),
    index('batch_students_student_idx').on(table.studentId),
    index('batch_students_academy_idx').on(table.academyId),
  ],
);
