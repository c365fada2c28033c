import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { importQuerySchema, templateQuerySchema } from '@academy/shared/schemas/imports';
import { ONLINE_TEST_MESSAGES, questionInputSchema, questionListQuerySchema, questionListSchema, questionSchema } from '@academy/shared/schemas/online-tests';
import {
  QUESTION_BANK_MESSAGES,
  QUESTION_IMAGE_MAX_BYTES,
  QUESTION_IMPORT_MAX_BYTES,
  questionImageParamsSchema,
  questionImageSchema,
  questionImportPreviewSchema,
  questionImportResultSchema,
  questionSubjectsSchema,
} from '@academy/shared/schemas/question-bank';
import { actorOf } from '../../access/http';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/storage';
import { requestLanguage } from '../../lib/translate-reply';
import { readUploadedFile } from '../../lib/uploaded-file';
import { questionImage, saveQuestionImage } from './question-images';
import { importQuestions } from './question-import.service';
import { questionTemplate } from './question-template';
import { createQuestion, deleteQuestion, getQuestion, listQuestions, questionSubjects, updateQuestion } from './questions.service';
import { createdRoute, dataRoute, messageRoute } from '../../lib/route-replies';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The question bank (issue 40): teachers and admins write questions (Markdown with $…$ math) for their
 * subjects, with pictures, or import them from a sheet. Who may do what: access/questions.ts.
 */
export const questionsRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  const tags = ['questions'];
  const one = apiSuccess(questionSchema);

  dataRoute(
    app, 'GET', '/questions', { tags, querystring: questionListQuerySchema, response: { 200: apiSuccess(questionListSchema) } },
    (request) => listQuestions(db, actorOf(request), request.query),
  );

  dataRoute(app, 'GET', '/questions/subjects', { tags, response: { 200: apiSuccess(questionSubjectsSchema) } }, (request) => questionSubjects(db, actorOf(request)));

  app.get('/questions/template.xlsx', { schema: { tags, querystring: templateQuerySchema } }, async (request, reply) => {
    const language = request.query.lang ?? requestLanguage(request);
    const file = await questionTemplate(db, actorOf(request), language);
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="question-bank-template-${language}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(file);
  });

  // A sheet of questions (multipart `file`): ?dryRun=true answers what it would add, else adds them all or nothing.
  app.post(
    '/questions/import',
    { schema: { tags, consumes: ['multipart/form-data'], querystring: importQuerySchema, response: { 200: apiSuccess(z.union([questionImportPreviewSchema, questionImportResultSchema])) } } },
    async (request) => {
      const file = await readUploadedFile(request, QUESTION_IMPORT_MAX_BYTES, { required: QUESTION_BANK_MESSAGES.fileRequired, tooLarge: QUESTION_BANK_MESSAGES.tooLarge });
      const answer = await importQuestions(db, actorOf(request), requestLanguage(request), file, request.query.dryRun === 'true');
      return 'preview' in answer ? { success: true as const, data: answer.preview } : { success: true as const, data: answer.result, message: QUESTION_BANK_MESSAGES.imported };
    },
  );

  // A picture (multipart `file`, PNG, JPEG or WebP up to 1 MB): its address, to write into the Markdown.
  app.post('/questions/images', { schema: { tags, consumes: ['multipart/form-data'], response: { 201: apiSuccess(questionImageSchema) } } }, async (request, reply) => {
    const file = await readUploadedFile(request, QUESTION_IMAGE_MAX_BYTES, { required: QUESTION_BANK_MESSAGES.imageRequired, tooLarge: QUESTION_BANK_MESSAGES.imageTooLarge });
    return reply.status(201).send({ success: true as const, data: await saveQuestionImage(storage, file.bytes) });
  });

  // The picture itself. Its name never changes its bytes, so the phone keeps it (private: behind a sign-in).
  app.get('/questions/images/:name', { compress: false, schema: { tags, params: questionImageParamsSchema } }, async (request, reply) => {
    const image = await questionImage(storage, request.params.name);
    return reply
      .header('content-type', image.contentType)
      .header('content-length', image.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(storage.read(image.key));
  });

  dataRoute(app, 'GET', '/questions/:id', { tags, params: idParamsSchema, response: { 200: one } }, (request) => getQuestion(db, actorOf(request), request.params.id));

  createdRoute(
    app, '/questions', { tags, body: questionInputSchema, response: { 201: one } },
    (request) => createQuestion(db, actorOf(request), request.body), ONLINE_TEST_MESSAGES.questionCreated,
  );

  dataRoute(
    app, 'PUT', '/questions/:id', { tags, params: idParamsSchema, body: questionInputSchema, response: { 200: one } },
    (request) => updateQuestion(db, actorOf(request), request.params.id, request.body), ONLINE_TEST_MESSAGES.questionUpdated,
  );

  // A question a test uses leaves the bank but stays in that test; any other is deleted.
  messageRoute(
    app, 'DELETE', '/questions/:id', { tags, params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => deleteQuestion(db, actorOf(request), request.params.id), ONLINE_TEST_MESSAGES.questionDeleted,
  );
};
