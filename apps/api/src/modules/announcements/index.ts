/**
 * The public face of the announcements module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { activeAnnouncements, activeAnnouncementsCondition } from './announcements.service';
export { insertAnnouncements, type AnnouncementRecord } from './announcement-records';
