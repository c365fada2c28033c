import { ADMIN, ANYONE, type RouteRules } from './rules';

/** The academy's settings and dashboard (the admin's), its public details and health (anyone). */
export const academyRoutes: RouteRules = {
  'GET /api/health': ANYONE,
  'GET /api/settings/public': ANYONE,
  'GET /api/admin/settings': ADMIN,
  'PUT /api/admin/settings': ADMIN,
  'GET /api/admin/dashboard/summary': ADMIN,
};
