import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { loginInputSchema, sessionUserSchema } from '@academy/shared/schemas/auth';
import { MESSAGES } from '@academy/shared/messages';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { login, toSessionUser } from './auth.service';
import { deleteSession, SESSION_COOKIE, sessionCookieOptions } from './session.service';

export const authRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginInputSchema, response: { 200: apiSuccess(sessionUserSchema) } } },
    async (request, reply) => {
      const result = await login(db, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(request, result.expiresAt));
      return { success: true as const, data: result.user };
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], response: { 200: apiSuccess(sessionUserSchema) } } },
    async (request) => ({ success: true as const, data: toSessionUser(currentUser(request)) }),
  );

  app.post('/auth/logout', { schema: { tags: ['auth'], response: { 200: messageOnlySchema } } }, async (request, reply) => {
    if (request.sessionId) await deleteSession(db, request.sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true as const, message: MESSAGES.loggedOut };
  });
};
