import { isLanguage } from '@academy/shared/languages';
import { isAbility } from '@academy/shared/abilities';
import { isRole, type Role } from '@academy/shared/roles';
import type { SessionUser } from '@academy/shared/schemas/auth';

/**
 * Reads the user of an auth answer, or null when it does not look like one. A light check on
 * purpose: the full zod schema would put zod into the first download of every page. A user with a
 * role the app does not know is no user, so no screen can loop between /login and /app.
 */
export function toSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Record<string, unknown>;
  const { _id, name, email, role, avatarUrl, language, abilities } = candidate;
  // A student without an email of their own (issue 21) signs in with the student ID: email is null.
  if (typeof _id !== 'string' || typeof name !== 'string' || (typeof email !== 'string' && email !== null) || !isRole(role)) return null;
  return {
    _id,
    name,
    email,
    role,
    avatarUrl: typeof avatarUrl === 'string' && avatarUrl !== '' ? avatarUrl : null,
    language: isLanguage(language) ? language : 'en',
    // What the server says this person may do (decision 083); a name this app does not know is dropped.
    abilities: Array.isArray(abilities) ? abilities.filter(isAbility) : [],
  };
}

/**
 * Whether a signed-in area (the office's /app, a teacher's /app/teacher, …) is this person's: the areas
 * are the roles' own, and this module is the one place of the web that reads a role (decision 083);
 * what a screen shows or allows is asked of the abilities instead (lib/session.ts, useCan).
 */
export function isAreaOf(user: Pick<SessionUser, 'role'> | null, area: Role): boolean {
  return user !== null && user.role === area;
}

/** How the top bar greets a user: students by their first name (spec section 2). */
export function greetingNameFor(user: Pick<SessionUser, 'name' | 'role'>): string {
  const name = user.name.trim();
  if (user.role !== 'student') return name;
  return name.split(/\s+/)[0] ?? name;
}
