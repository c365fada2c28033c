import { ANYONE, type RouteRule, type RouteRules } from './rules';

const CALENDAR_OWNERS: RouteRule = { allow: ['student', 'teacher'] };

/** Calendar addresses: each student and teacher their own; the secret address itself needs no session. */
export const calendarFeedRoutes: RouteRules = {
  'GET /api/calendar-feed': CALENDAR_OWNERS,
  'POST /api/calendar-feed': CALENDAR_OWNERS,
  'DELETE /api/calendar-feed': CALENDAR_OWNERS,
  'GET /api/calendar/:file': ANYONE,
};
