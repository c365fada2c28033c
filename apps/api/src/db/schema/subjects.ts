import { sql } from 'drizzle-orm';
import { jsonb, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import type { NamesInLanguages } from '@academy/shared/academy-words';
import { academyRow } from './academy-column';
import { timestamps } from './columns';

export const subjects = academyTable(
  'subjects',
  {
    ...academyRow(),
    name: varchar({ length: 120 }).notNull(),
    code: varchar({ length: 20 }).notNull(),
    description: text().notNull().default(''),
    /** Optional names in Marathi and Hindi (issue 42); `name` is the English one. */
    names: jsonb().$type<NamesInLanguages>().notNull().default({}),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('subjects_name_lower_unique').on(table.academyId, sql`lower(${table.name})`),
    uniqueIndex('subjects_code_upper_unique').on(table.academyId, sql`upper(${table.code})`),
  ],
);
