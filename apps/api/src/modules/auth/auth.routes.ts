import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { languageInputSchema, loginInputSchema, sessionUserSchema } from '@academy/shared/schemas/auth';
import { MESSAGES } from '@academy/shared/messages';
import type { Db } from '../../db/client';
import { currentUser } from './session-plugin';
import { login, setUserLanguage, toSessionUser } from './auth.service';
import { clearSessionCookies, deleteSession, setSessionCookies } from './session.service';

export const authRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginInputSchema, response: { 200: apiSuccess(sessionUserSchema) } } },
    async (request, reply) => {
      const result = await login(db, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookies(reply, request, result.token, result.expiresAt);
      return { success: true as const, data: result.user };
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], response: { 200: apiSuccess(sessionUserSchema) } } },
    async (request) => ({ success: true as const, data: toSessionUser(currentUser(request)) }),
  );

  // The language switch of a signed-in person: kept on the account, so every device and every mail follows it.
  app.put(
    '/auth/language',
    { schema: { tags: ['auth'], body: languageInputSchema, response: { 200: apiSuccess(sessionUserSchema) } } },
    async (request) => {
      const user = currentUser(request);
      await setUserLanguage(db, user.id, request.body.language);
      return { success: true as const, data: toSessionUser({ ...user, language: request.body.language }) };
    },
  );

  app.post('/auth/logout', { schema: { tags: ['auth'], response: { 200: messageOnlySchema } } }, async (request, reply) => {
    if (request.sessionId) await deleteSession(db, request.sessionId);
    clearSessionCookies(reply);
    return { success: true as const, message: MESSAGES.loggedOut };
  });
};
