import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { NamesInLanguages } from '@academy/shared/academy-words';
import { subjects } from './subjects';
import { timestamps } from './users';
import { academyId } from './academy-column';

export const standards = pgTable(
  'standards',
  {
    academyId: academyId(),
    id: uuid().primaryKey().defaultRandom(),
    name: varchar({ length: 80 }).notNull(),
    level: integer().notNull(),
    /** Optional names in Marathi and Hindi (issue 42); `name` is the English one. */
    names: jsonb().$type<NamesInLanguages>().notNull().default({}),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('standards_name_lower_unique').on(table.academyId, sql`lower(${table.name})`),
    uniqueIndex('standards_level_unique').on(table.academyId, table.level),
  ],
);

export const standardSubjects = pgTable(
  'standard_subjects',
  {
    academyId: academyId(),
    standardId: uuid()
      .notNull()
      .references(() => standards.id, { onDelete: 'cascade' }),
    subjectId: uuid()
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
  },
  (table) => [
    primaryKey({ columns: [table.standardId, table.subjectId] }),
    index('standard_subjects_subject_idx').on(table.subjectId),
    index('standard_subjects_academy_idx').on(table.academyId),
  ],
);
