import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { STUDENT_NO_EMAIL_MESSAGES } from '@academy/shared/schemas/students';
import { forgotPasswordInputSchema, resetPasswordInputSchema, resetTokenInfoSchema, resetTokenSchema, sessionUserSchema } from '@academy/shared/schemas/auth';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { siteOrigin } from '../../lib/site-origin';
import { requestLanguage } from '../../lib/translate-reply';
import { checkResetToken, resetPassword } from './password-reset.service';
import { setSessionCookies } from './session.service';

/** Per client address; each account also gets at most a few mails an hour (see the service). */
export const FORGOT_PASSWORD_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;
const RESET_RATE_LIMIT = { max: 30, timeWindow: '15 minutes' } as const;

export const passwordResetRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer; publicUrl: string | undefined }> = async (app, { db, publicUrl }) => {
  app.post(
    '/auth/forgot-password',
    { config: { rateLimit: FORGOT_PASSWORD_RATE_LIMIT }, schema: { tags: ['auth'], body: forgotPasswordInputSchema, response: { 200: messageOnlySchema } } },
    async (request) => {
      // A student ID (issue 21): there is no email to send a link to. The same answer for every ID,
      // known or not, so it tells nothing about who exists.
      if (!request.body.email.includes('@')) return { success: true as const, message: STUDENT_NO_EMAIL_MESSAGES.forgotPasswordById };
      // A job queued for every address, known or not (decision 083): whether a mail goes out (and how
      // long SMTP takes) is decided by its run, so it cannot show in the answer; a restart does not lose it.
      // The mail is written in the language of the page the person asked from.
      await app.jobs.enqueue('password-reset-mail', { email: request.body.email, origin: siteOrigin(request, publicUrl), language: requestLanguage(request) });
      return { success: true as const, message: MESSAGES.forgotPasswordSent };
    },
  );

  app.get(
    '/auth/validate-reset-token/:token',
    { config: { rateLimit: RESET_RATE_LIMIT }, schema: { tags: ['auth'], params: z.object({ token: resetTokenSchema }), response: { 200: apiSuccess(resetTokenInfoSchema) } } },
    async (request) => ({ success: true as const, data: await checkResetToken(db, request.params.token) }),
  );

  app.post(
    '/auth/reset-password',
    // `data`: the session of a new account that just chose its first password (issue 73), signed in.
    { config: { rateLimit: RESET_RATE_LIMIT }, schema: { tags: ['auth'], body: resetPasswordInputSchema, response: { 200: messageOnlySchema.extend({ data: sessionUserSchema.optional() }) } } },
    async (request, reply) => {
      const signedIn = await resetPassword(db, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      if (!signedIn) return { success: true as const, message: MESSAGES.passwordResetDone };
      setSessionCookies(reply, request, signedIn.token, signedIn.expiresAt);
      return { success: true as const, message: MESSAGES.passwordResetDone, data: signedIn.user };
    },
  );
};
