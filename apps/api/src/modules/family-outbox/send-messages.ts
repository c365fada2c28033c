/** The sender (job `parent-messages`): claims each due message and sends it on its channel. */
import { and, eq, sql } from 'drizzle-orm';
import type { AcademySettings } from '@academy/shared/schemas/settings';
import type { Db } from '../../db/client';
import { parentMessages } from '../../db/schema';
import { parentMessageMail } from '../../lib/mail-templates';
import { OutboundAddressError } from '../../lib/outbound-address';
import { PENDING, RETRY_WAIT } from './sender-times';
import { ProviderError } from '../../lib/family-providers';
import { PushNotSentError, sendPushToUser } from '../push';
import { academyMailBrand, getAcademySettings, messagingConfig, messagingReadiness, type MessagingConfig } from '../../academy-settings';
import { PARENT_MESSAGE_MAX_ATTEMPTS } from './queue-messages';
import { queueFallback, queueLateFallbacks } from './fallback';
import { type ClaimedMessage, WEBHOOK_NO_ANSWER_MESSAGE, EMAIL_NOT_SENT_MESSAGE, PARENT_UNLINKED_MESSAGE, NO_EMAIL_MESSAGE, SendFailure, type ParentSenderDeps } from './sender-parts';
import { sendByPhone } from './send-by-phone';
import { type WebhookTarget, loadWebhook, sendToWebhook } from './send-to-webhook';
import { academySql, thisAcademy } from '../../db/same-academy';

/** A claimed message's lease, renewed every third of it while the message is being sent. */
const MESSAGE_LEASE_MS = 2 * 60_000;

/**
 * The sender (job `parent-messages`): sends the messages that are due (pending, or failed and past
 * their short backoff, delivery-timing.ts), at most `limit` in one run. Each message is claimed on its
 * own (FOR UPDATE SKIP LOCKED and a lease) right before it is sent, and its lease is renewed while
 * the send lasts, so a slow provider cannot let a claim run out and another server send the same
 * message again (issue 35, finding 10b); two servers share the work instead. A parent unlinked
 * meanwhile gets nothing (`cancelled`).
 */
export async function sendDueParentMessages(deps: ParentSenderDeps, limit = 200): Promise<{ sent: number; failed: number }> {
  const leaseMs = deps.leaseMs ?? MESSAGE_LEASE_MS;
  let settings: AcademySettings | undefined;
  // Read once per run, when the first webhook (or WhatsApp/SMS) message needs it.
  let webhook: Promise<WebhookTarget> | undefined;
  let config: Promise<MessagingConfig> | undefined;
  let sent = 0;
  let failed = 0;
  await queueLateFallbacks(deps.db, await messagingReadiness(deps.db));
  for (let count = 0; count < limit; count += 1) {
    const message = await claimNextMessage(deps.db, leaseMs);
    if (!message) break;
    if (!message.linked || !message.active) {
      await deps.db.update(parentMessages).set({ status: 'cancelled', lockedUntil: null, error: PARENT_UNLINKED_MESSAGE }).where(and(thisAcademy(parentMessages), eq(parentMessages.id, message.id)));
      continue;
    }
    const renewal = setInterval(() => {
      deps.db
        .update(parentMessages)
        .set({ lockedUntil: sql`now() + ${leaseMs}::float8 * interval '1 millisecond'` })
        .where(and(thisAcademy(parentMessages), eq(parentMessages.id, message.id)))
        .catch((error: unknown) => deps.log?.warn({ err: error, messageId: message.id }, 'the claim of a message to a parent could not be renewed'));
    }, leaseMs / 3);
    try {
      let providerId: string | null = null;
      if (message.channel === 'email') {
        settings ??= await getAcademySettings(deps.db);
        await sendEmail(deps, settings, message);
      } else if (message.channel === 'webhook') {
        webhook ??= loadWebhook(deps);
        await sendToWebhook(deps, await webhook, message);
      } else if (message.channel === 'push') {
        await sendAppNotification(deps, message);
      } else {
        config ??= messagingConfig(deps.db, deps.keys);
        providerId = await sendByPhone(deps, await config, message);
      }
      // A status webhook may already have moved it on (delivered before this update): never back.
      await deps.db
        .update(parentMessages)
        .set({
          status: sql`case when ${parentMessages.status} in ('delivered', 'read') then ${parentMessages.status} else 'sent' end`,
          sentAt: new Date(),
          lockedUntil: null,
          error: null,
          providerId,
        })
        .where(and(thisAcademy(parentMessages), eq(parentMessages.id, message.id)));
      sent += 1;
    } catch (error) {
      failed += 1;
      // A refused address or a missing secret is said as it is (the office can fix it); anything else
      // (refused connection, timeout, TLS, SMTP) is a plain sentence here and the detail in the log.
      const known = error instanceof SendFailure || error instanceof OutboundAddressError || error instanceof ProviderError || error instanceof PushNotSentError;
      if (!known) deps.log?.warn({ err: error, messageId: message.id, channel: message.channel }, 'a message to a parent could not be sent');
      const said = known ? error.message : message.channel === 'email' ? EMAIL_NOT_SENT_MESSAGE : message.channel === 'webhook' ? WEBHOOK_NO_ANSWER_MESSAGE : 'The message could not be sent';
      // The last try says no more that "it will be tried again" (decision 072).
      const text = message.attempts >= PARENT_MESSAGE_MAX_ATTEMPTS ? said.replace(/; the message will be tried again$/, '') : said;
      // Final (WhatsApp cannot carry it, or the tries are used up): no more tries on this channel.
      // No browser took the app's notification: the next channel now (a later try would find the same).
      const final = error instanceof PushNotSentError || (error instanceof ProviderError && error.final) || (error instanceof SendFailure && error.final) || message.attempts >= PARENT_MESSAGE_MAX_ATTEMPTS;
      await deps.db
        .update(parentMessages)
        .set({ status: 'failed', lockedUntil: null, error: text.slice(0, 1000), ...(final ? { attempts: PARENT_MESSAGE_MAX_ATTEMPTS } : {}) })
        .where(and(thisAcademy(parentMessages), eq(parentMessages.id, message.id)));
      // The next channel starts as soon as this one has definitively failed (decision 072): after the
      // app or WhatsApp, SMS; after SMS, email where the kind allows it.
      if (final && (message.channel === 'whatsapp' || message.channel === 'push' || message.channel === 'sms')) await queueFallback(deps.db, message.id);
    } finally {
      clearInterval(renewal);
    }
  }
  return { sent, failed };
}

/** Claims the next due message (one), or none. A message no channel can carry (`none`) is never claimed: it is a failure for the office. */
async function claimNextMessage(db: Db, leaseMs: number): Promise<ClaimedMessage | undefined> {
  const { rows } = await db.execute<ClaimedMessage>(sql`
    with due as (
      select m.id from parent_messages m
      where m.academy_id = ${academySql()} and ${PENDING}
        and (m.status = 'queued' or m.updated_at + ${RETRY_WAIT} <= now())
        and (m.locked_until is null or m.locked_until < now())
        and (m.not_before is null or m.not_before <= now())
      order by m.created_at
      limit 1
      for update skip locked)
    , claimed as (
      update parent_messages m set locked_until = now() + ${leaseMs}::float8 * interval '1 millisecond', attempts = m.attempts + 1
      from due where m.academy_id = ${academySql()} and m.id = due.id
      returning m.*)
    -- An applicant's code has no parent: their number is the message's, their language its payload's.
    select c.id, c.kind, c.channel, c.to_address as "toAddress", c.template_values as "templateValues", c.subject, c.text, c.payload, c.attempts, c.date::text as date,
      u.name as "parentName", u.email as "parentEmail", p.phone as "parentPhone", coalesce(p.whatsapp_stopped_at is not null, false) as "whatsappStopped", p.user_id as "parentUserId",
      coalesce(u.language, c.payload->>'language', 'en') as "parentLanguage", p.relation, coalesce(u.is_active, true) as active,
      (c.student_id is null or exists (select 1 from parent_students ps where ps.academy_id = ${academySql()} and ps.parent_id = c.parent_id and ps.student_id = c.student_id)) as linked
    from claimed c left join parents p on p.id = c.parent_id and p.academy_id = ${academySql()} left join users u on u.id = p.user_id and u.academy_id = p.academy_id`);
  return rows[0];
}

async function sendEmail(deps: ParentSenderDeps, settings: AcademySettings, message: ClaimedMessage): Promise<void> {
  // A parent's current email; a family without a parent account (an enquiry's) has the address fixed when queued.
  const toParent = message.parentUserId !== null;
  const to = toParent ? message.parentEmail : message.toAddress;
  if (!to) throw new SendFailure(NO_EMAIL_MESSAGE, true);
  const mail = parentMessageMail({ academyName: settings.name, subject: message.subject, text: message.text, language: message.parentLanguage, toParent, brand: await academyMailBrand(deps.db) });
  await deps.mailer.send({ to, ...mail });
}

/** Where a parent's notification opens the app (their area's first screen). */
const PARENT_APP_PATH = '/app/parent/dashboard';

/** The installed app's notification, to every browser the parent turned it on in (Web Push). */
async function sendAppNotification(deps: ParentSenderDeps, message: ClaimedMessage): Promise<void> {
  if (!message.parentUserId) throw new SendFailure('The parent has no app to notify', true);
  await sendPushToUser({ db: deps.db, keys: deps.keys, log: deps.log, allowedHosts: deps.pushAllowedHosts ?? [] }, message.parentUserId, {
    title: message.subject,
    body: message.text,
    url: PARENT_APP_PATH,
    messageId: message.id,
  });
}
