import { ADMIN, type RouteRules } from './rules';

/**
 * Demo classes of an enquiry (issue 41): the office books and cancels them, like the rest of the
 * pipeline. The teacher marks a demo student on the batch's attendance sheet, under attendance's rule
 * (the batch's own teacher or an admin: assertStaffOfBatch in ./batches).
 */
export const demoClassRoutes: RouteRules = {
  'POST /api/admission-enquiries/:id/demo': ADMIN,
  'GET /api/admission-enquiries/:id/demos': ADMIN,
  'DELETE /api/admission-enquiries/:id/demos/:demoId': ADMIN,
};
