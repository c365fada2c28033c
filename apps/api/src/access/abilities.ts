import { ABILITIES, type Ability } from '@academy/shared/abilities';
import { ROLES, type Role } from '@academy/shared/roles';
import { ROUTE_RULES } from './policy';
import { ADMIN, allows, TEACHER, type RouteRule } from './rules';

/**
 * What each role may do, named for the web (shared/abilities.ts, decision 083), computed from the
 * same rules the server enforces: an ability that stands for a route is had by exactly the roles its
 * rule allows, so the screen and the server cannot disagree. The session carries them (`/api/auth/me`).
 */
const ABILITY_RULES: Record<Ability, RouteRule> = {
  'admissions.manage': routeRule('GET /api/admission-enquiries/counts'),
  // The teachers' marking screen, which keeps marks on the phone while offline; the office marks and
  // corrects through the register (the same route, POST /api/attendance/batch/:batchId, allows both).
  'attendance.mark-offline': TEACHER,
  'audit.read': routeRule('GET /api/admin/audit-log'),
  // The families install the academy's app (issue 78); the staff work at the office's computer too.
  'app.install-offer': { allow: ['student', 'parent'] },
  // Not one route: the office is the role no `own(…)` rule narrows to its own batches and subjects.
  'batches.all': ADMIN,
  'homework.hand-in': routeRule('POST /api/homework/:id/submissions'),
  'notifications.read': routeRule('GET /api/notifications'),
  'report-cards.mail': routeRule('POST /api/batches/:id/report-cards/mail'),
};

function routeRule(key: string): RouteRule {
  const rule = ROUTE_RULES[key];
  // A renamed route must rename its ability's too: the server refuses to start rather than guess.
  if (!rule) throw new Error(`access/abilities.ts: no route ${key} in the policy table`);
  return rule;
}

const BY_ROLE = new Map<Role, readonly Ability[]>(ROLES.map((role) => [role, ABILITIES.filter((ability) => allows(ABILITY_RULES[ability], role))]));

/** The abilities of a signed-in person of this role, in the order of shared/abilities.ts. */
export function abilitiesOf(role: Role): Ability[] {
  return [...(BY_ROLE.get(role) ?? [])];
}
