import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { userRef, createdByAndAt } from './users';
import { academyId, academyRow } from './academy-column';
import { requiredRef } from './columns';

/**
 * A new academic year (issue 39; docs/decisions/033-the-new-academic-year.md): one rollover per year
 * moved on (a year undone may be rolled again), with what it changed so that its undo puts it back.
 */
export const academicYearRollovers = academyTable(
  'academic_year_rollovers',
  {
    ...academyRow(),
    /** The year moved on, "2026-27", and the one begun, "2027-28". */
    fromYear: varchar({ length: 7 }).notNull(),
    toYear: varchar({ length: 7 }).notNull(),
    batchesEndOn: date({ mode: 'string' }).notNull(),
    /** The answer's counts (promoted, alumni, repeating, leaving, batchesArchived, balancesCarried, amountCarried, byStandard). */
    summary: jsonb().$type<Record<string, unknown>>().notNull(),
    ...createdByAndAt(),
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: userRef(),
  },
  (table) => [
    // One rollover of a year at a time: an undone one no longer counts.
    uniqueIndex('academic_year_rollovers_from_year_unique').on(table.academyId, table.fromYear).where(sql`${table.undoneAt} is null`),
    index('academic_year_rollovers_created_by_idx').on(table.createdBy),
    index('academic_year_rollovers_academy_created_idx').on(table.academyId, table.createdAt),
    index('academic_year_rollovers_undone_by_idx').on(table.undoneBy),
  ],
);

export const ROLLOVER_ITEM_KINDS = ['student', 'batch', 'due_carried', 'due_created'] as const;

/**
 * Each thing a rollover changed: a student (`before`: standardId, status, isActive), a batch (`before`:
 * endDate; archived by the rollover), an old due marked carried over (`before`: status), or the
 * previous year balance it added (deleted by the undo).
 */
export const academicYearRolloverItems = academyTable(
  'academic_year_rollover_items',
  {
    academyId: academyId(),
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rolloverId: requiredRef(() => academicYearRollovers.id, 'cascade'),
    kind: text({ enum: ROLLOVER_ITEM_KINDS }).notNull(),
    entityId: uuid().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
  },
  (table) => [
    index('academic_year_rollover_items_rollover_idx').on(table.rolloverId),
    index('academic_year_rollover_items_academy_idx').on(table.academyId),
    check('academic_year_rollover_items_kind_check', sql`${table.kind} in ('student', 'batch', 'due_carried', 'due_created')`),
  ],
);
