import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';
import { generateToken, hashToken } from '../../lib/tokens';

/** Why a link was sent: forgot-password (`reset`, auth) or a new account (`welcome`, users). */
export type PasswordLinkPurpose = 'reset' | 'welcome';

/**
 * Makes a single-use link to choose a password (/reset-password/{token}), inside the caller's
 * transaction. Answers the token to mail; only its sha256 is kept.
 */
export async function createPasswordLink(tx: DbExecutor, input: { userId: string; purpose: PasswordLinkPurpose; validForMs: number }): Promise<string> {
  const token = generateToken();
  await tx.insert(passwordResetTokens).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    purpose: input.purpose,
    expiresAt: new Date(Date.now() + input.validForMs),
  });
  return token;
}

/**
 * Uses up one link, claimed with a condition so that two submissions of one link cannot both win:
 * false when it was already used or has expired meanwhile.
 */
export async function usePasswordLink(tx: DbExecutor, linkId: string): Promise<boolean> {
  const claimed = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.id, linkId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
    .returning({ id: passwordResetTokens.id });
  return claimed.length > 0;
}

/** Every outstanding link of a user stops working (a new password, a disabled account). */
export async function voidPasswordLinks(tx: DbExecutor, userId: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
