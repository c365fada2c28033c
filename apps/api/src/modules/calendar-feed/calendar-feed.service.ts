import { and, eq } from 'drizzle-orm';
import type { CalendarFeedLink, CalendarFeedStatus } from '@academy/shared/schemas/calendar-feed';
import type { DbExecutor } from '../../db/client';
import { calendarFeeds, students, teachers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { generateToken, hashToken } from '../../lib/tokens';
import { actorColumns, toActor } from '../../access/actor';
import { scheduleIcs } from '../batches/schedule.service';

export const CALENDAR_FEED_NOT_FOUND = 'This calendar address is no longer valid';

export async function calendarFeedStatus(db: DbExecutor, userId: string): Promise<CalendarFeedStatus> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { active: row !== undefined, createdAt: row ? row.createdAt.toISOString() : null };
}

/** A new secret address for the user's classes; replacing the row stops the previous address at once. */
export async function createCalendarFeed(db: DbExecutor, userId: string, origin: string): Promise<CalendarFeedLink> {
  const token = generateToken();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashToken(token) })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), createdAt: new Date() } })
    .returning({ createdAt: calendarFeeds.createdAt });
  return { url: `${origin}/api/calendar/${token}.ics`, createdAt: row!.createdAt.toISOString() };
}

export async function deleteCalendarFeed(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * The .ics behind a secret address. The owner must still be an active student or teacher: a
 * deactivated teacher's or an archived student's address stops answering with their account.
 */
export async function calendarFeedIcs(db: DbExecutor, token: string): Promise<string> {
  // The owner as an Actor (their teacher or student record) in the same statement as the address.
  const [row] = await db
    .select(actorColumns)
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(teachers, eq(teachers.userId, users.id))
    .leftJoin(students, eq(students.userId, users.id))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(users.isActive, true)));
  if (!row || row.role === 'admin') throw new AppError('NOT_FOUND', CALENDAR_FEED_NOT_FOUND);
  return scheduleIcs(db, toActor(row));
}
