import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import { MESSAGES } from '@academy/shared/messages';
import type { SessionUser } from '@academy/shared/schemas/auth';
import type { Db } from '../../db/client';
import { loginFailures, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { createSession } from './session.service';

export const LOGIN_FAILURE_LIMIT = 10;
const LOGIN_FAILURE_WINDOW = sql`now() - interval '15 minutes'`;

export function toSessionUser(user: { id: string; name: string; email: string; role: SessionUser['role']; avatarUrl: string | null }): SessionUser {
  return { _id: user.id, name: user.name, email: user.email, role: user.role, avatarUrl: user.avatarUrl };
}

async function recentFailures(db: Db, email: string, ip: string) {
  const [row] = await db
    .select({
      byEmail: count(sql`case when ${loginFailures.email} = ${email} then 1 end`),
      byIp: count(sql`case when ${loginFailures.ip} = ${ip} then 1 end`),
    })
    .from(loginFailures)
    .where(and(gt(loginFailures.createdAt, LOGIN_FAILURE_WINDOW), or(eq(loginFailures.email, email), eq(loginFailures.ip, ip))));
  return row ?? { byEmail: 0, byIp: 0 };
}

/**
 * Checks the credentials and opens a session. Wrong email and wrong password answer the same
 * message in the same time; more than LOGIN_FAILURE_LIMIT failures in 15 minutes for one email or
 * one address are refused before the password is even looked at.
 */
export async function login(db: Db, input: { email: string; password: string }, meta: { ip: string; userAgent: string | undefined }) {
  const failures = await recentFailures(db, input.email, meta.ip);
  if (failures.byEmail >= LOGIN_FAILURE_LIMIT || failures.byIp >= LOGIN_FAILURE_LIMIT) {
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyLoginAttempts);
  }
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    await db.insert(loginFailures).values({ email: input.email, ip: meta.ip.slice(0, 64) });
    throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  }
  // Only someone who knows the password learns that the account is disabled.
  if (!user.isActive) throw new AppError('FORBIDDEN', 'This account has been disabled. Please contact the academy office.');

  await db.delete(loginFailures).where(eq(loginFailures.email, input.email));
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  const session = await createSession(db, user.id, meta);
  return { user: toSessionUser(user), ...session };
}
