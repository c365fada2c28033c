import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { OTP_MAX_WRONG_TRIES, OTP_VALID_MINUTES } from '@academy/shared/schemas/admissions';
import { sameHash } from '../lib/tokens';
import type { DbExecutor } from './client';
import { thisAcademy } from './same-academy';
import type { academySignupCodes, emailVerifications } from './schema';

/*
 * Six-digit codes mailed to an email address, one row a code: an owner signing up an academy
 * (academy_signup_codes, modules/academies) and a family proving its email on the admission form
 * (email_verifications, modules/admissions). Each owner calls these with its own table, inside its own
 * transaction; the send limits before a code goes out are code-send-limits.ts's.
 */
type EmailCodes = typeof academySignupCodes | typeof emailVerifications;

/** The email's codes not yet used up (an academy made with it; the email verified with it). */
function unusedCodes(codes: EmailCodes, email: string) {
  // An academy's codes name the academy (a lock reaches one academy's rows: decision 053).
  if ('verifiedAt' in codes) return and(eq(codes.email, email), isNull(codes.verifiedAt), thisAcademy(codes));
  return and(eq(codes.email, email), isNull(codes.usedAt));
}

/** Keeps a new code (its hash) for the email, valid OTP_VALID_MINUTES; only the newest code works. */
export async function keepEmailCode(tx: DbExecutor, codes: EmailCodes, input: { email: string; codeHash: string; ip: string }): Promise<void> {
  await tx
    .update(codes)
    .set({ expiresAt: sql`least(${codes.expiresAt}, now())` })
    .where(unusedCodes(codes, input.email));
  await tx.insert(codes).values({ ...input, expiresAt: sql`now() + make_interval(mins => ${OTP_VALID_MINUTES})` });
}

export type EmailCodeCheck = { result: 'right'; id: string } | { result: 'expired' } | { result: 'too-many-wrong' } | { result: 'wrong'; triesLeft: number };

/**
 * Checks a typed code against the email's newest one (locked for the transaction, so two tries at once
 * count one after the other). A wrong one is counted: after OTP_MAX_WRONG_TRIES the code is dead.
 */
export async function checkEmailCode(tx: DbExecutor, codes: EmailCodes, email: string, codeHash: string): Promise<EmailCodeCheck> {
  const [row] = await tx
    .select({ id: codes.id, codeHash: codes.codeHash, wrongTries: codes.wrongTries, live: sql<boolean>`${codes.expiresAt} > now()` })
    .from(codes)
    // citus: an academy's codes name the academy (unusedCodes); the operators' codes are a reference table.
    .where(unusedCodes(codes, email))
    .orderBy(desc(codes.createdAt))
    .limit(1)
    .for('update');
  if (!row || !row.live) return { result: 'expired' };
  if (row.wrongTries >= OTP_MAX_WRONG_TRIES) return { result: 'too-many-wrong' };
  if (!sameHash(row.codeHash, codeHash)) {
    const tries = row.wrongTries + 1;
    await tx.update(codes).set({ wrongTries: tries }).where(eq(codes.id, row.id));
    return { result: 'wrong', triesLeft: OTP_MAX_WRONG_TRIES - tries };
  }
  return { result: 'right', id: row.id };
}
