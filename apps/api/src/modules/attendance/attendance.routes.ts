import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import {
  ATTENDANCE_MESSAGES,
  attendanceBatchParamsSchema,
  attendanceDayParamsSchema,
  attendanceDaySchema,
  attendanceHistorySchema,
  attendanceRangeQuerySchema,
  attendanceStudentParamsSchema,
  attendanceSubmissionSchema,
  studentAttendanceSchema,
} from '@academy/shared/schemas/attendance';
import type { Db } from '../../db/client';
import { currentUser, requireRole } from '../../plugins/auth';
import {
  getAttendanceDay,
  getBatchHistory,
  getOwnAttendance,
  getOwnBatchAttendance,
  getStudentBatchAttendance,
  submitAttendance,
} from './attendance.service';

/**
 * Spec section 7, Attendance and Student self-service attendance. The batch's teacher and admins mark
 * and read a batch (another teacher's batch is 403); a student reads only their own under /student.
 */
export const attendanceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const staff = requireRole('admin', 'teacher');
  const student = requireRole('student');
  const tags = ['attendance'];
  const day = apiSuccess(attendanceDaySchema);
  const studentAnswer = apiSuccess(studentAttendanceSchema);

  app.get('/attendance/:batchId/:date', { preValidation: staff, schema: { tags, params: attendanceDayParamsSchema, response: { 200: day } } }, async (request) => ({
    success: true as const,
    data: await getAttendanceDay(db, currentUser(request), request.params.batchId, request.params.date),
  }));

  app.post(
    '/attendance/batch/:batchId',
    { preValidation: staff, schema: { tags, params: attendanceBatchParamsSchema, body: attendanceSubmissionSchema, response: { 200: day } } },
    async (request) => ({
      success: true as const,
      data: await submitAttendance(db, currentUser(request), request.params.batchId, request.body),
      message: ATTENDANCE_MESSAGES.submitted,
    }),
  );

  app.get(
    '/attendance/batch/:batchId/history',
    { preValidation: staff, schema: { tags, params: attendanceBatchParamsSchema, querystring: attendanceRangeQuerySchema, response: { 200: apiSuccess(attendanceHistorySchema) } } },
    async (request) => ({ success: true as const, data: await getBatchHistory(db, currentUser(request), request.params.batchId, request.query) }),
  );

  app.get(
    '/attendance/student/:studentId/batch/:batchId',
    { preValidation: staff, schema: { tags, params: attendanceStudentParamsSchema, querystring: attendanceRangeQuerySchema, response: { 200: studentAnswer } } },
    async (request) => ({
      success: true as const,
      data: await getStudentBatchAttendance(db, currentUser(request), request.params.studentId, request.params.batchId, request.query),
    }),
  );

  app.get(
    '/student/attendance',
    { preValidation: student, schema: { tags: ['student'], querystring: attendanceRangeQuerySchema, response: { 200: studentAnswer } } },
    async (request) => ({ success: true as const, data: await getOwnAttendance(db, currentUser(request), request.query) }),
  );

  app.get(
    '/student/attendance/:batchId',
    { preValidation: student, schema: { tags: ['student'], params: attendanceBatchParamsSchema, querystring: attendanceRangeQuerySchema, response: { 200: studentAnswer } } },
    async (request) => ({ success: true as const, data: await getOwnBatchAttendance(db, currentUser(request), request.params.batchId, request.query) }),
  );
};
