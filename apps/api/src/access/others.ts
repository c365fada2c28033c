import { ADMIN, ANYONE, own, SIGNED_IN, STAFF, STUDENT, type RouteRule, type RouteRules } from './rules';

/** Notifications: each student their own (another student's answers 404). */
export const notificationRoutes: RouteRules = {
  'GET /api/notifications': STUDENT,
  'POST /api/notifications/read-all': STUDENT,
  'POST /api/notifications/:id/read': own(STUDENT),
};

/** Admission enquiries: the forms are public; the pipeline is the admin's. */
export const enquiryRoutes: RouteRules = {
  'POST /api/email-verification/send-otp': ANYONE,
  'POST /api/email-verification/verify-otp': ANYONE,
  'POST /api/admission-enquiries': ANYONE,
  'POST /api/admission-enquiries/contact': ANYONE,
  'POST /api/newsletter/subscribe': ANYONE,
  'GET /api/admission-enquiries': ADMIN,
  'GET /api/admission-enquiries/counts': ADMIN,
  'GET /api/admission-enquiries/:id': ADMIN,
  'PUT /api/admission-enquiries/:id': ADMIN,
  'DELETE /api/admission-enquiries/:id': ADMIN,
  'PATCH /api/admission-enquiries/:id/status': ADMIN,
  'POST /api/admission-enquiries/:id/convert': ADMIN,
};

const CALENDAR_OWNERS: RouteRule = { allow: ['student', 'teacher'] };

/** Calendar addresses: each student and teacher their own; the secret address itself needs no session. */
export const calendarFeedRoutes: RouteRules = {
  'GET /api/calendar-feed': CALENDAR_OWNERS,
  'POST /api/calendar-feed': CALENDAR_OWNERS,
  'DELETE /api/calendar-feed': CALENDAR_OWNERS,
  'GET /api/calendar/:file': ANYONE,
};

/** Signing in and out, password resets, the signed-in account's own profile and password. */
export const accountRoutes: RouteRules = {
  'POST /api/auth/login': ANYONE,
  'GET /api/auth/me': SIGNED_IN,
  'POST /api/auth/logout': ANYONE,
  'POST /api/auth/forgot-password': ANYONE,
  'GET /api/auth/validate-reset-token/:token': ANYONE,
  'POST /api/auth/reset-password': ANYONE,
  'GET /api/auth/profile': STAFF,
  'PUT /api/auth/profile': STAFF,
  'PUT /api/auth/password': SIGNED_IN,
};

/** The catalogue: admins write subjects and standards, admins and teachers read them; courses are public. */
export const catalogueRoutes: RouteRules = {
  'GET /api/subjects': STAFF,
  'POST /api/subjects': ADMIN,
  'GET /api/subjects/:id': STAFF,
  'PUT /api/subjects/:id': ADMIN,
  'DELETE /api/subjects/:id': ADMIN,
  'GET /api/standards': STAFF,
  'GET /api/standards/check-duplicate': ADMIN,
  'POST /api/standards': ADMIN,
  'GET /api/standards/:id': STAFF,
  'PUT /api/standards/:id': ADMIN,
  'DELETE /api/standards/:id': ADMIN,
  'GET /api/public/courses': ANYONE,
};

/** The academy's settings, its dashboard, its backups and health. */
export const academyRoutes: RouteRules = {
  'GET /api/health': ANYONE,
  'GET /api/settings/public': ANYONE,
  'GET /api/admin/settings': ADMIN,
  'PUT /api/admin/settings': ADMIN,
  'GET /api/admin/dashboard/summary': ADMIN,
  'GET /api/admin/backups': ADMIN,
  'POST /api/admin/backups': ADMIN,
  'GET /api/admin/backups/jobs/:id': ADMIN,
  'GET /api/admin/backups/:name/download': ADMIN,
  'DELETE /api/admin/backups/:name': ADMIN,
  'POST /api/admin/backups/upload': ADMIN,
  'POST /api/admin/backups/:name/restore': ADMIN,
};
