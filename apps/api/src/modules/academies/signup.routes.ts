import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { sessionUserSchema } from '@academy/shared/schemas/auth';
import {
  academyVerificationInputSchema,
  academyVerificationResultSchema,
  createAcademyInputSchema,
  createdAcademySchema,
  handOffInputSchema,
  slugAvailabilitySchema,
  slugAvailableQuerySchema,
  firstRunChecklistSchema,
} from '@academy/shared/schemas/academies';
import type { Hosting } from '../../config';
import { AppError } from '../../lib/app-error';
import { requestLanguage } from '../../lib/translate-reply';
import { knownOrigin } from '../../lib/site-origin';
import { setSessionCookies, toSessionUser } from '../auth';
import { createSession } from '../sessions';
import type { Db } from '../../db/client';
import { findUserForSession, firstRunChecklist } from './first-run.service';
import { createAcademy, sendSignupCode, slugAvailability, useHandOff, type SignupDeps } from './signup.service';
import { dataRoute } from '../../lib/route-replies';

export const CODE_SENT = 'We have sent a 6-digit code to your email. It is valid for 10 minutes.';
export const HAND_OFF_INVALID = 'This sign-in link has expired or was already used. Please sign in with your email and password.';

/*
 * The platform's routes count per client address on the platform's own counters (platform_rate_limit_hits:
 * the platform's address is no academy's), besides the codes' limits: sends per email and per client
 * address (academy_signup_codes), five wrong tries per code, one academy per code.
 */
/** The address availability check runs as the owner types: generous, but no scraping of every slug. */
const SLUG_CHECK_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
/** Codes and new academies from one client address: an office may sign up a few, nobody hundreds. */
const SIGNUP_RATE_LIMIT = { max: 20, timeWindow: '1 hour' } as const;
/** The hand-off, at the academy's own address: per client address, against guessing. */
const HAND_OFF_RATE_LIMIT = { max: 30, timeWindow: '15 minutes' } as const;

/**
 * Start your academy (issue 55), at the platform's address (the host plugin lets `/api/academies` through
 * there only). With ACADEMY_HOSTING=one there is no platform: the routes answer 404.
 */
export const academySignupRoutes: FastifyPluginAsyncZod<SignupDeps & { hosting: Hosting; publicUrl: string | undefined }> = async (app, deps) => {
  const hosted = deps.hosting.mode === 'many';
  const onlyHosted = async () => {
    if (!hosted) throw new AppError('NOT_FOUND');
  };
  const baseDomain = deps.hosting.mode === 'many' ? deps.hosting.baseDomain : undefined;

  app.post(
    '/academies/verification',
    { preValidation: onlyHosted, config: { rateLimit: SIGNUP_RATE_LIMIT }, schema: { tags: ['academies'], body: academyVerificationInputSchema, response: { 200: apiSuccess(academyVerificationResultSchema) } } },
    async (request) => ({
      success: true as const,
      data: await sendSignupCode(deps, { email: request.body.email, ip: request.ip, language: requestLanguage(request) }),
      message: CODE_SENT,
    }),
  );

  app.get(
    '/academies/slug-available',
    { preValidation: onlyHosted, config: { rateLimit: SLUG_CHECK_RATE_LIMIT }, schema: { tags: ['academies'], querystring: slugAvailableQuerySchema, response: { 200: apiSuccess(slugAvailabilitySchema) } } },
    async (request) => ({ success: true as const, data: await slugAvailability(deps.db, request.query.slug) }),
  );

  app.post(
    '/academies',
    { preValidation: onlyHosted, config: { rateLimit: SIGNUP_RATE_LIMIT }, schema: { tags: ['academies'], body: createAcademyInputSchema, response: { 201: apiSuccess(createdAcademySchema) } } },
    async (request, reply) => {
      const made = await createAcademy(deps, request.body);
      // Its host resolves at once on this server (another server forgets within seconds).
      app.academyHosts.forget();
      // The academy's known address, `<slug>.BASE_DOMAIN` on PUBLIC_URL's scheme and port (`https://shree.academy.example.in`),
      // never built from the request's Host header (issue 71).
      const url = knownOrigin(request, `${made.slug}.${baseDomain}`, deps.publicUrl);
      reply.status(201);
      // The welcome address is the server's (issue 73): it turns the token into a session and redirects to
      // the dashboard, which the server draws in the owner's language; no app code runs in between. The
      // token is used once within two minutes, and the access log never keeps it (lib/redact-url.ts).
      return { success: true as const, data: { slug: made.slug, url, welcomeUrl: `${url}/welcome?token=${encodeURIComponent(made.handOffToken)}` } };
    },
  );

  // At the new academy's own address: the owner's one-time hand-off becomes a session there.
  app.post(
    '/auth/hand-off',
    { preValidation: onlyHosted, config: { rateLimit: HAND_OFF_RATE_LIMIT }, schema: { tags: ['auth'], body: handOffInputSchema, response: { 200: apiSuccess(sessionUserSchema) } } },
    async (request, reply) => {
      if (!request.academy) throw new AppError('NOT_FOUND');
      const userId = await useHandOff(deps.db, request.body.token);
      const user = userId ? await findUserForSession(deps.db, userId) : undefined;
      if (!user) throw new AppError('BAD_REQUEST', HAND_OFF_INVALID, { token: HAND_OFF_INVALID });
      const session = await createSession(deps.db, user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookies(reply, request, session.token, session.expiresAt);
      return { success: true as const, data: toSessionUser(user) };
    },
  );
};

/**
 * GET /welcome?token=… at the new academy's own address (issue 73): the owner's hand-off as a plain
 * redirect. A good token becomes a session and the browser goes to /app/dashboard, drawn by the server
 * in the owner's language (a signed-in first screen); a used or expired one goes to the welcome page,
 * which says so and offers to sign in. Without a token (an older fragment link) the app's page answers.
 */
export const welcomeRoutes: FastifyPluginAsyncZod<{ db: Db; hosting: Hosting }> = async (app, deps) => {
  app.get(
    '/welcome',
    // No schema, like the pay page: any query gets a page (the app's, or a redirect), never a 400 in JSON.
    { config: { rateLimit: HAND_OFF_RATE_LIMIT }, schema: { hide: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const asked = (request.query as { token?: unknown }).token;
      const token = typeof asked === 'string' && asked.length <= 200 ? asked : undefined;
      if (deps.hosting.mode !== 'many' || !request.academy || token === undefined) return reply.callNotFound();
      const userId = token.length >= 20 ? await useHandOff(deps.db, token) : undefined;
      const user = userId ? await findUserForSession(deps.db, userId) : undefined;
      if (!user) return reply.redirect('/welcome#expired', 303);
      const session = await createSession(deps.db, user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookies(reply, request, session.token, session.expiresAt);
      return reply.redirect('/app/dashboard', 303);
    },
  );
};

/** The admin's first-run checklist (GET /api/dashboard/first-run): its own read, beside the dashboard's. */
export const firstRunRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  dataRoute(app, 'GET', '/dashboard/first-run', { tags: ['dashboard'], response: { 200: apiSuccess(firstRunChecklistSchema) } }, () => firstRunChecklist(db));
};
