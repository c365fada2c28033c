import type { Language } from '@academy/shared/languages';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '@academy/shared/cookies';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Role } from '@academy/shared/roles';
import { OTP_VALID_MINUTES } from '@academy/shared/schemas/admissions';
import { forgetSignInCodes } from '../family-outbox';
import type { Db } from '../../db/client';
import { loginFailures, sessions, users, signInCodes } from '../../db/schema';
import { actorColumns, actorJoins, toActor, type Actor } from '../../access/actor';
import { hashToken } from '../../lib/tokens';
import { joinOn } from '../../db/same-academy';
import { currentAcademyId } from '../../lib/tenancy';
import { cachedPersonalRead, forgetPersonalRead, type WatchedTable } from '../../lib/read-cache';

export type SessionRecord = {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  /** `email` is null for a student without one (issue 21). */
  user: { id: string; name: string; email: string | null; role: Role; avatarUrl: string | null; language: Language };
  /** Who is calling, for the access layer (apps/api/src/access). */
  actor: Actor;
};

export function sessionCookieOptions(request: FastifyRequest, expiresAt: Date): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Secure whenever the visitor reached us over HTTPS (directly or through a trusted proxy).
    secure: request.protocol === 'https',
    expires: expiresAt,
  };
}

/** Sets the session cookie and the signed-in cookie, both kept until the session's expiry. */
export function setSessionCookies(reply: FastifyReply, request: FastifyRequest, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, expiresAt));
  setSignedInCookie(reply, request, expiresAt);
}

export function setSignedInCookie(reply: FastifyReply, request: FastifyRequest, expiresAt: Date) {
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...sessionCookieOptions(request, expiresAt), httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

function sessionLookup(db: Db) {
  // The academy by its value in every table, besides row-level security's: Citus then sends the statement to
  // that academy's shard alone (a policy's filter is applied on the shards, where the router cannot see it).
  const academy = sql.placeholder('academyId');
  const [[teacherRows, ofTeacher], [studentRows, ofStudent], [parentRows, ofParent]] = actorJoins(academy);
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: { id: users.id, name: users.name, email: users.email, role: users.role, avatarUrl: users.avatarUrl, language: users.language },
      actor: actorColumns(academy),
    })
    .from(sessions)
    .innerJoin(users, and(joinOn(users.id, sessions.userId), eq(users.academyId, academy)))
    .leftJoin(teacherRows, ofTeacher)
    .leftJoin(studentRows, ofStudent)
    .leftJoin(parentRows, ofParent)
    .where(and(eq(sessions.academyId, academy), eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`), eq(users.isActive, true)))
    .limit(1)
    .prepare('academy_session_by_token');
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/** What a session's answer is read from: a change to any of them (a sign-out anywhere, a deactivation, a role) forgets it. */
const SESSION_TABLES: readonly WatchedTable[] = ['sessions', 'users', 'teachers', 'students', 'parents', 'parent_students'];

/** The key of a session's kept answer: its token's hash (the token itself is not kept). */
function sessionKey(tokenHash: string): string {
  return `session:${tokenHash}`;
}

/**
 * The session, its user and that user's teacher or student record, in ONE statement (every request
 * with a cookie runs it): the access layer's Actor comes from the same row. The statement is built
 * once per database and prepared on each connection (a named statement): building the query again
 * for every request was most of what a signed-in request cost (decision 012).
 *
 * Kept per server for a minute (lib/read-cache.ts `cachedPersonalRead`; issue 77: on a Citus cluster this
 * look-up was the one statement of a kept read, through the coordinator): a sign-out or an account's
 * sessions ended anywhere, and any change to the account or its records, forget it at once on every
 * server. A kept one past its expiry by this server's clock is read again: the statement compares it with the database's.
 */
export async function findSessionByToken(db: Db, token: string): Promise<SessionRecord | undefined> {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = sessionLookup(db)));
  const statement = lookup;
  // Outside every academy (the platform's own address) no academy's session exists.
  let academyId: string;
  try {
    academyId = currentAcademyId();
  } catch {
    return undefined;
  }
  const tokenHash = hashToken(token);
  const read = () =>
    cachedPersonalRead(db, sessionKey(tokenHash), SESSION_TABLES, async (): Promise<SessionRecord | undefined> => {
      const [row] = await statement.execute({ academyId, tokenHash });
      return row ? { ...row, actor: toActor(row.actor) } : undefined;
    });
  const session = await read();
  if (!session || session.expiresAt.getTime() > Date.now()) return session;
  // Expired by this server's clock since it was kept: the database's clock decides, as the statement always
  // did (and another server may have renewed it meanwhile: renewals are not announced). Read afresh, it is the
  // database's answer.
  forgetPersonalRead(db, sessionKey(tokenHash));
  return read();
}

/** A session renewed by this server: its kept answer's expiry and last use are old, read it again next time. */
export function forgetKeptSession(db: Db, token: string) {
  forgetPersonalRead(db, sessionKey(hashToken(token)));
}

/**
 * Drops old sign-in failures and phone codes (the job `expired-sign-in-records`, hourly, with the
 * sessions' and the other owners' clean-ups: app.ts).
 */
export async function deleteExpiredAuthRecords(db: Db) {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, sql`now() - interval '1 day'`));
  // Sign-in codes to parents' phones (issue 37): the same day's limits count them; their messages forget the code.
  await db.delete(signInCodes).where(lt(signInCodes.createdAt, sql`now() - interval '1 day'`));
  await forgetSignInCodes(db, { olderThanMinutes: OTP_VALID_MINUTES + 5 });
}
