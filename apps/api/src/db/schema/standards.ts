import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { NamesInLanguages } from '@academy/shared/academy-words';
import { subjects } from './subjects';
import { academyId, academyRow } from './academy-column';
import { linkTableKeys, requiredRef, timestamps } from './columns';

export const standards = pgTable(
  'standards',
  {
    ...academyRow(),
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
    standardId: requiredRef(() => standards.id, 'cascade'),
    subjectId: requiredRef(() => subjects.id, 'restrict'),
  },
  (table) => linkTableKeys('standard_subjects', [table.standardId, table.subjectId], 'subject', table.academyId),
);
