import type { Language } from '@academy/shared/languages';
import type { Role } from '@academy/shared/roles';
import type { Db, DbExecutor } from '../../db/client';
import { welcomeMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { academyMailBrand, getAcademySettings } from '../../academy-settings';
import { createPasswordLink } from '../sessions';

/** A new account's set-your-password link: long enough for someone who reads mail once a week. */
export const WELCOME_TOKEN_LIFETIME_DAYS = 7;

/**
 * Creates the set-your-password link of a new account, inside the transaction that creates the
 * account (a failed creation leaves no link). It is a password-reset token with purpose `welcome`:
 * the same page (/reset-password/{token}) and the same endpoints use it. Returns the token to mail.
 */
export function createWelcomeToken(tx: DbExecutor, userId: string): Promise<string> {
  return createPasswordLink(tx, { userId, purpose: 'welcome', validForMs: WELCOME_TOKEN_LIFETIME_DAYS * 24 * 60 * 60 * 1000 });
}

/** Mails a new account its set-your-password link, in the account's language. */
export async function sendWelcomeMail(deps: { db: Db; mailer: Mailer }, input: { name: string; email: string; role: Role; token: string; origin: string; language?: Language }) {
  const settings = await getAcademySettings(deps.db);
  const mail = welcomeMail({
    academyName: settings.name,
    userName: input.name,
    email: input.email,
    role: input.role,
    setPasswordUrl: `${input.origin}/reset-password/${input.token}`,
    validDays: WELCOME_TOKEN_LIFETIME_DAYS,
    language: input.language,
    brand: await academyMailBrand(deps.db, input.origin),
  });
  await deps.mailer.send({ to: input.email, ...mail });
}
