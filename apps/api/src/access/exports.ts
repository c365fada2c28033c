import { ADMIN, type RouteRules } from './rules';

/** Everything the academy holds, out as one spreadsheet (issue 39): the admin's only, like backups. */
export const exportRoutes: RouteRules = {
  'GET /api/exports/academy.xlsx': ADMIN,
};
