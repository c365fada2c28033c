import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { LECTURE_CHAPTER_MESSAGES, LECTURE_MESSAGES, lectureChaptersInputSchema, lectureCreatedSchema, lectureFileParamsSchema, lectureInputSchema, lectureSchema, lectureViewerSchema, lectureViewInputSchema, lectureViewSchema } from '@academy/shared/schemas/lectures';
import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { AppError } from '../../lib/app-error';
import { FileRejectedError, rejectedFileError, type FileStorage } from '../../lib/storage';
import { actorOf } from '../../access/http';
import { createdRoute, dataRoute } from '../../lib/route-replies';
import type { ServerKeys } from '../../lib/server-keys';
import { LectureBucketUnavailable, lectureObjectKey, readLectureObject } from './lecture-bucket';
import { removeLecture } from './lecture-removal';
import { RECORDING_HEAD_BYTES, recordingTypeOf, type RecordingType } from './recording-types';
import { acceptRecording, assertMayUpload, batchLectures, createLecture, getLecture, lectureFileFor, lectureViewers, myLectures, saveLectureChapters, saveLectureView, type UploadedRecording } from './lectures.service';

const REJECTED_FILE_MESSAGES = { empty: LECTURE_MESSAGES.emptyFile, tooLarge: LECTURE_MESSAGES.tooLarge, badContent: LECTURE_MESSAGES.badFile };
const fileRequired = () => new AppError('BAD_REQUEST', LECTURE_MESSAGES.fileRequired, { file: LECTURE_MESSAGES.fileRequired });

/** The media type of each file a rendition holds, by its extension. */
const MEDIA_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/mp4',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  json: 'application/json',
};
export const LECTURE_FILE_MEDIA_TYPES = [...new Set(Object.values(MEDIA_TYPES))];

/**
 * Reads the multipart form's `file` straight into the storage (the academy's folder), known by its first
 * bytes and counted as it arrives; anything refused leaves nothing behind.
 */
async function readRecording(request: FastifyRequest, storage: FileStorage, maxBytes: number): Promise<UploadedRecording> {
  let file: UploadedRecording | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 50 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw fileRequired();
      let type: RecordingType | null = null;
      const stored = await storage.save(part.file, {
        maxBytes,
        // The stored name's extension is the type's, known once the first bytes are in: a neutral one here.
        extension: '.rec',
        checkHead: { headBytes: RECORDING_HEAD_BYTES, accept: (head) => (type = recordingTypeOf(head)) !== null },
      });
      file = { ...stored, type: (type as RecordingType | null)?.extension.slice(1) ?? 'unknown' };
    }
  } catch (error) {
    if (file) await storage.remove(file.key).catch(() => {});
    if (error instanceof FileRejectedError) throw rejectedFileError(error.reason, REJECTED_FILE_MESSAGES);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw rejectedFileError('tooLarge', REJECTED_FILE_MESSAGES);
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', 'Upload one file at a time', { file: 'Upload one file at a time' });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('BAD_REQUEST', 'The form is not valid');
    throw error;
  }
  if (!file) throw fileRequired();
  return file;
}

/**
 * Lectures (issue 75, decision 079): added to a batch, their recording uploaded (multipart `file`),
 * rendered by a job, and played as HLS from /api/lectures/{id}/hls/{kind}/{name}. Who may call what:
 * access/lectures.ts.
 */
export const lecturesRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage; jobs: Jobs; maxUploadBytes: number; keys: ServerKeys }> = async (app, { db, storage, jobs, maxUploadBytes, keys }) => {
  const tags = ['lectures'];

  createdRoute(
    app, '/batches/:id/lectures', { tags, params: idParamsSchema, body: lectureInputSchema, response: { 201: apiSuccess(lectureCreatedSchema) } },
    (request) => createLecture(db, actorOf(request), request.params.id, request.body), LECTURE_MESSAGES.created,
  );

  dataRoute(
    app, 'GET', '/batches/:id/lectures', { tags, params: idParamsSchema, response: { 200: apiSuccess(z.array(lectureSchema)) } },
    (request) => batchLectures(db, actorOf(request), request.params.id),
  );

  dataRoute(app, 'GET', '/lectures', { tags, response: { 200: apiSuccess(z.array(lectureSchema)) } }, (request) => myLectures(db, actorOf(request)));

  // The player's progress reports (decision 082): the batch's enrolled student, their own row.
  dataRoute(
    app, 'PUT', '/lectures/:id/view', { tags, params: idParamsSchema, body: lectureViewInputSchema, response: { 200: apiSuccess(lectureViewSchema) } },
    (request) => saveLectureView(db, actorOf(request), request.params.id, request.body),
  );

  dataRoute(
    app, 'GET', '/lectures/:id/views', { tags, params: idParamsSchema, response: { 200: apiSuccess(z.array(lectureViewerSchema)) } },
    (request) => lectureViewers(db, actorOf(request), request.params.id),
  );

  dataRoute(app, 'GET', '/lectures/:id', { tags, params: idParamsSchema, response: { 200: apiSuccess(lectureSchema) } }, (request) => getLecture(db, actorOf(request), request.params.id));

  // The chapters its teacher marks (decision 097): the whole list, replaced.
  dataRoute(
    app, 'PUT', '/lectures/:id/chapters', { tags, params: idParamsSchema, body: lectureChaptersInputSchema, response: { 200: apiSuccess(lectureSchema) } },
    (request) => saveLectureChapters(db, actorOf(request), request.params.id, request.body),
    LECTURE_CHAPTER_MESSAGES.saved,
  );

  // Removed by its teacher or the admin (decision 091): its files go; its batch's readers are told it was removed.
  dataRoute(
    app, 'DELETE', '/lectures/:id', { tags, params: idParamsSchema, response: { 200: apiSuccess(lectureSchema) } },
    async (request) => {
      await removeLecture(db, storage, jobs, actorOf(request), request.params.id);
      return getLecture(db, actorOf(request), request.params.id);
    },
    LECTURE_MESSAGES.removedDone,
  );

  app.post(
    '/lectures/:id/file',
    { schema: { tags, params: idParamsSchema, consumes: ['multipart/form-data'], response: { 200: apiSuccess(lectureSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      // Whose lecture it is, before a byte of the file is read.
      await assertMayUpload(db, actor, request.params.id);
      if (!request.isMultipart()) throw fileRequired();
      const file = await readRecording(request, storage, maxUploadBytes);
      return { success: true as const, data: await acceptRecording(db, storage, jobs, actor, request.params.id, file), message: LECTURE_MESSAGES.uploaded };
    },
  );

  // A rendition's playlist, segments and stills: never kept by a shared cache; a file never changes once made.
  app.get('/lectures/:id/hls/:kind/:name', { compress: false, schema: { tags, params: lectureFileParamsSchema } }, async (request, reply) => {
    const { id, kind, name } = request.params;
    const file = await lectureFileFor(db, actorOf(request), id, kind, name);
    const type = MEDIA_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
    // In the academy's bucket (decision 096): streamed from it here, after the access check above.
    let body;
    try {
      body = file.bucketFolder ? await readLectureObject(db, keys, lectureObjectKey(file.bucketFolder, kind, name)) : storage.read(file.fileKey);
    } catch (error) {
      if (!(error instanceof LectureBucketUnavailable)) throw error;
      request.log.warn({ err: error, lectureId: id }, 'a lecture file could not be read from the academy’s bucket');
      return reply.code(503).header('retry-after', '30').header('cache-control', 'no-store').send({ success: false, message: error.message });
    }
    return reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400')
      .header('content-length', file.bytes)
      .send(body);
  });
};
