import { sql } from 'drizzle-orm';
import { check, date, index, integer, text, time, timestamp, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { WEEKDAYS } from '@academy/shared/schedule';
import { BATCH_DELIVERIES } from '@academy/shared/gst';
import { standards } from './standards';
import { students } from './students';
import { subjects } from './subjects';
import { teachers } from './teachers';
import { academyRow } from './academy-column';
import { requiredRef, timestamps } from './columns';
import { linkTable } from './link-table';

export const batches = academyTable(
  'batches',
  {
    ...academyRow(),
    name: varchar({ length: 120 }).notNull(),
    standardId: requiredRef(() => standards.id, 'restrict'),
    subjectId: requiredRef(() => subjects.id, 'restrict'),
    teacherId: requiredRef(() => teachers.id, 'restrict'),
    scheduleDays: text({ enum: WEEKDAYS }).array().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    startDate: date().notNull(),
    endDate: date().notNull(),
    capacity: integer().notNull(),
    description: text().notNull().default(''),
    /** Taught in the classroom or online (decision 062): decides a tax invoice's place of supply (IGST Act s.12(5)(b) or s.12(2)). */
    delivery: text({ enum: BATCH_DELIVERIES }).notNull().default('classroom'),
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
    check('batches_delivery_check', sql`${table.delivery} in ('classroom', 'online')`),
  ],
);

/** Enrolment: the one source of truth for who is in which batch. */
export const batchStudents = linkTable(
  'batch_students',
  'student',
  {
    batchId: requiredRef(() => batches.id, 'cascade'),
    studentId: requiredRef(() => students.id, 'restrict'),
  },
  {
    enrolledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
);
