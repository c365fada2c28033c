import { createHmac } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import type { AcademySettings } from '@academy/shared/schemas/settings';
import type { Db, DbExecutor } from '../../db/client';
import { parentMessages, parents, parentStudents, users } from '../../db/schema';
import type { JobRunner } from '../../db/job-runner';
import { parentMessageMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { OutboundAddressError, postJson, type OutboundPolicy } from '../../lib/outbound-address';
import { UnreadableSecretError } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { getAcademySettings, hasParentWebhook, parentWebhookConfig } from '../settings';

/** The job that sends pending messages to parents (one-off runs at once, and a sweep every minute for retries). */
export const PARENT_SENDER_JOB = 'parent-messages';
/** Tries per message and channel before it stays `failed` (the office can retry it). */
export const PARENT_MESSAGE_MAX_ATTEMPTS = 5;
/** The header carrying the webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-academy-signature';
const WEBHOOK_TIMEOUT_MS = 10_000;
/** A claimed message's lease, renewed every third of it while the message is being sent. */
const MESSAGE_LEASE_MS = 2 * 60_000;

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
  const webhook = await hasParentWebhook(db);
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

// What the office reads in the list of messages (`error`, translated in the browser): plain sentences,
// never a socket's error (an address, a port, ECONNREFUSED); the detail goes to the server's log.
export const WEBHOOK_NO_ANSWER_MESSAGE = 'The webhook did not answer';
export const WEBHOOK_STATUS_MESSAGE = 'The webhook answered {status}';
export const WEBHOOK_MISSING_MESSAGE = 'No webhook address in Settings';
export const WEBHOOK_SECRET_UNREADABLE_MESSAGE = 'The webhook secret could not be read (the server key changed): enter the webhook secret again in Settings';
export const EMAIL_NOT_SENT_MESSAGE = 'The email could not be sent';
export const PARENT_UNLINKED_MESSAGE = 'The parent is no longer linked to this student';

/** A failure whose message is already the office's sentence. */
class SendFailure extends Error {}

export type ParentSenderDeps = {
  db: Db;
  mailer: Mailer;
  /** Opens the webhook secret (sealed at rest). */
  keys: ServerKeys;
  /** The outbound guard's policy for the webhook's address (lib/outbound-address.ts). */
  outbound: OutboundPolicy;
  log?: { warn(object: object, message: string): void };
  /** How long a claimed message stays claimed without renewal (tests shorten it). */
  leaseMs?: number;
};

/**
 * The sender (job `parent-messages`): sends the messages that are due (pending, or failed and past
 * their backoff: 30 s, 1 min, 2 min …), at most `limit` in one run. Each message is claimed on its
 * own (FOR UPDATE SKIP LOCKED and a lease) right before it is sent, and its lease is renewed while
 * the send lasts, so a slow provider cannot let a claim run out and another server send the same
 * message again (issue 35, finding 10b); two servers share the work instead. A parent unlinked
 * meanwhile gets nothing (`cancelled`).
 */
export async function sendDueParentMessages(deps: ParentSenderDeps, limit = 200): Promise<{ sent: number; failed: number }> {
  const leaseMs = deps.leaseMs ?? MESSAGE_LEASE_MS;
  let settings: AcademySettings | undefined;
  // Read once per run, when the first webhook message needs it.
  let webhook: Promise<WebhookTarget> | undefined;
  let sent = 0;
  let failed = 0;
  for (let count = 0; count < limit; count += 1) {
    const message = await claimNextMessage(deps.db, leaseMs);
    if (!message) break;
    if (!message.linked || !message.active) {
      await deps.db.update(parentMessages).set({ status: 'cancelled', lockedUntil: null, error: PARENT_UNLINKED_MESSAGE }).where(eq(parentMessages.id, message.id));
      continue;
    }
    const renewal = setInterval(() => {
      deps.db
        .update(parentMessages)
        .set({ lockedUntil: sql`now() + ${leaseMs}::float8 * interval '1 millisecond'` })
        .where(eq(parentMessages.id, message.id))
        .catch((error: unknown) => deps.log?.warn({ err: error, messageId: message.id }, 'the claim of a message to a parent could not be renewed'));
    }, leaseMs / 3);
    try {
      if (message.channel === 'email') {
        settings ??= await getAcademySettings(deps.db);
        await sendEmail(deps, settings, message);
      } else {
        webhook ??= loadWebhook(deps);
        await sendToWebhook(deps, await webhook, message);
      }
      await deps.db.update(parentMessages).set({ status: 'sent', sentAt: new Date(), lockedUntil: null, error: null }).where(eq(parentMessages.id, message.id));
      sent += 1;
    } catch (error) {
      failed += 1;
      // A refused address or a missing secret is said as it is (the office can fix it); anything else
      // (refused connection, timeout, TLS, SMTP) is a plain sentence here and the detail in the log.
      const known = error instanceof SendFailure || error instanceof OutboundAddressError;
      if (!known) deps.log?.warn({ err: error, messageId: message.id, channel: message.channel }, 'a message to a parent could not be sent');
      const text = known ? error.message : message.channel === 'email' ? EMAIL_NOT_SENT_MESSAGE : WEBHOOK_NO_ANSWER_MESSAGE;
      await deps.db.update(parentMessages).set({ status: 'failed', lockedUntil: null, error: text.slice(0, 1000) }).where(eq(parentMessages.id, message.id));
    } finally {
      clearInterval(renewal);
    }
  }
  return { sent, failed };
}

/** Claims the next due message (one), or none. */
async function claimNextMessage(db: Db, leaseMs: number): Promise<ClaimedMessage | undefined> {
  const { rows } = await db.execute<ClaimedMessage>(sql`
    with due as (
      select m.id from parent_messages m
      where (m.status = 'pending' or (m.status = 'failed' and m.attempts < ${PARENT_MESSAGE_MAX_ATTEMPTS}
          and m.updated_at <= now() - make_interval(secs => least(3600, 30 * power(2, greatest(m.attempts - 1, 0)))::int)))
        and (m.locked_until is null or m.locked_until < now())
      order by m.created_at
      limit 1
      for update skip locked)
    update parent_messages m set locked_until = now() + ${leaseMs}::float8 * interval '1 millisecond', attempts = m.attempts + 1
    from due, parents p, users u
    where m.id = due.id and p.id = m.parent_id and u.id = p.user_id
    returning m.id, m.kind, m.channel, m.subject, m.text, m.payload, m.attempts, m.date::text as date,
      u.name as "parentName", u.email as "parentEmail", p.phone as "parentPhone", u.language as "parentLanguage", p.relation,
      u.is_active as active,
      exists (select 1 from parent_students ps where ps.parent_id = m.parent_id and ps.student_id = m.student_id) as linked`);
  return rows[0];
}

async function sendEmail(deps: ParentSenderDeps, settings: AcademySettings, message: ClaimedMessage): Promise<void> {
  const mail = parentMessageMail({ academyName: settings.name, subject: message.subject, text: message.text, language: message.parentLanguage });
  await deps.mailer.send({ to: message.parentEmail, ...mail });
}

/** The webhook as the sender needs it, or the office's sentence saying why there is none. */
type WebhookTarget = { url: string; secret: string } | { failure: string };

async function loadWebhook(deps: ParentSenderDeps): Promise<WebhookTarget> {
  try {
    return (await parentWebhookConfig(deps.db, deps.keys)) ?? { failure: WEBHOOK_MISSING_MESSAGE };
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    deps.log?.warn({ err: error }, 'the parents webhook secret could not be opened (APP_SECRET changed?)');
    return { failure: WEBHOOK_SECRET_UNREADABLE_MESSAGE };
  }
}

async function sendToWebhook(deps: ParentSenderDeps, webhook: WebhookTarget, message: ClaimedMessage): Promise<void> {
  if ('failure' in webhook) throw new SendFailure(webhook.failure);
  const body = JSON.stringify({
    id: message.id,
    kind: message.kind,
    date: message.date,
    parent: { name: message.parentName, phone: message.parentPhone, language: message.parentLanguage, relation: message.relation },
    phone: message.parentPhone,
    ...message.payload,
    message: message.text,
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const status = await postJson(
    webhook.url,
    {
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: `t=${timestamp},v1=${signWebhook(webhook.secret, timestamp, body)}` },
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    },
    deps.outbound,
  );
  if (status < 200 || status > 299) throw new SendFailure(WEBHOOK_STATUS_MESSAGE.replace('{status}', String(status)));
}

/** The signature of a webhook body: hex HMAC-SHA256 of `${timestamp}.${body}` with the academy's secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
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
