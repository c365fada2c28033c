import { STAFF_ROLES, type Role } from '@academy/shared/roles';

/**
 * Who may call a route at all. 'anyone' needs no session; 'signedIn' any role; else only these
 * roles. A visitor gets 401 on a route that needs a session, a signed-in caller of another role 403.
 * 'operator': the platform's operator (issue 55), by the operator's own session only; no academy role
 * is one, so anyone else gets 401.
 */
export type Allow = 'anyone' | 'signedIn' | 'operator' | readonly Role[];

export type RouteRule = {
  allow: Allow;
  /**
   * The address names one record (a batch, a note, a student…) that a non-admin caller reaches only
   * when it is theirs (their batch, their enrolment, themselves). Another one answers 404: they may
   * not know it exists. The service enforces it with the resource's policy; the matrix checks it.
   */
  ownRecord?: true;
  /**
   * The caller's account must stand for its record (a teacher's teacher row; see hasOwnRecord): an
   * account without one gets 403 once the request is validated, before the handler runs.
   */
  withRecord?: true;
};

export type RouteRules = Record<string, RouteRule>;

export const ADMIN: RouteRule = { allow: ['admin'] };
export const STAFF: RouteRule = { allow: STAFF_ROLES };
export const TEACHER: RouteRule = { allow: ['teacher'] };
export const STUDENT: RouteRule = { allow: ['student'] };
export const PARENT: RouteRule = { allow: ['parent'] };
export const SIGNED_IN: RouteRule = { allow: 'signedIn' };
export const ANYONE: RouteRule = { allow: 'anyone' };
/** The platform operator's routes (issue 55): an operator's session, never an academy's. */
export const OPERATOR: RouteRule = { allow: 'operator' };

/** Same roles, but the record in the address must be the caller's own (else 404). */
export function own(rule: RouteRule): RouteRule {
  return { ...rule, ownRecord: true };
}

/** Same rule, and the caller's account must have its record (else 403): who may write notes. */
export function withRecord(rule: RouteRule): RouteRule {
  return { ...rule, withRecord: true };
}

export function allows(rule: RouteRule, role: Role | undefined): boolean {
  if (rule.allow === 'anyone') return true;
  if (role === undefined || rule.allow === 'operator') return false;
  return rule.allow === 'signedIn' || rule.allow.includes(role);
}
