import { ADMIN, ANYONE, type RouteRules } from './rules';

/**
 * Starting an academy (issue 55): at the platform's own address, before any account exists (anyone;
 * limited per email and client address). With one academy these answer 404. The owner's hand-off is
 * answered at the new academy's address, to whoever holds its one-time token. The first-run checklist
 * is the admin's.
 */
export const academySignupRoutes: RouteRules = {
  'POST /api/academies/verification': ANYONE,
  'GET /api/academies/slug-available': ANYONE,
  'POST /api/academies': ANYONE,
  'POST /api/auth/hand-off': ANYONE,
  // The same hand-off as a page the browser is sent to (issue 73): a session and a redirect to the dashboard.
  'GET /welcome': ANYONE,
  'GET /api/dashboard/first-run': ADMIN,
};

/**
 * An academy's own domain (issue 55): the admin's. The domain's id in the address must be the caller's
 * academy's; another academy's answers 404 (the service looks it up with the academy).
 */
export const ownDomainRoutes: RouteRules = {
  // The proxy's question before it gets a certificate (deploy/Caddyfile): which hosts are ours, nothing more.
  'GET /api/health/domain': ANYONE,
  'GET /api/admin/domains': ADMIN,
  'POST /api/admin/domains': ADMIN,
  'POST /api/admin/domains/:id/verify': ADMIN,
  'DELETE /api/admin/domains/:id': ADMIN,
};
