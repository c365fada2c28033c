import type { RouteRule, RouteRules } from './rules';

/** Web Push: parents and students, each for their own browsers (the service keeps to the caller's rows). */
const FAMILY: RouteRule = { allow: ['parent', 'student'] };

export const pushSubscriptionRoutes: RouteRules = {
  'GET /api/push/public-key': FAMILY,
  'POST /api/push/subscriptions': FAMILY,
  'DELETE /api/push/subscriptions': FAMILY,
  'POST /api/push/received': FAMILY,
};
