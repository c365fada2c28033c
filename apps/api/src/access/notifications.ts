import { own, STUDENT, type RouteRules } from './rules';

/** Notifications: each student their own (another student's answers 404). */
export const notificationRoutes: RouteRules = {
  'GET /api/notifications': STUDENT,
  'POST /api/notifications/read-all': STUDENT,
  'POST /api/notifications/:id/read': own(STUDENT),
};
