import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import { MESSAGING_MESSAGES, type SignInCodeSent } from '@academy/shared/schemas/messaging';
import { OTP_MAX_WRONG_TRIES, OTP_RESEND_AFTER_SECONDS, OTP_SENDS_PER_HOUR, OTP_VALID_MINUTES, PHONE_CODE_COOL_DOWN_MINUTES, PHONE_CODES_PER_NUMBER_ALL_ACADEMIES_PER_HOUR, PHONE_CODES_SENT_PER_HOUR, VERIFICATION_PROOF_MINUTES } from '@academy/shared/schemas/admissions';
import type { Db, DbExecutor } from '../../db/client';
import { enforceClientCeiling, enforceCodeSendLimits, lockCodeSends, tryAgainIn } from '../../db/code-send-limits';
import { countPlatformHit } from '../../db/rate-limit-store';
import type { JobPayloads, Jobs } from '../../events/catalog';
import { queueJob } from '../../events/queue-job';
import { parents, signInCodes, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServerKeys } from '../../lib/server-keys';
import { generateToken, hashOneTimeCode, hashToken, sameHash } from '../../lib/tokens';
import { recordAudit } from '../audit';
import { CODE_MASK, forgetSignInCodes, notifyParent, sealMessageCode } from '../family-outbox';
import { academyToday, getAcademySettings, phoneCodesAvailable } from '../../academy-settings';
import { createSession } from '../sessions';
import { markSignedIn } from '../users';
import { toSessionUser } from './auth.service';
import { joinOn, thisAcademy } from '../../db/same-academy';

export type SignInCodeDeps = {
  db: Db;
  jobs: Jobs | undefined;
  /** Keys the code hashes (APP_SECRET). */
  otpKey: string;
  /** Seals the code inside its queued message (issue 53: never in clear in the database or a backup). */
  keys: ServerKeys;
};

export type PhoneCodePurpose = 'sign-in' | 'admission';

/** Where phone codes keep their asks (the client-address ceiling counts every ask). */
const PHONE_CODE_LOG = { table: signInCodes, to: signInCodes.phone, ip: signInCodes.ip, createdAt: signInCodes.createdAt };

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The academy's ceiling of phone codes sent in an hour (issue 53: each is a paid message), the same
 * refusal for every number. Counted without a lock of its own: two servers at the very edge may send
 * one or two past it, which costs nothing that matters.
 */
async function enforcePhoneCodeCeiling(tx: DbExecutor): Promise<void> {
  const [sent] = await tx
    .select({ sends: count(), secondsLeft: sql<number>`coalesce(extract(epoch from min(${signInCodes.sentAt}) + interval '1 hour' - now()), 0)::float8` })
    .from(signInCodes)
    .where(gt(signInCodes.sentAt, sql`now() - interval '1 hour'`));
  if ((sent?.sends ?? 0) >= PHONE_CODES_SENT_PER_HOUR) {
    throw new AppError('TOO_MANY_REQUESTS', `Too many codes are being sent just now. Please try again ${tryAgainIn(sent!.secondsLeft)}.`);
  }
}

/**
 * Codes sent to this number by every academy of the deployment in the last hour window (issue 55), `add`
 * being this ask's code (0: none is sent, the same statement runs). The count is the platform's, keyed by
 * a hash of the number: no academy reads another's numbers through it. True while within the cap.
 */
async function withinNumberCapAcrossAcademies(tx: DbExecutor, phone: string, add: 0 | 1): Promise<{ within: boolean; secondsLeft: number }> {
  const key = `phone-codes|${createHash('sha256').update(phone).digest('hex')}`;
  const counted = await countPlatformHit(tx, key, 60 * 60 * 1000, add);
  return { within: counted.current <= PHONE_CODES_PER_NUMBER_ALL_ACADEMIES_PER_HOUR, secondsLeft: counted.ttl / 1000 };
}

/**
 * A new six-digit code for an applicant's phone (the admission form), inside `tx` (the caller's
 * transaction), unless the limits say no: the same as the admission form's email codes (one per phone
 * a minute, five admission codes sent to the phone an hour; a high ceiling per client address), and
 * the academy's hourly ceiling. Only the newest code of a phone and purpose works.
 * Returns the code (to be sent by the caller, never stored in clear).
 */
export async function issuePhoneCode(tx: DbExecutor, otpKey: string, input: { phone: string; ip: string; purpose: 'admission' }): Promise<string> {
  const ip = input.ip.slice(0, 64);
  const code = newCode();
  // The phone's own limits count the admission codes sent to it: counting a parent's sign-in codes too
  // would answer differently for a parent's number, telling who is one (issue 53).
  const admissionSends = { ...PHONE_CODE_LOG, sent: and(isNotNull(signInCodes.sentAt), eq(signInCodes.purpose, 'admission'))! };
  await enforceCodeSendLimits(tx, admissionSends, { to: input.phone, ip, lockPrefix: 'sign-in-code' }, { recipient: 'phone', codeField: 'code' });
  await enforcePhoneCodeCeiling(tx);
  // Refused, the transaction rolls back and this ask is not counted.
  const acrossAcademies = await withinNumberCapAcrossAcademies(tx, input.phone, 1);
  if (!acrossAcademies.within) throw new AppError('TOO_MANY_REQUESTS', `Too many codes were sent to this number. Please try again ${tryAgainIn(acrossAcademies.secondsLeft)}.`);
  await tx
    .update(signInCodes)
    .set({ expiresAt: sql`least(${signInCodes.expiresAt}, now())` })
    .where(and(eq(signInCodes.phone, input.phone), eq(signInCodes.purpose, input.purpose), isNull(signInCodes.usedAt)));
  await tx.insert(signInCodes).values({ purpose: input.purpose, phone: input.phone, codeHash: hashOneTimeCode(otpKey, input.phone, code), ip, sentAt: sql`now()`, expiresAt: sql`now() + make_interval(mins => ${OTP_VALID_MINUTES})` });
  return code;
}

/**
 * A parent's sign-in code (issue 53, point 7), inside `tx`. Strangers must learn nothing and cost
 * little, and must not lock a parent out:
 * - refused (429) alike for every number: the academy's hourly ceiling of codes sent, and the ceiling
 *   of asks per client address;
 * - otherwise answered alike, but a code is sent only to an active parent's number, and only within the
 *   phone's allowance, which counts codes actually SENT: one a minute, and after OTP_SENDS_PER_HOUR in
 *   the last hour one every PHONE_CODE_COOL_DOWN_MINUTES. An ask past it sends nothing and leaves the
 *   parent's last code working, so the parent still has a code, or gets one within the cool-down;
 * - the same statements run whatever the outcome (hash, lookups, update, insert), so a parent's number
 *   does not answer measurably slower than a stranger's; the message itself is queued after answering.
 * Returns the code and the parent to send it to, or no parent: nothing to send.
 */
export async function issueSignInCode(tx: DbExecutor, otpKey: string, input: { phone: string; ip: string }): Promise<{ code: string; parentId: string | null }> {
  const ip = input.ip.slice(0, 64);
  const code = newCode();
  const codeHash = hashOneTimeCode(otpKey, input.phone, code);
  await lockCodeSends(tx, { to: input.phone, ip, lockPrefix: 'sign-in-code' });
  await enforceClientCeiling(tx, PHONE_CODE_LOG, ip);
  await enforcePhoneCodeCeiling(tx);
  const { rows } = await tx.execute<{ parentId: string | null; lastSentSecondsAgo: number | null; sentLastHour: number }>(sql`
    select
      (select p.id from parents p join users u on u.id = p.user_id and u.academy_id = p.academy_id where p.phone = ${input.phone} and u.is_active limit 1) as "parentId",
      (select extract(epoch from now() - max(c.sent_at))::float8 from sign_in_codes c where c.phone = ${input.phone} and c.sent_at > now() - interval '1 hour') as "lastSentSecondsAgo",
      (select count(*)::int from sign_in_codes c where c.phone = ${input.phone} and c.sent_at > now() - interval '1 hour') as "sentLastHour"`);
  const state = rows[0]!;
  const last = state.lastSentSecondsAgo;
  const allowed = last === null || (last >= OTP_RESEND_AFTER_SECONDS && (state.sentLastHour < OTP_SENDS_PER_HOUR || last >= PHONE_CODE_COOL_DOWN_MINUTES * 60));
  // Past the cap across academies the ask sends nothing, like any other ask past the phone's allowance.
  const acrossAcademies = await withinNumberCapAcrossAcademies(tx, input.phone, state.parentId !== null && allowed ? 1 : 0);
  const send = state.parentId !== null && allowed && acrossAcademies.within;
  // The same two statements for every ask: only a code that is sent ends the phone's earlier ones and works.
  await tx
    .update(signInCodes)
    .set({ expiresAt: sql`least(${signInCodes.expiresAt}, now())` })
    .where(and(eq(signInCodes.phone, input.phone), eq(signInCodes.purpose, 'sign-in'), isNull(signInCodes.usedAt), sql`${send}::boolean`));
  await tx.insert(signInCodes).values({
    purpose: 'sign-in',
    phone: input.phone,
    codeHash,
    ip,
    sentAt: send ? sql`now()` : null,
    expiresAt: send ? sql`now() + make_interval(mins => ${OTP_VALID_MINUTES})` : sql`now()`,
  });
  return { code, parentId: send ? state.parentId : null };
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
    // Only a code that was sent: an ask that sent nothing never ends or stands for the parent's code.
    .where(and(and(eq(signInCodes.phone, input.phone), eq(signInCodes.purpose, input.purpose), isNull(signInCodes.usedAt), isNotNull(signInCodes.sentAt)), thisAcademy(signInCodes)))
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

/**
 * A right admission code (checkPhoneCode) earns a proof the admission form sends back once, valid
 * VERIFICATION_PROOF_MINUTES (admissions' phone verification). Answers the proof and its expiry.
 */
export async function givePhoneProof(tx: DbExecutor, codeId: string): Promise<{ proof: string; expiresAt: Date }> {
  const proof = generateToken();
  const [row] = await tx
    .update(signInCodes)
    .set({ proofHash: hashToken(proof), proofExpiresAt: sql`now() + make_interval(mins => ${VERIFICATION_PROOF_MINUTES})` })
    .where(eq(signInCodes.id, codeId))
    .returning({ expiresAt: signInCodes.proofExpiresAt });
  return { proof, expiresAt: row!.expiresAt! };
}

/**
 * Uses up a phone's admission proof inside the caller's transaction (the one that stores the enquiry):
 * answers when the phone was verified, or undefined when the proof is wrong, used or expired.
 */
export async function usePhoneProof(tx: DbExecutor, input: { phone: string; proof: string }): Promise<Date | undefined> {
  const [used] = await tx
    .update(signInCodes)
    .set({ proofUsedAt: sql`now()` })
    .where(
      and(
        eq(signInCodes.proofHash, hashToken(input.proof)),
        eq(signInCodes.phone, input.phone),
        eq(signInCodes.purpose, 'admission'),
        isNull(signInCodes.proofUsedAt),
        gt(signInCodes.proofExpiresAt, sql`now()`),
      ),
    )
    .returning({ verifiedAt: signInCodes.usedAt });
  return used ? used.verifiedAt! : undefined;
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
 * (the family outbox, urgent: quiet hours do not hold it), with the limits of `issueSignInCode`.
 * The answer is the same whether or not the number is a parent's, and whether or not a code was sent,
 * so it tells nobody who is one.
 */
export async function requestSignInCode(deps: SignInCodeDeps, input: { phone: string; ip: string }): Promise<SignInCodeSent> {
  if (!(await phoneCodesAvailable(deps.db))) {
    // Neither WhatsApp nor SMS can carry a code (issue 73): the parent is told so, and the office sees a
    // failed message on its Messages screen saying what to set up. The answer depends only on the
    // academy's settings, the same for every number; whose number it is is looked up by the job's run.
    await queueJob(deps.db, 'sign-in-code-message', { phone: input.phone });
    throw new AppError('CONFLICT', MESSAGING_MESSAGES.codesUnavailable);
  }
  await deps.db.transaction(async (tx) => {
    const { code, parentId } = await issueSignInCode(tx, deps.otpKey, input);
    // The message is a job queued with the code for every number (issue 53, decision 083): a parent's
    // number must not answer measurably slower than a stranger's, or the timing tells who is a parent.
    // The code waits sealed with the server's key, never in clear.
    await queueJob(tx, 'sign-in-code-message', { phone: input.phone, sealedCode: sealMessageCode(deps.keys, code), ...(parentId ? { parentId } : {}) });
  });
  return { resendAfterSeconds: OTP_RESEND_AFTER_SECONDS, validMinutes: OTP_VALID_MINUTES };
}

/**
 * The `sign-in-code-message` job: a code sent to the parent it was issued for (none: a stranger's
 * number or an ask past the allowance, nothing is sent); no code: the academy cannot send codes, and
 * the parent with that number is told so. Its key makes a retried run queue the message once.
 */
export async function sendSignInCodeMessage(deps: Pick<SignInCodeDeps, 'db' | 'jobs'>, payload: JobPayloads['sign-in-code-message']): Promise<void> {
  if (!payload.sealedCode) return recordUnsendableCode(deps, payload.phone);
  if (!payload.parentId) return;
  const academy = (await getAcademySettings(deps.db)).name;
  const minutes = String(OTP_VALID_MINUTES);
  const today = await academyToday(deps.db);
  const once = createHash('sha256').update(payload.sealedCode).digest('hex').slice(0, 16);
  await notifyParent(deps.db, deps.jobs, payload.parentId, {
    kind: 'sign-in-code',
    key: `sign-in-code:${payload.phone}:${once}`,
    date: today,
    messages: phoneCodeMessages(academy, CODE_MASK, minutes),
    values: { code: payload.sealedCode, minutes },
  });
}

/**
 * A parent asked for a code the academy cannot send: one failed message a day per parent (no code in
 * it; `notifyParent` records it on no channel, with what to set up). A number that is no parent's: nothing.
 */
async function recordUnsendableCode(deps: Pick<SignInCodeDeps, 'db' | 'jobs'>, phone: string): Promise<void> {
  const [parent] = await deps.db
    .select({ id: parents.id })
    .from(parents)
    .innerJoin(users, joinOn(users.id, parents.userId))
    .where(and(thisAcademy(parents), thisAcademy(users), eq(parents.phone, phone), eq(users.isActive, true)))
    .limit(1);
  if (!parent) return;
  const academy = (await getAcademySettings(deps.db)).name;
  const today = await academyToday(deps.db);
  await notifyParent(deps.db, deps.jobs, parent.id, {
    kind: 'sign-in-code',
    key: `sign-in-code:unsent:${phone}:${today}`,
    date: today,
    messages: phoneCodeMessages(academy, CODE_MASK, String(OTP_VALID_MINUTES)),
    values: { code: CODE_MASK, minutes: String(OTP_VALID_MINUTES) },
  });
}

/**
 * A code's message as it is queued (issue 53): the words with the code masked (what the office's list
 * of messages shows) and the code sealed with the server's key as the template's value, opened only by
 * the sender in memory. Neither the database nor a backup taken while it waits holds the code in clear.
 */
export function codeMessage(keys: ServerKeys, academy: string, code: string, minutes: string) {
  return { messages: phoneCodeMessages(academy, CODE_MASK, minutes), values: { code: sealMessageCode(keys, code), minutes } };
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
      .innerJoin(users, joinOn(users.id, parents.userId))
      .where(and(thisAcademy(parents), thisAcademy(users), eq(parents.phone, input.phone), eq(users.isActive, true)))
      .limit(1);
    // A right code for a number that is no parent's cannot happen (none is sent); said like an expired one.
    if (!account) return { error: MESSAGING_MESSAGES.codeExpired } as const;
    const user = account.user;
    await markSignedIn(tx, user.id);
    const session = await createSession(tx, user.id, meta);
    await recordAudit(tx, { userId: user.id, role: user.role }, { action: 'signin', entityType: 'account', entityId: user.id, text: { key: 'account.signed_in_code', values: { name: user.name } } });
    await forgetSignInCodes(tx, { parentId: account.parentId });
    return { user: toSessionUser(user), ...session } as const;
  });
  if ('error' in outcome && outcome.error) throw new AppError('BAD_REQUEST', outcome.error, { code: outcome.error });
  return outcome as Exclude<typeof outcome, { error: string }>;
}
