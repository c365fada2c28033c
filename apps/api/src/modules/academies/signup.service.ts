import type { z } from 'zod';
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import { OTP_RESEND_AFTER_SECONDS, OTP_VALID_MINUTES } from '@academy/shared/schemas/admissions';
import { HAND_OFF_VALID_MINUTES, SLUG_PROBLEM_MESSAGES, SLUG_TAKEN, slugProblem, type createAcademyInputSchema, type SlugAvailability } from '@academy/shared/schemas/academies';
import type { Db } from '../../db/client';
import { checkEmailCode, keepEmailCodeWithinLimits } from '../../db/email-codes';
import { academies, academySignupCodes, signInHandOffs } from '../../db/schema';
import { withAcademy, withoutAcademy } from '../../lib/tenancy';
import { prefixFromName } from '../../db/student-code';
import { AppError } from '../../lib/app-error';
import { academySignupCodeMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { generateToken, hashOneTimeCode, hashToken } from '../../lib/tokens';
import { recordAudit } from '../audit';
import { DEFAULT_ACADEMY_SETTINGS } from '../../academy-settings';
import { createAcademySettings } from '../settings';
import { insertStandards } from '../standards';
import { insertSubjects } from '../subjects';
import { createAccount } from '../users';

/**
 * "Start your academy" at the platform's address (issue 55, ACADEMY_HOSTING=many): the owner proves
 * their email with a mailed code, picks the academy's address (`slug`), and the academy is made in one
 * transaction — its `academies` row, the owner as its admin, its settings and a sample standard list,
 * all from code (never copied from another academy, no demo data) — and the owner is carried signed in
 * to the academy's own address by a one-time hand-off token (a cookie cannot cross hosts).
 */

/** What the platform calls itself in its mails. */
export const PLATFORM_NAME = 'Academy';

export const SIGNUP_CODE_INVALID = 'This code is not correct or has expired. Please ask for a new code.';
export const SIGNUP_CODE_TOO_MANY = 'Too many wrong codes. Please ask for a new code.';

export type SignupDeps = { db: Db; mailer: Mailer; /** Keys the code hashes (APP_SECRET). */ otpKey: string };

/** Mails a 6-digit code to a would-be owner, within the same limits as every code the product sends. */
export async function sendSignupCode(deps: SignupDeps, input: { email: string; ip: string; language?: Language }) {
  const ip = input.ip.slice(0, 64);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await withoutAcademy(() =>
    deps.db.transaction(async (tx) => {
      await keepEmailCodeWithinLimits(tx, academySignupCodes, { email: input.email, codeHash: hashOneTimeCode(deps.otpKey, input.email, code), ip }, { lockPrefix: 'academy-signup', codeField: 'code' });
    }),
  );
  try {
    await deps.mailer.send({ to: input.email, ...academySignupCodeMail({ platformName: PLATFORM_NAME, code, validMinutes: OTP_VALID_MINUTES, language: input.language }) });
  } catch {
    throw new AppError('INTERNAL', 'We could not send the code just now. Please try again in a minute.');
  }
  return { resendAfterSeconds: OTP_RESEND_AFTER_SECONDS, validMinutes: OTP_VALID_MINUTES };
}

/** Whether an academy could take this address now (checked as the owner types). */
export async function slugAvailability(db: Db, slug: string): Promise<SlugAvailability> {
  const problem = slugProblem(slug);
  if (problem) return { available: false, reason: problem, message: SLUG_PROBLEM_MESSAGES[problem] };
  const [taken] = await withoutAcademy(async () => await db.select({ id: academies.id }).from(academies).where(eq(academies.slug, slug)).limit(1));
  return taken ? { available: false, reason: 'taken', message: SLUG_TAKEN } : { available: true };
}

/**
 * Checks the newest code of an email, in a transaction of its own so that a wrong one counts even
 * though the sign-up fails (the fifth wrong one ends the code). Answers the code's id; the sign-up's
 * own transaction then uses it up, once.
 */
async function checkSignupCode(deps: SignupDeps, email: string, code: string): Promise<string> {
  const outcome = await withoutAcademy(() =>
    deps.db.transaction(async (tx) => {
      const check = await checkEmailCode(tx, academySignupCodes, email, hashOneTimeCode(deps.otpKey, email, code));
      if (check.result === 'right') return { error: undefined, id: check.id } as const;
      const tooMany = check.result === 'too-many-wrong' || (check.result === 'wrong' && check.triesLeft === 0);
      return { error: tooMany ? SIGNUP_CODE_TOO_MANY : SIGNUP_CODE_INVALID, id: undefined } as const;
    }),
  );
  if (outcome.error !== undefined) throw new AppError('BAD_REQUEST', outcome.error, { code: outcome.error });
  return outcome.id;
}

/** A new academy's sample standards and the subjects each teaches (the admin edits them on the Standards screen). */
export const SAMPLE_SUBJECTS = [
  { name: 'Mathematics', code: 'MATH' },
  { name: 'Science', code: 'SCI' },
  { name: 'English', code: 'ENG' },
  { name: 'Physics', code: 'PHY' },
  { name: 'Chemistry', code: 'CHEM' },
  { name: 'Biology', code: 'BIO' },
] as const;
export const SAMPLE_STANDARDS = [
  { name: '8th', level: 8, subjects: ['MATH', 'SCI', 'ENG'] },
  { name: '9th', level: 9, subjects: ['MATH', 'SCI', 'ENG'] },
  { name: '10th', level: 10, subjects: ['MATH', 'SCI', 'ENG'] },
  { name: '11th', level: 11, subjects: ['MATH', 'PHY', 'CHEM', 'BIO'] },
  { name: '12th', level: 12, subjects: ['MATH', 'PHY', 'CHEM', 'BIO'] },
] as const;

/**
 * The new academy's settings (issue 73): its own name, street address, phone and email from the sign-up,
 * no sample contact data and no sample words on its public pages (no tagline, `samplePages` off); the
 * code's defaults only where an academy needs a value to run (office hours, marked as a sample in
 * Settings until the owner changes them; the time zone). Nothing of another academy.
 */
function newAcademySettings(input: { name: string; address: string; city: string; phone: string; email: string }) {
  // "Shivaji Chowk" alone does not tell a family which town: the city is added when the address lacks it.
  const address = input.address.toLowerCase().includes(input.city.toLowerCase()) ? input.address : `${input.address}, ${input.city}`;
  return { ...DEFAULT_ACADEMY_SETTINGS, name: input.name, tagline: '', address, phones: [input.phone], email: input.email, samplePages: false };
}

export type CreatedAcademyRecord = { id: string; slug: string; handOffToken: string };

/**
 * Makes the academy in one transaction: a taken address is 409 (also when two owners race for it: the
 * unique index decides), a wrong or expired code 400. The rows of the academy are written inside
 * `withAcademy(newId)`, so their `academy_id` (the column's default) and row-level security are the new
 * academy's.
 */
export async function createAcademy(deps: SignupDeps, input: z.output<typeof createAcademyInputSchema>): Promise<CreatedAcademyRecord> {
  const availability = await slugAvailability(deps.db, input.slug);
  if (!availability.available) {
    const message = availability.message ?? SLUG_TAKEN;
    throw new AppError(availability.reason === 'taken' ? 'CONFLICT' : 'BAD_REQUEST', message, { slug: message });
  }
  const codeId = await checkSignupCode(deps, input.owner.email, input.code);
  const passwordHash = await hashPassword(input.owner.password);
  const handOffToken = generateToken();
  const made = await withoutAcademy(() =>
    deps.db.transaction(async (tx) => {
      const [used] = await tx
        .update(academySignupCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(academySignupCodes.id, codeId), isNull(academySignupCodes.usedAt), gt(academySignupCodes.expiresAt, sql`now()`)))
        .returning({ id: academySignupCodes.id });
      if (!used) throw new AppError('BAD_REQUEST', SIGNUP_CODE_INVALID, { code: SIGNUP_CODE_INVALID });
      const [academy] = await tx
        .insert(academies)
        .values({ slug: input.slug, name: input.name, city: input.city, language: input.language, studentIdPrefix: prefixFromName(input.name, input.slug) })
        .onConflictDoNothing()
        .returning({ id: academies.id, slug: academies.slug });
      if (!academy) throw new AppError('CONFLICT', SLUG_TAKEN, { slug: SLUG_TAKEN });
      await withAcademy(academy.id, async () => {
        // Each table's owner writes its rows (users, settings, subjects, standards), all in this transaction.
        const owner = await createAccount(tx, { name: input.owner.name, email: input.owner.email, passwordHash, role: 'admin', isActive: true, language: input.language });
        await createAcademySettings(tx, newAcademySettings({ name: input.name, address: input.address, city: input.city, phone: input.phone, email: input.owner.email }));
        const subjectIds = await insertSubjects(tx, SAMPLE_SUBJECTS);
        await insertStandards(
          tx,
          SAMPLE_STANDARDS.map((standard) => ({ name: standard.name, level: standard.level, subjectIds: standard.subjects.map((code) => subjectIds.get(code)!) })),
        );
        await tx.insert(signInHandOffs).values({ userId: owner.userId, tokenHash: hashToken(handOffToken), expiresAt: sql`now() + make_interval(mins => ${HAND_OFF_VALID_MINUTES})` });
        await recordAudit(tx, { userId: owner.userId, role: 'admin' }, {
          action: 'academy.create',
          entityType: 'settings',
          entityId: academy.id,
          text: { key: 'settings.academy_started', values: { name: input.name, address: input.slug } },
          changes: { name: { old: null, new: input.name }, slug: { old: null, new: input.slug }, city: { old: null, new: input.city }, language: { old: null, new: input.language } },
        });
      });
      return academy;
    }),
  );
  return { id: made.id, slug: made.slug, handOffToken };
}

/**
 * The owner's hand-off at the academy's own address: the token is used once, within two minutes, and
 * only at its academy (row-level security hides other academies' hand-offs). Answers whose session to make.
 */
export async function useHandOff(db: Db, token: string): Promise<string | undefined> {
  const [used] = await db
    .update(signInHandOffs)
    .set({ usedAt: sql`now()` })
    .where(and(eq(signInHandOffs.tokenHash, hashToken(token)), isNull(signInHandOffs.usedAt), gt(signInHandOffs.expiresAt, sql`now()`)))
    .returning({ userId: signInHandOffs.userId });
  return used?.userId;
}
