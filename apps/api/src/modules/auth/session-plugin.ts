import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import type { Db } from '../../db/client';
import { EXPECTED_USER_HEADER, SESSION_COOKIE, SIGNED_IN_COOKIE } from '@academy/shared/cookies';
import { renewSession } from '../sessions';
import { findSessionByToken, forgetKeptSession, setSessionCookies, setSignedInCookie, type SessionRecord } from './session.service';

export type AuthUser = SessionRecord['user'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Set for every request by the auth plugin. */
    user: AuthUser | null;
    /** Who is calling, for the access layer; null for a visitor. Same session row as `user`. */
    actor: Actor | null;
    sessionId: string | null;
  }
}

/**
 * Reads the session cookie on every request and sets request.user and request.actor (one SQL
 * statement, or none while the session is kept: session.service.ts); renews the session as it is used. */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    // The API, and the few pages that act for a signed-in person as plain HTML (issue 74: a first
    // screen's form or link, `config: { session: true }`).
    if (!request.url.startsWith('/api/') && (request.routeOptions.config as { session?: boolean } | undefined)?.session !== true) return;
    const expectedUser = request.headers[EXPECTED_USER_HEADER];
    const token = request.cookies[SESSION_COOKIE];
    // A request queued for one person (EXPECTED_USER_HEADER) never runs under another's session.
    if (!token) {
      if (expectedUser !== undefined) throw new AppError('UNAUTHENTICATED');
      return;
    }
    const session = await findSessionByToken(db, token);
    if (expectedUser !== undefined && session?.user.id !== expectedUser) throw new AppError('UNAUTHENTICATED');
    // An ended session's cookie is left alone (sign-out clears it; a new sign-in replaces it). Clearing
    // it here cleared the wrong one: a request sent with the old cookie that is answered after a new
    // sign-in in the same browser (another tab, or a page still loading) deleted the new cookie, and
    // the person who had just signed in was sent back to the sign-in page.
    if (!session) return;
    request.user = session.user;
    request.actor = session.actor;
    request.sessionId = session.id;
    const renewed = await renewSession(db, session);
    if (renewed) {
      // Kept with its old last use, it would be renewed again with every request of the next minute.
      forgetKeptSession(db, token);
      setSessionCookies(reply, request, token, renewed);
    }
    // A session from before the signed-in cookie existed gets it with its first request.
    else if (request.cookies[SIGNED_IN_COOKIE] === undefined) setSignedInCookie(reply, request, session.expiresAt);
  });
}

/** The signed-in account (name, email…) of a route whose access rule needs a session. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
