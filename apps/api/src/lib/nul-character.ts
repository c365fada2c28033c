import { MESSAGES } from '@academy/shared/messages';
import { AppError } from './app-error';

/**
 * PostgreSQL's text cannot hold U+0000: a NUL that reaches a query fails it with 22021 (a 500 before
 * issue 53). The app-wide hook (plugins/no-nul.ts) walks every body, query and address with
 * fieldWithNul; multipart fields, read in their handlers, call refuseNulCharacter.
 */
export function nulCharacterError(field: string): AppError {
  return new AppError('BAD_REQUEST', MESSAGES.nulCharacter, { [field]: MESSAGES.nulCharacter });
}

/** A multipart form's text value (read in a handler, out of the hook's sight): a NUL answers 400. */
export function refuseNulCharacter(value: string, field: string): void {
  if (value.includes('\u0000')) throw nulCharacterError(field);
}

/**
 * The dotted path of the first string holding a NUL (`rows.3.name`; a top-level field by its own
 * name; `path` itself when an object key holds one), or undefined. Depth-limited: a JSON body is at
 * most 1 MB, and nothing we accept nests deeper than a few levels.
 */
export function fieldWithNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) {
    const name = String(key);
    if (name.includes('\u0000')) return path;
    const found = fieldWithNul(item, depth === 0 ? name : `${path}.${name}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
