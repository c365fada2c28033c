import { and, Column, eq, getTableName, is, sql, type SQL } from 'drizzle-orm';
import { currentAcademyId, enteredAcademyId } from '../lib/tenancy';

/*
 * Joins that name the academy (issue 77, decision 053). Row-level security already keeps every row of
 * a statement in one academy, but a planner does not see the policies: Citus joins two distributed
 * tables only on their distribution column (`academy_id`), and on one PostgreSQL an index led by
 * `academy_id` is used only when the statement names it. So a join between academy tables says
 * `x.academy_id = y.academy_id` besides its own condition.
 */

/** The `academyId` column of the table (or alias, or subquery) a column belongs to, when it has one. */
function academyColumnOf(column: Column): Column | undefined {
  const table = (column as unknown as { table?: Record<string, unknown> }).table;
  const academy = table?.academyId;
  return is(academy, Column) ? academy : undefined;
}

/**
 * `eq(left, right)` and, when both columns' tables are academy tables, the same academy:
 * `.innerJoin(users, joinOn(users.id, students.userId))`.
 */
export function joinOn(left: Column, right: Column): SQL {
  const [a, b] = [academyColumnOf(left), academyColumnOf(right)];
  return a && b ? and(eq(left, right), eq(a, b))! : eq(left, right);
}

/** `x.academy_id = y.academy_id` for a join with a condition of its own: `and(…, sameAcademy(x, y))`. */
export function sameAcademy(left: { academyId: Column }, right: { academyId: Column }): SQL {
  return eq(left.academyId, right.academyId);
}

/**
 * `academy_id = <the academy of the running work>` as a parameter, for a statement that must reach one
 * academy's rows by its plan, not only by row-level security: a lock (`for update`: Citus locks rows on
 * one worker only) or a look-up by an index led by `academy_id`. Outside every academy it is the
 * database's own `current_academy_id()` (no rows).
 */
export function thisAcademy(table: { academyId: Column }): SQL {
  if (enteredAcademyId() === null) return eq(table.academyId, sql`current_academy_id()`);
  try {
    return eq(table.academyId, currentAcademyId());
  } catch {
    return eq(table.academyId, sql`current_academy_id()`);
  }
}

/** thisAcademy's value for hand-written SQL: `where x.academy_id = ${academySql()}`. */
export function academySql(): SQL {
  if (enteredAcademyId() === null) return sql`current_academy_id()`;
  try {
    return sql`${currentAcademyId()}::uuid`;
  } catch {
    return sql`current_academy_id()`;
  }
}

/**
 * A column always written with its table (`"fee_dues"."academy_id"`): Drizzle leaves the table out in a
 * one-table select, so an outer column named in a correlated subquery would be read as the inner table's.
 */
export function qualified(column: Column): SQL {
  // The database's name of the column: the schema's keys in snake_case (drizzle.config.ts, `casing`).
  const name = column.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(name)}`;
}
