import type { Language } from '@academy/shared/languages';
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  OTP_RESEND_AFTER_SECONDS,
  OTP_VALID_MINUTES,
  VERIFICATION_PROOF_MINUTES,
  type SendOtpResult,
  type VerifyOtpResult,
} from '@academy/shared/schemas/admissions';
import type { Db, DbExecutor } from '../../db/client';
import { checkEmailCode, keepEmailCodeWithinLimits } from '../../db/email-codes';
import { emailVerifications } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verificationCodeMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { generateToken, hashOneTimeCode, hashToken } from '../../lib/tokens';
import { academyMailBrand, getAcademySettings } from '../../academy-settings';

export type OtpDeps = { db: Db; mailer: Mailer; /** Keys the code hashes (APP_SECRET). */ otpKey: string };

// Outside production APP_SECRET may be unset (config.ts requires it in production).
export const DEVELOPMENT_OTP_KEY = 'academy-development-key-not-for-production';

/** The code's keyed hash (lib/tokens.ts), under the email. */
export const hashOtp = hashOneTimeCode;

const NEW_CODE_NEEDED = 'This code has expired or is no longer valid. Please ask for a new code.';
const TOO_MANY_WRONG = 'Too many wrong codes. Please ask for a new code.';
export const PROOF_INVALID = 'Your email address is not verified, or the verification has expired. Please verify it again.';


/**
 * Mails a new code unless the limits say no: one send per email every 60 s and five per email in an
 * hour (the limit a family meets), and a high limit per client address against abuse only (families
 * share an office's Wi-Fi). The counts come from the table, under a transaction lock per email and
 * per address, so they hold however many servers answer. A refusal says when to try again (the web
 * form adds the academy's phone numbers); asking again within 60 s says the earlier code still works
 * and never that a new one was sent. A new code replaces the previous ones of that email.
 */
export async function sendVerificationCode(deps: OtpDeps, input: { email: string; ip: string; language?: Language }): Promise<SendOtpResult> {
  const ip = input.ip.slice(0, 64);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction(async (tx) => {
    await keepEmailCodeWithinLimits(tx, emailVerifications, { email: input.email, codeHash: hashOtp(deps.otpKey, input.email, code), ip }, { lockPrefix: 'otp-email', codeField: 'otp' });
  });
  const settings = await getAcademySettings(deps.db);
  try {
    await deps.mailer.send({ to: input.email, ...verificationCodeMail({ academyName: settings.name, code, validMinutes: OTP_VALID_MINUTES, language: input.language, brand: await academyMailBrand(deps.db) }) });
  } catch {
    throw new AppError('INTERNAL', 'We could not send the code just now. Please try again in a minute.');
  }
  return { resendAfterSeconds: OTP_RESEND_AFTER_SECONDS, validMinutes: OTP_VALID_MINUTES };
}

/**
 * Checks a code against the newest one sent to that email. A wrong code counts (committed even
 * though the answer is an error); the fifth wrong one ends the code. The right one is answered with a
 * random proof, bound to the email, that the enquiry form sends back within 30 minutes, once.
 */
export async function verifyCode(deps: OtpDeps, input: { email: string; otp: string }): Promise<VerifyOtpResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const check = await checkEmailCode(tx, emailVerifications, input.email, hashOtp(deps.otpKey, input.email, input.otp));
    if (check.result === 'expired') return { ok: false, error: NEW_CODE_NEEDED } as const;
    if (check.result === 'too-many-wrong') return { ok: false, error: TOO_MANY_WRONG } as const;
    if (check.result === 'wrong') {
      const left = check.triesLeft;
      return { ok: false, error: left === 0 ? TOO_MANY_WRONG : `This code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.` } as const;
    }
    const proof = generateToken();
    const [verified] = await tx
      .update(emailVerifications)
      .set({ verifiedAt: sql`now()`, proofHash: hashToken(proof), proofExpiresAt: sql`now() + make_interval(mins => ${VERIFICATION_PROOF_MINUTES})` })
      .where(eq(emailVerifications.id, check.id))
      .returning({ expiresAt: emailVerifications.proofExpiresAt });
    return { ok: true, proof, expiresAt: verified!.expiresAt! } as const;
  });
  if (!outcome.ok) throw new AppError('BAD_REQUEST', outcome.error, { otp: outcome.error });
  return { verificationToken: outcome.proof, expiresAt: outcome.expiresAt.toISOString() };
}

/**
 * Uses up a proof inside the transaction that stores the enquiry: it must be this email's, unexpired
 * and unused; the conditional update makes two submissions of one proof impossible. Returns when the
 * email was verified.
 */
export async function consumeVerificationProof(tx: DbExecutor, input: { email: string; token: string }): Promise<Date> {
  const [used] = await tx
    .update(emailVerifications)
    .set({ proofUsedAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.proofHash, hashToken(input.token)),
        eq(emailVerifications.email, input.email),
        isNull(emailVerifications.proofUsedAt),
        gt(emailVerifications.proofExpiresAt, sql`now()`),
      ),
    )
    .returning({ verifiedAt: emailVerifications.verifiedAt });
  if (!used) throw new AppError('BAD_REQUEST', PROOF_INVALID, { verificationToken: PROOF_INVALID });
  return used.verifiedAt!;
}

/**
 * Drops email codes older than a day (the job `expired-sign-in-records`, hourly): they count towards
 * the hourly send limits and their proofs live 30 minutes, so a day is plenty.
 */
export async function deleteOldEmailVerifications(db: Db): Promise<void> {
  await db.delete(emailVerifications).where(lt(emailVerifications.createdAt, sql`now() - interval '1 day'`));
}
