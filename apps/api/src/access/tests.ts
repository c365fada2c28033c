import { ADMIN, own, PARENT, STAFF, STUDENT, type RouteRules } from './rules';

/**
 * Tests and marks (issue 23). The batch's teacher and admins create tests, enter marks and publish
 * (another teacher's batch or test answers 404: access/batches assertStaffOfBatch); a student reads
 * their own published results under /student; the report card follows assertMayReadReportCard
 * (modules/tests/report-card.ts): an admin any student's, a student their own, a parent their
 * children's; a parent reads a child's published results under /parent (another family's child: 404).
 */
export const testRoutes: RouteRules = {
  'GET /api/batches/:id/tests': own(STAFF),
  'POST /api/batches/:id/tests': own(STAFF),
  'GET /api/tests/:id': own(STAFF),
  'PUT /api/tests/:id': own(STAFF),
  'DELETE /api/tests/:id': own(STAFF),
  'PUT /api/tests/:id/marks': own(STAFF),
  'POST /api/tests/:id/marks/import': own(STAFF),
  'POST /api/tests/:id/publish': own(STAFF),
  'GET /api/tests/:id/results': own(STAFF),
  'GET /api/students/:id/tests': own(STAFF),
  'GET /api/student/tests': STUDENT,
  'GET /api/students/:id/report-card.pdf': own({ allow: ['admin', 'student', 'parent'] }),
  'GET /api/parent/children/:studentId/tests': own(PARENT),
  'POST /api/batches/:id/report-cards/mail': ADMIN,
  // The report card remarks: the batch's teacher or an admin (another teacher's batch: 404).
  'GET /api/batches/:id/remarks': own(STAFF),
  'PUT /api/batches/:id/students/:studentId/remark': own(STAFF),
};
