/** After sending: the providers' status reports, the app's "shown", and the office's retry. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { appNowSql } from '../../db/app-time';
import { parentMessages, parents } from '../../db/schema';
import { queueJob } from '../../events/queue-job';
import { PARENT_MESSAGE_MAX_ATTEMPTS, PARENT_SENDER_JOB } from './queue-messages';
import { queueFallback } from './fallback';

/** The office's retry of failed messages: due again at once, with fresh tries. */
export async function retryParentMessages(db: DbExecutor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(parentMessages)
    .set({ status: 'queued', attempts: 0, error: null })
    // A message no channel could carry is not sent again as it is (its family gets the next one once a channel is set up).
    .where(and(inArray(parentMessages.id, ids), eq(parentMessages.status, 'failed'), sql`${parentMessages.channel} <> 'none'`))
    .returning({ id: parentMessages.id });
  return rows.length;
}

/**
 * How far a message has come: a status report only ever moves it on (reports arrive out of order). A
 * searched CASE: Citus sends a simple one (`case m.status when …`) in an UPDATE to the worker as
 * `text = boolean` (decision 053).
 */
const STATUS_RANK = sql`case when m.status = 'queued' then 0 when m.status in ('sent', 'failed') then 1 when m.status = 'delivered' then 2 when m.status = 'read' then 3 else 9 end`;

/**
 * A provider's report on a message it was given (WhatsApp's status webhook, MSG91's delivery report):
 * delivered and read move it on (never back); failed counts only before delivery and hands
 * the message to the next channel (`queueFallback`: WhatsApp → SMS → email). An unknown id changes nothing.
 */
export async function recordProviderStatus(
  db: DbExecutor,
  report: { channel: 'whatsapp' | 'sms'; providerId: string; status: 'sent' | 'delivered' | 'read' | 'failed'; at: Date; error?: string; final?: boolean },
): Promise<void> {
  const rank = { sent: 1, failed: 1, delivered: 2, read: 3 }[report.status];
  // The provider's time only when it is possible (issue 53: `"timestamp":"1"` made read_at 1970): not
  // before the message was queued (a minute's leeway for clocks) nor minutes ahead; else when it came.
  // This server's clock and the bounds as parameters: Citus refuses now() and a timestamp's arithmetic (STABLE)
  // inside CASE or COALESCE of an UPDATE (decision 053).
  const nowDate = new Date();
  const now = appNowSql(nowDate);
  const reported = Number.isNaN(report.at.getTime()) || report.at.getTime() > nowDate.getTime() + 5 * 60_000 ? null : report.at;
  const at = reported
    ? sql`(case when m.created_at <= ${new Date(reported.getTime() + 60_000).toISOString()}::timestamptz then ${reported.toISOString()}::timestamptz else ${now} end)`
    : now;
  const { rows } = await db.execute<{ id: string }>(sql`
    update parent_messages m set
      status = ${report.status}::text,
      sent_at = coalesce(m.sent_at, ${at}),
      delivered_at = case when ${rank}::int >= 2 then coalesce(m.delivered_at, ${at}) else m.delivered_at end,
      read_at = case when ${rank}::int = 3 then coalesce(m.read_at, ${at}) else m.read_at end,
      error = ${report.status === 'failed' ? (report.error ?? 'Not delivered').slice(0, 1000) : null}::text,
      attempts = case when ${report.status === 'failed' && report.final !== false}::boolean then greatest(m.attempts, ${PARENT_MESSAGE_MAX_ATTEMPTS}::int) else m.attempts end,
      updated_at = ${now}
    where m.channel = ${report.channel}::text and m.provider_id = ${report.providerId}::text
      and (${STATUS_RANK} < ${rank}::int or (m.status = 'sent' and ${report.status}::text = 'failed'))
      and m.status not in ('cancelled', 'failed')
    returning m.id`);
  if (report.status === 'failed') {
    let queued = false;
    for (const row of rows) queued = (await queueFallback(db, row.id)) || queued;
    // The sender sleeps until its next known work (sender-times.ts): woken for this one.
    if (queued) await queueJob(db, PARENT_SENDER_JOB, {});
  }
}

/**
 * The app's service worker showed a message (Web Push, issue 37; POST /api/push/received): a push message to this user's parent record that was queued
 * or sent becomes delivered. Anything else (another family's message, another channel, already
 * delivered or read) is left as it is; answers whether the message moved.
 */
export async function markPushShown(db: DbExecutor, userId: string, messageId: string): Promise<boolean> {
  const moved = await db
    .update(parentMessages)
    .set({ status: 'delivered', deliveredAt: sql`now()` })
    .where(
      and(
        eq(parentMessages.id, messageId),
        eq(parentMessages.channel, 'push'),
        inArray(parentMessages.status, ['queued', 'sent']),
        sql`${parentMessages.parentId} in (select ${parents.id} from ${parents} where ${parents.userId} = ${userId})`,
      ),
    )
    .returning({ id: parentMessages.id });
  return moved.length > 0;
}
