import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema, standardRefSchema, subjectRefSchema } from '@academy/shared/schemas/common';
import {
  NOTE_MESSAGES,
  noteFileQuerySchema,
  noteUpdateSchema,
  noteListQuerySchema,
  noteListSchema,
  notePageQuerySchema,
  noteSchema,
  publicNoteListQuerySchema,
  publicNoteSchema,
  type NoteInputValues,
  type NoteUpdateValues,
} from '@academy/shared/schemas/notes';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { contentDisposition, parseRange } from '../../lib/file-names';
import type { FileStorage } from '../../lib/storage';
import { actorOf } from '../../access/http';
import {
  createNote,
  deleteNote,
  getNote,
  listNotes,
  listPublicNotes,
  noteFileFor,
  notesOfBatch,
  notesOfStudent,
  teacherOwnNotes,
  updateNote,
  type UploadedFile,
} from './notes.service';
import { dataRoute, messageRoute } from '../../lib/route-replies';
import { parseNoteInput, readUpload } from './note-upload';

/**
 * Notes (spec section 7): teachers and admins write them with a PDF (multipart); everyone reads what
 * is meant for them, and anyone the public ones. The file download enforces the same rules.
 */
export const notesRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  readingRoutes(app, db);
  writingRoutes(app, db, storage);
  fileRoute(app, db, storage);
};

type NotesApp = Parameters<FastifyPluginAsyncZod>[0];
const tags = ['notes'];
const list = apiSuccess(noteListSchema);
const one = apiSuccess(noteSchema);

/** The lists and one note: each reader what is meant for them, anyone the public ones. */
function readingRoutes(app: NotesApp, db: Db) {
  dataRoute(app, 'GET', '/notes', { tags, querystring: noteListQuerySchema, response: { 200: list } }, (request) => listNotes(db, actorOf(request), request.query));

  dataRoute(
    app, 'GET', '/notes/teacher', { tags, querystring: notePageQuerySchema, response: { 200: list } },
    (request) => teacherOwnNotes(db, actorOf(request), request.query),
  );

  dataRoute(
    app, 'GET', '/notes/batch/:id', { tags, params: idParamsSchema, querystring: notePageQuerySchema, response: { 200: list } },
    (request) => notesOfBatch(db, actorOf(request), request.params.id, request.query),
  );

  dataRoute(
    app, 'GET', '/notes/student/:id', { tags, params: idParamsSchema, querystring: notePageQuerySchema, response: { 200: list } },
    (request) => notesOfStudent(db, actorOf(request), request.params.id, request.query),
  );

  // Public notes are for everyone: no sign-in needed; the others answer 401 to a visitor.
  dataRoute(app, 'GET', '/notes/:id', { tags, params: idParamsSchema, response: { 200: one } }, (request) => getNote(db, request.actor, request.params.id));

  app.get(
    '/public/notes',
    {
      schema: {
        tags: ['public'],
        querystring: publicNoteListQuerySchema,
        response: { 200: apiSuccess(z.object({ notes: z.array(publicNoteSchema), subjects: z.array(subjectRefSchema), standards: z.array(standardRefSchema) })) },
      },
    },
    async (request) => ({ success: true as const, data: await listPublicNotes(db, request.query) }),
  );

}

/** A note written with its PDF (multipart), changed (JSON, or multipart with a new file), deleted. */
function writingRoutes(app: NotesApp, db: Db, storage: FileStorage) {
  const upload = async (request: FastifyRequest, reply: FastifyReply) => {
    const writer = actorOf(request);
    if (!request.isMultipart()) throw new AppError('BAD_REQUEST', NOTE_MESSAGES.fileRequired, { file: NOTE_MESSAGES.fileRequired });
    const { fields, file } = await readUpload(request, storage);
    if (!file) throw new AppError('BAD_REQUEST', NOTE_MESSAGES.fileRequired, { file: NOTE_MESSAGES.fileRequired });
    let input: NoteInputValues;
    try {
      input = parseNoteInput(fields);
    } catch (error) {
      await storage.remove(file.key).catch(() => {});
      throw error;
    }
    const note = await createNote(db, storage, writer, input, file);
    return reply.status(201).send({ success: true as const, data: note, message: NOTE_MESSAGES.created });
  };
  // Both create a note from a multipart form (`file`, `title`, `description`, `subject`, `standard`, `batch` or `student`, `isPublic`).
  app.post('/notes/upload', { schema: { tags, consumes: ['multipart/form-data'], response: { 201: one } } }, upload);
  app.post('/notes', { schema: { tags, consumes: ['multipart/form-data'], response: { 201: one } } }, upload);

  // New details as JSON, or as a multipart form with an optional new `file`.
  app.put('/notes/:id', { schema: { tags, params: idParamsSchema, consumes: ['application/json', 'multipart/form-data'], response: { 200: one } } }, async (request) => {
    const writer = actorOf(request);
    let values: unknown = request.body;
    let file: UploadedFile | undefined;
    if (request.isMultipart()) ({ fields: values, file } = await readUpload(request, storage));
    let input: NoteUpdateValues;
    try {
      input = parseNoteInput(values ?? {}, noteUpdateSchema);
    } catch (error) {
      if (file) await storage.remove(file.key).catch(() => {});
      throw error;
    }
    // Only the fields sent change: the service keeps the others as they are.
    const sent = new Set(Object.keys((values ?? {}) as object));
    return { success: true as const, data: await updateNote(db, storage, writer, request.params.id, input, sent, file), message: NOTE_MESSAGES.updated };
  });

  messageRoute(
    app, 'DELETE', '/notes/:id', { tags, params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => deleteNote(db, storage, actorOf(request), request.params.id), NOTE_MESSAGES.deleted,
  );

}

function fileRoute(app: NotesApp, db: Db, storage: FileStorage) {
  // The PDF itself, for those who may read the note (anyone for a public one). Range requests let
  // a phone's viewer fetch only the pages it shows; compression is off (PDFs are compressed already).
  app.get(
    '/notes/file/:id',
    { compress: false, schema: { tags, params: idParamsSchema, querystring: noteFileQuerySchema } },
    async (request, reply) => {
      const file = await noteFileFor(db, request.actor, request.params.id);
      const size = (await storage.size(file.fileKey)) ?? -1;
      if (size < 0) {
        request.log.error({ fileKey: file.fileKey }, 'the file of a note is missing from the storage');
        throw new AppError('NOT_FOUND', 'The file of this note is missing. Ask the teacher to upload it again.');
      }
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(request.query.download ? 'attachment' : 'inline', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes')
        .header('etag', `"${file.fileSha256}"`)
        // Behind a sign-in for most notes: never kept by shared caches.
        .header('cache-control', 'private, no-cache');
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${size}`).type('application/json').send({ success: false, message: 'The requested range is not in the file' });
      }
      if (range) {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
        return reply.send(storage.read(file.fileKey, range));
      }
      reply.header('content-length', size);
      return reply.send(storage.read(file.fileKey));
    },
  );
}
