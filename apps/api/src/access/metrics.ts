import { ANYONE, type RouteRules } from './rules';

/**
 * Prometheus' GET /metrics (issue 52), at the site's root like robots.txt: no session. The route
 * guards itself, as a session cannot: the bearer token of METRICS_TOKEN, or without one only a direct
 * request from this machine (modules/metrics/metrics-access.ts; anything else 401 or 404).
 */
export const metricsRoutes: RouteRules = {
  'GET /metrics': ANYONE,
};
