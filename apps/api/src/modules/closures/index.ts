/**
 * The public face of closures: the days the academy (or a batch) is closed, read from the closure
 * announcements. A module of its own, beside the calendar, so the schedule and attendance read it
 * without standing on announcements (which notify students).
 */
export { closureTitleOn, closureTitleSql, closuresBetween } from './closures.service';
