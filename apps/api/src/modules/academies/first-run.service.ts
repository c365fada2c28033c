import { and, eq, sql } from 'drizzle-orm';
import type { FirstRunChecklist } from '@academy/shared/schemas/academies';
import type { Db } from '../../db/client';
import { academySettings, academies, batches, standards, students, subjects, teachers, users } from '../../db/schema';
import { DEFAULT_ACADEMY_SETTINGS } from '../../academy-settings';

// The sample numbers the first academy starts with. An academy started at sign-up has its own phone from
// the start (issue 73): its details step is done once the owner has saved Settings.
const DEFAULT_PHONES = `{${DEFAULT_ACADEMY_SETTINGS.phones.join(',')}}`;

/** An active account by id, as a session shows it (the owner's hand-off). */
export async function findUserForSession(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, avatarUrl: users.avatarUrl, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  return user;
}

/**
 * The first-run checklist of a new academy's admin (issue 55), each item ticked from the academy's own
 * records, never from a flag: its details (saved in Settings since it started, not the sample phones), its standards,
 * its subjects (each changed since the academy started with the sample list), a teacher (issue 73: a batch needs one),
 * a batch, students in the register,
 * WhatsApp or SMS (a channel turned on, or a messaging webhook), UPI (the academy's UPI ID). One statement.
 */
export async function firstRunChecklist(db: Db): Promise<FirstRunChecklist> {
  const started = sql`(select ${academies.createdAt} from ${academies} where ${academies.id} = current_academy_id())`;
  const [row] = await db.execute<{ details: boolean; standards: boolean; subjects: boolean; teachers: boolean; batch: boolean; register: boolean; messaging: boolean; upi: boolean }>(sql`
    select
      coalesce((select ${academySettings.phones} <> ${DEFAULT_PHONES}::text[] and ${academySettings.updatedAt} > coalesce(${started}, '-infinity')
        from ${academySettings} limit 1), false) as details,
      exists (select 1 from ${standards} where ${standards.updatedAt} > coalesce(${started}, '-infinity')) as standards,
      exists (select 1 from ${subjects} where ${subjects.updatedAt} > coalesce(${started}, '-infinity')) as subjects,
      exists (select 1 from ${teachers}) as teachers,
      exists (select 1 from ${batches}) as batch,
      exists (select 1 from ${students}) as register,
      coalesce((select coalesce((${academySettings.messaging} -> 'whatsapp' ->> 'enabled')::boolean, false)
        or coalesce((${academySettings.messaging} -> 'sms' ->> 'enabled')::boolean, false)
        or ${academySettings.parentWebhookUrl} is not null from ${academySettings} limit 1), false) as messaging,
      coalesce((select ${academySettings.payments} ? 'upi' from ${academySettings} limit 1), false) as upi
  `).then((result) => result.rows);
  const done = row ?? { details: false, standards: false, subjects: false, teachers: false, batch: false, register: false, messaging: false, upi: false };
  return {
    items: [
      { key: 'details', done: done.details },
      { key: 'standards', done: done.standards },
      { key: 'subjects', done: done.subjects },
      { key: 'teachers', done: done.teachers },
      { key: 'batch', done: done.batch },
      { key: 'register', done: done.register },
      { key: 'messaging', done: done.messaging },
      { key: 'upi', done: done.upi },
    ],
  };
}
