import { index, primaryKey, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

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

/**
 * The keys of a link table (two rows of one academy joined, many to many: a standard's subjects): the pair
 * is the primary key, which also finds the links of the first side; the second side and the academy get an
 * index each, named `<table>_<secondSide>_idx` and `<table>_academy_idx` as the migrations made them.
 */
export const linkTableKeys = (tableName: string, [first, second]: [AnyPgColumn, AnyPgColumn], secondSide: string, academy: AnyPgColumn) => [
  primaryKey({ columns: [first, second] }),
  index(`${tableName}_${secondSide}_idx`).on(second),
  index(`${tableName}_academy_idx`).on(academy),
];
