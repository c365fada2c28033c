import { academySignupRoutes, ownDomainRoutes } from './academies';
import { announcementRoutes } from './announcements';
import { attendanceRoutes } from './attendance';
import { auditLogRoutes } from './audit-log';
import { batchRoutes } from './batches';
import { noteRoutes } from './notes';
import { backupRoutes } from './backups';
import { calendarFeedRoutes } from './calendar-feed';
import { catalogueRoutes } from './catalogue';
import { enquiryRoutes } from './enquiries';
import { demoClassRoutes } from './demo-classes';
import { feeRoutes } from './fees';
import { gstRoutes } from './gst';
import { jobRoutes } from './jobs';
import { metricsRoutes } from './metrics';
import { notificationRoutes } from './notifications';
import { parentRoutes } from './parents';
import { accountRoutes } from './profile';
import { pushSubscriptionRoutes } from './push';
import { publicSiteRoutes } from './public-site';
import { academyRoutes } from './settings';
import type { RouteRule, RouteRules } from './rules';
import { studentRoutes, studentSelfRoutes } from './students';
import { teacherRoutes } from './teachers';
import { examRoutes } from './exams';
import { exportRoutes } from './exports';
import { importRoutes } from './imports';
import { academicYearRoutes } from './academic-years';
import { onlineTestRoutes } from './online-tests';
import { questionRoutes } from './questions';
import { operatorRoutes } from './operator';
import { homeworkRoutes } from './homework';
import { lectureRoutes } from './lectures';
import { lectureWatchRoutes } from './lecture-watch';
import { payRoutes } from './pay';
import { conversationsRoutes } from './conversations';

/**
 * THE table of who may call what: every API route, keyed "METHOD /api/path" exactly as registered.
 * The server refuses to start with a route that is not here (see ./http.ts), route guards come only
 * from here, and test/access-matrix.test.ts is generated from it.
 */
export const ROUTE_RULES: RouteRules = {
  ...accountRoutes,
  ...academyRoutes,
  ...backupRoutes,
  ...catalogueRoutes,
  ...teacherRoutes,
  ...studentRoutes,
  ...studentSelfRoutes,
  ...batchRoutes,
  ...attendanceRoutes,
  ...examRoutes,
  ...noteRoutes,
  ...announcementRoutes,
  ...notificationRoutes,
  ...calendarFeedRoutes,
  ...enquiryRoutes,
  ...demoClassRoutes,
  ...auditLogRoutes,
  ...jobRoutes,
  ...feeRoutes,
  ...gstRoutes,
  ...parentRoutes,
  ...pushSubscriptionRoutes,
  ...exportRoutes,
  ...importRoutes,
  ...academicYearRoutes,
  ...publicSiteRoutes,
  ...academySignupRoutes,
  ...ownDomainRoutes,
  ...metricsRoutes,
  ...onlineTestRoutes,
  ...questionRoutes,
  ...operatorRoutes,
  ...homeworkRoutes,
  ...lectureRoutes,
  ...lectureWatchRoutes,
  ...payRoutes,
  ...conversationsRoutes,
};

export function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/** The rule of a route; HEAD routes (added by Fastify for each GET) follow their GET. */
export function ruleFor(method: string, url: string): RouteRule | undefined {
  return ROUTE_RULES[routeKey(method === 'HEAD' ? 'GET' : method, url)];
}
