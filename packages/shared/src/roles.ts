export const ROLES = ['admin', 'teacher', 'student', 'parent'] as const;
export type Role = (typeof ROLES)[number];

/** The academy's staff: the office and the teachers. The one list (the API's STAFF rule and its queries of staff accounts use it). */
export const STAFF_ROLES = ['admin', 'teacher'] as const satisfies readonly Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Where each role lands after signing in (spec section 2, "Role landing routes"). */
export const ROLE_HOME: Record<Role, string> = {
  admin: '/app/dashboard',
  teacher: '/app/teacher/dashboard',
  student: '/app/student/dashboard',
  parent: '/app/parent/dashboard',
};

/** Landing route for a possibly missing or unknown role: visitors go to /login, unknown roles to /app. */
export function landingRouteFor(role: string | null | undefined): string {
  if (!role) return '/login';
  return isRole(role) ? ROLE_HOME[role] : '/app';
}
