import { sql, type SQL } from 'drizzle-orm';
import { academySql } from '../db/same-academy';
import { NO_RECORD, type Actor } from './actor';

/**
 * Who may read and manage a batch's records (homework, lectures: a table with `batch_id`), as conditions on
 * that table. An admin every batch's; a teacher their batches'; a student the batches they are enrolled
 * in, a parent their children's, to read only. Each subquery names the academy (decision 053).
 */
export function batchRecordScopes(table: 'homework' | 'lectures') {
  // Qualified by hand: inside a subquery a bare "batch_id" would name the subquery's own table.
  const batchId = sql.raw(`"${table}"."batch_id"`);
  const academyId = sql.raw(`"${table}"."academy_id"`);
  const enrolledIn = (studentIds: readonly string[]) =>
    sql`exists (select 1 from batch_students bs where bs.batch_id = ${batchId} and bs.academy_id = ${academyId} and bs.academy_id = ${academySql()} and bs.student_id in (${sql.join(
      (studentIds.length ? studentIds : [NO_RECORD]).map((id) => sql`${id}::uuid`),
      sql`, `,
    )}))`;
  const taughtBy = (teacherId: string | undefined) =>
    sql`exists (select 1 from batches b where b.id = ${batchId} and b.academy_id = ${academyId} and b.academy_id = ${academySql()} and b.teacher_id = ${teacherId ?? NO_RECORD})`;

  /** The records this actor may read: undefined for an admin (all of them). */
  const readScope = (actor: Actor): SQL | undefined => {
    switch (actor.role) {
      case 'admin':
        return undefined;
      case 'teacher':
        return taughtBy(actor.teacherId);
      case 'student':
        return enrolledIn([actor.studentId ?? NO_RECORD]);
      case 'parent':
        return enrolledIn(actor.childIds ?? []);
      default:
        return sql`false`;
    }
  };
  /** The records this actor may change: an admin any, a teacher their batches'. */
  const manageScope = (actor: Actor): SQL => {
    if (actor.role === 'admin') return sql`true`;
    if (actor.role === 'teacher') return taughtBy(actor.teacherId);
    return sql`false`;
  };
  return { enrolledIn, readScope, manageScope };
}
