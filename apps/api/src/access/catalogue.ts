import { ADMIN, ANYONE, STAFF, type RouteRules } from './rules';

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
  'GET /api/public/courses/:slug': ANYONE,
};
