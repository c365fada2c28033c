import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * Column builders the schema files share (no table here). Each stands for one meaning that many tables
 * repeat, so a table reads as what it holds and the SQL stays exactly what the long form made: the
 * columns take their names from the keys they are given (drizzle.config.ts: snake_case).
 */

/** A row's own key: a random UUID the database makes. */
export const idColumn = () => uuid().primaryKey().defaultRandom();

/** When the row was written (or last changed): the database's clock, set on insert. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A last-changed time that Drizzle moves forward on every update it makes. */
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** The pair most tables end their columns with (users.ts keeps its own copy for now, the same two). */
export const timestamps = { createdAt: createdAt(), updatedAt: updatedAt() };

/**
 * A required link to another table's row, and what happens to this row when that one is deleted:
 * `cascade` goes with it, `restrict` forbids the delete while this row points at it.
 */
export const requiredRef = (target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') => uuid().notNull().references(target, { onDelete });
