import { sql, type SQL } from 'drizzle-orm';
import { HOMEWORK_MESSAGES } from '@academy/shared/schemas/homework';
import { academySql } from '../db/same-academy';
import { AppError } from '../lib/app-error';
import { NO_RECORD, type Actor } from './actor';
import { ADMIN, own, PARENT, SIGNED_IN, STAFF, STUDENT, withRecord, type RouteRules } from './rules';

/**
 * Homework (issue 59). An admin sees and manages every batch's homework; a teacher their batches';
 * a student the homework of the batches they are enrolled in, and only their own submission; a
 * parent their children's. Anything else answers 404, as if it did not exist.
 */
export const homeworkRoutes: RouteRules = {
  'POST /api/batches/:id/homework': withRecord(own(STAFF)),
  'GET /api/batches/:id/homework': own(STAFF),
  'GET /api/homework/:id': own(SIGNED_IN),
  'PUT /api/homework/:id': withRecord(own(STAFF)),
  'DELETE /api/homework/:id': withRecord(own(STAFF)),
  'PUT /api/homework/:id/done-in-class': withRecord(own(STAFF)),
  'POST /api/homework/:id/attachments': withRecord(own(STAFF)),
  'GET /api/student/homework': STUDENT,
  'GET /api/parent/children/:studentId/homework': own(PARENT),
  'POST /api/homework/:id/submissions': withRecord(own(STUDENT)),
  'GET /api/homework/:id/submissions': own(STAFF),
  'PUT /api/homework-submissions/:id/review': withRecord(own(STAFF)),
  'GET /api/homework-files/:id': own(SIGNED_IN),
  // The academy's choices: the weekly summary to parents, removing pages older than a term.
  'GET /api/admin/settings/homework': ADMIN,
  'PUT /api/admin/settings/homework': ADMIN,
};

// Qualified by hand: inside a subquery a bare "batch_id" would name the subquery's own table.
const homeworkBatchId = sql.raw('"homework"."batch_id"');
const homeworkAcademyId = sql.raw('"homework"."academy_id"');

const enrolledIn = (studentIds: string[]) =>
  sql`exists (select 1 from batch_students bs where bs.batch_id = ${homeworkBatchId} and bs.academy_id = ${homeworkAcademyId} and bs.academy_id = ${academySql()} and bs.student_id in (${sql.join(
    (studentIds.length ? studentIds : [NO_RECORD]).map((id) => sql`${id}::uuid`),
    sql`, `,
  )}))`;

/** The homework this actor may read (a condition on `homework`): undefined for an admin. */
export function homeworkReadScope(actor: Actor): SQL | undefined {
  switch (actor.role) {
    case 'admin':
      return undefined;
    case 'teacher':
      return sql`exists (select 1 from batches b where b.id = ${homeworkBatchId} and b.academy_id = ${homeworkAcademyId} and b.academy_id = ${academySql()} and b.teacher_id = ${actor.teacherId ?? NO_RECORD})`;
    case 'student':
      return enrolledIn([actor.studentId ?? NO_RECORD]);
    case 'parent':
      return enrolledIn(actor.childIds ?? []);
    default:
      return sql`false`;
  }
}

/** The homework this actor may set, check and add files to: an admin any, a teacher their batches'. */
export function homeworkManageScope(actor: Actor): SQL {
  if (actor.role === 'admin') return sql`true`;
  if (actor.role === 'teacher') return homeworkReadScope(actor)!;
  return sql`false`;
}

/** The homework of one student (their batches'), as the student or their parent lists it. */
export function homeworkOfStudent(studentId: string): SQL {
  return enrolledIn([studentId]);
}

/** Whose submission's pages this actor may open (with the homework already readable): staff any, a student their own, a parent their children's. */
export function submissionOwnerScope(actor: Actor, studentIdColumn: SQL): SQL {
  if (actor.role === 'admin' || actor.role === 'teacher') return sql`true`;
  if (actor.role === 'student') return sql`${studentIdColumn} = ${actor.studentId ?? NO_RECORD}`;
  if (actor.role === 'parent') return sql`${studentIdColumn} in (${sql.join((actor.childIds?.length ? actor.childIds : [NO_RECORD]).map((id) => sql`${id}::uuid`), sql`, `)})`;
  return sql`false`;
}

/** The student whose own submission comes with a homework they open: a student themselves; nobody else. */
export function ownSubmissionStudentId(actor: Actor): string | undefined {
  return actor.role === 'student' ? actor.studentId : undefined;
}

export function homeworkNotFound(): AppError {
  return new AppError('NOT_FOUND', HOMEWORK_MESSAGES.notFound);
}

/** The teacher a writer sets homework as: a teacher themselves; an admin as the batch's teacher. */
export function settingTeacherId(writer: Actor, batchTeacherId: string | null): string | null {
  return writer.role === 'teacher' ? (writer.teacherId ?? null) : batchTeacherId;
}
