import { MESSAGES } from '@academy/shared/messages';
import { AppError } from '../lib/app-error';
import type { Actor } from './actor';
import { ANYONE, SIGNED_IN, STAFF, type RouteRules } from './rules';

/** Signing in and out, password resets, the signed-in account's own profile and password. */
export const accountRoutes: RouteRules = {
  'POST /api/auth/login': ANYONE,
  'POST /api/auth/sign-in-code': ANYONE,
  'POST /api/auth/sign-in-code/verify': ANYONE,
  'GET /api/auth/me': SIGNED_IN,
  'PUT /api/auth/language': SIGNED_IN,
  'POST /api/auth/logout': ANYONE,
  'POST /api/auth/forgot-password': ANYONE,
  'GET /api/auth/validate-reset-token/:token': ANYONE,
  'POST /api/auth/reset-password': ANYONE,
  'GET /api/auth/profile': STAFF,
  'PUT /api/auth/profile': STAFF,
  'PUT /api/auth/password': SIGNED_IN,
};

/** Whether this account's profile includes a teacher record (phone, address, subjects…): a teacher's does. */
export function hasTeacherProfile(actor: Actor): boolean {
  return actor.role === 'teacher';
}

/**
 * Who may edit which part of their own profile: name and picture everyone; phone and address only a
 * teacher (they live on the teacher record; an admin has neither). Sending them otherwise: 400 on those fields.
 */
export function assertMayEditProfileFields(actor: Actor, input: { phone?: unknown; address?: unknown }): void {
  if (hasTeacherProfile(actor)) return;
  const errors: Record<string, string> = {};
  if (input.phone !== undefined) errors.phone = MESSAGES.fieldNotEditable;
  if (input.address !== undefined) errors.address = MESSAGES.fieldNotEditable;
  if (Object.keys(errors).length > 0) throw new AppError('BAD_REQUEST', MESSAGES.fieldNotEditable, errors);
}
