import { ADMIN, type RouteRules } from './rules';

/** The background jobs' status: the admin's only. */
export const jobRoutes: RouteRules = {
  'GET /api/admin/jobs': ADMIN,
};
