import { ADMIN, type RouteRules } from './rules';

/** GST (issue 57): Settings → Tax and the accountant's GST reports are the admin's; teachers, students and parents get 403. */
export const gstRoutes: RouteRules = {
  'GET /api/admin/settings/tax': ADMIN,
  'PUT /api/admin/settings/tax': ADMIN,
  'GET /api/fees/gst': ADMIN,
  'GET /api/fees/gst/gstr1.json': ADMIN,
  'GET /api/fees/gst/gstr1.xlsx': ADMIN,
  // Revised invoices for a registration dated back (decision 063): the office previews, then issues them.
  'GET /api/fees/gst/revised-invoices': ADMIN,
  'POST /api/fees/gst/revised-invoices': ADMIN,
};
