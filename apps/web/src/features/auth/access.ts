import { isRole, landingRouteFor } from '@academy/shared/roles';
import type { Role } from '@academy/shared/roles';

export type AccessDecision = 'allow' | (string & {});

/**
 * The guard's decision for a signed-in area (spec section 4): a visitor or a user with an unknown
 * role goes to /login; a user whose role is not allowed goes to their own landing route.
 */
export function decideAccess(user: { role: string } | null | undefined, allowedRoles: readonly Role[]): AccessDecision {
  if (!user || !isRole(user.role)) return '/login';
  if (allowedRoles.includes(user.role)) return 'allow';
  return landingRouteFor(user.role);
}

/** Which roles may open a path: null for public pages, else the roles of its area. */
export function areaRolesFor(pathname: string): readonly Role[] | null {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first !== 'app') return null;
  if (second === 'teacher') return ['teacher'];
  if (second === 'student') return ['student'];
  if (second === 'parent') return ['parent'];
  return ['admin'];
}

export interface RememberedLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

function asRememberedLocation(value: unknown): RememberedLocation | null {
  if (typeof value !== 'object' || value === null) return null;
  const { pathname, search, hash } = value as Record<string, unknown>;
  // Only paths of this site: "//host" would leave it.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  return {
    pathname,
    search: typeof search === 'string' ? search : '',
    hash: typeof hash === 'string' ? hash : '',
  };
}

/**
 * Where a signed-in user goes from /login: back to the location the guard remembered when that
 * location is open to their role, else their role's landing route.
 */
export function postLoginTarget(user: { role: string }, from: unknown): string {
  const landing = landingRouteFor(user.role);
  const remembered = asRememberedLocation(from);
  if (!remembered || remembered.pathname === '/login') return landing;
  const roles = areaRolesFor(remembered.pathname);
  if (roles !== null && decideAccess(user, roles) !== 'allow') return landing;
  return `${remembered.pathname}${remembered.search ?? ''}${remembered.hash ?? ''}`;
}
