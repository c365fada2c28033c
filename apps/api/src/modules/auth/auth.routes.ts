import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { languageInputSchema, loginInputSchema, sessionUserSchema } from '@academy/shared/schemas/auth';
import { MESSAGES } from '@academy/shared/messages';
import type { Db } from '../../db/client';
import type { ServerKeys } from '../../lib/server-keys';
import { currentUser } from './session-plugin';
import { login, setUserLanguage, toSessionUser } from './auth.service';
import { deleteSession } from '../sessions';
import { clearSessionCookies, setSessionCookies } from './session.service';
import { requestSignInCode, verifySignInCode } from './sign-in-code.service';
import { MESSAGING_MESSAGES, signInCodeRequestSchema, signInCodeSentSchema, signInCodeVerifySchema } from '@academy/shared/schemas/messaging';
import { dataRoute } from '../../lib/route-replies';

/** Guesses of phone sign-in codes per client address: a family mistyping twice is far below it. */
export const SIGN_IN_CODE_VERIFY_RATE_LIMIT = { max: 20, timeWindow: '1 hour' } as const;

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; otpKey: string; keys: ServerKeys }> = async (app, { db, otpKey, keys }) => {
  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginInputSchema, response: { 200: apiSuccess(sessionUserSchema) } } },
    async (request, reply) => {
      const result = await login(db, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookies(reply, request, result.token, result.expiresAt);
      return { success: true as const, data: result.user };
    },
  );

  // A parent with a phone signs in with a six-digit code sent to it (issue 37).
  dataRoute(
    app, 'POST', '/auth/sign-in-code', { tags: ['auth'], body: signInCodeRequestSchema, response: { 200: apiSuccess(signInCodeSentSchema) } },
    (request) => requestSignInCode({ db, jobs: app.jobs, otpKey, keys }, { phone: request.body.phone, ip: request.ip }),
    MESSAGING_MESSAGES.codeSent,
  );

  app.post(
    '/auth/sign-in-code/verify',
    // Per client address, whichever phones it tries (issue 53): a code has five tries, but an address
    // could guess across every parent's phone. The count is shared by every server (rate_limit_hits).
    { config: { rateLimit: SIGN_IN_CODE_VERIFY_RATE_LIMIT }, schema: { tags: ['auth'], body: signInCodeVerifySchema, response: { 200: apiSuccess(sessionUserSchema) } } },
    async (request, reply) => {
      const result = await verifySignInCode({ db, jobs: app.jobs, otpKey, keys }, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
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
