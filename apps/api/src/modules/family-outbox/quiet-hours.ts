/** The quiet hours: what they hold, until when, and the office's "Send now" of a held message. */
import { and, eq, sql } from 'drizzle-orm';
import { URGENT_KINDS, type MessageChannel, type MessageKind } from '@academy/shared/schemas/messaging';
import type { DbExecutor } from '../../db/client';
import { parentMessages } from '../../db/schema';
import { getAcademySettings, messagingReadiness } from '../../academy-settings';
import { linkedParentsOfStudents } from './recipients';
import { chooseChannel, channelsOpen } from './channels';
import { thisAcademy } from '../../db/same-academy';

/** The minutes of the day (0–1439) at `now` where the academy is. */
function minutesOfDay(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * When a message made at `now` may go out: null at once, or the end of the quiet hours (e.g.
 * 21:00–07:00 where the academy is) when `now` falls inside them.
 */
export function endOfQuietHours(now: Date, quietHours: { from: string; to: string } | null, timeZone: string): Date | null {
  if (!quietHours) return null;
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const from = toMinutes(quietHours.from);
  const to = toMinutes(quietHours.to);
  const minute = minutesOfDay(now, timeZone);
  const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!inside) return null;
  const wait = (to - minute + 1440) % 1440;
  const start = new Date(now);
  start.setUTCSeconds(0, 0);
  return new Date(start.getTime() + wait * 60_000);
}

/** Channels that buzz a phone: the quiet hours hold them (a mail or the academy's webhook goes at once). */
const HELD_CHANNELS: readonly MessageChannel[] = ['push', 'whatsapp', 'sms'];

/**
 * Whether a message of `kind` made now would wait for the quiet hours to end, and until when: null at
 * once (outside the quiet hours, none set, or an urgent kind).
 */
export async function quietHoursHoldOf(db: DbExecutor, kind: MessageKind, now: Date = new Date()): Promise<Date | null> {
  if (URGENT_KINDS.includes(kind)) return null;
  const [readiness, settings] = await Promise.all([messagingReadiness(db), getAcademySettings(db)]);
  return endOfQuietHours(now, readiness.quietHours, settings.timeZone);
}

/**
 * Which of these students' families a message of `kind` queued now would reach only after the quiet
 * hours: every linked parent's channel is one the quiet hours hold (the app, WhatsApp, SMS). A family
 * with one parent reached by email now is told now; a student without a linked parent is not counted
 * (the caller mails them or names them as unreachable). One query for all the students.
 */
export async function familiesWaitingForQuietHours(
  db: DbExecutor,
  kind: MessageKind,
  studentIds: string[],
  channels?: readonly MessageChannel[],
): Promise<{ until: Date | null; studentIds: Set<string> }> {
  const until = await quietHoursHoldOf(db, kind);
  if (!until || studentIds.length === 0) return { until, studentIds: new Set() };
  const [linked, readiness] = await Promise.all([
    linkedParentsOfStudents(db, studentIds),
    messagingReadiness(db),
  ]);
  const open = channelsOpen(kind, readiness, channels);
  const toldNow = new Set<string>();
  const held = new Set<string>();
  for (const parent of linked) {
    const channel = chooseChannel(parent, open);
    if (!channel) continue;
    if (HELD_CHANNELS.includes(channel)) held.add(parent.studentId);
    else toldNow.add(parent.studentId);
  }
  return { until, studentIds: new Set([...held].filter((studentId) => !toldNow.has(studentId))) };
}

/** A queued message the quiet hours hold: not sent before `not_before` (index parent_messages_held_idx). */
const heldCondition = sql`${parentMessages.status} = 'queued' and ${parentMessages.notBefore} is not null and ${parentMessages.notBefore} > now()`;

/**
 * The quiet hours changed (Settings → Messages): every message they hold waits for the new end
 * instead, or goes now when the new hours (or none) do not cover this moment. Returns how many were
 * timed again; the caller wakes the sender when any were (it sends those released, and sleeps until the
 * new end: sender-times.ts).
 */
export async function retimeHeldMessages(db: DbExecutor, now: Date = new Date()): Promise<number> {
  const [readiness, settings] = await Promise.all([messagingReadiness(db), getAcademySettings(db)]);
  const until = endOfQuietHours(now, readiness.quietHours, settings.timeZone);
  const rows = await db.update(parentMessages).set({ notBefore: until }).where(heldCondition).returning({ id: parentMessages.id });
  return rows.length;
}

/**
 * The office's "Send now" of one message the quiet hours hold: due at once. Returns what it was (for
 * the audit entry), or null when no such message is held (the caller says 404 or 409).
 */
export async function releaseHeldMessage(db: DbExecutor, id: string): Promise<{ held: boolean; found: boolean; kind: string; parentId: string | null }> {
  const [row] = await db
    .select({ kind: parentMessages.kind, parentId: parentMessages.parentId, held: sql<boolean>`${heldCondition}` })
    .from(parentMessages)
    .where(and(eq(parentMessages.id, id), thisAcademy(parentMessages)))
    .for('update');
  if (!row) return { held: false, found: false, kind: '', parentId: null };
  if (!row.held) return { held: false, found: true, kind: row.kind, parentId: row.parentId };
  await db.update(parentMessages).set({ notBefore: null }).where(eq(parentMessages.id, id));
  return { held: true, found: true, kind: row.kind, parentId: row.parentId };
}
