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
import { getAttempt, saveAnswers, startAttempt } from './attempts.service';
import { attemptResult, submitAttempt } from './attempt-result';
import { createOnlineTest, deleteOnlineTest, getOnlineTest, listOnlineTests, publishOnlineTest, updateOnlineTest } from './papers.service';
import { onlineTestPaperPdf } from './paper-pdf';
import { onlineTestResults, onlineTestResultsWorkbook } from './results.service';
import { createdRoute, dataRoute, messageRoute } from '../../lib/route-replies';

/** Online practice tests (issue 40): papers, a student's attempt, results. Rules in access/online-tests.ts. */
export const onlineTestsRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  const tags = ['online-tests'];
  const params = idParamsSchema;

  dataRoute(
    app, 'GET', '/online-tests', { tags, querystring: onlineTestListQuerySchema, response: { 200: apiSuccess(onlineTestListSchema) } },
    (request) => listOnlineTests(db, actorOf(request), request.query),
  );
  createdRoute(
    app, '/online-tests', { tags, body: onlineTestInputSchema, response: { 201: apiSuccess(onlineTestSchema) } },
    (request) => createOnlineTest(db, actorOf(request), request.body), ONLINE_TEST_MESSAGES.testCreated,
  );
  dataRoute(
    app, 'GET', '/online-tests/:id', { tags, params, response: { 200: apiSuccess(onlineTestSchema) } },
    (request) => getOnlineTest(db, actorOf(request), request.params.id),
  );
  dataRoute(
    app, 'PUT', '/online-tests/:id', { tags, params, body: onlineTestInputSchema, response: { 200: apiSuccess(onlineTestSchema) } },
    (request) => updateOnlineTest(db, actorOf(request), request.params.id, request.body), ONLINE_TEST_MESSAGES.testUpdated,
  );
  messageRoute(
    app, 'DELETE', '/online-tests/:id', { tags, params, response: { 200: messageOnlySchema } },
    (request) => deleteOnlineTest(db, actorOf(request), request.params.id), ONLINE_TEST_MESSAGES.testDeleted,
  );
  dataRoute(
    app, 'POST', '/online-tests/:id/publish', { tags, params, response: { 200: apiSuccess(onlineTestSchema) } },
    (request) => publishOnlineTest(db, actorOf(request), request.params.id), ONLINE_TEST_MESSAGES.testPublished,
  );
  dataRoute(
    app, 'GET', '/online-tests/:id/results', { tags, params, response: { 200: apiSuccess(onlineTestResultsSchema) } },
    (request) => onlineTestResults(db, actorOf(request), request.params.id),
  );
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
  dataRoute(app, 'GET', '/attempts/:id', { tags, params, response: { 200: apiSuccess(attemptSchema) } }, (request) => getAttempt(db, actorOf(request), request.params.id));
  dataRoute(
    app, 'PUT', '/attempts/:id/answers', { tags, params, body: answersInputSchema, response: { 200: apiSuccess(answersSavedSchema) } },
    (request) => saveAnswers(db, actorOf(request), request.params.id, request.body),
  );
  dataRoute(
    app, 'POST', '/attempts/:id/submit', { tags, params, response: { 200: apiSuccess(attemptResultSchema) } },
    (request) => submitAttempt(db, actorOf(request), request.params.id), ONLINE_TEST_MESSAGES.submitted,
  );
  dataRoute(
    app, 'GET', '/attempts/:id/result', { tags, params, response: { 200: apiSuccess(attemptResultSchema) } },
    (request) => attemptResult(db, actorOf(request), request.params.id),
  );
};
