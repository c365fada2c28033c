import { sql } from 'drizzle-orm';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { notifyParentsOfStudents, PARENT_SENDER_JOB } from '../family-outbox';
import { getAcademySettings } from '../../academy-settings';
import { notifyStudentsOfActiveAnnouncements } from '../notifications';

/**
 * The announcements module's job queued with a new announcement (events/catalog.ts, decision
 * 083). An announcement for parents (audience "parents") reaches each parent once by their channel
 * (issue 37): every parent of an active student, or of the chosen batches' students. Safe to repeat.
 */
export function defineAnnouncementJobs(jobs: Jobs, db: Db): void {
  jobs.define('announcement-parent-messages', {
    label: 'Announcements sent to parents',
    maxAttempts: 5,
    // One transaction: the messages and the sender's run commit together, or neither (then retried).
    run: (payload) => db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ title: string; audience: string; startDate: string; batchIds: string[] }>(sql`
        select a.title, a.audience, a.start_date::text as "startDate",
          coalesce((select array_agg(ab.batch_id) from announcement_batches ab where ab.announcement_id = a.id and ab.academy_id = a.academy_id), '{}') as "batchIds"
        from announcements a where a.id = ${payload.announcementId}`);
      const announcement = rows[0];
      if (!announcement || announcement.audience !== 'parents') return;
      const { rows: students } = await tx.execute<{ id: string }>(
        announcement.batchIds.length > 0
          ? sql`select distinct bs.student_id as id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active'
              where bs.batch_id in ${sql`(${sql.join(
                announcement.batchIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`}`
          : sql`select s.id from students s where s.status = 'active' and exists (select 1 from parent_students ps where ps.student_id = s.id and ps.academy_id = s.academy_id)`,
      );
      const academy = (await getAcademySettings(tx)).name;
      const messages = Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          { subject: word('notification', 'New announcement: {title}', language, { title: announcement.title }), text: word('mail', '{parent}, a new announcement from {academy}: {title}', language, { parent: '{parent}', academy, title: announcement.title }) },
        ]),
      ) as Record<Language, { subject: string; text: string }>;
      const queued = await notifyParentsOfStudents(
        tx,
        undefined,
        students.map((student) => student.id),
        { kind: 'announcement', key: `announcement:${payload.announcementId}`, date: announcement.startDate, messages, payload: { announcement: { _id: payload.announcementId, title: announcement.title } }, values: { title: announcement.title } },
      );
      if (queued > 0) await jobs.enqueue(PARENT_SENDER_JOB, {}, { transaction: tx });
    }),
  });
  // Saved and running today: its students see it in their bell now, not at the five-minute sweep.
  jobs.define('announcement-bell', { label: 'Announcements put in students’ bells', maxAttempts: 5, run: ({ announcementId }) => notifyStudentsOfActiveAnnouncements(db, { announcementId }) });
}
