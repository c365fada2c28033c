import { and, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { announcements } from '../db/schema';
import { NO_RECORD, type Actor } from './actor';
import { ADMIN, own, SIGNED_IN, type RouteRules } from './rules';

/** Announcements: admins write; everyone signed in reads what is meant for them (else 404). */
export const announcementRoutes: RouteRules = {
  'GET /api/announcements': SIGNED_IN,
  'GET /api/announcements/:id': own(SIGNED_IN),
  'POST /api/announcements': ADMIN,
  'PUT /api/announcements/:id': ADMIN,
  'DELETE /api/announcements/:id': ADMIN,
};

// Qualified by hand: inside a subquery a bare "id" would name the subquery's own table.
const announcementId = sql.raw('"announcements"."id"');
const announcementAcademyId = sql.raw('"announcements"."academy_id"');
const notLimitedToBatches = sql`not exists (select 1 from announcement_batches ab where ab.announcement_id = ${announcementId} and ab.academy_id = ${announcementAcademyId})`;

/**
 * The announcements meant for this actor (a condition on `announcements`): an admin every one; a
 * teacher or student their audience, with no batch limit or one of their batches (a teacher's own
 * batches, a student's enrolments). Scheduled ones stay hidden until they start.
 */
export function announcementScope(actor: Actor, today: string): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  const started = lte(announcements.startDate, today);
  if (actor.role === 'teacher') {
    const ownBatch = sql`exists (select 1 from announcement_batches ab join batches b on b.id = ab.batch_id and b.academy_id = ab.academy_id where ab.announcement_id = ${announcementId} and ab.academy_id = ${announcementAcademyId} and b.teacher_id = ${actor.teacherId ?? NO_RECORD})`;
    return and(started, inArray(announcements.audience, ['everyone', 'teachers']), or(notLimitedToBatches, ownBatch));
  }
  if (actor.role === 'parent') {
    const children = actor.childIds?.length ? actor.childIds : [NO_RECORD];
    const childBatch = sql`exists (select 1 from announcement_batches ab join batch_students bs on bs.batch_id = ab.batch_id and bs.academy_id = ab.academy_id where ab.announcement_id = ${announcementId} and ab.academy_id = ${announcementAcademyId} and ${inArray(sql.raw('bs.student_id'), children)})`;
    return and(started, inArray(announcements.audience, ['everyone', 'parents']), or(notLimitedToBatches, childBatch));
  }
  const enrolled = sql`exists (select 1 from announcement_batches ab join batch_students bs on bs.batch_id = ab.batch_id and bs.academy_id = ab.academy_id where ab.announcement_id = ${announcementId} and ab.academy_id = ${announcementAcademyId} and bs.student_id = ${actor.studentId ?? NO_RECORD})`;
  return and(started, inArray(announcements.audience, ['everyone', 'students']), or(notLimitedToBatches, enrolled));
}
