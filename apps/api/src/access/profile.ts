import { ANYONE, SIGNED_IN, STAFF, type RouteRules } from './rules';

/** Signing in and out, password resets, the signed-in account's own profile and password. */
export const accountRoutes: RouteRules = {
  'POST /api/auth/login': ANYONE,
  'GET /api/auth/me': SIGNED_IN,
  'PUT /api/auth/language': SIGNED_IN,
  'POST /api/auth/logout': ANYONE,
  'POST /api/auth/forgot-password': ANYONE,
  'GET /api/auth/validate-reset-token/:token': ANYONE,
  'POST /api/auth/reset-password': ANYONE,
  'GET /api/auth/profile': STAFF,
  'PUT /api/auth/profile': STAFF,
  'PUT /api/auth/password': SIGNED_IN,
};
