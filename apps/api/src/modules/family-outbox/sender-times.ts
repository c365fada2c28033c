import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { academySql } from '../../db/same-academy';
import { SEND_RETRY_DELAYS_SECONDS } from '../../lib/delivery-timing';
import { messagingReadiness } from '../../academy-settings';
import { PARENT_MESSAGE_MAX_ATTEMPTS } from './queue-messages';

/**
 * When the sender of messages to families (`parent-messages`) next has work (decision 115). A new message
 * is sent at once by the one-off run its queueing asks for; the periodic run is for what comes later: a
 * failed try's retry, a message the quiet hours hold, a claim whose server died, and a WhatsApp message or
 * app notification that may need the next channel when it is not delivered within the set minutes. It runs
 * at the first of these and every 10 minutes behind that (a restore, a changed setting), no longer every
 * minute in every academy.
 */

/** The retry waits (delivery-timing.ts) as a PostgreSQL array, indexed by the tries made so far. */
export const RETRY_DELAYS = sql.raw(`array[${SEND_RETRY_DELAYS_SECONDS.map((seconds) => Math.round(seconds)).join(',')}]::int[]`);

/** The wait after a message's `attempts`-th failed try, in SQL (`m` the message). */
export const RETRY_WAIT = sql`make_interval(secs => (${RETRY_DELAYS})[least(greatest(m.attempts, 1), ${SEND_RETRY_DELAYS_SECONDS.length})])`;

/**
 * Messages the sender may still send: queued, or failed with tries left (never those no channel carries).
 * The predicate of the index parent_messages_pending_idx, word for word, the limit a constant in the text.
 */
export const PENDING = sql`(m.status = 'queued' or (m.status = 'failed' and m.attempts < ${sql.raw(String(PARENT_MESSAGE_MAX_ATTEMPTS))})) and m.channel <> 'none'`;

const asDate = (value: Date | string | null | undefined) => (value === null || value === undefined ? undefined : new Date(value));

/**
 * The first time a pending message becomes sendable (its retry wait, its quiet hours and a dead server's
 * claim all past), or a sent message's fallback falls due; undefined when nothing waits. A time already past
 * (more due than one run sends) is the runner's to put a minute ahead (job-rows.ts).
 */
export async function nextParentMessageAt(db: Db): Promise<Date | undefined> {
  const academy = academySql();
  const { fallbackMinutes } = await messagingReadiness(db);
  const { rows } = await db.execute<{ next: Date | string | null }>(sql`
    select least(
      (select min(greatest(
          case when m.status = 'failed' then m.updated_at + ${RETRY_WAIT} end,
          m.not_before,
          m.locked_until,
          m.created_at))
        from parent_messages m where m.academy_id = ${academy} and ${PENDING}),
      -- Only fallbacks still ahead: one already due was handled by the run that asks (queueLateFallbacks),
      -- or has no next channel, and is looked at again by the next run, not every minute.
      (select min(m.sent_at) + make_interval(mins => ${fallbackMinutes})
        from parent_messages m
        where m.academy_id = ${academy} and m.channel in ('push', 'whatsapp') and m.status = 'sent'
          and m.sent_at > now() - make_interval(mins => ${fallbackMinutes}))
    ) as next`);
  return asDate(rows[0]?.next);
}
