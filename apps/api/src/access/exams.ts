import { AppError } from '../lib/app-error';
import type { Actor } from './actor';
import { ADMIN, own, PARENT, STAFF, STUDENT, type RouteRules } from './rules';

/**
 * Tests and marks (issue 23). The batch's teacher and admins create tests, enter marks and publish
 * (another teacher's batch or test answers 404: access/batches assertStaffOfBatch); a student reads
 * their own published results under /student; the report card follows assertMayReadReportCard
 * (below): an admin any student's, a student their own, a parent their
 * children's; a parent reads a child's published results under /parent (another family's child: 404).
 */
export const examRoutes: RouteRules = {
  'GET /api/batches/:id/tests': own(STAFF),
  'POST /api/batches/:id/tests': own(STAFF),
  'GET /api/tests/:id': own(STAFF),
  'PUT /api/tests/:id': own(STAFF),
  'DELETE /api/tests/:id': own(STAFF),
  'PUT /api/tests/:id/marks': own(STAFF),
  'POST /api/tests/:id/marks/import': own(STAFF),
  'POST /api/tests/:id/publish': own(STAFF),
  'GET /api/tests/:id/results': own(STAFF),
  // OMR sheets (issue 76): the test's teacher or an admin prints, keys, scans and settles (anyone else: 404).
  'GET /api/tests/:id/omr-sheet.pdf': own(STAFF),
  'GET /api/tests/:id/answer-key': own(STAFF),
  'PUT /api/tests/:id/answer-key': own(STAFF),
  'POST /api/tests/:id/answer-key/from-online-test': own(STAFF),
  'GET /api/tests/:id/omr-scans': own(STAFF),
  'POST /api/tests/:id/omr-scans': own(STAFF),
  'PUT /api/tests/:id/omr-scans/:studentId/answers/:question': own(STAFF),
  'GET /api/tests/:id/omr-scans/:studentId/photo': own(STAFF),
  'GET /api/students/:id/tests': own(STAFF),
  'GET /api/student/tests': STUDENT,
  'GET /api/students/:id/report-card.pdf': own({ allow: ['admin', 'student', 'parent'] }),
  'GET /api/parent/children/:studentId/tests': own(PARENT),
  'POST /api/batches/:id/report-cards/mail': ADMIN,
  // The report card remarks: the batch's teacher or an admin (another teacher's batch: 404).
  'GET /api/batches/:id/remarks': own(STAFF),
  'PUT /api/batches/:id/students/:studentId/remark': own(STAFF),
};

/**
 * THE rule of who may download a student's report card: an admin any student's, a student their own,
 * a parent their children's (`actor.childIds`). Anyone else: 404.
 */
export function assertMayReadReportCard(actor: Actor, studentId: string): void {
  if (actor.role === 'admin') return;
  if (actor.role === 'student' && actor.studentId === studentId) return;
  if (actor.role === 'parent' && (actor.childIds ?? []).includes(studentId)) return;
  throw new AppError('NOT_FOUND', 'Student not found');
}

/**
 * Whose tests of a student staff see (GET /students/{id}/tests): an admin every test (undefined); a
 * teacher those of their own batches (their teacher id), and only of a student they teach
 * (access/students taughtBy, checked by the service). Anyone else, or a teacher account without
 * its record: 404.
 */
export function staffExamsTeacherId(actor: Actor): string | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role !== 'teacher' || !actor.teacherId) throw new AppError('NOT_FOUND', 'Student not found');
  return actor.teacherId;
}
