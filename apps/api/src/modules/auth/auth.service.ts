import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@academy/shared/messages';
import type { Language } from '@academy/shared/languages';
import type { SessionUser } from '@academy/shared/schemas/auth';
import { abilitiesOf } from '../../access/abilities';
import type { Db } from '../../db/client';
import { claimSignInTry, forgiveSignInTries } from '../../db/sign-in-throttle';
import { loginFailures, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { recordAudit, recordAuditOnce } from '../audit';
import { createSession } from '../sessions';
import { markSignedIn, updateAccount } from '../users';
import { joinOn, thisAcademy } from '../../db/same-academy';

// The throttle's limits live with it (db/sign-in-throttle.ts); offered here for the module's tests and importers.
export { LOGIN_ACCOUNT_CEILING, LOGIN_ADDRESS_LIMIT, LOGIN_FAILURE_LIMIT } from '../../db/sign-in-throttle';

export function toSessionUser(user: { id: string; name: string; email: string | null; role: SessionUser['role']; avatarUrl: string | null; language: SessionUser['language'] }): SessionUser {
  return { _id: user.id, name: user.name, email: user.email, role: user.role, avatarUrl: user.avatarUrl, language: user.language, abilities: abilitiesOf(user.role) };
}

type SignInMeta = { ip: string; userAgent: string | undefined };

/**
 * The end of a sign-in by password (or a welcome link's first password), in one transaction: the sign-in
 * time marked, a session opened and the sign-in recorded; answers the session user and the session.
 */
export async function openSignedInSession(db: Db, user: Parameters<typeof toSessionUser>[0], meta: SignInMeta) {
  const session = await db.transaction(async (tx) => {
    await markSignedIn(tx, user.id);
    const opened = await createSession(tx, user.id, meta);
    await recordAudit(tx, { userId: user.id, role: user.role }, { action: 'signin', entityType: 'account', entityId: user.id, text: { key: 'account.signed_in', values: { name: user.name } } });
    return opened;
  });
  return { user: toSessionUser(user), ...session };
}

/** The signed-in person's own language (PUT /api/auth/language). */
export async function setUserLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await updateAccount(db, userId, { language });
}

/** The account an email or a student ID (issue 21; already upper-case from the schema) names. */
async function findLoginAccount(db: Db, identifier: string) {
  if (identifier.includes('@')) {
    const [user] = await db.select().from(users).where(and(thisAcademy(users), eq(sql`lower(${users.email})`, identifier))).limit(1);
    return user;
  }
  const [row] = await db.select({ user: users }).from(students).innerJoin(users, joinOn(users.id, students.userId)).where(and(thisAcademy(students), eq(students.studentCode, identifier))).limit(1);
  return row?.user;
}

/**
 * Checks the credentials and opens a session. The identifier is the email or the student ID (issue 21).
 * Wrong identifier and wrong password answer the same message in the same time. Tries are counted per
 * account under its email whichever identifier was typed, so switching between the two gives no extra
 * tries: beyond LOGIN_FAILURE_LIMIT for one account from one address (or the account's or the
 * address's ceiling) in 15 minutes they are refused before the password is looked at.
 */
export async function login(db: Db, input: { email: string; password: string }, meta: SignInMeta) {
  const ip = meta.ip.slice(0, 64);
  const user = await findLoginAccount(db, input.email);
  // A student without an email (issue 21) is counted under the student ID, the only name they have.
  const accountKey = user?.email ? user.email.toLowerCase() : input.email;
  const claim = await claimSignInTry(db, loginFailures, accountKey, ip);
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

  await forgiveSignInTries(db, loginFailures, accountKey, ip);
  return openSignedInSession(db, user, meta);
}
