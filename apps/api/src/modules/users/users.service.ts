import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { MESSAGES } from '@academy/shared/messages';
import { emailSchema, newPasswordSchema } from '@academy/shared/schemas/auth';
import { DEFAULT_LANGUAGE, type Language } from '@academy/shared/languages';
import type { Role } from '@academy/shared/roles';
import type { Db, DbExecutor } from '../../db/client';
import { thisAcademy } from '../../db/same-academy';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { createWelcomeToken } from './welcome';
import { recordAudit } from '../audit';
import { deleteUserSessions, voidPasswordLinks } from '../sessions';

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message ?? 'Invalid value';
}

/**
 * The CLI's users:create input, checked by the shared rules the forms use too (an email of no other
 * account, a good password, a name), with its password hashed: before any transaction, argon2 is slow.
 * src/create-user.ts makes the account with it.
 */
export async function checkNewUser(db: DbExecutor, input: { name: string; email: string; role: Role; password: string }) {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError('BAD_REQUEST', firstIssue(email), { email: firstIssue(email) });
  const password = newPasswordSchema.safeParse(input.password);
  if (!password.success) throw new AppError('BAD_REQUEST', firstIssue(password), { password: firstIssue(password) });
  const name = input.name.trim();
  if (!name) throw new AppError('BAD_REQUEST', 'Name is required', { name: 'Name is required' });
  if (await findUserByEmail(db, email.data)) {
    throw new AppError('CONFLICT', `A user with the email ${email.data} already exists`, { email: 'This email is already in use' });
  }
  return { name, email: email.data, role: input.role, passwordHash: await hashPassword(password.data) };
}

/** Sets a new password and ends every session of that user. */
export async function setUserPassword(db: Db, emailInput: string, newPassword: string) {
  const password = newPasswordSchema.safeParse(newPassword);
  if (!password.success) throw new AppError('BAD_REQUEST', firstIssue(password), { password: firstIssue(password) });
  const user = await findUserByEmail(db, emailInput);
  if (!user) throw new AppError('NOT_FOUND', `No user has the email ${emailInput.trim().toLowerCase()}`);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: await hashPassword(password.data) }).where(eq(users.id, user.id));
    await deleteUserSessions(tx, user.id);
    // A reset link mailed before stops working too, as after a reset through a link.
    await voidPasswordLinks(tx, user.id);
    await recordAudit(tx, null, { action: 'password.reset', entityType: 'account', entityId: user.id, text: { key: 'account.password_reset_cli', values: { email: user.email ?? emailInput } } });
  });
  return { id: user.id, email: user.email };
}

/** Emails are unique across every account (admins, teachers, students), whatever their case. */
export async function assertEmailAvailable(db: DbExecutor, email: string, exceptUserId?: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  if (taken) throw new AppError('CONFLICT', `A user with the email ${email} already exists`, { email: MESSAGES.emailInUse });
}

/** A set-your-password mail to send once the account's transaction has committed. */
/** A new account's welcome mail to send after the commit, in the account's language. */
export type Invitation = { name: string; email: string; role: Role; token: string; language: Language };

/**
 * Creates the sign-in account of a new teacher or student inside the caller's transaction. With a
 * password hash the account is usable at once; without one (and enabled) it gets a welcome link
 * (7 days), which the caller mails after the commit.
 */
export async function createAccount(
  tx: DbExecutor,
  input: { name: string; email: string | null; role: Role; passwordHash: string | undefined; isActive: boolean; language?: Language | undefined },
): Promise<{ userId: string; invitation: Invitation | undefined }> {
  // Only a student (issue 21) or a parent with a phone (issue 37) may have no email; the database's check says the same.
  // eslint-disable-next-line no-restricted-syntax -- data: the new account's role, checked as users_email_required_check does
  if (!input.email && input.role !== 'student' && input.role !== 'parent') throw new AppError('BAD_REQUEST', 'Email is required', { email: 'Email is required' });
  if (input.email) await assertEmailAvailable(tx, input.email);
  const language = input.language ?? DEFAULT_LANGUAGE;
  const [user] = await tx
    .insert(users)
    .values({ name: input.name, email: input.email?.toLowerCase() ?? null, role: input.role, passwordHash: input.passwordHash ?? null, isActive: input.isActive, language })
    .returning({ id: users.id });
  const userId = user!.id;
  // A disabled account could not use the link; it can ask for one with forgot-password once enabled.
  // A student without an email gets no link: the office sets the password (decision 021, point 11).
  if (input.passwordHash || !input.isActive || !input.email) return { userId, invitation: undefined };
  const token = await createWelcomeToken(tx, userId);
  return { userId, invitation: { name: input.name, email: input.email.toLowerCase(), role: input.role, token, language } };
}

/**
 * Many accounts of students or parents at once (a register's import): one INSERT per 1,000, without a
 * password (but the demo's, already hashed) and without a welcome link (the office hands out sign-ins when it is ready). Their emails
 * must be free (the caller checked them and names the rows; this refuses as a last line). Answers
 * the new accounts' ids in the inputs' order.
 */
export async function createAccounts(
  tx: DbExecutor,
  inputs: readonly { name: string; email: string | null; role: 'student' | 'parent'; language: Language; passwordHash?: string | undefined }[],
): Promise<string[]> {
  const emails = inputs.flatMap((input) => (input.email ? [input.email.toLowerCase()] : []));
  if (emails.length > 0) {
    const [taken] = await tx.select({ email: users.email }).from(users).where(inArray(sql`lower(${users.email})`, emails)).limit(1);
    if (taken) throw new AppError('CONFLICT', `A user with the email ${taken.email} already exists`, { email: MESSAGES.emailInUse });
  }
  const rows = inputs.map((input) => ({ id: randomUUID(), name: input.name, email: input.email?.toLowerCase() ?? null, role: input.role, passwordHash: input.passwordHash ?? null, isActive: true, language: input.language }));
  for (let start = 0; start < rows.length; start += 1000) await tx.insert(users).values(rows.slice(start, start + 1000));
  return rows.map((row) => row.id);
}

/**
 * Changes an account's name, email, password, enabled state, picture or language. A new password or
 * disabling the account ends every session (but `keepSessionId`, the one changing its own password) and
 * voids outstanding set-password links; re-enabling lets the person sign in again.
 */
export async function updateAccount(
  tx: DbExecutor,
  userId: string,
  changes: { name?: string; email?: string | null; passwordHash?: string; isActive?: boolean; avatarUrl?: string | null; language?: Language },
  options: { keepSessionId?: string | undefined } = {},
) {
  // A null email (a student's only: the database's check refuses it for anyone else) clears it.
  if (changes.email) await assertEmailAvailable(tx, changes.email, userId);
  const values = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.email !== undefined ? { email: changes.email?.toLowerCase() ?? null } : {}),
    ...(changes.passwordHash !== undefined ? { passwordHash: changes.passwordHash } : {}),
    ...(changes.isActive !== undefined ? { isActive: changes.isActive } : {}),
    ...(changes.avatarUrl !== undefined ? { avatarUrl: changes.avatarUrl } : {}),
    ...(changes.language !== undefined ? { language: changes.language } : {}),
  };
  if (Object.keys(values).length > 0) await tx.update(users).set(values).where(and(thisAcademy(users), eq(users.id, userId)));
  if (changes.passwordHash !== undefined || changes.isActive === false) {
    await deleteUserSessions(tx, userId, options.keepSessionId);
    await voidPasswordLinks(tx, userId);
  }
}

/** A successful sign-in, by password or by phone code: the time the profile shows as the last sign-in. */
export async function markSignedIn(tx: DbExecutor, userId: string): Promise<void> {
  await tx.update(users).set({ lastLoginAt: new Date() }).where(and(thisAcademy(users), eq(users.id, userId)));
}

/** The account with this email, whatever its case and surrounding spaces (sign-in, password reset, new accounts). */
export async function findUserByEmail(db: DbExecutor, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/** Deletes accounts made by a change now undone (an import's students and parents), in the caller's transaction. */
export async function removeAccounts(tx: DbExecutor, userIds: string[]): Promise<void> {
  if (userIds.length > 0) await tx.delete(users).where(inArray(users.id, userIds));
}
