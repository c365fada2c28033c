import type { Actor } from './actor';
import { assertStaffOfBatch } from './batches';
import { substituteOn } from './pay';
import type { DbExecutor } from '../db/client';
import { ADMIN, own, STAFF, STUDENT, TEACHER, type RouteRules } from './rules';

/**
 * Attendance: the batch's teacher and admins see and mark it (another teacher's batch answers 404,
 * see assertStaffOfBatch in ./batches); a student reads their own marks under /student.
 */
export const attendanceRoutes: RouteRules = {
  'GET /api/attendance/:batchId/:date': own(STAFF),
  'POST /api/attendance/batch/:batchId': own(STAFF),
  'GET /api/attendance/batch/:batchId/history': own(STAFF),
  'GET /api/attendance/student/:studentId/batch/:batchId': own(STAFF),
  'GET /api/student/attendance': STUDENT,
  'GET /api/student/attendance/:batchId': own(STUDENT),
  // The office's list of today's absent students and its "called" ticks.
  'GET /api/admin/absent-today': ADMIN,
  'PUT /api/admin/absent-today/:studentId/called': ADMIN,
  // The teacher's sheet as a plain HTML form (issue 74, modules/attendance/sheet-form.routes.ts): handed to
  // POST /api/attendance/batch/:batchId as the teacher, so that route's rules apply (another's batch: 404).
  'POST /app/teacher/attendance/mark': own(TEACHER),
};

/**
 * Whether this actor's week shows which of today's batches are already marked: a teacher's does
 * (they mark them); a student's or a parent's week does not.
 */
export function seesTodaysMarks(actor: Actor): boolean {
  return actor.role === 'teacher';
}

/**
 * May this actor see and mark one day's sheet of a batch taught by `batchTeacherId`? As
 * assertStaffOfBatch, and also the substitute assigned to that class (issue 58) — for that day only:
 * the day before answers 404 to them like any other teacher's batch. The substitution is looked up
 * only for a teacher who is not the batch's own.
 */
export async function assertStaffOfBatchDay(db: DbExecutor, actor: Actor, batchId: string, batchTeacherId: string | null, date: string): Promise<void> {
  if (actor.role === 'teacher' && actor.teacherId !== undefined && actor.teacherId !== batchTeacherId && actor.teacherId === (await substituteOn(db, batchId, date))) return;
  assertStaffOfBatch(actor, batchTeacherId);
}
