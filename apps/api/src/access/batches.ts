import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { batches, batchStudents } from '../db/schema';
import { AppError } from '../lib/app-error';
import { NO_RECORD, type Actor } from './actor';
import { ADMIN, own, STAFF, STUDENT, TEACHER, type RouteRules } from './rules';
import { qualified } from '../db/same-academy';

/**
 * Batches. Admins manage batches and enrolments; a teacher reads their own batches (another
 * teacher's answers 404); a student reads the batches they are enrolled in, under /student.
 */
export const batchRoutes: RouteRules = {
  'GET /api/batches': STAFF,
  'GET /api/batches/by-subject': STAFF,
  'POST /api/batches/sync-students': ADMIN,
  'POST /api/batches': ADMIN,
  'GET /api/batches/:id': own(STAFF),
  'PUT /api/batches/:id': ADMIN,
  'DELETE /api/batches/:id': ADMIN,
  'PUT /api/batches/:id/students/:studentId/add': ADMIN,
  'PUT /api/batches/:id/students/:studentId/remove': ADMIN,
  'POST /api/batches/:id/students': ADMIN,
  'POST /api/batches/:id/students/move': ADMIN,
  'GET /api/student/batches': STUDENT,
  'GET /api/student/batches/:id': own(STUDENT),
  'GET /api/student/schedule': STUDENT,
  'GET /api/student/schedule.ics': STUDENT,
  'GET /api/teachers/me/schedule': TEACHER,
  'GET /api/teachers/me/schedule.ics': TEACHER,
};

/** The batches a student is enrolled in. */
export function enrolledBatchesCondition(studentId: string): SQL {
  return sql`exists (select 1 from ${batchStudents} where ${batchStudents.batchId} = ${batches.id} and ${batchStudents.academyId} = ${qualified(batches.academyId)} and ${batchStudents.studentId} = ${studentId})`;
}

/** The batches any of these students is enrolled in (a parent's children). */
export function childrenBatchesCondition(studentIds: string[]): SQL {
  return sql`exists (select 1 from ${batchStudents} where ${batchStudents.batchId} = ${batches.id} and ${batchStudents.academyId} = ${qualified(batches.academyId)} and ${inArray(batchStudents.studentId, studentIds.length ? studentIds : [NO_RECORD])})`;
}

/**
 * The batches this actor may see (a condition on `batches`): an admin every batch (undefined), a
 * teacher their own, a student their enrolments, a parent their children's enrolments.
 */
export function batchScope(actor: Actor): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'teacher') return eq(batches.teacherId, actor.teacherId ?? NO_RECORD);
  if (actor.role === 'student') return enrolledBatchesCondition(actor.studentId ?? NO_RECORD);
  if (actor.role === 'parent') return childrenBatchesCondition(actor.childIds ?? []);
  throw new AppError('FORBIDDEN');
}

/** Names batchScope's answer for this actor: part of the key of a kept batch list (lib/read-cache.ts). */
export function batchScopeKey(actor: Actor): string {
  if (actor.role === 'admin') return 'all';
  if (actor.role === 'teacher') return `teacher:${actor.teacherId ?? NO_RECORD}`;
  if (actor.role === 'student') return `student:${actor.studentId ?? NO_RECORD}`;
  if (actor.role === 'parent') return `parent:${[...(actor.childIds ?? [])].sort().join(',')}`;
  throw new AppError('FORBIDDEN');
}

/** The batches of this actor's own week and calendar: a teacher's own batches, a student's enrolments (never "all"). */
export function ownBatchesCondition(actor: Actor): SQL {
  if (actor.role === 'admin') throw new AppError('FORBIDDEN');
  return batchScope(actor)!;
}

/**
 * May this actor see and mark the attendance of a batch taught by `batchTeacherId`? An admin any
 * batch, a teacher only their own. Another teacher's batch answers 404, as on GET /batches/{id}.
 */
export function assertStaffOfBatch(actor: Actor, batchTeacherId: string | null): void {
  if (actor.role === 'admin') return;
  if (actor.role === 'teacher' && actor.teacherId !== undefined && actor.teacherId === batchTeacherId) return;
  throw new AppError('NOT_FOUND', 'Batch not found');
}
