import type { Language } from '@academy/shared/languages';
import { OTP_RESEND_AFTER_SECONDS, OTP_VALID_MINUTES, type SendOtpResult, type VerifyOtpResult } from '@academy/shared/schemas/admissions';
import type { Db, DbExecutor } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { AppError } from '../../lib/app-error';
import type { ServerKeys } from '../../lib/server-keys';
import { checkPhoneCode, codeMessage, givePhoneProof, issuePhoneCode, usePhoneProof } from '../auth';
import { notifyPhone } from '../family-outbox';
import { academyToday, getAcademySettings, phoneCodesAvailable } from '../../academy-settings';

/**
 * The admission form for a family without email (issue 37): the phone proves itself with a code by
 * WhatsApp or SMS, as the email does with a mailed code; the proof goes back with the form, once.
 */
export type PhoneOtpDeps = { db: Db; jobs: Jobs | undefined; otpKey: string; /** Seals the code in its queued message. */ keys: ServerKeys };

export const PHONE_CODES_UNAVAILABLE = 'Codes by WhatsApp or SMS are not available yet. Please verify with an email address, or call the office.';
export const PHONE_PROOF_INVALID = 'Your phone number is not verified, or the verification has expired. Please verify it again.';

/** POST /api/phone-verification/send-otp: a code to the family's phone (the limits of every phone code). */
export async function sendPhoneVerificationCode(deps: PhoneOtpDeps, input: { phone: string; ip: string; language: Language }): Promise<SendOtpResult> {
  if (!(await phoneCodesAvailable(deps.db))) throw new AppError('CONFLICT', PHONE_CODES_UNAVAILABLE, { phone: PHONE_CODES_UNAVAILABLE });
  const code = await deps.db.transaction((tx) => issuePhoneCode(tx, deps.otpKey, { phone: input.phone, ip: input.ip, purpose: 'admission' }));
  const academy = (await getAcademySettings(deps.db)).name;
  const minutes = String(OTP_VALID_MINUTES);
  await notifyPhone(deps.db, deps.jobs, {
    phone: input.phone,
    language: input.language,
    kind: 'sign-in-code',
    key: `admission-code:${input.phone}:${Date.now()}`,
    date: await academyToday(deps.db),
    ...codeMessage(deps.keys, academy, code, minutes),
  });
  return { resendAfterSeconds: OTP_RESEND_AFTER_SECONDS, validMinutes: OTP_VALID_MINUTES };
}

/** POST /api/phone-verification/verify-otp: the right code is answered with a proof for the form (30 minutes, once). */
export async function verifyPhoneCode(deps: PhoneOtpDeps, input: { phone: string; otp: string }): Promise<VerifyOtpResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const checked = await checkPhoneCode(tx, deps.otpKey, { phone: input.phone, purpose: 'admission', code: input.otp });
    if ('error' in checked) return checked;
    return givePhoneProof(tx, checked.id);
  });
  if ('error' in outcome) throw new AppError('BAD_REQUEST', outcome.error, { otp: outcome.error });
  return { verificationToken: outcome.proof, expiresAt: outcome.expiresAt.toISOString() };
}

/** Uses up a phone's proof inside the transaction that stores the enquiry; returns when the phone was verified. */
export async function consumePhoneProof(tx: DbExecutor, input: { phone: string; token: string }): Promise<Date> {
  const verifiedAt = await usePhoneProof(tx, { phone: input.phone, proof: input.token });
  if (!verifiedAt) throw new AppError('BAD_REQUEST', PHONE_PROOF_INVALID, { phoneVerificationToken: PHONE_PROOF_INVALID });
  return verifiedAt;
}
