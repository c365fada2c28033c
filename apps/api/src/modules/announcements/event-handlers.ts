import { sql } from 'drizzle-orm';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import type { EventHandlers } from '../../events/delivery';
import type { Jobs } from '../../events/catalog';
import { notifyParentsOfStudents, PARENT_SENDER_JOB } from '../family-outbox';
import { getAcademySettings } from '../../academy-settings';

/**
 * What the announcements module does when other changes are announced (events/catalog.ts, decision
 * 026). An announcement for parents (audience "parents") reaches each parent once by their channel
 * (issue 37): every parent of an active student, or of the chosen batches' students. Safe to repeat.
 */
export function handleAnnouncementEvents(events: EventHandlers, jobs: Jobs): void {
  events.handle('announcement.created', 'announcements.parent-messages', async (event, tx) => {
    const { rows } = await tx.execute<{ title: string; audience: string; startDate: string; batchIds: string[] }>(sql`
      select a.title, a.audience, a.start_date::text as "startDate",
        coalesce((select array_agg(ab.batch_id) from announcement_batches ab where ab.announcement_id = a.id), '{}') as "batchIds"
      from announcements a where a.id = ${event.payload.announcementId}`);
    const announcement = rows[0];
    if (!announcement || announcement.audience !== 'parents') return;
    const { rows: students } = await tx.execute<{ id: string }>(
      announcement.batchIds.length > 0
        ? sql`select distinct bs.student_id as id from batch_students bs join students s on s.id = bs.student_id and s.status = 'active'
            where bs.batch_id in ${sql`(${sql.join(
              announcement.batchIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`}`
        : sql`select s.id from students s where s.status = 'active' and exists (select 1 from parent_students ps where ps.student_id = s.id)`,
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
      { kind: 'announcement', key: `announcement:${event.payload.announcementId}`, date: announcement.startDate, messages, payload: { announcement: { _id: event.payload.announcementId, title: announcement.title } }, values: { title: announcement.title } },
    );
    if (queued > 0) await jobs.enqueue(PARENT_SENDER_JOB, {}, { transaction: tx });
  });
}
