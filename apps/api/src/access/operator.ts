import { ANYONE, OPERATOR, type RouteRules } from './rules';

/**
 * The platform operator's API (issue 55), at the base domain only (hosting.ts): signing in is open,
 * everything else needs the operator's own session (an academy's session counts for nothing: 401).
 */
export const operatorRoutes: RouteRules = {
  'POST /api/operator/login': ANYONE,
  'GET /api/operator/me': OPERATOR,
  'POST /api/operator/logout': OPERATOR,
  'GET /api/operator/academies': OPERATOR,
  'GET /api/operator/academies/:slug/app': OPERATOR,
  'PUT /api/operator/academies/:slug/app': OPERATOR,
  'GET /api/operator/academies/:slug/app/twa-manifest.json': OPERATOR,
  'POST /api/operator/academies/:slug/suspend': OPERATOR,
  'POST /api/operator/academies/:slug/resume': OPERATOR,
  'POST /api/operator/academies/:slug/close': OPERATOR,
};
