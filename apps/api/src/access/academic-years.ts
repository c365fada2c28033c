import { ADMIN, type RouteRules } from './rules';

/** The new academic year (issue 39): the office's admin only; a rollover moves every student and batch of the academy. */
export const academicYearRoutes: RouteRules = {
  'POST /api/academic-years/rollover': ADMIN,
  'GET /api/academic-years': ADMIN,
  'DELETE /api/academic-years/rollover/:id': ADMIN,
};
