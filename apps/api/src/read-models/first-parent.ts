import { Column, is, sql, type SQL } from 'drizzle-orm';
import { qualified } from '../db/same-academy';

/*
 * The student's parents as the student, teacher, batch and absence-call lists show them (decision 030:
 * the student form's parent fields ARE the first linked parent). A read model: SQL over the parents'
 * tables for any module's query, so a list needs no import of the parents module (issue 61); the
 * parents module alone writes those tables (modules/parents/first-parent.ts saveFirstParent).
 */

/** A column of the student's first parent (`pu` the parent's account, `p` the parent), for a query on `students`. */
export function firstParentColumn(studentId: SQL | Column, column: 'name' | 'phone' | 'email', academyId?: SQL): SQL<string | null> {
  const value = { name: sql`pu.name`, phone: sql`p.phone`, email: sql`pu.email` }[column];
  return sql<string | null>`(select ${value} from parent_students ps join parents p on p.id = ps.parent_id and p.academy_id = ps.academy_id join users pu on pu.id = p.user_id and pu.academy_id = p.academy_id
    where ps.student_id = ${studentSql(studentId)} and ps.academy_id = ${academyOf(studentId, academyId)} order by ps.created_at, p.id limit 1)`;
}

/** Whether any parent of the student has a number matching the pattern (the lists' search). */
export function parentPhoneMatches(studentId: SQL | Column, pattern: string, academyId?: SQL): SQL {
  return sql`exists (select 1 from parent_students ps join parents p on p.id = ps.parent_id and p.academy_id = ps.academy_id where ps.student_id = ${studentSql(studentId)} and ps.academy_id = ${academyOf(studentId, academyId)} and p.phone ilike ${pattern})`;
}

/** The outer student's id, with its table (Drizzle leaves the table out of a one-table select). */
function studentSql(studentId: SQL | Column): SQL {
  return is(studentId, Column) ? qualified(studentId) : studentId;
}

/**
 * The outer student's academy (decision 053: a correlated subquery names it, so Citus pushes it down to
 * the student's shard): the column's table's `academy_id`, or `academyId` for hand-written SQL.
 */
function academyOf(studentId: SQL | Column, academyId: SQL | undefined): SQL {
  if (academyId) return academyId;
  const academy = is(studentId, Column) ? (studentId.table as unknown as { academyId?: unknown }).academyId : undefined;
  if (is(academy, Column)) return qualified(academy);
  throw new Error("The student's academy is needed beside a student id given as SQL.");
}
