import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema, standardRefSchema, subjectRefSchema } from '@academy/shared/schemas/common';
import {
  NOTE_MAX_BYTES,
  NOTE_MESSAGES,
  noteFileQuerySchema,
  noteInputSchema,
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
import { refuseNulCharacter } from '../../lib/nul-character';
import { AppError } from '../../lib/app-error';
import { contentDisposition, looksLikePdf, parseRange, PDF_MAGIC_LENGTH, sanitizeFileName } from '../../lib/file-names';
import { FileRejectedError, rejectedFileError, type FileStorage } from '../../lib/storage';
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

const REJECTED_FILE_MESSAGES = { empty: NOTE_MESSAGES.emptyFile, tooLarge: NOTE_MESSAGES.tooLarge, badContent: NOTE_MESSAGES.notPdf };

// The multipart parser's own limit errors, in words a person can act on.
const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => rejectedFileError('tooLarge', REJECTED_FILE_MESSAGES),
  FST_FILES_LIMIT: () => new AppError('BAD_REQUEST', 'Upload one file at a time', { file: 'Upload one file at a time' }),
  FST_PARTS_LIMIT: () => new AppError('BAD_REQUEST', 'The form has too many fields'),
  FST_FIELDS_LIMIT: () => new AppError('BAD_REQUEST', 'The form has too many fields'),
  FST_PROTO_VIOLATION: () => new AppError('BAD_REQUEST', 'The form is not valid'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('BAD_REQUEST', 'The form is not valid'),
};

/** The same 400 envelope a route's zod schema gives, for bodies checked in the handler (multipart). */
function parseNoteInput(values: unknown): NoteInputValues;
function parseNoteInput(values: unknown, schema: typeof noteUpdateSchema): NoteUpdateValues;
function parseNoteInput(values: unknown, schema: typeof noteInputSchema | typeof noteUpdateSchema = noteInputSchema) {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw new AppError('BAD_REQUEST', Object.values(errors)[0], errors);
}

/**
 * Reads a multipart note form: its text fields, and its `file` streamed straight into the storage
 * (checked as it arrives: PDF content, size). Anything that fails afterwards deletes the file again.
 */
async function readUpload(request: FastifyRequest, storage: FileStorage): Promise<{ fields: Record<string, string>; file?: UploadedFile }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    // @fastify/multipart is registered once in app.ts; a note's form gets its own limits here: a file
    // stops at 20 MB (+1 byte, so the storage's own count sees the overflow and answers 413), one
    // file, a few short fields.
    const parts = request.parts({ limits: { fileSize: NOTE_MAX_BYTES + 1, files: 1, fields: 12, fieldSize: 10_000, parts: 16, headerPairs: 50 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new AppError('BAD_REQUEST', 'Send the PDF as the "file" field', { file: NOTE_MESSAGES.fileRequired });
        const stored = await storage.save(part.file, {
          maxBytes: NOTE_MAX_BYTES,
          extension: '.pdf',
          checkHead: { headBytes: PDF_MAGIC_LENGTH, accept: looksLikePdf },
        });
        file = { ...stored, fileName: sanitizeFileName(part.filename) };
      } else if (typeof part.value === 'string') {
        // Out of the app-wide NUL check's sight (plugins/no-nul.ts): a form's fields are read here.
        refuseNulCharacter(part.value, part.fieldname);
        fields[part.fieldname] = part.value;
      }
    }
    return { fields, file };
  } catch (error) {
    if (file) await storage.remove(file.key).catch(() => {});
    if (error instanceof FileRejectedError) throw rejectedFileError(error.reason, REJECTED_FILE_MESSAGES);
    const mapped = MULTIPART_ERRORS[(error as { code?: string }).code ?? ''];
    throw mapped ? mapped() : error;
  }
}

/**
 * Notes (spec section 7): teachers and admins write them with a PDF (multipart); everyone reads what
 * is meant for them, and anyone the public ones. The file download enforces the same rules.
 */
export const notesRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  const tags = ['notes'];
  const list = apiSuccess(noteListSchema);
  const one = apiSuccess(noteSchema);

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
};
