import { ROLES, type Role } from '@academy/shared/roles';
import { ADMIN, allows, ANYONE, type RouteRules } from './rules';

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
  // Follow-ups, the contacts log and the season's report (issue 41).
  'PATCH /api/admission-enquiries/:id': ADMIN,
  'POST /api/admission-enquiries/:id/contacts': ADMIN,
  'GET /api/admission-enquiries/assignees': ADMIN,
  'GET /api/admissions/report': ADMIN,
};

/**
 * The roles an enquiry can be assigned to (issue 41): whoever may work the pipeline, read from the
 * pipeline's own rule so that the two never disagree (today: the admins).
 */
export const ENQUIRY_HANDLER_ROLES: readonly Role[] = ROLES.filter((role) => allows(enquiryRoutes['PATCH /api/admission-enquiries/:id/status']!, role));
