/**
 * The public face of the notifications module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { notifyStudentsOfActiveAnnouncements, notifyStudentsOfOnlineTest, notifyStudentsOfRecordedLecture } from './notifications.service';
