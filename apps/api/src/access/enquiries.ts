import { ADMIN, ANYONE, type RouteRules } from './rules';

/** Admission enquiries: the forms are public; the pipeline is the admin's. */
export const enquiryRoutes: RouteRules = {
  'POST /api/email-verification/send-otp': ANYONE,
  'POST /api/email-verification/verify-otp': ANYONE,
  'POST /api/phone-verification/send-otp': ANYONE,
  'POST /api/phone-verification/verify-otp': ANYONE,
  'POST /api/admission-enquiries': ANYONE,
  'POST /api/admission-enquiries/contact': ANYONE,
  'POST /api/newsletter/subscribe': ANYONE,
  'POST /api/admission-enquiries/office': ADMIN,
  'GET /api/admission-enquiries': ADMIN,
  'GET /api/admission-enquiries/counts': ADMIN,
  'GET /api/admission-enquiries/:id': ADMIN,
  'PUT /api/admission-enquiries/:id': ADMIN,
  'DELETE /api/admission-enquiries/:id': ADMIN,
  'PATCH /api/admission-enquiries/:id/status': ADMIN,
  'POST /api/admission-enquiries/:id/convert': ADMIN,
};
