import { sql } from 'drizzle-orm';
import { check, date, index, text, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { GENDERS } from '@academy/shared/schemas/common';
import { TEACHER_STATUSES } from '@academy/shared/schemas/teachers';
import { subjects } from './subjects';
import { users } from './users';
import { academyRow } from './academy-column';
import { requiredRef, timestamps } from './columns';
import { linkTable } from './link-table';

export const teachers = academyTable(
  'teachers',
  {
    ...academyRow(),
    // The person's own account, one record per account; the account cannot go while the record points at it.
    userId: requiredRef(() => users.id, 'restrict').unique(),
    phone: varchar({ length: 20 }),
    qualification: varchar({ length: 200 }).notNull().default(''),
    joiningDate: date(),
    address: text().notNull().default(''),
    gender: text({ enum: GENDERS }),
    status: text({ enum: TEACHER_STATUSES }).notNull().default('active'),
    ...timestamps,
  },
  (table) => [
    index('teachers_status_idx').on(table.academyId, table.status),
    check('teachers_status_check', sql`${table.status} in ('active', 'inactive', 'on_leave')`),
    check('teachers_gender_check', sql`${table.gender} in ('male', 'female', 'other')`),
  ],
);

export const teacherSubjects = linkTable('teacher_subjects', 'subject', {
  teacherId: requiredRef(() => teachers.id, 'cascade'),
  subjectId: requiredRef(() => subjects.id, 'restrict'),
});
