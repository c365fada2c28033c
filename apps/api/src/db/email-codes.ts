import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { OTP_MAX_WRONG_TRIES, OTP_VALID_MINUTES } from '@academy/shared/schemas/admissions';
import { sameHash } from '../lib/tokens';
import type { DbExecutor } from './client';
import { enforceCodeSendLimits } from './code-send-limits';
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
async function keepEmailCode(tx: DbExecutor, codes: EmailCodes, input: { email: string; codeHash: string; ip: string }): Promise<void> {
  await tx
    .update(codes)
    .set({ expiresAt: sql`least(${codes.expiresAt}, now())` })
    .where(unusedCodes(codes, input.email));
  await tx.insert(codes).values({ ...input, expiresAt: sql`now() + make_interval(mins => ${OTP_VALID_MINUTES})` });
}

/**
 * A new code for the email, once the send limits allow it (enforceCodeSendLimits, counted in the codes'
 * own table under `lockPrefix`; `codeField` is the form's field that shows the earlier code still works).
 */
export async function keepEmailCodeWithinLimits(
  tx: DbExecutor,
  codes: EmailCodes,
  input: { email: string; codeHash: string; ip: string },
  limits: { lockPrefix: string; codeField: string },
): Promise<void> {
  await enforceCodeSendLimits(
    tx,
    { table: codes, to: codes.email, ip: codes.ip, createdAt: codes.createdAt },
    { to: input.email, ip: input.ip, lockPrefix: limits.lockPrefix },
    { recipient: 'email', codeField: limits.codeField },
  );
  await keepEmailCode(tx, codes, input);
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
