import type { Actor } from './actor';
import { allows, ANYONE, type RouteRule, type RouteRules } from './rules';

const CALENDAR_OWNERS: RouteRule = { allow: ['student', 'teacher'] };

/** Calendar addresses: each student and teacher their own; the secret address itself needs no session. */
export const calendarFeedRoutes: RouteRules = {
  'GET /api/calendar-feed': CALENDAR_OWNERS,
  'POST /api/calendar-feed': CALENDAR_OWNERS,
  'DELETE /api/calendar-feed': CALENDAR_OWNERS,
  'GET /api/calendar/:file': ANYONE,
};

/**
 * Whether this account's secret calendar address still answers: only a student's or a teacher's
 * (the same roles that may make one). Anyone else's answers 404, as an unknown address does.
 */
export function mayHaveCalendarFeed(owner: Actor): boolean {
  return allows(CALENDAR_OWNERS, owner.role);
}
