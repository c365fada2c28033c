import { sql } from 'drizzle-orm';
import { check, date, index, integer, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { BOARDS, GENDERS, MEDIUMS } from '@academy/shared/schemas/common';
import { STUDENT_STATUSES } from '@academy/shared/schemas/students';
import { standards } from './standards';
import { users } from './users';
import { academyId, academyRow } from './academy-column';
import { requiredRef, timestamps } from './columns';

export const students = academyTable(
  'students',
  {
    ...academyRow(),
    // The person's own account, one record per account; the account cannot go while the record points at it.
    userId: requiredRef(() => users.id, 'restrict').unique(),
    // Null when not given (issue 42, decision 040): the academy never records a made-up gender or address.
    gender: text({ enum: GENDERS }),
    address: text(),
    // Optional: the academy never stores a made-up number.
    phone: varchar({ length: 20 }),
    // The spec's parent name and phone (and the parent's email) are the student's first linked parent
    // (parents, parent_students; issue 37): one record per parent, reached on WhatsApp, SMS or email.
    dateOfBirth: date(),
    standardId: uuid().references(() => standards.id, { onDelete: 'restrict' }),
    school: varchar({ length: 200 }),
    // The school's board and medium (issue 39), as registers keep them; null when not known.
    board: text({ enum: BOARDS }),
    medium: text({ enum: MEDIUMS }),
    admissionDate: date()
      .notNull()
      .default(sql`current_date`),
    status: text({ enum: STUDENT_STATUSES }).notNull().default('active'),
    // The student's ID (issue 21), e.g. LAT-2026-0042: prefix, admission year and a per-year number
    // without gaps, made in the creating transaction (student_id_counters). It signs in like an email.
    studentCode: varchar({ length: 20 }).notNull(),
    /** The student's state's GST code (issue 57): a tax invoice's place of supply; null means the academy's state. */
    state: varchar({ length: 2 }),
    ...timestamps,
  },
  (table) => [
    // Sign-in and search look it up case-insensitively; stored upper-case.
    uniqueIndex('students_student_code_unique').on(table.academyId, table.studentCode),
    index('students_student_code_trgm_idx').using('gin', table.studentCode.op('gin_trgm_ops')),
    index('students_standard_idx').on(table.standardId),
    index('students_status_idx').on(table.academyId, table.status),
    // "Active students of these batches" (every enrolled count): an index-only lookup per enrolment,
    // where PostgreSQL otherwise read the whole students table once per batch (decision 012).
    index('students_active_id_idx').on(table.id, table.academyId).where(sql`${table.status} = 'active'`),
    check('students_status_check', sql`${table.status} in ('active', 'archived', 'alumni')`),
    check('students_gender_check', sql`${table.gender} in ('male', 'female', 'other')`),
    check('students_board_check', sql`${table.board} in ('State Board', 'CBSE', 'ICSE', 'Other')`),
    check('students_medium_check', sql`${table.medium} in ('English', 'Semi-English', 'Marathi', 'Hindi', 'Urdu')`),
    // The admin's list sorts by it and the dashboard shows the latest students.
    index('students_created_at_idx').on(table.academyId, table.createdAt),
    // The owner's dashboard counts the month's admissions (issue 42).
    index('students_admission_date_idx').on(table.academyId, table.admissionDate),
    // The list searches phones with ILIKE '%…%' (pg_trgm; users carries the name and email ones).
    index('students_phone_trgm_idx').using('gin', table.phone.op('gin_trgm_ops')),
  ],
);

/**
 * The last student number given out per admission year (issue 21). Taking a number updates this row
 * inside the creating transaction, so concurrent creations queue on its lock and a rolled-back one
 * gives its number back: the numbers have no gaps.
 */
export const studentIdCounters = academyTable(
  'student_id_counters',
  {
    academyId: academyId(),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.academyId, table.year] })],
);
