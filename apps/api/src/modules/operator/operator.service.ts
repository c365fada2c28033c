import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { MESSAGES } from '@academy/shared/messages';
import { OPERATOR_COOKIE } from '@academy/shared/cookies';
import { emailSchema, newPasswordSchema } from '@academy/shared/schemas/auth';
import { OPERATOR_MESSAGES, type Operator } from '@academy/shared/schemas/operator';
import type { Db } from '../../db/client';
import { claimSignInTry, forgiveSignInTries } from '../../db/sign-in-throttle';
import { operatorLoginFailures, operators, operatorSessions } from '../../db/schema';
import { withoutAcademy } from '../../lib/tenancy';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { generateToken, hashToken } from '../../lib/tokens';
import { joinOn } from '../../db/same-academy';

/**
 * The platform's operators (issue 55): made from the CLI, signed in at the base domain with their own
 * cookie. Every table here is a platform table, read outside every academy (`withoutAcademy`).
 */

/** An operator is signed out after 12 hours: they can close academies, so the session is short. */
const OPERATOR_SESSION_MS = 12 * 60 * 60 * 1000;

function firstIssue(result: { error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message ?? 'Invalid value';
}

/** `npm run academy -- operators:create`: the product's password rules; a taken email is refused. */
export async function createOperator(db: Db, input: { email: string; password: string; name?: string }): Promise<Operator> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError('BAD_REQUEST', firstIssue(email), { email: firstIssue(email) });
  const password = newPasswordSchema.safeParse(input.password);
  if (!password.success) throw new AppError('BAD_REQUEST', firstIssue(password), { password: firstIssue(password) });
  const name = (input.name ?? '').trim() || email.data.split('@')[0]!;
  return withoutAcademy(async () => {
    const [taken] = await db.select({ id: operators.id }).from(operators).where(eq(sql`lower(${operators.email})`, email.data));
    if (taken) throw new AppError('CONFLICT', `${OPERATOR_MESSAGES.duplicateEmail}: ${email.data}`, { email: OPERATOR_MESSAGES.duplicateEmail });
    const passwordHash = await hashPassword(password.data);
    const [made] = await db
      .insert(operators)
      .values({ email: email.data, name: name.slice(0, 120), passwordHash })
      .onConflictDoNothing()
      .returning({ id: operators.id, name: operators.name, email: operators.email });
    if (!made) throw new AppError('CONFLICT', `${OPERATOR_MESSAGES.duplicateEmail}: ${email.data}`, { email: OPERATOR_MESSAGES.duplicateEmail });
    return { _id: made.id, name: made.name, email: made.email };
  });
}

/**
 * Checks an operator's credentials and opens a session. A wrong email and a wrong password answer the
 * same message in the same time; beyond the users' limits in 15 minutes tries are refused unchecked.
 */
export async function loginOperator(db: Db, input: { email: string; password: string }, meta: { ip: string }) {
  return withoutAcademy(async () => {
    const ip = meta.ip.slice(0, 64);
    const [operator] = await db.select().from(operators).where(eq(sql`lower(${operators.email})`, input.email)).limit(1);
    const claim = await claimSignInTry(db, operatorLoginFailures, input.email, ip);
    if (!claim.allowed) {
      await claim.release();
      throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyLoginAttempts);
    }
    const valid = await verifyPassword(operator?.passwordHash ?? null, input.password);
    if (!operator || !valid) throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
    await forgiveSignInTries(db, operatorLoginFailures, input.email, ip);
    const token = generateToken();
    const expiresAt = new Date(Date.now() + OPERATOR_SESSION_MS);
    await db.insert(operatorSessions).values({ operatorId: operator.id, tokenHash: hashToken(token), expiresAt });
    return { operator: { _id: operator.id, name: operator.name, email: operator.email } satisfies Operator, token, expiresAt };
  });
}

export type OperatorSession = { sessionId: string; operator: Operator };

/** The operator behind a cookie's token (an unexpired session), or undefined. */
export async function findOperatorSession(db: Db, token: string): Promise<OperatorSession | undefined> {
  const [row] = await withoutAcademy(async () => await
    db
      .select({ sessionId: operatorSessions.id, id: operators.id, name: operators.name, email: operators.email })
      .from(operatorSessions)
      .innerJoin(operators, joinOn(operators.id, operatorSessions.operatorId))
      .where(and(eq(operatorSessions.tokenHash, hashToken(token)), gt(operatorSessions.expiresAt, sql`now()`)))
      .limit(1),
  );
  return row ? { sessionId: row.sessionId, operator: { _id: row.id, name: row.name, email: row.email } } : undefined;
}

export async function deleteOperatorSession(db: Db, sessionId: string): Promise<void> {
  await withoutAcademy(async () => await db.delete(operatorSessions).where(eq(operatorSessions.id, sessionId)));
}

/** Expired operator sessions and day-old failed tries (the hourly sign-in records job). */
export async function deleteExpiredOperatorRecords(db: Db): Promise<void> {
  await withoutAcademy(async () => {
    await db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, sql`now()`));
    await db.delete(operatorLoginFailures).where(lt(operatorLoginFailures.createdAt, sql`now() - interval '1 day'`));
  });
}

/** Host-only (no Domain: never sent to `<slug>.<BASE_DOMAIN>`), HttpOnly, Lax, Secure over HTTPS. */
function cookieOptions(request: FastifyRequest, expiresAt: Date): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', expires: expiresAt };
}

export function setOperatorCookie(reply: FastifyReply, request: FastifyRequest, token: string, expiresAt: Date) {
  reply.setCookie(OPERATOR_COOKIE, token, cookieOptions(request, expiresAt));
}

export function clearOperatorCookie(reply: FastifyReply) {
  reply.clearCookie(OPERATOR_COOKIE, { path: '/' });
}
