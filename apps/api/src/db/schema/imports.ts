import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { userRef } from './users';
import { academyId, academyRow } from './academy-column';
import { requiredRef } from './columns';

/**
 * A register imported from a spreadsheet (issue 39): what it made, so that it can be undone while
 * nothing of it has changed since (`finished_at` is when its transaction ended its changes).
 */
export const imports = academyTable(
  'imports',
  {
    ...academyRow(),
    kind: varchar({ length: 20, enum: ['students'] }).notNull(),
    fileName: varchar({ length: 200 }).notNull(),
    rowCount: integer().notNull(),
    /** The answer's counts (created, updated, parentsCreated, parentsLinked, enrolled, openingPayments). */
    summary: jsonb().$type<Record<string, number>>().notNull(),
    createdBy: userRef(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }).notNull(),
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: userRef(),
  },
  (table) => [
    index('imports_started_at_idx').on(table.academyId, table.startedAt),
    index('imports_created_by_idx').on(table.createdBy),
    index('imports_undone_by_idx').on(table.undoneBy),
  ],
);

export const IMPORT_ITEM_KINDS = ['student', 'student_update', 'parent', 'parent_link', 'enrolment', 'receipt'] as const;

/**
 * Each thing an import made or changed, in order: a new student or parent, a parent linked to a
 * student, an enrolment (entity the batch, related the student), an opening-balance receipt, or an
 * existing student's fields with their values before (`before`), which an undo puts back.
 */
export const importItems = academyTable(
  'import_items',
  {
    academyId: academyId(),
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    importId: requiredRef(() => imports.id, 'cascade'),
    kind: text({ enum: IMPORT_ITEM_KINDS }).notNull(),
    entityId: uuid().notNull(),
    relatedId: uuid(),
    before: jsonb().$type<Record<string, unknown>>(),
  },
  (table) => [
    index('import_items_import_idx').on(table.importId),
    index('import_items_academy_idx').on(table.academyId),
    check('import_items_kind_check', sql`${table.kind} in ('student', 'student_update', 'parent', 'parent_link', 'enrolment', 'receipt')`),
  ],
);
