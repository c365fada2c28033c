import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import { MESSAGING_MESSAGES, type SignInCodeSent } from '@academy/shared/schemas/messaging';
import { OTP_MAX_WRONG_TRIES, OTP_RESEND_AFTER_SECONDS, OTP_VALID_MINUTES } from '@academy/shared/schemas/admissions';
import type { Db, DbExecutor } from '../../db/client';
import { enforceCodeSendLimits } from '../../db/code-send-limits';
import type { JobRunner } from '../../db/job-runner';
import { parents, signInCodes, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashOneTimeCode, sameHash } from '../../lib/tokens';
import { recordAudit } from '../audit';
import { forgetSignInCodes, notifyParent } from '../family-outbox';
import { getAcademySettings } from '../settings';
import { toSessionUser } from './auth.service';
import { createSession } from './session.service';

export type SignInCodeDeps = { db: Db; jobs: JobRunner | undefined; /** Keys the code hashes (APP_SECRET). */ otpKey: string };


export type PhoneCodePurpose = 'sign-in' | 'admission';

/**
 * A new six-digit code for a phone, inside `tx` (the caller's transaction), unless the limits say no:
 * the same as the admission form's email codes: one per phone a minute, five per phone an hour (every
 * purpose together), a high ceiling per client address. Only the newest code of a phone and purpose
 * works. Returns the code (to be sent by the caller, never stored in clear).
 */
export async function issuePhoneCode(tx: DbExecutor, otpKey: string, input: { phone: string; ip: string; purpose: PhoneCodePurpose }): Promise<string> {
  const ip = input.ip.slice(0, 64);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await enforceCodeSendLimits(
    tx,
    { table: signInCodes, to: signInCodes.phone, ip: signInCodes.ip, createdAt: signInCodes.createdAt },
    { to: input.phone, ip, lockPrefix: 'sign-in-code' },
    { recipient: 'phone', codeField: 'code' },
  );
  // The row is written for any number, so the limits count every ask.
  await tx
    .update(signInCodes)
    .set({ expiresAt: sql`least(${signInCodes.expiresAt}, now())` })
    .where(and(eq(signInCodes.phone, input.phone), eq(signInCodes.purpose, input.purpose), isNull(signInCodes.usedAt)));
  await tx.insert(signInCodes).values({ purpose: input.purpose, phone: input.phone, codeHash: hashOneTimeCode(otpKey, input.phone, code), ip, expiresAt: sql`now() + make_interval(mins => ${OTP_VALID_MINUTES})` });
  return code;
}

/**
 * Checks a code against the newest one of that phone and purpose, inside `tx`. A wrong code counts
 * (the caller commits though it answers an error); the fifth ends the code. Right: the row is marked
 * used and its id returned.
 */
export async function checkPhoneCode(tx: DbExecutor, otpKey: string, input: { phone: string; purpose: PhoneCodePurpose; code: string }): Promise<{ id: string } | { error: string }> {
  const [row] = await tx
    .select({ id: signInCodes.id, codeHash: signInCodes.codeHash, wrongTries: signInCodes.wrongTries, live: sql<boolean>`${signInCodes.expiresAt} > now()` })
    .from(signInCodes)
    .where(and(eq(signInCodes.phone, input.phone), eq(signInCodes.purpose, input.purpose), isNull(signInCodes.usedAt)))
    .orderBy(desc(signInCodes.createdAt))
    .limit(1)
    .for('update');
  if (!row || !row.live) return { error: MESSAGING_MESSAGES.codeExpired };
  if (row.wrongTries >= OTP_MAX_WRONG_TRIES) return { error: MESSAGING_MESSAGES.tooManyWrong };
  if (!sameHash(row.codeHash, hashOneTimeCode(otpKey, input.phone, input.code))) {
    const tries = row.wrongTries + 1;
    await tx.update(signInCodes).set({ wrongTries: tries }).where(eq(signInCodes.id, row.id));
    return { error: tries >= OTP_MAX_WRONG_TRIES ? MESSAGING_MESSAGES.tooManyWrong : MESSAGING_MESSAGES.codeWrong };
  }
  await tx.update(signInCodes).set({ usedAt: sql`now()` }).where(eq(signInCodes.id, row.id));
  return { id: row.id };
}

/** The code's message in each language (WhatsApp's and MSG91's templates get `values`). */
export function phoneCodeMessages(academy: string, code: string, minutes: string): Record<Language, { subject: string; text: string }> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        subject: word('mail', 'Your sign-in code for {academy}', language, { academy }),
        text: word('mail', '{code} is your sign-in code for {academy}. It works for {minutes} minutes. Do not share it with anyone.', language, { code, academy, minutes }),
      },
    ]),
  ) as Record<Language, { subject: string; text: string }>;
}

/**
 * POST /api/auth/sign-in-code (issue 37): a six-digit code to a parent's phone by WhatsApp or SMS
 * (the family outbox, urgent: quiet hours do not hold it), with the limits of `issuePhoneCode`.
 * The answer is the same whether or not the number is a parent's, so it tells nobody who is one.
 */
export async function requestSignInCode(deps: SignInCodeDeps, input: { phone: string; ip: string }, inBackground: (task: () => Promise<void>) => void): Promise<SignInCodeSent> {
  const { code, parentId } = await deps.db.transaction(async (tx) => {
    const code = await issuePhoneCode(tx, deps.otpKey, { ...input, purpose: 'sign-in' });
    const [parent] = await tx
      .select({ id: parents.id })
      .from(parents)
      .innerJoin(users, eq(users.id, parents.userId))
      .where(and(eq(parents.phone, input.phone), eq(users.isActive, true)))
      .limit(1);
    return { code, parentId: parent?.id };
  });
  // The message is queued after answering (issue 53): a parent's number must not answer measurably
  // slower than a stranger's, or the timing tells who is a parent.
  if (parentId) {
    inBackground(async () => {
      const academy = (await getAcademySettings(deps.db)).name;
      const minutes = String(OTP_VALID_MINUTES);
      const today = new Date().toISOString().slice(0, 10);
      await notifyParent(deps.db, deps.jobs, parentId, { kind: 'sign-in-code', key: `sign-in-code:${input.phone}:${Date.now()}`, date: today, messages: phoneCodeMessages(academy, code, minutes), values: { code, minutes } });
    });
  }
  return { resendAfterSeconds: OTP_RESEND_AFTER_SECONDS, validMinutes: OTP_VALID_MINUTES };
}

/**
 * POST /api/auth/sign-in-code/verify: the newest code of that phone, unexpired and unused, opens a
 * session for the parent with that number. A wrong code counts (committed though the answer is an
 * error); the fifth ends the code.
 */
export async function verifySignInCode(deps: SignInCodeDeps, input: { phone: string; code: string }, meta: { ip: string; userAgent: string | undefined }) {
  const outcome = await deps.db.transaction(async (tx) => {
    const checked = await checkPhoneCode(tx, deps.otpKey, { phone: input.phone, purpose: 'sign-in', code: input.code });
    if ('error' in checked) return checked;
    const [account] = await tx
      .select({ user: users, parentId: parents.id })
      .from(parents)
      .innerJoin(users, eq(users.id, parents.userId))
      .where(and(eq(parents.phone, input.phone), eq(users.isActive, true)))
      .limit(1);
    // A right code for a number that is no parent's cannot happen (none is sent); said like an expired one.
    if (!account) return { error: MESSAGING_MESSAGES.codeExpired } as const;
    const user = account.user;
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    const session = await createSession(tx, user.id, meta);
    await recordAudit(tx, { userId: user.id, role: user.role }, { action: 'signin', entityType: 'account', entityId: user.id, text: { key: 'account.signed_in_code', values: { name: user.name } } });
    await forgetSignInCodes(tx, { parentId: account.parentId });
    return { user: toSessionUser(user), ...session } as const;
  });
  if ('error' in outcome && outcome.error) throw new AppError('BAD_REQUEST', outcome.error, { code: outcome.error });
  return outcome as Exclude<typeof outcome, { error: string }>;
}
