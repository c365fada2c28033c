import { and, desc, eq, sql } from 'drizzle-orm';
import type { NotificationPage } from '@academy/shared/schemas/notifications';
import { NOTIFICATION_TEXTS, wordNotification } from '@academy/shared/i18n/server-text';
import type { Language } from '@academy/shared/languages';
import type { DbExecutor } from '../../db/client';
import { studentIdOf, type Actor } from '../../access/actor';
import { announcements, homework, notes, notifications } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { academyToday } from '../../academy-settings';
import { joinOn } from '../../db/same-academy';
import { cacheKey, cachedRead } from '../../lib/read-cache';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** How a new announcement reads in the bell in English (kept in `message`): this, then its title. */
export const ANNOUNCEMENT_NOTIFICATION_PREFIX = NOTIFICATION_TEXTS['announcement.created'].replace('{title}', '');

/**
 * Tells every active student in an active announcement's audience about it, once: one INSERT … SELECT
 * whose ON CONFLICT on (student, announcement) skips those already told, so running it again, after a
 * restart or from two server processes at the same moment never notifies anyone twice. Announcements
 * that start later are picked up by the periodic run on their start date. Returns how many were told.
 *
 * Most runs of the periodic job find everyone told: a plain read says so first and nothing is written.
 * An INSERT that adds no row still fires the table's statement trigger, whose notice makes every server
 * forget the academy's kept notifications (decision 114): every five minutes in every academy otherwise.
 */
export async function notifyStudentsOfActiveAnnouncements(db: DbExecutor, options: { announcementId?: string; now?: Date } = {}): Promise<number> {
  const today = await academyToday(db, options.now);
  const untold = sql`
    from announcements a
    join students s on s.academy_id = a.academy_id and s.status = 'active'
    where a.start_date <= ${today} and a.end_date >= ${today}
      and a.audience in ('everyone', 'students')
      ${options.announcementId ? sql`and a.id = ${options.announcementId}` : sql``}
      and (
        not exists (select 1 from announcement_batches ab where ab.announcement_id = a.id and ab.academy_id = a.academy_id)
        or exists (
          select 1 from announcement_batches ab join batch_students bs on bs.batch_id = ab.batch_id and bs.academy_id = ab.academy_id
          where ab.announcement_id = a.id and bs.student_id = s.id and bs.academy_id = s.academy_id
        )
      )
      and not exists (select 1 from notifications n where n.academy_id = s.academy_id and n.student_id = s.id and n.announcement_id = a.id)`;
  const { rows } = await db.execute<{ any: boolean }>(sql`select exists (select 1 ${untold}) as any`);
  if (!rows[0]?.any) return 0;
  const result = await db.execute(sql`
    insert into ${notifications} (academy_id, student_id, announcement_id, message, message_key, message_values)
    select s.academy_id, s.id, a.id, ${ANNOUNCEMENT_NOTIFICATION_PREFIX}::text || a.title, 'announcement.created', jsonb_build_object('title', a.title)
    ${untold}
    on conflict (academy_id, student_id, announcement_id) do nothing
  `);
  return result.rowCount ?? 0;
}

/**
 * For the notes feature: tells the active students of a batch and/or the given students about a
 * note, once per student and note (one statement; repeating it tells no one twice).
 */
export async function notifyStudentsOfNote(db: DbExecutor, note: { noteId: string; title: string; batchId?: string; studentIds?: string[] }): Promise<number> {
  const values = { title: note.title };
  const english = wordNotification('note.created', values, 'en');
  const byId = note.studentIds?.length ? sql`s.id in (${sql.join(note.studentIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql`false`;
  const byBatch = note.batchId ? sql`exists (select 1 from batch_students bs where bs.student_id = s.id and bs.academy_id = s.academy_id and bs.batch_id = ${note.batchId})` : sql`false`;
  const result = await db.execute(sql`
    insert into ${notifications} (academy_id, student_id, note_id, message, message_key, message_values)
    select s.academy_id, s.id, ${note.noteId}::uuid, ${english}, 'note.created', ${JSON.stringify(values)}::jsonb
    from students s
    where s.status = 'active' and (${byId} or ${byBatch})
    on conflict (academy_id, student_id, note_id) do nothing
  `);
  return result.rowCount ?? 0;
}

/**
 * A note shared with a batch or a student (event `note.shared`): its students are told, as the note
 * reads now (title, batch or student). A note deleted or made general before the event is delivered
 * tells no one.
 */
export async function notifyStudentsOfSharedNote(db: DbExecutor, noteId: string): Promise<number> {
  const [note] = await db.select({ title: notes.title, batchId: notes.batchId, studentId: notes.studentId }).from(notes).where(eq(notes.id, noteId));
  if (!note || (!note.batchId && !note.studentId)) return 0;
  return notifyStudentsOfNote(db, { noteId, title: note.title, batchId: note.batchId ?? undefined, studentIds: note.studentId ? [note.studentId] : undefined });
}

/**
 * For online tests (issue 40): tells the active students of the test's batches that it is published,
 * once per student and test (one statement; repeating it tells no one twice). `opens` is the opening
 * as the academy writes it ("26-11-2026, 10:00 AM").
 */
export async function notifyStudentsOfOnlineTest(db: DbExecutor, test: { onlineTestId: string; title: string; opens: string }): Promise<number> {
  const values = { title: test.title, opens: test.opens };
  const english = wordNotification('online-test.published', values, 'en');
  const result = await db.execute(sql`
    insert into ${notifications} (academy_id, student_id, online_test_id, message, message_key, message_values)
    select distinct s.academy_id, s.id, ${test.onlineTestId}::uuid, ${english}, 'online-test.published', ${JSON.stringify(values)}::jsonb
    from online_test_batches otb
    join batch_students bs on bs.batch_id = otb.batch_id and bs.academy_id = otb.academy_id
    join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active'
    where otb.online_test_id = ${test.onlineTestId}
    on conflict (academy_id, student_id, online_test_id) do nothing
  `);
  return result.rowCount ?? 0;
}

/**
 * For homework (issue 59, event `homework.set`): tells the active students of its batch that it is
 * set, once per student and homework (one statement; repeating it tells no one twice). Homework
 * deleted before the event is delivered tells no one.
 */
export async function notifyStudentsOfHomework(db: DbExecutor, homeworkId: string): Promise<number> {
  const [work] = await db.select({ batchId: homework.batchId, title: homework.title }).from(homework).where(eq(homework.id, homeworkId));
  if (!work) return 0;
  const values = { title: work.title };
  const english = wordNotification('homework.set', values, 'en');
  const result = await db.execute(sql`
    insert into ${notifications} (academy_id, student_id, homework_id, message, message_key, message_values)
    select s.academy_id, s.id, ${homeworkId}::uuid, ${english}, 'homework.set', ${JSON.stringify(values)}::jsonb
    from batch_students bs
    join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active'
    where bs.batch_id = ${work.batchId}
    on conflict (academy_id, student_id, homework_id) do nothing
  `);
  return result.rowCount ?? 0;
}

async function unreadCount(db: DbExecutor, studentId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.studentId, studentId), eq(notifications.isRead, false)));
  return row?.count ?? 0;
}

/**
 * A student's notifications, newest first, with the total and the unread count. Each one is worded in
 * the reader's language from its key and values; a row made before keys existed shows its stored text.
 */
export async function listNotifications(db: DbExecutor, actor: Actor, query: { page: number; limit: number }, language: Language = 'en'): Promise<NotificationPage> {
  const studentId = studentIdOf(actor);
  // Every bell asks again each minute and the answer changes only with a notification (or an
  // announcement's title): kept (lib/read-cache.ts; notifications announce their changes, migration 0099).
  return cachedRead(db, cacheKey('notifications', studentId, query.page, query.limit, language), NOTIFICATION_TABLES, () => readNotifications(db, studentId, query, language));
}

/** What a student's bell reads. */
const NOTIFICATION_TABLES = ['notifications', 'announcements'] as const;

async function readNotifications(db: DbExecutor, studentId: string, query: { page: number; limit: number }, language: Language): Promise<NotificationPage> {
  // One statement: the counts are window aggregates over all the student's notifications, taken before
  // the page is cut (every bell polls this each minute, so a second round trip per poll adds up).
  const rows = await db
    .select({
      _id: notifications.id,
      message: notifications.message,
      messageKey: notifications.messageKey,
      messageValues: notifications.messageValues,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
      announcementId: notifications.announcementId,
      announcementTitle: announcements.title,
      noteId: notifications.noteId,
      total: sql<number>`(count(*) over ())::int`,
      unread: sql<number>`(count(*) filter (where not ${notifications.isRead}) over ())::int`,
    })
    .from(notifications)
    .leftJoin(announcements, joinOn(announcements.id, notifications.announcementId))
    .where(eq(notifications.studentId, studentId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // A page past the end has no row to carry the counts: they are counted on their own.
  const counts = rows[0] ?? (await countsOf(db, studentId));
  return {
    notifications: rows.map((row) => ({
      _id: row._id,
      message: (row.messageKey && wordNotification(row.messageKey, row.messageValues ?? {}, language)) || row.message,
      isRead: row.isRead,
      createdAt: row.createdAt.toISOString(),
      announcement: row.announcementId ? { _id: row.announcementId, title: row.announcementTitle ?? '' } : null,
      note: row.noteId ? { _id: row.noteId } : null,
    })),
    pagination: { page: query.page, limit: query.limit, total: counts.total },
    unreadCount: counts.unread,
  };
}

async function countsOf(db: DbExecutor, studentId: string): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where not ${notifications.isRead}))::int` })
    .from(notifications)
    .where(eq(notifications.studentId, studentId));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** Marks one of the student's own notifications read (again is fine); someone else's is 404. */
export async function markNotificationRead(db: DbExecutor, actor: Actor, id: string): Promise<{ unreadCount: number }> {
  const studentId = studentIdOf(actor);
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.studentId, studentId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND', NOTIFICATION_NOT_FOUND);
  return { unreadCount: await unreadCount(db, studentId) };
}

export async function markAllNotificationsRead(db: DbExecutor, actor: Actor): Promise<{ unreadCount: number }> {
  const studentId = studentIdOf(actor);
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.studentId, studentId), eq(notifications.isRead, false)));
  return { unreadCount: 0 };
}

/**
 * For recorded lectures (issue 75, decision 082): tells these students (the ones absent from that class)
 * that its recording is ready, once per student and lecture (one statement; repeating it tells no one
 * twice). `today`: the lecture is of the academy's today ("Today's Physics class…").
 */
export async function notifyStudentsOfRecordedLecture(db: DbExecutor, lecture: { lectureId: string; studentIds: readonly string[]; subject: string; date: string; today: boolean }): Promise<number> {
  if (lecture.studentIds.length === 0) return 0;
  const key = lecture.today ? 'lecture.recorded-today' : 'lecture.recorded';
  const values: Record<string, string> = lecture.today ? { subject: lecture.subject } : { subject: lecture.subject, date: lecture.date };
  const english = wordNotification(key, values, 'en') ?? '';
  const result = await db.execute(sql`
    insert into ${notifications} (academy_id, student_id, lecture_id, message, message_key, message_values)
    select s.academy_id, s.id, ${lecture.lectureId}::uuid, ${english}, ${key}, ${JSON.stringify(values)}::jsonb
    from students s where s.id in (${sql.join(
      lecture.studentIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    on conflict (academy_id, student_id, lecture_id) do nothing
  `);
  return result.rowCount ?? 0;
}
