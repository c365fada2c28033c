import { Readable } from 'node:stream';
import { QUESTION_BANK_MESSAGES, QUESTION_IMAGE_MAX_BYTES, QUESTION_IMAGE_TYPES, type QuestionImage, type QuestionImageExtension } from '@academy/shared/schemas/question-bank';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';

/*
 * Pictures in questions, options and solutions (issue 40), kept in the file storage as notes' PDFs are
 * (DATA_DIR/files, in every backup). A picture has no row of its own: its stored name (a random UUID
 * and the extension of the type its bytes are) is its address, written into the Markdown as ![](url).
 * Only PNG, JPEG and WebP are taken, known by their first bytes, never by the name or the type the
 * browser claims: no SVG (it can carry script), nothing a browser would run.
 */

export const QUESTION_IMAGE_PATH = '/api/questions/images/';

/** The picture type of these bytes, from their signature; null for anything else. */
export function imageTypeOf(bytes: Buffer): QuestionImageExtension | null {
  const startsWith = (signature: number[], at = 0) => bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpg';
  // RIFF, four bytes of length, WEBP.
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Stores an uploaded picture (already read, at most 1 MB) and answers its address. */
export async function saveQuestionImage(storage: FileStorage, bytes: Buffer): Promise<QuestionImage> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', QUESTION_BANK_MESSAGES.imageRequired, { file: QUESTION_BANK_MESSAGES.imageRequired });
  const type = imageTypeOf(bytes);
  if (!type) throw new AppError('BAD_REQUEST', QUESTION_BANK_MESSAGES.notAnImage, { file: QUESTION_BANK_MESSAGES.notAnImage });
  const stored = await storage.save(Readable.from([bytes]), { maxBytes: QUESTION_IMAGE_MAX_BYTES, extension: `.${type}` });
  return { url: `${QUESTION_IMAGE_PATH}${stored.key}` };
}

const IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;

/** A stored picture by its name: its storage key, type and size; 404 for any other name (a note's PDF included) or a missing file. */
export async function questionImage(storage: FileStorage, name: string): Promise<{ key: string; contentType: string; size: number }> {
  const match = IMAGE_NAME.exec(name);
  const size = match ? await storage.size(name) : undefined;
  if (!match || size === undefined) throw new AppError('NOT_FOUND', QUESTION_BANK_MESSAGES.imageNotFound);
  return { key: name, contentType: QUESTION_IMAGE_TYPES[match[1] as QuestionImageExtension], size };
}

/**
 * A picture's bytes by the address written in a question's Markdown, for printing it (issue 40's paper):
 * only our own stored PNG and JPEG pictures (what pdfkit draws); null for a WebP, another address or a missing file.
 */
export async function questionImageBytes(storage: FileStorage, url: string): Promise<Buffer | null> {
  if (!url.startsWith(QUESTION_IMAGE_PATH)) return null;
  const name = url.slice(QUESTION_IMAGE_PATH.length);
  const match = IMAGE_NAME.exec(name);
  if (!match || match[1] === 'webp' || (await storage.size(name)) === undefined) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
