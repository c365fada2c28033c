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

/** Issue 23: weekly tests, marks, results, a student's own view and the report card. Guards: access/exams.ts. */
export const examsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['tests'];
  const one = apiSuccess(examSchema);
  const results = apiSuccess(examResultsSchema);
  const params = examIdParamsSchema;

  app.get('/batches/:id/tests', { schema: { tags, params: examBatchParamsSchema, response: { 200: apiSuccess(z.array(examSchema)) } } }, async (request) => ({
    success: true as const,
    data: await listBatchExams(db, actorOf(request), request.params.id),
  }));
  app.post('/batches/:id/tests', { schema: { tags, params: examBatchParamsSchema, body: examInputSchema, response: { 201: one } } }, async (request, reply) =>
    reply.status(201).send({ success: true as const, data: await createExam(db, actorOf(request), request.params.id, request.body), message: EXAM_MESSAGES.created }),
  );
  app.get('/tests/:id', { schema: { tags, params, response: { 200: one } } }, async (request) => ({ success: true as const, data: await getExam(db, actorOf(request), request.params.id) }));
  app.put('/tests/:id', { schema: { tags, params, body: examInputSchema, response: { 200: one } } }, async (request) => ({
    success: true as const,
    data: await updateExam(db, actorOf(request), request.params.id, request.body),
    message: EXAM_MESSAGES.updated,
  }));
  app.delete('/tests/:id', { schema: { tags, params, response: { 200: messageOnlySchema } } }, async (request) => {
    await deleteExam(db, actorOf(request), request.params.id);
    return { success: true as const, message: EXAM_MESSAGES.deleted };
  });
  app.put('/tests/:id/marks', { schema: { tags, params, body: marksSubmissionSchema, response: { 200: results } } }, async (request) => ({
    success: true as const,
    data: await saveMarks(db, actorOf(request), request.params.id, request.body),
    message: EXAM_MESSAGES.marksSaved,
  }));
  app.post('/tests/:id/marks/import', { schema: { tags, params, body: marksImportSchema, response: { 200: results } } }, async (request) => ({
    success: true as const,
    data: await importMarksCsv(db, actorOf(request), request.params.id, request.body.csv),
    message: EXAM_MESSAGES.marksSaved,
  }));
  app.post('/tests/:id/publish', { schema: { tags, params, response: { 200: one } } }, async (request) => ({
    success: true as const,
    data: await publishExam(db, actorOf(request), request.params.id),
    message: EXAM_MESSAGES.published,
  }));
  app.get('/tests/:id/results', { schema: { tags, params, response: { 200: results } } }, async (request) => ({
    success: true as const,
    data: await getResults(db, actorOf(request), request.params.id),
  }));
  app.get('/students/:id/tests', { schema: { tags, params, response: { 200: apiSuccess(studentExamsSchema) } } }, async (request) => ({
    success: true as const,
    data: await examsOfStudentForStaff(db, actorOf(request), request.params.id),
  }));
  app.get('/student/tests', { schema: { tags: ['student'], response: { 200: apiSuccess(studentExamsSchema) } } }, async (request) => ({
    success: true as const,
    data: await ownExams(db, actorOf(request)),
  }));
  // A parent reads a child's published results: the same answer the child sees at /student/tests.
  app.get('/parent/children/:studentId/tests', { schema: { tags: ['parents'], params: parentChildParamsSchema, response: { 200: apiSuccess(studentExamsSchema) } } }, async (request) => ({
    success: true as const,
    data: await childExams(db, actorOf(request), request.params.studentId),
  }));
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
  app.get('/batches/:id/remarks', { schema: { tags, params: examBatchParamsSchema, response: { 200: apiSuccess(batchRemarksSchema) } } }, async (request) => ({
    success: true as const,
    data: await listBatchRemarks(db, actorOf(request), request.params.id),
  }));
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
