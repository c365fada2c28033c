import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGE_HEADER, languageFromAcceptLanguage, type Language } from '@academy/shared/languages';
import { translateServerMessage } from '@academy/shared/i18n/server-text';

/**
 * The language of the person calling (issue 20): a signed-in user's own language wins; a visitor's is
 * the one the web app sends (`X-Academy-Language`, the language of the page they read), else the
 * browser's `Accept-Language`, else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  if (request.user) return request.user.language;
  const sent = request.headers[LANGUAGE_HEADER];
  if (isLanguage(sent)) return sent;
  return languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * THE one place server messages are translated: every API answer's `message` (success and failure)
 * and its field `errors` leave in the caller's language. Services and schemas keep writing English
 * (packages/shared/src/i18n/server-messages.ts has the translations); `data` is never touched.
 */
export function registerReplyTranslation(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!request.url.startsWith('/api/') || !isRecord(payload)) return payload;
    const language = requestLanguage(request);
    if (language === 'en' || (typeof payload.message !== 'string' && !isRecord(payload.errors))) return payload;
    const translated: Record<string, unknown> = { ...payload };
    if (typeof payload.message === 'string') translated.message = translateServerMessage(payload.message, language);
    if (isRecord(payload.errors)) {
      translated.errors = Object.fromEntries(
        Object.entries(payload.errors).map(([field, text]) => [field, typeof text === 'string' ? translateServerMessage(text, language) : text]),
      );
    }
    return translated;
  });
}
