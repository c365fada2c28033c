import { sql, type SQL } from 'drizzle-orm';

/*
 * The student's parents as the student, teacher, batch and absence-call lists show them (decision 030:
 * the student form's parent fields ARE the first linked parent). A read model: SQL over the parents'
 * tables for any module's query, so a list needs no import of the parents module (issue 61); the
 * parents module alone writes those tables (modules/parents/first-parent.ts saveFirstParent).
 */

/** A column of the student's first parent (`pu` the parent's account, `p` the parent), for a query on `students`. */
export function firstParentColumn(studentId: SQL | unknown, column: 'name' | 'phone' | 'email'): SQL<string | null> {
  const value = { name: sql`pu.name`, phone: sql`p.phone`, email: sql`pu.email` }[column];
  return sql<string | null>`(select ${value} from parent_students ps join parents p on p.id = ps.parent_id and p.academy_id = ps.academy_id join users pu on pu.id = p.user_id and pu.academy_id = p.academy_id
    where ps.student_id = ${studentId} order by ps.created_at, p.id limit 1)`;
}

/** Whether any parent of the student has a number matching the pattern (the lists' search). */
export function parentPhoneMatches(studentId: SQL | unknown, pattern: string): SQL {
  return sql`exists (select 1 from parent_students ps join parents p on p.id = ps.parent_id and p.academy_id = ps.academy_id where ps.student_id = ${studentId} and p.phone ilike ${pattern})`;
}
