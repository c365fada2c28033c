import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import {
  batchRemarksSchema,
  marksImportSchema,
  marksSubmissionSchema,
  reportCardMailSchema,
  remarkInputSchema,
  remarkParamsSchema,
  remarkSchema,
  reportCardQuerySchema,
  studentExamsSchema,
  EXAM_MESSAGES,
  examBatchParamsSchema,
  examIdParamsSchema,
  examInputSchema,
  examResultsSchema,
  examSchema,
} from '@academy/shared/schemas/exams';
import { parentChildParamsSchema } from '@academy/shared/schemas/parents';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { requestLanguage } from '../../lib/translate-reply';
import { reportCardFileName, reportCardFor } from './report-card';
import { queueBatchReportCards } from './report-card-jobs';
import { listBatchRemarks, saveRemark } from './remarks.service';
import {
  childExams,
  createExam,
  deleteExam,
  getResults,
  getExam,
  importMarksCsv,
  listBatchExams,
  ownExams,
  publishExam,
  saveMarks,
  examsOfStudentForStaff,
  updateExam,
} from './exams.service';
import { createdRoute, dataRoute, messageRoute } from '../../lib/route-replies';

/** Issue 23: weekly tests, marks, results, a student's own view and the report card. Guards: access/exams.ts. */
export const examsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['tests'];
  const one = apiSuccess(examSchema);
  const results = apiSuccess(examResultsSchema);
  const params = examIdParamsSchema;

  dataRoute(
    app, 'GET', '/batches/:id/tests', { tags, params: examBatchParamsSchema, response: { 200: apiSuccess(z.array(examSchema)) } },
    (request) => listBatchExams(db, actorOf(request), request.params.id),
  );
  createdRoute(
    app, '/batches/:id/tests', { tags, params: examBatchParamsSchema, body: examInputSchema, response: { 201: one } },
    (request) => createExam(db, actorOf(request), request.params.id, request.body), EXAM_MESSAGES.created,
  );
  dataRoute(app, 'GET', '/tests/:id', { tags, params, response: { 200: one } }, (request) => getExam(db, actorOf(request), request.params.id));
  dataRoute(
    app, 'PUT', '/tests/:id', { tags, params, body: examInputSchema, response: { 200: one } },
    (request) => updateExam(db, actorOf(request), request.params.id, request.body), EXAM_MESSAGES.updated,
  );
  messageRoute(
    app, 'DELETE', '/tests/:id', { tags, params, response: { 200: messageOnlySchema } },
    (request) => deleteExam(db, actorOf(request), request.params.id), EXAM_MESSAGES.deleted,
  );
  dataRoute(
    app, 'PUT', '/tests/:id/marks', { tags, params, body: marksSubmissionSchema, response: { 200: results } },
    (request) => saveMarks(db, actorOf(request), request.params.id, request.body), EXAM_MESSAGES.marksSaved,
  );
  dataRoute(
    app, 'POST', '/tests/:id/marks/import', { tags, params, body: marksImportSchema, response: { 200: results } },
    (request) => importMarksCsv(db, actorOf(request), request.params.id, request.body.csv), EXAM_MESSAGES.marksSaved,
  );
  dataRoute(
    app, 'POST', '/tests/:id/publish', { tags, params, response: { 200: one } },
    (request) => publishExam(db, actorOf(request), request.params.id), EXAM_MESSAGES.published,
  );
  dataRoute(app, 'GET', '/tests/:id/results', { tags, params, response: { 200: results } }, (request) => getResults(db, actorOf(request), request.params.id));
  dataRoute(
    app, 'GET', '/students/:id/tests', { tags, params, response: { 200: apiSuccess(studentExamsSchema) } },
    (request) => examsOfStudentForStaff(db, actorOf(request), request.params.id),
  );
  dataRoute(app, 'GET', '/student/tests', { tags: ['student'], response: { 200: apiSuccess(studentExamsSchema) } }, (request) => ownExams(db, actorOf(request)));
  // A parent reads a child's published results: the same answer the child sees at /student/tests.
  dataRoute(
    app, 'GET', '/parent/children/:studentId/tests', { tags: ['parents'], params: parentChildParamsSchema, response: { 200: apiSuccess(studentExamsSchema) } },
    (request) => childExams(db, actorOf(request), request.params.studentId),
  );
  app.get('/students/:id/report-card.pdf', { schema: { tags, params, querystring: reportCardQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query;
    const card = await reportCardFor(db, actorOf(request), request.params.id, { from, to }, requestLanguage(request));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${reportCardFileName(card.studentName)}"`)
      .header('cache-control', 'private, no-store')
      .send(card.pdf);
  });
  // The teacher's remarks on the report cards of a batch's students (one per student per batch).
  dataRoute(
    app, 'GET', '/batches/:id/remarks', { tags, params: examBatchParamsSchema, response: { 200: apiSuccess(batchRemarksSchema) } },
    (request) => listBatchRemarks(db, actorOf(request), request.params.id),
  );
  app.put('/batches/:id/students/:studentId/remark', { schema: { tags, params: remarkParamsSchema, body: remarkInputSchema, response: { 200: apiSuccess(remarkSchema) } } }, async (request) => {
    const data = await saveRemark(db, actorOf(request), request.params.id, request.params.studentId, request.body.remark);
    return { success: true as const, data, message: data.remark === null ? EXAM_MESSAGES.remarkCleared : EXAM_MESSAGES.remarkSaved };
  });
  app.post('/batches/:id/report-cards/mail', { schema: { tags, params: examBatchParamsSchema, body: reportCardMailSchema, response: { 202: apiSuccess(z.object({ queued: z.number().int() })) } } }, async (request, reply) =>
    reply.status(202).send({
      success: true as const,
      data: { queued: await queueBatchReportCards(db, app.jobs, actorOf(request), request.params.id, { from: request.body.from ?? undefined, to: request.body.to ?? undefined }) },
      message: EXAM_MESSAGES.mailQueued,
    }),
  );
};
