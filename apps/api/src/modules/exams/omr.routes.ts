import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { examIdParamsSchema } from '@academy/shared/schemas/exams';
import {
  OMR_MESSAGES,
  answerKeyInputSchema,
  answerKeySchema,
  keyFromPaperInputSchema,
  omrKeySheetSchema,
  omrScanQuerySchema,
  omrScanResultSchema,
  omrScanSchema,
  omrScansSchema,
  omrSettleInputSchema,
  omrSettleParamsSchema,
  omrSheetQuerySchema,
  omrStudentParamsSchema,
} from '@academy/shared/schemas/omr';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/storage';
import { actorOf } from '../../access/http';
import { sendPrivatePdf } from '../../lib/pdf-reply';
import { readUploadedFile } from '../../lib/uploaded-file';
import { dataRoute } from '../../lib/route-replies';
import { keyFromOnlineTest, scanKeySheet } from './omr-key';
import { getAnswerKey, listScans, phoneReadingOf, omrSheetFor, saveAnswerKey, scanPhoto, scanSheets, settleAnswer } from './omr.service';

/** Issue 76: OMR sheets of a test (print, answer key, scan, settle). Guards: access/exams.ts. */
export const omrRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  const tags = ['tests'];
  const params = examIdParamsSchema;
  app.get('/tests/:id/omr-sheet.pdf', { schema: { tags, params, querystring: omrSheetQuerySchema } }, async (request, reply) => {
    const { pdf, fileName } = await omrSheetFor(db, actorOf(request), request.params.id, request.query);
    return sendPrivatePdf(reply, pdf, fileName, 'attachment');
  });
  dataRoute(app, 'GET', '/tests/:id/answer-key', { tags, params, response: { 200: apiSuccess(answerKeySchema.nullable()) } }, (request) => getAnswerKey(db, actorOf(request), request.params.id));
  dataRoute(
    app, 'PUT', '/tests/:id/answer-key', { tags, params, body: answerKeyInputSchema, response: { 200: apiSuccess(answerKeySchema) } },
    (request) => saveAnswerKey(db, actorOf(request), request.params.id, request.body), OMR_MESSAGES.keySaved,
  );
  dataRoute(
    app, 'POST', '/tests/:id/answer-key/from-online-test', { tags, params, body: keyFromPaperInputSchema, response: { 200: apiSuccess(answerKeySchema) } },
    (request) => keyFromOnlineTest(db, actorOf(request), request.params.id, request.body), OMR_MESSAGES.keyFromPaper,
  );
  dataRoute(app, 'GET', '/tests/:id/omr-scans', { tags, params, response: { 200: apiSuccess(omrScansSchema) } }, (request) => listScans(db, actorOf(request), request.params.id));
  const scanned = apiSuccess(z.union([omrScanResultSchema, omrKeySheetSchema]));
  app.post('/tests/:id/omr-scans', { schema: { tags, params, querystring: omrScanQuerySchema, consumes: ['multipart/form-data'], response: { 200: scanned } } }, async (request) => {
    const actor = actorOf(request);
    // Whose test it is comes before the file: another teacher's test answers 404 whatever they send.
    await getAnswerKey(db, actor, request.params.id);
    const upload = await readUploadedFile(request, 30 * 1024 * 1024, { required: 'Choose a photo of the sheet (JPEG or PNG) or a PDF', tooLarge: 'The file is too large: at most 30 MB' });
    if (request.query.as === 'key') {
      const data = await scanKeySheet(db, actor, request.params.id, upload.bytes);
      return { success: true as const, data, message: data.key ? OMR_MESSAGES.keySaved : OMR_MESSAGES.keySheetRead };
    }
    const data = await scanSheets(db, storage, actor, request.params.id, { ...upload, phoneReading: phoneReadingOf(upload.fields.reading) });
    return { success: true as const, data, message: OMR_MESSAGES.scanned };
  });
  dataRoute(
    app, 'PUT', '/tests/:id/omr-scans/:studentId/answers/:question', { tags, params: omrSettleParamsSchema, body: omrSettleInputSchema, response: { 200: apiSuccess(omrScanSchema) } },
    (request) => settleAnswer(db, actorOf(request), request.params.id, request.params.studentId, request.params.question, request.body.answer), OMR_MESSAGES.settled,
  );
  app.get('/tests/:id/omr-scans/:studentId/photo', { schema: { tags, params: omrStudentParamsSchema } }, async (request, reply) => {
    const { stream, type } = await scanPhoto(db, storage, actorOf(request), request.params.id, request.params.studentId);
    return reply.type(type).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(stream);
  });
};
