import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client';
import { passwordResetTokens, sessions } from '../../db/schema';
import { generateToken, hashToken } from '../../lib/tokens';
import { thisAcademy } from '../../db/same-academy';

// Every statement names its academy by value besides row-level security's filter: on Citus it then reaches
// that academy's shard alone (decision 053).

const IDLE_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000; // signed out after two weeks without use
const ABSOLUTE_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000; // and never kept past sixty days
const RENEW_AFTER_MS = 10 * 60 * 1000; // touch the row at most every ten minutes

/** Opens a session for the user; answers the cookie's token (only its sha256 is stored) and its expiry. */
export async function createSession(db: DbExecutor, userId: string, meta: { ip: string; userAgent: string | undefined }) {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + IDLE_LIFETIME_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

/** Slides the idle expiry forward; returns the new expiry when the cookie should be re-sent. */
export async function renewSession(db: Db, session: { id: string; createdAt: Date; lastSeenAt: Date }): Promise<Date | undefined> {
  const now = Date.now();
  if (now - session.lastSeenAt.getTime() < RENEW_AFTER_MS) return undefined;
  const expiresAt = new Date(Math.min(now + IDLE_LIFETIME_MS, session.createdAt.getTime() + ABSOLUTE_LIFETIME_MS));
  await db.update(sessions).set({ expiresAt, lastSeenAt: new Date(now) }).where(and(thisAcademy(sessions), eq(sessions.id, session.id)));
  return expiresAt;
}

/** Signing out: ends one session. */
export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(and(thisAcademy(sessions), eq(sessions.id, sessionId)));
}

/** Ends every session of a user (password change or reset, deactivation), optionally keeping one. */
export async function deleteUserSessions(db: DbExecutor, userId: string, keepSessionId?: string) {
  await db.delete(sessions).where(and(thisAcademy(sessions), eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

/** Drops expired sessions and old password links (the job `expired-sign-in-records`, hourly). */
export async function deleteExpiredSessionsAndLinks(db: Db) {
  await db.delete(sessions).where(and(thisAcademy(sessions), lt(sessions.expiresAt, sql`now()`)));
  // Kept a day past expiry: the per-account limit on reset mails counts the last hour's links.
  await db.delete(passwordResetTokens).where(and(thisAcademy(passwordResetTokens), lt(passwordResetTokens.expiresAt, sql`now() - interval '1 day'`)));
}
