import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * The one file of a multipart upload whose field is `file` (a bank statement, a register), read into
 * memory up to `maxBytes`, with the text fields sent before it. A missing file, another field or a broken body answers 400 with `required`;
 * a bigger file answers 413 with `tooLarge`; both said on the form's file field.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number, words: { required: string; tooLarge: string }): Promise<{ fileName: string; bytes: Buffer; fields: Record<string, string> }> {
  const required = () => new AppError('BAD_REQUEST', words.required, { file: words.required });
  if (!request.isMultipart()) throw required();
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 } });
    if (!part || part.fieldname !== 'file') throw required();
    // The name is kept with the import (PostgreSQL text): no NUL (issue 53).
    // Text fields sent before the file (the OMR scan's phone reading), at most a few kB each.
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(part.fields)) {
      const one = Array.isArray(value) ? value[0] : value;
      if (one && one.type === 'field' && typeof one.value === 'string' && one.value.length <= 16_384) fields[name] = one.value;
    }
    return { fileName: part.filename.replaceAll('\u0000', '') || 'upload', bytes: await part.toBuffer(), fields };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', words.tooLarge, { file: words.tooLarge });
    if (error instanceof AppError) throw error;
    if (code?.startsWith('FST_')) throw required();
    throw error;
  }
}
