import { ADMIN, type RouteRules } from './rules';

/** The audit log: the admin's only, read-only (no route edits or deletes an entry). */
export const auditLogRoutes: RouteRules = {
  'GET /api/admin/audit-log': ADMIN,
  'GET /api/admin/audit-log.csv': ADMIN,
  'GET /api/admin/audit-log/people': ADMIN,
};
