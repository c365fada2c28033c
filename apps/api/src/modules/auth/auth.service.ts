import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import { MESSAGES } from '@academy/shared/messages';
import type { Language } from '@academy/shared/languages';
import type { SessionUser } from '@academy/shared/schemas/auth';
import type { Db } from '../../db/client';
import { loginFailures, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { recordAudit, recordAuditOnce } from '../audit';
import { createSession } from '../sessions';
import { markSignedIn, updateAccount } from '../users';

/** Tries per account from one client (address) in 15 minutes: the owner on another device still gets in. */
export const LOGIN_FAILURE_LIMIT = 10;
/**
 * Tries per account from all clients together in 15 minutes: the ceiling against guessing spread over
 * many addresses (docs/decisions/011-security-review-findings.md says why 100).
 */
export const LOGIN_ACCOUNT_CEILING = 100;
/** Tries from one address over all accounts in 15 minutes (a classroom behind one router shares it). */
export const LOGIN_ADDRESS_LIMIT = 50;
const LOGIN_FAILURE_WINDOW = sql`now() - interval '15 minutes'`;

export function toSessionUser(user: { id: string; name: string; email: string | null; role: SessionUser['role']; avatarUrl: string | null; language: SessionUser['language'] }): SessionUser {
  return { _id: user.id, name: user.name, email: user.email, role: user.role, avatarUrl: user.avatarUrl, language: user.language };
}

/** The signed-in person's own language (PUT /api/auth/language). */
export async function setUserLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await updateAccount(db, userId, { language });
}

/**
 * Claims one try before the password is checked, then counts the tries including this one. Each
 * claim is committed before its count, so of N simultaneous tries the k-th to commit sees at least k:
 * no more than the limit can pass, however many arrive at once (a read-then-write check let 28 of 40
 * through). A refused try gives its claim back, so refusals do not extend the lock.
 */
async function claimTry(db: Db, email: string, ip: string) {
  const [claim] = await db.insert(loginFailures).values({ email, ip }).returning({ id: loginFailures.id });
  const [row] = await db
    .select({
      byAccountAndClient: count(sql`case when ${loginFailures.email} = ${email} and ${loginFailures.ip} = ${ip} then 1 end`),
      byAccount: count(sql`case when ${loginFailures.email} = ${email} then 1 end`),
      byClient: count(sql`case when ${loginFailures.ip} = ${ip} then 1 end`),
    })
    .from(loginFailures)
    .where(and(gt(loginFailures.createdAt, LOGIN_FAILURE_WINDOW), or(eq(loginFailures.email, email), eq(loginFailures.ip, ip))));
  const tries = row ?? { byAccountAndClient: 0, byAccount: 0, byClient: 0 };
  const allowed = tries.byAccountAndClient <= LOGIN_FAILURE_LIMIT && tries.byAccount <= LOGIN_ACCOUNT_CEILING && tries.byClient <= LOGIN_ADDRESS_LIMIT;
  return { allowed, release: () => db.delete(loginFailures).where(eq(loginFailures.id, claim!.id)) };
}

/** The account an email or a student ID (issue 21; already upper-case from the schema) names. */
async function findLoginAccount(db: Db, identifier: string) {
  if (identifier.includes('@')) {
    const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, identifier)).limit(1);
    return user;
  }
  const [row] = await db.select({ user: users }).from(students).innerJoin(users, eq(users.id, students.userId)).where(eq(students.studentCode, identifier)).limit(1);
  return row?.user;
}

/**
 * Checks the credentials and opens a session. The identifier is the email or the student ID (issue 21).
 * Wrong identifier and wrong password answer the same message in the same time. Tries are counted per
 * account under its email whichever identifier was typed, so switching between the two gives no extra
 * tries: beyond LOGIN_FAILURE_LIMIT for one account from one address (or the account's or the
 * address's ceiling) in 15 minutes they are refused before the password is looked at.
 */
export async function login(db: Db, input: { email: string; password: string }, meta: { ip: string; userAgent: string | undefined }) {
  const ip = meta.ip.slice(0, 64);
  const user = await findLoginAccount(db, input.email);
  // A student without an email (issue 21) is counted under the student ID, the only name they have.
  const accountKey = user?.email ? user.email.toLowerCase() : input.email;
  const claim = await claimTry(db, accountKey, ip);
  if (!claim.allowed) {
    await claim.release();
    // The throttle started refusing: one entry per account and quarter of an hour, not one per try.
    await recordAuditOnce(db, null, { action: 'signin.failed_burst', entityType: 'account', entityId: accountKey, text: { key: 'account.signin_refused', values: { account: accountKey, ip } } }, 15);
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyLoginAttempts);
  }
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  // A wrong password keeps its claimed try: it is the failure that counts.
  if (!user || !valid) throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  // Only someone who knows the password learns that the account is disabled.
  if (!user.isActive) throw new AppError('FORBIDDEN', 'This account has been disabled. Please contact the academy office.');

  // The right password: this client's tries on this account are forgiven (others' still count).
  await db.delete(loginFailures).where(and(eq(loginFailures.email, accountKey), eq(loginFailures.ip, ip)));
  const session = await db.transaction(async (tx) => {
    await markSignedIn(tx, user.id);
    const opened = await createSession(tx, user.id, meta);
    await recordAudit(tx, { userId: user.id, role: user.role }, { action: 'signin', entityType: 'account', entityId: user.id, text: { key: 'account.signed_in', values: { name: user.name } } });
    return opened;
  });
  return { user: toSessionUser(user), ...session };
}
