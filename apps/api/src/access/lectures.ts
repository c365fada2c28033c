import { LECTURE_MESSAGES } from '@academy/shared/schemas/lectures';
import { batchRecordScopes } from './batch-records';
import { AppError } from '../lib/app-error';
import type { Actor } from './actor';
import { own, SIGNED_IN, STAFF, STUDENT, withRecord, type RouteRules } from './rules';

/**
 * Lectures (issue 75, decision 079). An admin and the batch's teacher add a lecture and upload its
 * recording; they, the batch's enrolled students and those students' parents read it and play its
 * renditions. Anyone else signed in gets 404, for the lecture and every file of it, as if it did not exist.
 */
export const lectureRoutes: RouteRules = {
  'POST /api/batches/:id/lectures': withRecord(own(STAFF)),
  'GET /api/batches/:id/lectures': own(SIGNED_IN),
  'GET /api/lectures/:id': own(SIGNED_IN),
  // Removed by the admin or the batch's teacher (decision 091); its readers are then told so, anyone else 404.
  'DELETE /api/lectures/:id': withRecord(own(STAFF)),
  // Its chapters: the admin and the batch's teacher (decision 097).
  'PUT /api/lectures/:id/chapters': withRecord(own(STAFF)),
  // The ready lectures of the caller's batches (a parent: their children's; staff: the ones they may read).
  'GET /api/lectures': SIGNED_IN,
  // The player's progress: only a student of the lecture's batch, on their own row (decision 082).
  'PUT /api/lectures/:id/view': own(STUDENT),
  // Who watched and how far: the admin and the batch's teacher.
  'GET /api/lectures/:id/views': withRecord(own(STAFF)),
  'POST /api/lectures/:id/file': withRecord(own(STAFF)),
  // The resumable (tus) upload and the recording in class (decision 087): the same uploaders. HEAD is GET's rule.
  'POST /api/lectures/:id/tus': withRecord(own(STAFF)),
  'GET /api/lectures/:id/tus/:uploadId': withRecord(own(STAFF)),
  'PATCH /api/lectures/:id/tus/:uploadId': withRecord(own(STAFF)),
  'DELETE /api/lectures/:id/tus/:uploadId': withRecord(own(STAFF)),
  'POST /api/lectures/:id/stills': withRecord(own(STAFF)),
  'GET /api/lectures/:id/recording': withRecord(own(STAFF)),
  'POST /api/lectures/:id/recording/finish': withRecord(own(STAFF)),
  // Playlists, segments and board stills: the same readers as the lecture.
  'GET /api/lectures/:id/hls/:kind/:name': own(SIGNED_IN),
};

const scopes = batchRecordScopes('lectures');

/** The lectures this actor may read and play (a condition on `lectures`): undefined for an admin. */
export const lectureReadScope = scopes.readScope;

/** The lectures this actor may upload to: an admin any, a teacher their batches'. */
export const lectureManageScope = scopes.manageScope;

/** May this actor add a lecture to a batch taught by `batchTeacherId`? Another teacher's batch answers 404. */
export function assertMayRecordFor(actor: Actor, batchTeacherId: string): void {
  if (actor.role === 'admin') return;
  if (actor.role === 'teacher' && actor.teacherId !== undefined && actor.teacherId === batchTeacherId) return;
  throw new AppError('NOT_FOUND', LECTURE_MESSAGES.batchNotFound);
}

export function lectureNotFound(): AppError {
  return new AppError('NOT_FOUND', LECTURE_MESSAGES.notFound);
}

/**
 * Whose progress a lecture's player reports (decision 082): a student's own; nobody else has a row (the
 * route lets only students call it, and a student of another batch gets 404 from the read scope).
 */
export function viewingStudentOf(actor: Actor): string | undefined {
  return actor.role === 'student' ? actor.studentId : undefined;
}
