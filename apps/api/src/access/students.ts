import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { batches, batchStudents, students } from '../db/schema';
import { NO_RECORD, type Actor } from './actor';
import { ADMIN, STUDENT, type RouteRules } from './rules';
import { qualified } from '../db/same-academy';

/** Students: the admin manages them; a student reads and edits their own profile under /student. */
export const studentRoutes: RouteRules = {
  'GET /api/students': ADMIN,
  'GET /api/students/export.csv': ADMIN,
  'POST /api/students': ADMIN,
  'GET /api/students/:id': ADMIN,
  'PUT /api/students/:id': ADMIN,
  'DELETE /api/students/:id': ADMIN,
  // A new password and its printed sign-in slip (issue 42): the office only.
  'POST /api/students/:id/sign-in-slip': ADMIN,
};

/** Self-service for students (their own record only: the address names none). */
export const studentSelfRoutes: RouteRules = {
  'GET /api/student/profile': STUDENT,
  'PUT /api/student/profile': STUDENT,
  'GET /api/student/details': STUDENT,
  'PUT /api/student/password': STUDENT,
};

/** Students of a teacher's batches (a condition on `students`). */
export function taughtBy(teacherId: string): SQL {
  return sql`exists (select 1 from ${batchStudents} bs join ${batches} b on b.id = bs.batch_id and b.academy_id = bs.academy_id where bs.student_id = ${students.id} and bs.academy_id = ${qualified(students.academyId)} and b.teacher_id = ${teacherId})`;
}

/**
 * The students this actor may know of (a condition on `students`): an admin all, a teacher the
 * students of their batches, a student themselves, a parent their children.
 */
export function studentScope(actor: Actor): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'teacher') return taughtBy(actor.teacherId ?? NO_RECORD);
  if (actor.role === 'parent') return inArray(students.id, actor.childIds?.length ? actor.childIds : [NO_RECORD]);
  return eq(students.id, actor.studentId ?? NO_RECORD);
}
