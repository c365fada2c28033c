import { createHmac } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import type { Db, DbExecutor } from '../../db/client';
import { parentMessages, parents, parentStudents, users } from '../../db/schema';
import type { JobRunner } from '../../lib/jobs';
import { parentMessageMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { getAcademySettings, parentWebhookConfig } from '../settings/settings.service';

/** The job that sends pending messages to parents (one-off runs at once, and a sweep every minute for retries). */
export const PARENT_SENDER_JOB = 'parent-messages';
/** Tries per message and channel before it stays `failed` (the office can retry it). */
export const PARENT_MESSAGE_MAX_ATTEMPTS = 5;
/** The header carrying the webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-academy-signature';
const WEBHOOK_TIMEOUT_MS = 10_000;
const LEASE = sql`now() + interval '2 minutes'`;

/** A message for a student's parents: what it is about and its words in every language. */
export type ParentNotice = {
  studentId: string;
  /** What kind of message: 'absence', 'fee-reminder', 'fee-receipt', 'report-card'. */
  kind: string;
  /** The event (e.g. `absence:{studentId}:{date}`): each parent gets it once per channel. */
  key: string;
  /** The day it is about ('YYYY-MM-DD'). */
  date: string;
  /** Subject and text per language; `{parent}` in them becomes the parent's name. */
  messages: Record<Language, { subject: string; text: string }>;
  /** Facts for the provider's webhook (child, batch, status…); parent, phone and message are added. */
  payload: Record<string, unknown>;
  /** Only these channels (a report card's or a receipt's mail carries its PDF and is sent by its own job: webhook only). Default: all. */
  channels?: readonly ('email' | 'webhook')[];
};

export type LinkedParent = { parentId: string; name: string; email: string; language: Language };

/** The active parents linked to a student (for a message that `notifyParents` cannot carry, e.g. a PDF). */
export async function linkedParentsOf(db: DbExecutor, studentId: string): Promise<LinkedParent[]> {
  return db
    .select({ parentId: parents.id, name: users.name, email: sql<string>`${users.email}` /* a parent always has one (users_email_required_check) */, language: users.language })
    .from(parentStudents)
    .innerJoin(parents, eq(parents.id, parentStudents.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(eq(parentStudents.studentId, studentId), eq(users.isActive, true)));
}

/**
 * Sends a message to every parent linked to the student NOW, by email (in the parent's language,
 * through SMTP or the outbox) and, when Settings has one, by the academy's webhook (its SMS/WhatsApp
 * provider). Writes one `parent_messages` row per parent and channel (none again for the same `key`)
 * and asks the job runner to send them at once; without a runner (tests, CLI) the minute sweep does.
 * Returns how many messages were queued. Never reaches an unlinked parent: the link is checked again
 * when each message is sent.
 */
export async function notifyParents(db: DbExecutor, jobs: JobRunner | undefined, notice: ParentNotice): Promise<number> {
  const rows = await queueParentMessages(db, notice, 'pending');
  if (rows > 0 && jobs) await jobs.enqueue(PARENT_SENDER_JOB, {});
  return rows;
}

/** Records the notice as `cancelled` for each linked parent (an absence corrected within the delay), for the office's list. */
export async function cancelParentNotice(db: DbExecutor, notice: ParentNotice): Promise<number> {
  return queueParentMessages(db, notice, 'cancelled');
}

async function queueParentMessages(db: DbExecutor, notice: ParentNotice, status: 'pending' | 'cancelled'): Promise<number> {
  const linked = await linkedParentsOf(db, notice.studentId);
  if (linked.length === 0) return 0;
  const webhook = await parentWebhookConfig(db);
  const channels = (webhook ? (['email', 'webhook'] as const) : (['email'] as const)).filter((channel) => !notice.channels || notice.channels.includes(channel));
  if (channels.length === 0) return 0;
  const values = linked.flatMap((parent) => {
    const words = notice.messages[parent.language];
    const fill = (text: string) => text.replaceAll('{parent}', parent.name);
    return channels.map((channel) => ({
      kind: notice.kind,
      key: notice.key,
      studentId: notice.studentId,
      parentId: parent.parentId,
      channel,
      status,
      date: notice.date,
      subject: fill(words.subject).slice(0, 300),
      text: fill(words.text),
      payload: notice.payload,
    }));
  });
  const inserted = await db.insert(parentMessages).values(values).onConflictDoNothing().returning({ id: parentMessages.id });
  if (status === 'cancelled') return inserted.length;
  // Cancelled earlier the same day (a corrected mark), due after all now (marked absent again).
  const revived = await db
    .update(parentMessages)
    .set({ status: 'pending', attempts: 0, error: null })
    .where(and(eq(parentMessages.key, notice.key), eq(parentMessages.status, 'cancelled')))
    .returning({ id: parentMessages.id });
  return inserted.length + revived.length;
}

type ClaimedMessage = {
  id: string;
  kind: string;
  channel: 'email' | 'webhook';
  subject: string;
  text: string;
  payload: Record<string, unknown>;
  attempts: number;
  date: string;
  parentName: string;
  parentEmail: string;
  parentPhone: string | null;
  parentLanguage: Language;
  relation: string;
  linked: boolean;
  active: boolean;
};

/**
 * The sender (job `parent-messages`): claims the messages that are due (pending, or failed and past
 * their backoff: 30 s, 1 min, 2 min …) with FOR UPDATE SKIP LOCKED and a lease, so two servers never
 * send the same one, and sends each. A parent unlinked meanwhile gets nothing (`cancelled`).
 */
export async function sendDueParentMessages(deps: { db: Db; mailer: Mailer; fetch?: typeof fetch }, limit = 200): Promise<{ sent: number; failed: number }> {
  const { rows } = await deps.db.execute<ClaimedMessage>(sql`
    with due as (
      select m.id from parent_messages m
      where (m.status = 'pending' or (m.status = 'failed' and m.attempts < ${PARENT_MESSAGE_MAX_ATTEMPTS}
          and m.updated_at <= now() - make_interval(secs => least(3600, 30 * power(2, greatest(m.attempts - 1, 0)))::int)))
        and (m.locked_until is null or m.locked_until < now())
      order by m.created_at
      limit ${limit}
      for update skip locked)
    update parent_messages m set locked_until = ${LEASE}, attempts = m.attempts + 1
    from due, parents p, users u
    where m.id = due.id and p.id = m.parent_id and u.id = p.user_id
    returning m.id, m.kind, m.channel, m.subject, m.text, m.payload, m.attempts, m.date::text as date,
      u.name as "parentName", u.email as "parentEmail", p.phone as "parentPhone", u.language as "parentLanguage", p.relation,
      u.is_active as active,
      exists (select 1 from parent_students ps where ps.parent_id = m.parent_id and ps.student_id = m.student_id) as linked`);
  if (rows.length === 0) return { sent: 0, failed: 0 };
  const settings = await getAcademySettings(deps.db);
  const webhook = rows.some((row) => row.channel === 'webhook') ? await parentWebhookConfig(deps.db) : undefined;
  let sent = 0;
  let failed = 0;
  for (const message of rows) {
    if (!message.linked || !message.active) {
      await deps.db.update(parentMessages).set({ status: 'cancelled', lockedUntil: null, error: 'The parent is no longer linked to this student' }).where(eq(parentMessages.id, message.id));
      continue;
    }
    try {
      if (message.channel === 'email') {
        const mail = parentMessageMail({ academyName: settings.name, subject: message.subject, text: message.text, language: message.parentLanguage });
        await deps.mailer.send({ to: message.parentEmail, ...mail });
      } else {
        if (!webhook) throw new Error('No webhook address in Settings');
        await postWebhook(deps.fetch ?? fetch, webhook, {
          id: message.id,
          kind: message.kind,
          date: message.date,
          parent: { name: message.parentName, phone: message.parentPhone, language: message.parentLanguage, relation: message.relation },
          phone: message.parentPhone,
          ...message.payload,
          message: message.text,
        });
      }
      await deps.db.update(parentMessages).set({ status: 'sent', sentAt: new Date(), lockedUntil: null, error: null }).where(eq(parentMessages.id, message.id));
      sent += 1;
    } catch (error) {
      failed += 1;
      const text = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await deps.db.update(parentMessages).set({ status: 'failed', lockedUntil: null, error: text }).where(eq(parentMessages.id, message.id));
    }
  }
  return { sent, failed };
}

/** The signature of a webhook body: hex HMAC-SHA256 of `${timestamp}.${body}` with the academy's secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

async function postWebhook(send: typeof fetch, webhook: { url: string; secret: string }, body: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await send(webhook.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: `t=${timestamp},v1=${signWebhook(webhook.secret, timestamp, json)}` },
    body: json,
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`The webhook answered ${response.status}`);
}

/** The office's retry of failed messages: due again at once, with fresh tries. */
export async function retryParentMessages(db: DbExecutor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(parentMessages)
    .set({ status: 'pending', attempts: 0, error: null })
    .where(and(inArray(parentMessages.id, ids), eq(parentMessages.status, 'failed')))
    .returning({ id: parentMessages.id });
  return rows.length;
}
