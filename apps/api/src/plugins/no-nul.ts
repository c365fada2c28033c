import type { FastifyInstance } from 'fastify';
import { fieldWithNul, nulCharacterError } from '../lib/nul-character';

/**
 * No text with a NUL (U+0000) reaches PostgreSQL (issue 53): rather than each schema remembering it,
 * every request's address parameters, query and body are walked once here, before validation and
 * before any guard, and a string (or object key) holding a NUL answers 400 naming the field.
 * Multipart fields are read in their handlers, which call refuseNulCharacter (lib/nul-character.ts).
 */
export function registerNulCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = fieldWithNul(request.params, 'params') ?? fieldWithNul(request.query, 'query') ?? fieldWithNul(request.body, 'body');
    if (field !== undefined) throw nulCharacterError(field);
  });
}
