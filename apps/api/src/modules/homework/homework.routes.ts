import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { parentChildParamsSchema } from '@academy/shared/schemas/parents';
import {
  batchHomeworkListSchema,
  HOMEWORK_MESSAGES,
  homeworkDetailSchema,
  homeworkInputSchema,
  homeworkListSchema,
  homeworkReviewSchema,
  homeworkSettingsSchema,
  homeworkTicksSchema,
  submissionListSchema,
  submissionSchema,
} from '@academy/shared/schemas/homework';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { contentDisposition } from '../../lib/file-names';
import type { FileStorage } from '../../lib/storage';
import { actorOf } from '../../access/http';
import { homeworkSettings } from '../../academy-settings';
import { saveHomeworkSettings } from '../settings';
import {
  addAttachments,
  assertManagesHomework,
  batchHomework,
  childHomework,
  deleteHomework,
  handIn,
  homeworkDetail,
  homeworkFileFor,
  listSubmissions,
  reviewSubmission,
  setDoneInClass,
  setHomework,
  studentHomework,
  updateHomework,
} from './homework.service';
import { readHomeworkFiles } from './homework-files';
import { createdRoute, dataRoute, messageRoute } from '../../lib/route-replies';

/**
 * Homework (issue 59): set on a batch, handed in as pages (multipart `pages`), checked done or redo.
 * Who may call what: access/homework.ts.
 */
export const homeworkRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  const tags = ['homework'];
  const detail = apiSuccess(homeworkDetailSchema);

  createdRoute(
    app, '/batches/:id/homework', { tags, params: idParamsSchema, body: homeworkInputSchema, response: { 201: detail } },
    (request) => setHomework(db, actorOf(request), request.params.id, request.body), HOMEWORK_MESSAGES.created,
  );

  dataRoute(
    app, 'GET', '/batches/:id/homework', { tags, params: idParamsSchema, response: { 200: apiSuccess(batchHomeworkListSchema) } },
    (request) => batchHomework(db, actorOf(request), request.params.id),
  );

  dataRoute(app, 'GET', '/homework/:id', { tags, params: idParamsSchema, response: { 200: detail } }, (request) => homeworkDetail(db, actorOf(request), request.params.id));

  dataRoute(
    app, 'PUT', '/homework/:id', { tags, params: idParamsSchema, body: homeworkInputSchema, response: { 200: detail } },
    (request) => updateHomework(db, actorOf(request), request.params.id, request.body), HOMEWORK_MESSAGES.updated,
  );

  // Refused (409) once any student has handed in or been ticked: their work stays (decision 056).
  messageRoute(
    app, 'DELETE', '/homework/:id', { tags, params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => deleteHomework(db, storage, actorOf(request), request.params.id), HOMEWORK_MESSAGES.deleted,
  );

  // Homework done in class: every student who did it (the others are unticked).
  dataRoute(
    app, 'PUT', '/homework/:id/done-in-class', { tags, params: idParamsSchema, body: homeworkTicksSchema, response: { 200: apiSuccess(submissionListSchema) } },
    (request) => setDoneInClass(db, actorOf(request), request.params.id, request.body), HOMEWORK_MESSAGES.ticksSaved,
  );

  dataRoute(app, 'GET', '/admin/settings/homework', { tags: ['settings', ...tags], response: { 200: apiSuccess(homeworkSettingsSchema) } }, () => homeworkSettings(db));

  dataRoute(
    app, 'PUT', '/admin/settings/homework', { tags: ['settings', ...tags], body: homeworkSettingsSchema, response: { 200: apiSuccess(homeworkSettingsSchema) } },
    (request) => saveHomeworkSettings(db, actorOf(request), request.body), HOMEWORK_MESSAGES.settingsSaved,
  );

  dataRoute(app, 'GET', '/student/homework', { tags, response: { 200: apiSuccess(homeworkListSchema) } }, (request) => studentHomework(db, actorOf(request)));

  dataRoute(
    app, 'GET', '/parent/children/:studentId/homework', { tags: ['parents', ...tags], params: parentChildParamsSchema, response: { 200: apiSuccess(homeworkListSchema) } },
    (request) => childHomework(db, actorOf(request), request.params.studentId),
  );

  const filesOf = async (request: FastifyRequest, field: 'pages' | 'files') => {
    if (!request.isMultipart()) throw new AppError('BAD_REQUEST', field === 'pages' ? HOMEWORK_MESSAGES.pagesRequired : HOMEWORK_MESSAGES.filesRequired, { [field]: field === 'pages' ? HOMEWORK_MESSAGES.pagesRequired : HOMEWORK_MESSAGES.filesRequired });
    return readHomeworkFiles(request, storage, field);
  };

  // Multipart: the pages as `pages` (pictures already shrunk by the phone, or a PDF), in order.
  app.post('/homework/:id/submissions', { schema: { tags, params: idParamsSchema, consumes: ['multipart/form-data'], response: { 201: apiSuccess(submissionSchema) } } }, async (request, reply) => {
    const actor = actorOf(request);
    // Not theirs, or not for them: 404 before a byte of the upload is stored.
    await homeworkDetail(db, actor, request.params.id);
    const files = await filesOf(request, 'pages');
    const submission = await handIn(db, storage, actor, request.params.id, files);
    return reply.status(201).send({ success: true as const, data: submission, message: HOMEWORK_MESSAGES.submitted });
  });

  // Multipart: the teacher's PDFs or pictures as `files`.
  app.post('/homework/:id/attachments', { schema: { tags, params: idParamsSchema, consumes: ['multipart/form-data'], response: { 201: detail } } }, async (request, reply) => {
    const actor = actorOf(request);
    await assertManagesHomework(db, actor, request.params.id);
    const files = await filesOf(request, 'files');
    return reply.status(201).send({ success: true as const, data: await addAttachments(db, storage, actor, request.params.id, files), message: HOMEWORK_MESSAGES.attachmentsAdded });
  });

  dataRoute(
    app, 'GET', '/homework/:id/submissions', { tags, params: idParamsSchema, response: { 200: apiSuccess(submissionListSchema) } },
    (request) => listSubmissions(db, actorOf(request), request.params.id),
  );

  dataRoute(
    app, 'PUT', '/homework-submissions/:id/review', { tags, params: idParamsSchema, body: homeworkReviewSchema, response: { 200: apiSuccess(submissionSchema) } },
    (request) => reviewSubmission(db, actorOf(request), request.params.id, request.body), HOMEWORK_MESSAGES.reviewed,
  );

  // A file itself: an attachment for the homework's readers, a page for its student, their parent and staff.
  app.get('/homework-files/:id', { compress: false, schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const file = await homeworkFileFor(db, actorOf(request), request.params.id);
    const size = await storage.size(file.fileKey);
    if (size === undefined) throw new AppError('NOT_FOUND', HOMEWORK_MESSAGES.fileNotFound);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', contentDisposition('inline', file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-length', size)
      .header('cache-control', 'private, max-age=3600')
      .send(storage.read(file.fileKey));
  });
};
