import { ADMIN, ANYONE, STUDENT, type RouteRules } from './rules';

/** The academy's settings and dashboards (the admin's; a student's own), its public details and health (anyone). */
export const academyRoutes: RouteRules = {
  'GET /api/health': ANYONE,
  // How the caller's own request arrived (for the operator's doctor): nothing stored, nothing of others.
  'GET /api/health/peer': ANYONE,
  'GET /api/settings/public': ANYONE,
  'GET /api/admin/settings': ADMIN,
  'PUT /api/admin/settings': ADMIN,
  'PUT /api/admin/settings/parent-alerts': ADMIN,
  'GET /api/admin/settings/messaging': ADMIN,
  'PUT /api/admin/settings/messaging': ADMIN,
  'POST /api/admin/settings/messaging/msg91-webhook-token': ADMIN,
  'GET /api/admin/settings/payments': ADMIN,
  'PUT /api/admin/settings/payments': ADMIN,
  // The academy's own brand and Play Store app (issue 78).
  'PUT /api/admin/settings/brand': ADMIN,
  'GET /api/admin/settings/app': ADMIN,
  'PUT /api/admin/settings/app': ADMIN,
  'GET /api/admin/settings/app/twa-manifest.json': ADMIN,
  'GET /api/admin/dashboard/summary': ADMIN,
  'GET /api/admin/dashboard/year': ADMIN,
  'GET /api/student/dashboard': STUDENT,
};
