import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@academy/shared/roles';
import { MESSAGES } from '@academy/shared/messages';
import { AppError } from '../lib/app-error';
import type { Db } from '../db/client';
import { findSessionByToken, renewSession, SESSION_COOKIE, sessionCookieOptions, type SessionRecord } from '../modules/auth/session.service';

export type AuthUser = SessionRecord['user'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Set for every request by the auth plugin. */
    user: AuthUser | null;
    sessionId: string | null;
  }
}

/** Reads the session cookie on every request and sets request.user; renews the session as it is used. */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const session = await findSessionByToken(db, token);
    if (!session) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return;
    }
    request.user = session.user;
    request.sessionId = session.id;
    const renewed = await renewSession(db, session);
    if (renewed) reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, renewed));
  });
}

/** The signed-in user of a route guarded by requireUser / requireRole. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** Route option: any signed-in user. */
export const requireUser: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
  currentUser(request);
};

/** Route option: a signed-in user with one of these roles (401 for visitors, 403 for other roles). */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    if (!roles.includes(user.role)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  };
}

/**
 * Route option for ownership: after the role check, `isOwner` decides whether this user may touch
 * this record (a teacher their batches, a student their own records). Admins pass when listed in
 * `bypassRoles`. Not found and not yours both answer 404, so ids cannot be probed.
 */
export function requireOwnership(
  isOwner: (request: FastifyRequest, user: AuthUser) => Promise<boolean>,
  options: { bypassRoles?: Role[] } = { bypassRoles: ['admin'] },
): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = currentUser(request);
    if (options.bypassRoles?.includes(user.role)) return;
    if (!(await isOwner(request, user))) throw new AppError('NOT_FOUND');
  };
}
