import { isLanguage } from '@academy/shared/languages';
import { isRole } from '@academy/shared/roles';
import type { SessionUser } from '@academy/shared/schemas/auth';

/**
 * Reads the user of an auth answer, or null when it does not look like one. A light check on
 * purpose: the full zod schema would put zod into the first download of every page. A user with a
 * role the app does not know is no user, so no screen can loop between /login and /app.
 */
export function toSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Record<string, unknown>;
  const { _id, name, email, role, avatarUrl, language } = candidate;
  // A student without an email of their own (issue 21) signs in with the student ID: email is null.
  if (typeof _id !== 'string' || typeof name !== 'string' || (typeof email !== 'string' && email !== null) || !isRole(role)) return null;
  return { _id, name, email, role, avatarUrl: typeof avatarUrl === 'string' && avatarUrl !== '' ? avatarUrl : null, language: isLanguage(language) ? language : 'en' };
}

/** How the top bar greets a user: students by their first name (spec section 2). */
export function greetingNameFor(user: Pick<SessionUser, 'name' | 'role'>): string {
  const name = user.name.trim();
  if (user.role !== 'student') return name;
  return name.split(/\s+/)[0] ?? name;
}
