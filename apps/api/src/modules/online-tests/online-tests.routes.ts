import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import {
  answersInputSchema,
  answersSavedSchema,
  attemptResultSchema,
  attemptSchema,
  ONLINE_TEST_MESSAGES,
  onlineTestInputSchema,
  onlineTestListQuerySchema,
  onlineTestListSchema,
  onlineTestPaperQuerySchema,
  onlineTestResultsSchema,
  onlineTestSchema,
} from '@academy/shared/schemas/online-tests';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/storage';
import { actorOf } from '../../access/http';
import { requestLanguage } from '../../lib/translate-reply';
import { attemptResult, getAttempt, saveAnswers, startAttempt, submitAttempt } from './attempts.service';
import { createOnlineTest, deleteOnlineTest, getOnlineTest, listOnlineTests, publishOnlineTest, updateOnlineTest } from './papers.service';
import { onlineTestPaperPdf } from './paper-pdf';
import { onlineTestResults, onlineTestResultsWorkbook } from './results.service';

/** Online practice tests (issue 40): papers, a student's attempt, results. Rules in access/online-tests.ts. */
export const onlineTestsRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  const tags = ['online-tests'];
  const params = idParamsSchema;

  app.get('/online-tests', { schema: { tags, querystring: onlineTestListQuerySchema, response: { 200: apiSuccess(onlineTestListSchema) } } }, async (request) => ({
    success: true as const,
    data: await listOnlineTests(db, actorOf(request), request.query),
  }));
  app.post('/online-tests', { schema: { tags, body: onlineTestInputSchema, response: { 201: apiSuccess(onlineTestSchema) } } }, async (request, reply) =>
    reply.status(201).send({ success: true as const, data: await createOnlineTest(db, actorOf(request), request.body), message: ONLINE_TEST_MESSAGES.testCreated }),
  );
  app.get('/online-tests/:id', { schema: { tags, params, response: { 200: apiSuccess(onlineTestSchema) } } }, async (request) => ({
    success: true as const,
    data: await getOnlineTest(db, actorOf(request), request.params.id),
  }));
  app.put('/online-tests/:id', { schema: { tags, params, body: onlineTestInputSchema, response: { 200: apiSuccess(onlineTestSchema) } } }, async (request) => ({
    success: true as const,
    data: await updateOnlineTest(db, actorOf(request), request.params.id, request.body),
    message: ONLINE_TEST_MESSAGES.testUpdated,
  }));
  app.delete('/online-tests/:id', { schema: { tags, params, response: { 200: messageOnlySchema } } }, async (request) => {
    await deleteOnlineTest(db, actorOf(request), request.params.id);
    return { success: true as const, message: ONLINE_TEST_MESSAGES.testDeleted };
  });
  app.post('/online-tests/:id/publish', { schema: { tags, params, response: { 200: apiSuccess(onlineTestSchema) } } }, async (request) => ({
    success: true as const,
    data: await publishOnlineTest(db, actorOf(request), request.params.id),
    message: ONLINE_TEST_MESSAGES.testPublished,
  }));
  app.get('/online-tests/:id/results', { schema: { tags, params, response: { 200: apiSuccess(onlineTestResultsSchema) } } }, async (request) => ({
    success: true as const,
    data: await onlineTestResults(db, actorOf(request), request.params.id),
  }));
  app.get('/online-tests/:id/results.xlsx', { schema: { tags, params } }, async (request, reply) => {
    const { file, fileName } = await onlineTestResultsWorkbook(db, actorOf(request), request.params.id, requestLanguage(request));
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(file);
  });

  // The paper printed, with KaTeX's LaTeX typeset (lib/math-pdf.ts); `answers=true`: the answer key with solutions.
  app.get('/online-tests/:id/paper.pdf', { schema: { tags, params, querystring: onlineTestPaperQuerySchema } }, async (request, reply) => {
    const { pdf, fileName } = await onlineTestPaperPdf(db, storage, actorOf(request), request.params.id, {
      answers: request.query.answers === 'true',
      language: requestLanguage(request),
    });
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(pdf);
  });

  // The student's attempt. Nothing here ever carries a right answer before the test closes.
  app.post('/online-tests/:id/attempts', { schema: { tags, params, response: { 201: apiSuccess(attemptSchema) } } }, async (request, reply) =>
    reply.status(201).send({ success: true as const, data: await startAttempt(db, actorOf(request), request.params.id) }),
  );
  app.get('/attempts/:id', { schema: { tags, params, response: { 200: apiSuccess(attemptSchema) } } }, async (request) => ({
    success: true as const,
    data: await getAttempt(db, actorOf(request), request.params.id),
  }));
  app.put('/attempts/:id/answers', { schema: { tags, params, body: answersInputSchema, response: { 200: apiSuccess(answersSavedSchema) } } }, async (request) => ({
    success: true as const,
    data: await saveAnswers(db, actorOf(request), request.params.id, request.body),
  }));
  app.post('/attempts/:id/submit', { schema: { tags, params, response: { 200: apiSuccess(attemptResultSchema) } } }, async (request) => ({
    success: true as const,
    data: await submitAttempt(db, actorOf(request), request.params.id),
    message: ONLINE_TEST_MESSAGES.submitted,
  }));
  app.get('/attempts/:id/result', { schema: { tags, params, response: { 200: apiSuccess(attemptResultSchema) } } }, async (request) => ({
    success: true as const,
    data: await attemptResult(db, actorOf(request), request.params.id),
  }));
};
