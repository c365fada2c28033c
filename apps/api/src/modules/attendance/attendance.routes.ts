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
import { actorOf } from '../../access/http';
import { getAttendanceDay, submitAttendance, type DemoMarksSaver } from './attendance.service';
import { getBatchHistory } from './batch-history';
import { getOwnAttendance, getOwnBatchAttendance, getStudentBatchAttendance } from './student-attendance';
import { dataRoute } from '../../lib/route-replies';

/**
 * Spec section 7, Attendance and Student self-service attendance. The batch's teacher and admins mark
 * and read a batch (another teacher's batch answers 404: access/batches); a student reads only their own under /student.
 */
export const attendanceRoutes: FastifyPluginAsyncZod<{ db: Db; opensMinutesBefore: number | null; saveDemoMarks: DemoMarksSaver }> = async (app, { db, opensMinutesBefore, saveDemoMarks }) => {
  const tags = ['attendance'];
  const day = apiSuccess(attendanceDaySchema);
  const studentAnswer = apiSuccess(studentAttendanceSchema);

  dataRoute(
    app, 'GET', '/attendance/:batchId/:date', { tags, params: attendanceDayParamsSchema, response: { 200: day } },
    (request) => getAttendanceDay(db, actorOf(request), request.params.batchId, request.params.date, opensMinutesBefore),
  );

  app.post(
    '/attendance/batch/:batchId',
    { schema: { tags, params: attendanceBatchParamsSchema, body: attendanceSubmissionSchema, response: { 200: day } } },
    async (request) => {
      // Saving announces `attendance.marked`: the parents module schedules today's absence alerts (decision 026).
      // The day's demo students are marked on their bookings by the admissions module's saver (app.ts).
      const data = await submitAttendance(db, actorOf(request), request.params.batchId, request.body, saveDemoMarks, opensMinutesBefore);
      return { success: true as const, data, message: ATTENDANCE_MESSAGES.submitted };
    },
  );

  dataRoute(
    app, 'GET', '/attendance/batch/:batchId/history', { tags, params: attendanceBatchParamsSchema, querystring: attendanceRangeQuerySchema, response: { 200: apiSuccess(attendanceHistorySchema) } },
    (request) => getBatchHistory(db, actorOf(request), request.params.batchId, request.query),
  );

  app.get(
    '/attendance/student/:studentId/batch/:batchId',
    { schema: { tags, params: attendanceStudentParamsSchema, querystring: attendanceRangeQuerySchema, response: { 200: studentAnswer } } },
    async (request) => ({
      success: true as const,
      data: await getStudentBatchAttendance(db, actorOf(request), request.params.studentId, request.params.batchId, request.query),
    }),
  );

  dataRoute(
    app, 'GET', '/student/attendance', { tags: ['student'], querystring: attendanceRangeQuerySchema, response: { 200: studentAnswer } },
    (request) => getOwnAttendance(db, actorOf(request), request.query),
  );

  dataRoute(
    app, 'GET', '/student/attendance/:batchId', { tags: ['student'], params: attendanceBatchParamsSchema, querystring: attendanceRangeQuerySchema, response: { 200: studentAnswer } },
    (request) => getOwnBatchAttendance(db, actorOf(request), request.params.batchId, request.query),
  );
};
