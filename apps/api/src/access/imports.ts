import { ADMIN, type RouteRules } from './rules';

/** Registers imported from spreadsheets (issue 39): the office's admin only; an import touches every family's records. */
export const importRoutes: RouteRules = {
  'GET /api/imports/students/template.xlsx': ADMIN,
  'POST /api/imports/students': ADMIN,
  'GET /api/imports': ADMIN,
  'DELETE /api/imports/:id': ADMIN,
};
