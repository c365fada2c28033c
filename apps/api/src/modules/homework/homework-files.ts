import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { HOMEWORK_FILE_MAX_BYTES, HOMEWORK_FILE_TYPES, HOMEWORK_MAX_FILES, HOMEWORK_MESSAGES, type HomeworkFileExtension } from '@academy/shared/schemas/homework';
import { AppError } from '../../lib/app-error';
import { sanitizeFileName } from '../../lib/file-names';
import type { FileStorage } from '../../lib/storage';
import type { UploadedHomeworkFile } from './homework.service';

/** The type of a homework file from its first bytes (a PDF or a picture); null for anything else. */
export function homeworkFileTypeOf(bytes: Buffer): HomeworkFileExtension | null {
  const startsWith = (signature: number[], at = 0) => bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
  if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

const fieldError = (field: string, message: string, code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' = 'BAD_REQUEST') => new AppError(code, message, { [field]: message });

/**
 * Reads a multipart form's files named `field` into the storage (the academy's folder), in order.
 * Each is at most HOMEWORK_FILE_MAX_BYTES and known by its first bytes; anything refused removes what
 * was already stored.
 */
export async function readHomeworkFiles(request: FastifyRequest, storage: FileStorage, field: 'pages' | 'files'): Promise<UploadedHomeworkFile[]> {
  const stored: UploadedHomeworkFile[] = [];
  try {
    const parts = request.parts({ limits: { fileSize: HOMEWORK_FILE_MAX_BYTES + 1, files: HOMEWORK_MAX_FILES + 1, fields: 10, fieldSize: 1000, parts: HOMEWORK_MAX_FILES + 11 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        await part.toBuffer();
        continue;
      }
      if (stored.length >= HOMEWORK_MAX_FILES) throw fieldError(field, HOMEWORK_MESSAGES.tooMany);
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw fieldError(field, HOMEWORK_MESSAGES.emptyFile);
      if (bytes.length > HOMEWORK_FILE_MAX_BYTES) throw fieldError(field, HOMEWORK_MESSAGES.tooLarge, 'PAYLOAD_TOO_LARGE');
      const type = homeworkFileTypeOf(bytes);
      if (!type) throw fieldError(field, HOMEWORK_MESSAGES.badFile);
      const saved = await storage.save(Readable.from([bytes]), { maxBytes: HOMEWORK_FILE_MAX_BYTES, extension: `.${type}` });
      stored.push({ key: saved.key, size: saved.size, contentType: HOMEWORK_FILE_TYPES[type], fileName: sanitizeFileName(part.filename, `.${type}`) });
    }
    return stored;
  } catch (error) {
    await Promise.all(stored.map((file) => storage.remove(file.key).catch(() => {})));
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(field, HOMEWORK_MESSAGES.tooLarge, 'PAYLOAD_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw fieldError(field, HOMEWORK_MESSAGES.tooMany);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('BAD_REQUEST', 'The form is not valid');
    throw error;
  }
}
