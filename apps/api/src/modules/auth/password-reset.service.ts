import type { Language } from '@academy/shared/languages';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { MESSAGES } from '@academy/shared/messages';
import type { Db, DbExecutor } from '../../db/client';
import { loginFailures, passwordResetTokens, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { passwordResetMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { hashToken } from '../../lib/tokens';
import { academyMailBrand, getAcademySettings } from '../../academy-settings';
import { recordAudit } from '../audit';
import { createPasswordLink, usePasswordLink } from '../sessions';
import { findUserByEmail, updateAccount } from '../users';
import { openSignedInSession } from './auth.service';
import { joinOn, thisAcademy } from '../../db/same-academy';

export const RESET_TOKEN_LIFETIME_MINUTES = 30;
/** More requests for one account within an hour are answered as usual but send nothing. */
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;

/** "aarav.patil@example.com" → "a***@example.com": enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * Mails a reset link to an active account with this email, if there is one and it has not had
 * RESET_MAILS_PER_ACCOUNT_PER_HOUR links in the last hour. Silent in every other case: the caller
 * answers the same whatever happens here, and runs it after answering so the time taken tells
 * nothing either.
 */
export async function sendPasswordResetMail(deps: { db: Db; mailer: Mailer }, input: { email: string; origin: string; language?: Language }) {
  // A student ID is answered by the route (ask the office or the parent); nothing is mailed for it.
  if (!input.email.includes('@')) return;
  const user = await findUserByEmail(deps.db, input.email);
  if (!user?.email || !user.isActive) return;

  const token = await deps.db.transaction(async (tx) => {
    // The user's row is locked so that simultaneous requests for one account count one after another.
    await tx.select({ id: users.id }).from(users).where(and(eq(users.id, user.id), thisAcademy(users))).for('update');
    const [recent] = await tx
      .select({ value: count() })
      .from(passwordResetTokens)
      .where(
        and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.purpose, 'reset'), gt(passwordResetTokens.createdAt, sql`now() - interval '1 hour'`)),
      );
    if ((recent?.value ?? 0) >= RESET_MAILS_PER_ACCOUNT_PER_HOUR) return undefined;
    return createPasswordLink(tx, { userId: user.id, purpose: 'reset', validForMs: RESET_TOKEN_LIFETIME_MINUTES * 60 * 1000 });
  });
  if (!token) return;

  const settings = await getAcademySettings(deps.db);
  const mail = passwordResetMail({
    academyName: settings.name,
    userName: user.name,
    resetUrl: `${input.origin}/reset-password/${token}`,
    validMinutes: RESET_TOKEN_LIFETIME_MINUTES,
    language: input.language,
    brand: await academyMailBrand(deps.db, input.origin),
  });
  await deps.mailer.send({ to: user.email, ...mail });
}

async function findUsableToken(db: DbExecutor, token: string) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: users.id, email: users.email, purpose: passwordResetTokens.purpose })
    .from(passwordResetTokens)
    .innerJoin(users, joinOn(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row;
}

const invalidLink = () => new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid);

/** Whether a reset (or welcome) link can still be used, for which (masked) email, and why it was sent. */
export async function checkResetToken(db: Db, token: string): Promise<{ email: string; purpose: 'reset' | 'welcome' }> {
  const found = await findUsableToken(db, token);
  if (!found) throw invalidLink();
  // A student without an email never gets a link by mail, but one made before the email was cleared may remain.
  return { email: found.email ? maskEmail(found.email) : '', purpose: found.purpose };
}

/**
 * Sets the new password from a reset link. In one transaction: the link is used up (claimed with a
 * condition, so two submissions of one link cannot both win), the password changes, every session
 * of the user ends and the user's other links stop working.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }, meta?: { ip: string; userAgent: string | undefined }) {
  const found = await findUsableToken(db, input.token);
  if (!found) throw invalidLink();
  // Hashed before the transaction: argon2 takes a while and must not hold row locks.
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await usePasswordLink(tx, found.id))) throw invalidLink();
    // The new password ends every session and voids the user's other links.
    await updateAccount(tx, found.userId, { passwordHash });
    // Whoever was guessing the old password must not keep the owner locked out of the new one.
    if (found.email) await tx.delete(loginFailures).where(eq(loginFailures.email, found.email));
    // The person holding the link is the account's owner; the link itself is never recorded.
    await recordAudit(tx, null, { action: 'password.reset', entityType: 'account', entityId: found.userId, text: { key: 'account.password_reset_link', values: { email: found.email ?? '—' } } });
  });
  // A new account's invitation (issue 73): whoever just chose its first password is signed in and lands
  // on their dashboard; a reset link still asks for the new password at sign-in.
  if (found.purpose !== 'welcome' || !meta) return undefined;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, avatarUrl: users.avatarUrl, language: users.language })
    .from(users)
    .where(and(eq(users.id, found.userId), eq(users.isActive, true)))
    .limit(1);
  if (!user) return undefined;
  return openSignedInSession(db, user, meta);
}
