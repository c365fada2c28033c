import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { GENDERS } from '@academy/shared/schemas/common';
import { TEACHER_STATUSES } from '@academy/shared/schemas/teachers';
import { subjects } from './subjects';
import { timestamps, users } from './users';
import { academyId } from './academy-column';

export const teachers = pgTable(
  'teachers',
  {
    academyId: academyId(),
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'restrict' }),
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

export const teacherSubjects = pgTable(
  'teacher_subjects',
  {
    academyId: academyId(),
    teacherId: uuid()
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    subjectId: uuid()
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
  },
  (table) => [
    primaryKey({ columns: [table.teacherId, table.subjectId] }),
    index('teacher_subjects_subject_idx').on(table.subjectId),
    index('teacher_subjects_academy_idx').on(table.academyId),
  ],
);
