import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import {
  batchBulkEnrolInputSchema,
  batchBulkEnrolResultSchema,
  batchDetailQuerySchema,
  batchEnrolQuerySchema,
  batchRemoveQuerySchema,
  batchesBySubjectQuerySchema,
  batchInputSchema,
  batchListQuerySchema,
  batchMoveInputSchema,
  batchMoveResultSchema,
  batchSchema,
  batchStudentParamsSchema,
  batchSummarySchema,
  batchSyncReportSchema,
  weeklyScheduleSchema,
} from '@academy/shared/schemas/batches';
import { idParamsSchema } from '@academy/shared/schemas/common';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { requestLanguage } from '../../lib/translate-reply';
import { createBatch, deleteBatch, getBatch, listBatches, updateBatch } from './batches.service';
import { addStudentToBatch, removeStudentFromBatch } from './enrolment';
import { studentOwnBatch, studentOwnBatches } from './student-batches';
import { syncStudentsReport } from './students-sync-report';
import { childWeeklySchedule, scheduleIcs, weeklySchedule } from './schedule.service';
import { enrolStudents, moveStudents } from './bulk-enrolment.service';
import { parentChildParamsSchema } from '@academy/shared/schemas/parents';
import { createdRoute, dataRoute, messageRoute } from '../../lib/route-replies';

export const BATCH_MESSAGES = {
  created: 'Batch created successfully',
  updated: 'Batch updated successfully',
  deleted: 'Batch deleted successfully',
  studentAdded: 'Student added to the batch',
  studentRemoved: 'Student removed from the batch',
  studentsEnrolled: 'Students enrolled in the batch',
  studentsMoved: 'Students moved to the other batch',
  syncChecked: 'Enrolment check finished',
} as const;

/**
 * Admins manage batches and enrolments; a teacher reads only their own batches (another teacher's
 * batch answers 404). Students read their own batches and schedule under /student/*.
 */
export const batchesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  batchRoutes(app, db);
  enrolmentRoutes(app, db);
  scheduleRoutes(app, db);
};

type BatchesApp = Parameters<FastifyPluginAsyncZod>[0];
const batchList = apiSuccess(z.array(batchSchema));
const batchOne = apiSuccess(batchSchema);

/** The batches: listed, checked against enrolments, made, read, changed, removed. */
function batchRoutes(app: BatchesApp, db: Db) {
  dataRoute(
    app, 'GET', '/batches', { tags: ['batches'], querystring: batchListQuerySchema, response: { 200: batchList } },
    (request) => listBatches(db, actorOf(request), request.query),
  );

  app.get(
    '/batches/by-subject',
    { schema: { tags: ['batches'], querystring: batchesBySubjectQuerySchema, response: { 200: batchList } } },
    async (request) => ({
      success: true as const,
      data: await listBatches(db, actorOf(request), { ...request.query, search: undefined, standardId: undefined, teacherId: undefined, status: undefined, virtuals: undefined }),
    }),
  );

  dataRoute(
    app, 'POST', '/batches/sync-students', { tags: ['batches'], response: { 200: apiSuccess(batchSyncReportSchema) } },
    () => syncStudentsReport(db), BATCH_MESSAGES.syncChecked,
  );

  createdRoute(
    app, '/batches', { tags: ['batches'], body: batchInputSchema, response: { 201: batchOne } },
    (request) => createBatch(db, actorOf(request), request.body), BATCH_MESSAGES.created,
  );

  app.get(
    '/batches/:id',
    { schema: { tags: ['batches'], params: idParamsSchema, querystring: batchDetailQuerySchema, response: { 200: batchOne } } },
    async (request) => ({
      success: true as const,
      data: await getBatch(db, request.params.id, actorOf(request), request.query.populate.has('enrolledStudents')),
    }),
  );

  dataRoute(
    app, 'PUT', '/batches/:id', { tags: ['batches'], params: idParamsSchema, body: batchInputSchema, response: { 200: batchOne } },
    (request) => updateBatch(db, actorOf(request), request.params.id, request.body), BATCH_MESSAGES.updated,
  );

  messageRoute(
    app, 'DELETE', '/batches/:id', { tags: ['batches'], params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => deleteBatch(db, actorOf(request), request.params.id), BATCH_MESSAGES.deleted,
  );

}

/** A batch's students: one added or removed, many enrolled or moved at once. */
function enrolmentRoutes(app: BatchesApp, db: Db) {
  dataRoute(
    app, 'PUT', '/batches/:id/students/:studentId/add', { tags: ['batches'], params: batchStudentParamsSchema, querystring: batchEnrolQuerySchema, response: { 200: batchOne } },
    (request) => addStudentToBatch(db, actorOf(request), request.params.id, request.params.studentId, request.query.confirm === 'true', request.query.lateJoin), BATCH_MESSAGES.studentAdded,
  );

  dataRoute(
    app, 'PUT', '/batches/:id/students/:studentId/remove', { tags: ['batches'], params: batchStudentParamsSchema, querystring: batchRemoveQuerySchema, response: { 200: batchOne } },
    (request) => removeStudentFromBatch(db, actorOf(request), request.params.id, request.params.studentId, request.query.cancelDues === 'true'), BATCH_MESSAGES.studentRemoved,
  );

  // Bulk (issue 39): many students in one transaction, all or nothing; a refusal names each student (409).
  dataRoute(
    app, 'POST', '/batches/:id/students', { tags: ['batches'], params: idParamsSchema, body: batchBulkEnrolInputSchema, response: { 200: apiSuccess(batchBulkEnrolResultSchema) } },
    (request) => enrolStudents(db, actorOf(request), request.params.id, request.body), BATCH_MESSAGES.studentsEnrolled,
  );

  dataRoute(
    app, 'POST', '/batches/:id/students/move', { tags: ['batches'], params: idParamsSchema, body: batchMoveInputSchema, response: { 200: apiSuccess(batchMoveResultSchema) } },
    (request) => moveStudents(db, actorOf(request), request.params.id, request.body), BATCH_MESSAGES.studentsMoved,
  );

}

/** A student's own batches and week, a child's week, a teacher's week, and their calendar files. */
function scheduleRoutes(app: BatchesApp, db: Db) {
  // A student's own batches and week.
  dataRoute(
    app, 'GET', '/student/batches', { tags: ['student'], response: { 200: apiSuccess(z.array(batchSummarySchema)) } },
    (request) => studentOwnBatches(db, actorOf(request)),
  );

  dataRoute(
    app, 'GET', '/student/batches/:id', { tags: ['student'], params: idParamsSchema, response: { 200: apiSuccess(batchSummarySchema) } },
    (request) => studentOwnBatch(db, actorOf(request), request.params.id),
  );

  dataRoute(app, 'GET', '/student/schedule', { tags: ['student'], response: { 200: apiSuccess(weeklyScheduleSchema) } }, (request) => weeklySchedule(db, actorOf(request)));

  dataRoute(
    app, 'GET', '/parent/children/:studentId/schedule', { tags: ['parents'], params: parentChildParamsSchema, response: { 200: apiSuccess(weeklyScheduleSchema) } },
    (request) => childWeeklySchedule(db, actorOf(request), request.params.studentId),
  );

  dataRoute(
    app, 'GET', '/teachers/me/schedule', { tags: ['teachers'], response: { 200: apiSuccess(weeklyScheduleSchema) } },
    (request) => weeklySchedule(db, actorOf(request)),
  );

  // Calendar downloads for a signed-in browser; phone calendars subscribe to the secret address of modules/calendar-feed.
  for (const url of ['/student/schedule.ics', '/teachers/me/schedule.ics'] as const) {
    app.get(url, { schema: { tags: [url.startsWith('/student') ? 'student' : 'teachers'] } }, async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="schedule.ics"')
        .header('cache-control', 'private, no-cache')
        .send(await scheduleIcs(db, actorOf(request), requestLanguage(request))),
    );
  }
}
