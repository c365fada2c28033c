import { and, eq } from 'drizzle-orm';
import type { CalendarFeedLink, CalendarFeedStatus } from '@academy/shared/schemas/calendar-feed';
import type { Db, DbExecutor } from '../../db/client';
import { calendarFeeds, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { generateToken, hashToken } from '../../lib/tokens';
import { actorColumns, actorJoins, toActor, type Actor } from '../../access/actor';
import { mayHaveCalendarFeed } from '../../access/calendar-feed';
import { recordAudit } from '../audit';
import { scheduleIcs } from '../batches';
import { academySql, joinOn } from '../../db/same-academy';

export const CALENDAR_FEED_NOT_FOUND = 'This calendar address is no longer valid';

export async function calendarFeedStatus(db: DbExecutor, userId: string): Promise<CalendarFeedStatus> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { active: row !== undefined, createdAt: row ? row.createdAt.toISOString() : null };
}

/** A new secret address for the user's classes; replacing the row stops the previous address at once. */
export async function createCalendarFeed(db: Db, actor: Actor, origin: string): Promise<CalendarFeedLink> {
  const userId = actor.userId;
  const token = generateToken();
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(calendarFeeds)
      .values({ userId, tokenHash: hashToken(token) })
      .onConflictDoUpdate({ target: [calendarFeeds.academyId, calendarFeeds.userId], set: { tokenHash: hashToken(token), createdAt: new Date() } })
      .returning({ createdAt: calendarFeeds.createdAt });
    // The address is a secret: the entry says only that a new one was made.
    await recordAudit(tx, actor, { action: 'calendar.create', entityType: 'account', entityId: userId, text: { key: 'account.calendar_created' } });
    return saved;
  });
  return { url: `${origin}/api/calendar/${token}.ics`, createdAt: row!.createdAt.toISOString() };
}

export async function deleteCalendarFeed(db: Db, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.userId)).returning({ userId: calendarFeeds.userId });
    if (deleted.length > 0) await recordAudit(tx, actor, { action: 'calendar.delete', entityType: 'account', entityId: actor.userId, text: { key: 'account.calendar_deleted' } });
  });
}

/**
 * The .ics behind a secret address, in its owner's chosen language. The owner must still be an active student or teacher: a
 * deactivated teacher's or an archived student's address stops answering with their account.
 */
export async function calendarFeedIcs(db: DbExecutor, token: string): Promise<string> {
  // The owner as an Actor (their teacher or student record) in the same statement as the address.
  const academy = academySql();
  const [[teacherRows, ofTeacher], [studentRows, ofStudent], [parentRows, ofParent]] = actorJoins(academy);
  const [row] = await db
    .select({ ...actorColumns(academy), language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, and(joinOn(users.id, calendarFeeds.userId), eq(users.academyId, academy)))
    .leftJoin(teacherRows, ofTeacher)
    .leftJoin(studentRows, ofStudent)
    .leftJoin(parentRows, ofParent)
    .where(and(eq(calendarFeeds.academyId, academy), eq(calendarFeeds.tokenHash, hashToken(token)), eq(users.isActive, true)));
  const owner = row ? toActor(row) : undefined;
  if (!owner || !mayHaveCalendarFeed(owner)) throw new AppError('NOT_FOUND', CALENDAR_FEED_NOT_FOUND);
  // In the owner's language (issue 53): a phone's calendar app fetches it without saying who reads.
  return scheduleIcs(db, owner, row!.language);
}
