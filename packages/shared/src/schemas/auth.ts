import { z } from 'zod';
import { ROLES } from '../roles';
import { isCommonPassword } from '../common-passwords';
import { MESSAGES } from '../messages';
import { LANGUAGES } from '../languages';
import { ABILITIES } from '../abilities';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((email) => email.toLowerCase());

/** Rules for a password someone chooses (not for checking one at sign-in). */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((password) => !isCommonPassword(password), 'This password is too common. Choose a less guessable one');

/** A student ID such as LAT-2026-0042 (issue 21), any case; stored upper-case. */
export const STUDENT_CODE_PATTERN = /^[A-Za-z]{2,10}-\d{4}-\d{4,}$/;

export const loginInputSchema = z.object({
  // The spec's field name stays; it takes the email or the student ID (issue 21).
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.union([z.string().regex(STUDENT_CODE_PATTERN).transform((code) => code.toUpperCase()), z.email({ error: 'Enter a valid email address' }).transform((email) => email.toLowerCase())], { error: 'Enter a valid email address' })),
  // Any stored password may be tried; length is capped so hashing cannot be abused.
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Invalid email or password'),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const roleSchema = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` });

/** The signed-in user as the browser sees it (spec section 3, "User (session)"). */
export const sessionUserSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** Null for a student without an email, who signs in with the student ID (issue 21). */
  email: z.string().nullable(),
  role: roleSchema,
  avatarUrl: z.string().nullable(),
  // The language the person chose (issue 20); signing in switches the app to it.
  language: z.enum(LANGUAGES),
  /** What this person may do (shared/abilities.ts, computed by the API's access rules): the web asks these, never the role. */
  abilities: z.array(z.enum(ABILITIES)),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const languageSchema = z.enum(LANGUAGES, { error: 'Choose English, Marathi or Hindi' });

/** PUT /api/auth/language: the signed-in person's language. */
export const languageInputSchema = z.object({ language: languageSchema }, { error: 'Choose English, Marathi or Hindi' });
export type LanguageInput = z.infer<typeof languageInputSchema>;

/**
 * POST /api/auth/forgot-password: the email, or a student ID (issue 21), which is answered with
 * "ask the office or your parent" — whatever the ID, so the answer tells nothing about who exists.
 */
export const forgotPasswordInputSchema = z.object({ email: loginInputSchema.shape.email }, { error: 'Email is required' });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

/** Any malformed token gets the same answer as an unknown or expired one. */
export const resetTokenSchema = z
  .string({ error: MESSAGES.resetLinkInvalid })
  .min(1, MESSAGES.resetLinkInvalid)
  .max(256, MESSAGES.resetLinkInvalid);

/** POST /api/auth/reset-password. */
export const resetPasswordInputSchema = z.object({ token: resetTokenSchema, password: newPasswordSchema }, { error: 'Password is required' });
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

/** The reset form in the browser: the token comes from the address, the password is typed twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string({ error: 'Please confirm the password' }).min(1, 'Please confirm the password') })
  .refine((form) => form.password === form.confirmPassword, { message: 'The passwords do not match', path: ['confirmPassword'] });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** Why a link was sent: forgot-password (`reset`) or a new account choosing its first password (`welcome`). */
export const RESET_TOKEN_PURPOSES = ['reset', 'welcome'] as const;
export type ResetTokenPurpose = (typeof RESET_TOKEN_PURPOSES)[number];

/**
 * GET /api/auth/validate-reset-token/{token}: whose link it is, with the email partly hidden, and
 * its purpose (the page may say "Set your password" for `welcome`). Both go to POST /auth/reset-password.
 */
export const resetTokenInfoSchema = z.object({ email: z.string(), purpose: z.enum(RESET_TOKEN_PURPOSES) });
export type ResetTokenInfo = z.infer<typeof resetTokenInfoSchema>;
