/**
 * The public face of the attendance module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { STATISTICS } from './attendance-reads';
export { excuseAbsence } from './excuse-absence';
export { getChildAttendance } from './student-attendance';
export type { DemoMark, DemoMarksSaver } from './attendance.service';
export { PAST_DAYS_CHANNEL, forgetPastDayTotals, keepPastDayTotals, keptPastDayTotals } from './past-days-cache';
export { recordPastAttendance, type PastMark } from './past-attendance';
