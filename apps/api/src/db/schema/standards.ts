import { sql } from 'drizzle-orm';
import { integer, jsonb, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import type { NamesInLanguages } from '@academy/shared/academy-words';
import { subjects } from './subjects';
import { academyRow } from './academy-column';
import { requiredRef, timestamps } from './columns';
import { linkTable } from './link-table';

export const standards = academyTable(
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

export const standardSubjects = linkTable('standard_subjects', 'subject', {
  standardId: requiredRef(() => standards.id, 'cascade'),
  subjectId: requiredRef(() => subjects.id, 'restrict'),
});
