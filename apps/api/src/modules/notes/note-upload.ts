/** A note's multipart form: its fields checked as a route's schema would, its PDF streamed into the storage. */
import type { FastifyRequest } from 'fastify';
import { NOTE_MAX_BYTES, NOTE_MESSAGES, noteInputSchema, type noteUpdateSchema, type NoteInputValues, type NoteUpdateValues } from '@academy/shared/schemas/notes';
import { refuseNulCharacter } from '../../lib/nul-character';
import { AppError } from '../../lib/app-error';
import { looksLikePdf, PDF_MAGIC_LENGTH, sanitizeFileName } from '../../lib/file-names';
import { FileRejectedError, rejectedFileError, type FileStorage } from '../../lib/storage';
import type { UploadedFile } from './note-changes';

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
export function parseNoteInput(values: unknown): NoteInputValues;
export function parseNoteInput(values: unknown, schema: typeof noteUpdateSchema): NoteUpdateValues;
export function parseNoteInput(values: unknown, schema: typeof noteInputSchema | typeof noteUpdateSchema = noteInputSchema) {
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
export async function readUpload(request: FastifyRequest, storage: FileStorage): Promise<{ fields: Record<string, string>; file?: UploadedFile }> {
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
