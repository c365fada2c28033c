import { sql, type SQL } from 'drizzle-orm';
import { HOMEWORK_MESSAGES } from '@academy/shared/schemas/homework';
import { batchRecordScopes } from './batch-records';
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

const scopes = batchRecordScopes('homework');

/** The homework this actor may read (a condition on `homework`): undefined for an admin. */
export const homeworkReadScope = scopes.readScope;

/** The homework this actor may set, check and add files to: an admin any, a teacher their batches'. */
export const homeworkManageScope = scopes.manageScope;

/** The homework of one student (their batches'), as the student or their parent lists it. */
export function homeworkOfStudent(studentId: string): SQL {
  return scopes.enrolledIn([studentId]);
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
