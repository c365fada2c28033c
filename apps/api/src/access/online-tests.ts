import { sql, type SQL } from 'drizzle-orm';
import { ONLINE_TEST_MESSAGES } from '@academy/shared/schemas/online-tests';
import { AppError } from '../lib/app-error';
import { academySql } from '../db/same-academy';
import { NO_RECORD, type Actor } from './actor';
import { own, STAFF, STUDENT, type RouteRules } from './rules';

/**
 * Online tests (issue 40). A paper is its batches' teachers' and the admins': a teacher reads a test
 * (its paper and results) when one of its batches is theirs, and sets, changes and publishes only tests
 * whose every batch is theirs (another teacher's test answers 404). A student sees published tests of their batches and takes one attempt;
 * an attempt, its answers and its result are its student's only (another's answers 404). No answer key
 * or solution ever reaches a student before the test closes: the services never put them in an
 * attempt, and the result adds them only after closing.
 */
export const onlineTestRoutes: RouteRules = {
  'GET /api/online-tests': { allow: ['admin', 'teacher', 'student'] },
  'POST /api/online-tests': STAFF,
  'GET /api/online-tests/:id': own(STAFF),
  'PUT /api/online-tests/:id': own(STAFF),
  'DELETE /api/online-tests/:id': own(STAFF),
  'POST /api/online-tests/:id/publish': own(STAFF),
  'GET /api/online-tests/:id/results': own(STAFF),
  'GET /api/online-tests/:id/results.xlsx': own(STAFF),
  'GET /api/online-tests/:id/paper.pdf': own(STAFF),
  'POST /api/online-tests/:id/attempts': own(STUDENT),
  'GET /api/attempts/:id': own(STUDENT),
  'PUT /api/attempts/:id/answers': own(STUDENT),
  'POST /api/attempts/:id/submit': own(STUDENT),
  'GET /api/attempts/:id/result': own(STUDENT),
  // A test's Start as a plain HTML form (issue 74, modules/online-tests/start-form.routes.ts): handed to
  // POST /api/online-tests/:id/attempts as the student, so that route's rules apply (another batch's test: 404).
  'POST /app/student/online-tests/:testId/start': own(STUDENT),
};

/**
 * The online tests this actor may see, as a condition on `online_tests` aliased `ot`: an admin every
 * test (undefined), a teacher those with a batch of theirs, a student the published ones of their batches.
 */
export function onlineTestScope(actor: Actor): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'teacher')
    return sql`exists (select 1 from online_test_batches otb join batches b on b.id = otb.batch_id and b.academy_id = otb.academy_id where otb.online_test_id = ot.id and otb.academy_id = ot.academy_id and otb.academy_id = ${academySql()} and b.teacher_id = ${actor.teacherId ?? NO_RECORD})`;
  if (actor.role === 'student')
    return sql`ot.published_at is not null and exists (select 1 from online_test_batches otb join batch_students bs on bs.batch_id = otb.batch_id and bs.academy_id = otb.academy_id where otb.online_test_id = ot.id and otb.academy_id = ot.academy_id and otb.academy_id = ${academySql()} and bs.student_id = ${actor.studentId ?? NO_RECORD})`;
  throw new AppError('FORBIDDEN');
}

/** May this actor set a test for batches taught by these teachers? An admin any; a teacher only their own batches (else 403, named). */
export function assertMaySetTestFor(actor: Actor, batchTeacherIds: readonly (string | null)[]): void {
  if (actor.role === 'admin') return;
  if (actor.role === 'teacher' && actor.teacherId && batchTeacherIds.every((teacherId) => teacherId === actor.teacherId)) return;
  throw new AppError('FORBIDDEN', ONLINE_TEST_MESSAGES.notYourBatch);
}

/** A paper with its answers, or its results, is for staff only (a student's list is scoped, but never reaches these). */
export function assertStaff(actor: Actor): void {
  if (actor.role === 'admin' || actor.role === 'teacher') return;
  throw new AppError('NOT_FOUND', ONLINE_TEST_MESSAGES.testNotFound);
}

/** May this actor change or publish a test whose batches are taught by these teachers? Else 404. */
export function assertManagesTest(actor: Actor, batchTeacherIds: readonly (string | null)[]): void {
  if (actor.role === 'admin') return;
  if (actor.role === 'teacher' && actor.teacherId && batchTeacherIds.length > 0 && batchTeacherIds.every((teacherId) => teacherId === actor.teacherId)) return;
  throw new AppError('NOT_FOUND', ONLINE_TEST_MESSAGES.testNotFound);
}

/** An attempt is its student's only; anyone else meets 404 (they may not know it exists). */
export function assertOwnAttempt(actor: Actor, attemptStudentId: string): void {
  if (actor.role === 'student' && actor.studentId === attemptStudentId) return;
  throw new AppError('NOT_FOUND', ONLINE_TEST_MESSAGES.attemptNotFound);
}

/** The student who may save into their own attempt (a statement's condition); null: nobody (a save then finds no attempt: 404). */
export function attemptSaverOf(actor: Actor): string | null {
  return actor.role === 'student' ? (actor.studentId ?? null) : null;
}

/** Whose attempt a list of tests shows beside each test: a student's own; nobody's for staff. */
export function attemptOwnerOf(actor: Actor): string | undefined {
  return actor.role === 'student' ? (actor.studentId ?? NO_RECORD) : undefined;
}
