import { eq, sql } from 'drizzle-orm';
import { emailSchema, newPasswordSchema } from '@academy/shared/schemas/auth';
import type { Role } from '@academy/shared/roles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { deleteUserSessions } from '../auth/session.service';

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message ?? 'Invalid value';
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/** Creates a sign-in account. The password rules are the shared ones the forms use too. */
export async function createUser(db: Db, input: { name: string; email: string; role: Role; password: string }) {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError('BAD_REQUEST', firstIssue(email), { email: firstIssue(email) });
  const password = newPasswordSchema.safeParse(input.password);
  if (!password.success) throw new AppError('BAD_REQUEST', firstIssue(password), { password: firstIssue(password) });
  const name = input.name.trim();
  if (!name) throw new AppError('BAD_REQUEST', 'Name is required', { name: 'Name is required' });
  if (await findUserByEmail(db, email.data)) {
    throw new AppError('CONFLICT', `A user with the email ${email.data} already exists`, { email: 'This email is already in use' });
  }
  const [user] = await db
    .insert(users)
    .values({ name, email: email.data, role: input.role, passwordHash: await hashPassword(password.data) })
    .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
  return user!;
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
  });
  return { id: user.id, email: user.email };
}
