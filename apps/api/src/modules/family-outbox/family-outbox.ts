import { createHmac } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import type { AcademySettings } from '@academy/shared/schemas/settings';
import { smsParts, smsText, TEMPLATE_VALUES, URGENT_KINDS, type MessageChannel, type MessageKind, type MessageStatus, type PreferredChannel } from '@academy/shared/schemas/messaging';
import type { Db, DbExecutor } from '../../db/client';
import { parentMessages, parents, parentStudents, users } from '../../db/schema';
import type { Jobs } from '../../events/catalog';
import { parentMessageMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { OutboundAddressError, postJson, type OutboundPolicy } from '../../lib/outbound-address';
import { isSealed, openSecret, sealSecret, UnreadableSecretError } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { PROVIDER_TIMEOUT_MS, SEND_MAX_ATTEMPTS, SEND_RETRY_DELAYS_SECONDS } from '../../lib/delivery-timing';
import { ProviderError, sendMsg91Flow, sendWhatsAppTemplate } from '../../lib/family-providers';
import { PushNotSentError, sendPushToUser } from '../push';
import { academyMailBrand, getAcademySettings, hasParentWebhook, messagingConfig, messagingReadiness, parentWebhookConfig, type MessagingConfig, type MessagingReadiness } from '../../academy-settings';

/** The job that sends pending messages to parents (one-off runs at once, and a sweep every minute for retries). */
export const PARENT_SENDER_JOB = 'parent-messages';
/** Tries per message and channel before it stays `failed` (the office can retry it): delivery-timing.ts, decision 072. */
export const PARENT_MESSAGE_MAX_ATTEMPTS = SEND_MAX_ATTEMPTS;
/** The header carrying the webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-academy-signature';
const WEBHOOK_TIMEOUT_MS = PROVIDER_TIMEOUT_MS;
/** A claimed message's lease, renewed every third of it while the message is being sent. */
const MESSAGE_LEASE_MS = 2 * 60_000;

/**
 * The payloads of the absence template's three quick-reply buttons, in the template's order: "Sick",
 * "Family reason", "Will call" (the words are the template's in each language; issue 60, decision 059).
 */
export const ABSENCE_REASON_PAYLOADS = ['absence-reason:sick', 'absence-reason:family', 'absence-reason:call'] as const;

/** What a code's message shows in place of the code (the office's list, the stored text). */
export const CODE_MASK = '******';
const CODE_SEAL_CONTEXT = 'parent-message:sign-in-code';

/**
 * A sign-in code as its message's template value (issue 53, point 9): sealed with the server's key
 * (AES-256-GCM, lib/secret-box.ts), so the row, and a backup taken while it waits, never hold it in
 * clear; the sender opens it in memory. After use or expiry `forgetSignInCodes` wipes even the sealed value.
 */
export function sealMessageCode(keys: ServerKeys, code: string): string {
  return sealSecret(keys, CODE_SEAL_CONTEXT, code);
}

/** The code of a queued code message, or null when it was wiped (used or expired) or cannot be opened. */
function openMessageCode(keys: ServerKeys, stored: string | undefined): string | null {
  if (!stored || !isSealed(stored)) return null;
  try {
    return openSecret(keys, CODE_SEAL_CONTEXT, stored);
  } catch (error) {
    if (error instanceof UnreadableSecretError) return null;
    throw error;
  }
}

/** A message for a student's parents: what it is about and its words in every language. */
export type ParentNotice = {
  studentId: string;
  kind: MessageKind;
  /** The event (e.g. `absence:{studentId}:{date}`): each parent gets it once per channel. */
  key: string;
  /** The day it is about ('YYYY-MM-DD'). */
  date: string;
  /** Subject and text per language; `{parent}` in them becomes the parent's name. */
  messages: Record<Language, { subject: string; text: string }>;
  /** Facts for the provider's webhook (child, batch, status…); parent, phone and message are added. */
  payload: Record<string, unknown>;
  /** The WhatsApp/SMS template's values by name (TEMPLATE_VALUES of the kind), or by language where words differ; `parent` is each parent's name. */
  values: Record<string, string | Record<Language, string>>;
  /** Only these channels (a report card's or a receipt's mail carries its PDF and is sent by its own job: no email here). Default: all. */
  channels?: readonly MessageChannel[];
};

export type LinkedParent = {
  parentId: string;
  name: string;
  /** Null for a parent with only a phone (issue 37). */
  email: string | null;
  phone: string | null;
  language: Language;
  preferredChannel: PreferredChannel | null;
  whatsappStopped: boolean;
  /** They turned on notifications in the installed app (a Web Push subscription). */
  hasPush: boolean;
};

const linkedParentColumns = {
  parentId: parents.id,
  hasPush: sql<boolean>`exists (select 1 from push_subscriptions s where s.user_id = ${parents.userId})`,
  name: users.name,
  email: users.email,
  phone: parents.phone,
  language: users.language,
  preferredChannel: parents.preferredChannel,
  whatsappStopped: sql<boolean>`${parents.whatsappStoppedAt} is not null`,
};

/** The active parents linked to a student (for a message that `notifyParents` cannot carry, e.g. a PDF). */
export async function linkedParentsOf(db: DbExecutor, studentId: string): Promise<LinkedParent[]> {
  return db
    .select(linkedParentColumns)
    .from(parentStudents)
    .innerJoin(parents, eq(parents.id, parentStudents.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(eq(parentStudents.studentId, studentId), eq(users.isActive, true)));
}

async function parentById(db: DbExecutor, parentId: string): Promise<LinkedParent | undefined> {
  const [row] = await db
    .select(linkedParentColumns)
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(eq(parents.id, parentId), eq(users.isActive, true)));
  return row;
}

/** Which of the parent's own channels can carry this message now. */
export type ChannelsOpen = { push: boolean; whatsapp: boolean; sms: boolean; email: boolean };
/** The channels a parent is reached on (the academy's webhook is an extra copy, not a choice). */
export type ParentChannel = 'push' | PreferredChannel;

/**
 * The one channel a parent gets a message on (DESIGN.md section 9): the installed app's notification
 * first when they turned it on (the cheapest; chosen by turning it on), then their preference, then
 * WhatsApp → SMS → email as far as each works for them (a phone, WhatsApp not stopped, the channel on
 * in Settings with a template for the kind; an email). Null: none can reach them.
 */
export function chooseChannel(parent: Pick<LinkedParent, 'phone' | 'email' | 'preferredChannel' | 'whatsappStopped' | 'hasPush'>, open: ChannelsOpen): ParentChannel | null {
  const can: Record<ParentChannel, boolean> = {
    push: open.push && parent.hasPush,
    whatsapp: open.whatsapp && parent.phone !== null && !parent.whatsappStopped,
    sms: open.sms && parent.phone !== null,
    email: open.email && parent.email !== null,
  };
  const preferred: PreferredChannel[] = parent.preferredChannel === 'sms' ? ['sms', 'whatsapp', 'email'] : parent.preferredChannel === 'email' ? ['email', 'whatsapp', 'sms'] : ['whatsapp', 'sms', 'email'];
  return (['push', ...preferred] as const).find((channel) => can[channel]) ?? null;
}

/**
 * Where a message of `kind` to a student's parents goes now, without sending it: each active linked
 * parent with the channels that would carry it (the office is told where a receipt went). `withEmail`:
 * the caller mails them itself as well (a receipt's PDF), so a parent's email counts too.
 */
export async function reachOfParents(
  db: DbExecutor,
  studentId: string,
  kind: MessageKind,
  channels: readonly MessageChannel[],
  withEmail: boolean,
): Promise<{ name: string; channels: ParentChannel[] }[]> {
  const [linked, readiness] = await Promise.all([linkedParentsOf(db, studentId), messagingReadiness(db)]);
  const open = channelsOpen(kind, readiness, channels);
  return linked.map((parent) => {
    const chosen = chooseChannel(parent, open);
    const reached = [...(chosen ? [chosen] : []), ...(withEmail && parent.email && chosen !== 'email' ? (['email'] as const) : [])];
    return { name: parent.name, channels: reached };
  });
}

function channelsOpen(kind: MessageKind, readiness: MessagingReadiness, allowed: readonly MessageChannel[] | undefined): ChannelsOpen {
  const allows = (channel: MessageChannel) => !allowed || allowed.includes(channel);
  return {
    // The app's notification carries the message's own words: any kind but a sign-in code (a phone's proof).
    push: allows('push') && kind !== 'sign-in-code',
    whatsapp: allows('whatsapp') && Boolean(readiness.whatsapp?.[kind]),
    sms: allows('sms') && Boolean(readiness.sms?.[kind]),
    // A sign-in code goes to a phone only.
    email: allows('email') && kind !== 'sign-in-code',
  };
}

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

/** The template's values in order for one parent. */
function templateValuesFor(kind: MessageKind, values: ParentNotice['values'], parent: { name: string; language: Language }): string[] {
  return TEMPLATE_VALUES[kind].map((name) => {
    if (name === 'parent') return parent.name;
    const value = values[name] ?? '';
    return typeof value === 'string' ? value : value[parent.language];
  });
}

/**
 * Sends a message to every parent linked to the student NOW, by email (in the parent's language,
 * through SMTP or the outbox) and, when Settings has one, by the academy's webhook (its SMS/WhatsApp
 * provider). Writes one `parent_messages` row per parent and channel (none again for the same `key`)
 * and asks the job runner to send them at once; without a runner (tests, CLI) the minute sweep does.
 * Returns how many messages were queued. Never reaches an unlinked parent: the link is checked again
 * when each message is sent.
 */
export async function notifyParents(db: DbExecutor, jobs: Jobs | undefined, notice: ParentNotice): Promise<number> {
  const rows = await queueParentMessages(db, notice, 'queued');
  if (rows > 0 && jobs) await jobs.enqueue(PARENT_SENDER_JOB, {});
  return rows;
}

/** Records the notice as `cancelled` for each linked parent (an absence corrected within the delay), for the office's list. */
export async function cancelParentNotice(db: DbExecutor, notice: ParentNotice): Promise<number> {
  return queueParentMessages(db, notice, 'cancelled');
}

async function queueParentMessages(db: DbExecutor, notice: ParentNotice, status: 'queued' | 'cancelled'): Promise<number> {
  const linked = await linkedParentsOf(db, notice.studentId);
  return queueForParents(db, linked, notice, status);
}

/**
 * One message to the parents of many students at once (an announcement for parents): each parent once
 * (a parent of two gets one), about their first child; queued in a few statements whatever the number.
 */
export async function notifyParentsOfStudents(db: DbExecutor, jobs: Jobs | undefined, studentIds: string[], notice: Omit<ParentNotice, 'studentId'>): Promise<number> {
  if (studentIds.length === 0) return 0;
  const rows = await db
    .selectDistinctOn([parents.id], { ...linkedParentColumns, studentId: parentStudents.studentId })
    .from(parentStudents)
    .innerJoin(parents, eq(parents.id, parentStudents.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(inArray(parentStudents.studentId, studentIds), eq(users.isActive, true)))
    .orderBy(parents.id, parentStudents.studentId);
  const queued = await queueForParents(db, rows, { ...notice, studentId: null }, 'queued');
  if (queued > 0 && jobs) await jobs.enqueue(PARENT_SENDER_JOB, {});
  return queued;
}

/** One row per parent on their chosen channel, and one for the academy's webhook when it has one. */
async function queueForParents(db: DbExecutor, linked: (LinkedParent & { studentId?: string })[], notice: Omit<ParentNotice, 'studentId'> & { studentId: string | null }, status: 'queued' | 'cancelled'): Promise<number> {
  if (linked.length === 0) return 0;
  const [readiness, webhook, settings] = await Promise.all([messagingReadiness(db), hasParentWebhook(db), getAcademySettings(db)]);
  const open = channelsOpen(notice.kind, readiness, notice.channels);
  const withWebhook = webhook && (!notice.channels || notice.channels.includes('webhook')) && notice.kind !== 'sign-in-code';
  const notBefore = URGENT_KINDS.includes(notice.kind) ? null : endOfQuietHours(new Date(), readiness.quietHours, settings.timeZone);
  const values = linked.flatMap((parent) => {
    const words = notice.messages[parent.language];
    const fill = (text: string) => text.replaceAll('{parent}', parent.name);
    const chosen = chooseChannel(parent, open);
    // Nothing carries it (issue 73): recorded all the same, failed with what to set up, for the office's
    // list; unless the caller mails the parent itself (a receipt's or report card's PDF).
    const mailedByCaller = parent.email !== null && notice.channels !== undefined && !notice.channels.includes('email');
    const unreachable = !chosen && !withWebhook && !mailedByCaller;
    const channels: MessageChannel[] = [...(chosen ? [chosen] : []), ...(withWebhook ? (['webhook'] as const) : []), ...(unreachable ? (['none'] as const) : [])];
    return channels.map((channel) => {
      // An SMS in English goes as GSM-7 text (₹ as "Rs."), counted in parts as MSG91 bills them.
      const text = channel === 'sms' ? smsText(fill(words.text), parent.language) : fill(words.text);
      return {
        kind: notice.kind,
        key: notice.key,
        studentId: parent.studentId ?? notice.studentId,
        parentId: parent.parentId,
        channel,
        status,
        date: notice.date,
        subject: fill(words.subject).slice(0, 300),
        text,
        payload: notice.payload,
        templateValues: templateValuesFor(notice.kind, notice.values, parent),
        toAddress: channel === 'email' ? parent.email : channel === 'webhook' || channel === 'push' ? null : parent.phone,
        parts: channel === 'sms' ? smsParts(text) : 1,
        // Quiet hours hold what buzzes a phone (the app, WhatsApp, SMS); a mail or the academy's webhook goes at once.
        notBefore: channel === 'whatsapp' || channel === 'sms' || channel === 'push' ? notBefore : null,
        ...(channel === 'none' && status === 'queued' ? { status: 'failed' as const, attempts: PARENT_MESSAGE_MAX_ATTEMPTS, error: noChannelReason(parent, notice.kind) } : {}),
      };
    });
  });
  if (values.length === 0) return 0;
  const inserted = await db.insert(parentMessages).values(values).onConflictDoNothing().returning({ id: parentMessages.id, channel: parentMessages.channel });
  // Only what will be sent counts as queued (a failure without a channel is the office's to see, not the sender's).
  const queued = inserted.filter((row) => row.channel !== 'none').length;
  if (status === 'cancelled') return queued;
  // Cancelled earlier the same day (a corrected mark), due after all now (marked absent again); one
  // without a channel becomes the failure it is.
  const revived = await db
    .update(parentMessages)
    .set({ status: sql`case when ${parentMessages.channel} = 'none' then 'failed' else 'queued' end`, attempts: sql`case when ${parentMessages.channel} = 'none' then ${PARENT_MESSAGE_MAX_ATTEMPTS} else 0 end`, error: null })
    .where(and(eq(parentMessages.key, notice.key), eq(parentMessages.status, 'cancelled')))
    .returning({ id: parentMessages.id, channel: parentMessages.channel });
  return queued + revived.filter((row) => row.channel !== 'none').length;
}

// Why no channel carries a message (the office's list; translated in the browser like the others).
export const NO_PHONE_CHANNEL_MESSAGE = 'No channel can carry it: set up WhatsApp or SMS in Settings → Messages';
export const NO_CONTACT_MESSAGE = 'No channel can carry it: the parent has no mobile number or email address';
export const NO_CHANNEL_MESSAGE = 'No channel can carry it: set up WhatsApp or SMS in Settings → Messages, or add the parent’s email address';

/** The office's sentence for a parent no channel reaches with a message of `kind`. */
export function noChannelReason(parent: Pick<LinkedParent, 'phone' | 'email'>, kind: MessageKind): string {
  if (parent.phone === null && parent.email === null) return NO_CONTACT_MESSAGE;
  // A phone, or a kind only a phone carries (a sign-in code): WhatsApp or SMS is what is missing.
  if (parent.phone !== null && (parent.email === null || kind === 'sign-in-code')) return NO_PHONE_CHANNEL_MESSAGE;
  return NO_CHANNEL_MESSAGE;
}

/**
 * A message to one parent that is about no child (their sign-in code): by WhatsApp or SMS only,
 * urgent. Returns how many were queued (0: no phone channel can reach them).
 */
export async function notifyParent(db: DbExecutor, jobs: Jobs | undefined, parentId: string, notice: Omit<ParentNotice, 'studentId' | 'payload'>): Promise<number> {
  const parent = await parentById(db, parentId);
  if (!parent) return 0;
  const rows = await queueForParents(db, [parent], { ...notice, studentId: null, payload: {} }, 'queued');
  if (rows > 0 && jobs) await jobs.enqueue(PARENT_SENDER_JOB, {});
  return rows;
}

/**
 * A code to a phone that is no parent's yet (a family applying without email, issue 37): WhatsApp when
 * it can carry the kind (and the number has not said STOP as a parent), else SMS; urgent. Returns
 * whether it was queued (false: no phone channel is on, the caller says so).
 */
export async function notifyPhone(
  db: DbExecutor,
  jobs: Jobs | undefined,
  notice: { phone: string; language: Language; kind: 'sign-in-code'; key: string; date: string; messages: ParentNotice['messages']; values: Record<string, string> },
): Promise<boolean> {
  const [readiness, stopped] = await Promise.all([messagingReadiness(db), phoneStoppedWhatsApp(db, notice.phone)]);
  const channel = chooseChannel(
    { phone: notice.phone, email: null, preferredChannel: null, whatsappStopped: stopped, hasPush: false },
    { push: false, whatsapp: Boolean(readiness.whatsapp?.[notice.kind]), sms: Boolean(readiness.sms?.[notice.kind]), email: false },
  );
  if (!channel) return false;
  await queueWithoutAccount(db, jobs, { ...notice, channel, toAddress: notice.phone, payload: { language: notice.language }, notBefore: null });
  return true;
}

/**
 * One message to someone with no parent account (a phone's code, an enquiry's family), on the channel
 * already chosen, for the `parent-messages` job to send: its words in their language (SMS's own
 * spelling and length), the template's values in order.
 */
async function queueWithoutAccount(
  db: DbExecutor,
  jobs: Jobs | undefined,
  message: {
    kind: 'sign-in-code' | ContactMessageKind;
    key: string;
    date: string;
    language: Language;
    messages: ParentNotice['messages'];
    values: Record<string, string>;
    channel: ParentChannel;
    toAddress: string | null;
    payload: { language: Language; email?: string | null };
    notBefore: Date | null;
  },
) {
  const words = message.messages[message.language];
  const text = message.channel === 'sms' ? smsText(words.text, message.language) : words.text;
  await db.insert(parentMessages).values({
    kind: message.kind,
    key: message.key,
    studentId: null,
    parentId: null,
    channel: message.channel,
    status: 'queued',
    date: message.date,
    subject: words.subject.slice(0, 300),
    text,
    payload: message.payload,
    templateValues: TEMPLATE_VALUES[message.kind].map((name) => message.values[name] ?? ''),
    toAddress: message.toAddress,
    parts: message.channel === 'sms' ? smsParts(text) : 1,
    notBefore: message.notBefore,
  });
  if (jobs) await jobs.enqueue(PARENT_SENDER_JOB, {});
}

/**
 * A family the academy has no parent account for yet: an enquiry's contact (issue 41, a demo class's
 * time and address). Their phone and email as the enquiry has them, and the enquiry's language.
 */
export type ContactRecipient = { phone: string | null; email: string | null; language: Language };
/** The kinds a contact may be sent (the database's recipient check names them too, migrations 0041, 0056 and 0054). */
export type ContactMessageKind = 'demo-class' | 'enquiry-received' | 'admitted';

/** Whether a parent with this number replied STOP on WhatsApp: the number says no to WhatsApp whoever writes to it. */
async function phoneStoppedWhatsApp(db: DbExecutor, phone: string): Promise<boolean> {
  const [stopped] = await db.select({ id: parents.id }).from(parents).where(and(eq(parents.phone, phone), sql`${parents.whatsappStoppedAt} is not null`)).limit(1);
  return Boolean(stopped);
}

/** The one channel a message of `kind` reaches a contact on now (WhatsApp → SMS → email, as a parent without a preference), or null. */
export async function reachOfContact(db: DbExecutor, recipient: ContactRecipient, kind: ContactMessageKind): Promise<ParentChannel | null> {
  const [readiness, stopped] = await Promise.all([messagingReadiness(db), recipient.phone ? phoneStoppedWhatsApp(db, recipient.phone) : Promise.resolve(false)]);
  return chooseChannel(
    { phone: recipient.phone, email: recipient.email, preferredChannel: null, whatsappStopped: stopped, hasPush: false },
    // No app to notify (no account) and no copy to the academy's webhook, whose body names a parent.
    channelsOpen(kind, readiness, ['whatsapp', 'sms', 'email']),
  );
}

/**
 * A message to an enquiry's family, who have no parent account yet (a demo class booked, issue 41):
 * one row on the channel `reachOfContact` picks, sent by the `parent-messages` job like a parent's
 * (quiet hours hold WhatsApp and SMS; a WhatsApp that cannot carry it falls back to SMS, then email).
 * The language and the email ride in the payload (no user row to read them from). Returns the
 * channel, or null when nothing can reach them (the caller's office is told).
 */
export async function notifyContact(
  db: DbExecutor,
  jobs: Jobs | undefined,
  recipient: ContactRecipient,
  notice: { kind: ContactMessageKind; key: string; date: string; messages: ParentNotice['messages']; values: Record<string, string>; urgent?: boolean },
): Promise<ParentChannel | null> {
  const channel = await reachOfContact(db, recipient, notice.kind);
  if (!channel) return null;
  const [readiness, settings] = await Promise.all([messagingReadiness(db), getAcademySettings(db)]);
  // Urgent (a demo class today) goes at once even in quiet hours: held, it would arrive at class time.
  const urgent = notice.urgent === true || URGENT_KINDS.includes(notice.kind);
  await queueWithoutAccount(db, jobs, {
    ...notice,
    language: recipient.language,
    channel,
    toAddress: channel === 'email' ? recipient.email : recipient.phone,
    payload: { language: recipient.language, email: recipient.email },
    notBefore: (channel === 'whatsapp' || channel === 'sms') && !urgent ? endOfQuietHours(new Date(), readiness.quietHours, settings.timeZone) : null,
  });
  return channel;
}

/** A contact's message not sent yet is not sent at all (its demo class was cancelled); returns how many were stopped. */
export async function cancelContactMessages(db: DbExecutor, key: string): Promise<number> {
  const rows = await db
    .update(parentMessages)
    .set({ status: 'cancelled', error: null })
    .where(and(eq(parentMessages.key, key), sql`${parentMessages.parentId} is null`, inArray(parentMessages.status, ['queued', 'failed'])))
    .returning({ id: parentMessages.id });
  return rows.length;
}

/** The latest message of each key (a contact's demo class message): its channel, status and the office's error sentence. */
export async function latestMessagesByKey(
  db: DbExecutor,
  keys: string[],
): Promise<Map<string, { channel: MessageChannel; status: MessageStatus; error: string | null; waitingUntil: string | null }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([parentMessages.key], {
      key: parentMessages.key,
      channel: parentMessages.channel,
      status: parentMessages.status,
      error: parentMessages.error,
      // Held by the quiet hours: until when (the office sees why the family has not heard yet).
      waitingUntil: sql<Date | null>`case when ${parentMessages.status} = 'queued' and ${parentMessages.notBefore} > now() then ${parentMessages.notBefore} end`.mapWith(parentMessages.notBefore),
    })
    .from(parentMessages)
    .where(inArray(parentMessages.key, keys))
    .orderBy(parentMessages.key, sql`${parentMessages.createdAt} desc`);
  return new Map(rows.map(({ key, waitingUntil, ...message }) => [key, { ...message, waitingUntil: waitingUntil ? waitingUntil.toISOString() : null }]));
}

/**
 * The students among `studentIds` whose linked parents no channel reaches with a message of `kind`
 * (none chosen for any parent, and no academy webhook), each with the office's reason (issue 73,
 * point 6: the counts say what really happens). A student without a linked parent is not here.
 */
export async function familiesNoChannelReaches(db: DbExecutor, kind: MessageKind, studentIds: string[]): Promise<Map<string, string>> {
  if (studentIds.length === 0) return new Map();
  const [linked, readiness, webhook] = await Promise.all([
    db
      .select({ ...linkedParentColumns, studentId: parentStudents.studentId })
      .from(parentStudents)
      .innerJoin(parents, eq(parents.id, parentStudents.parentId))
      .innerJoin(users, eq(users.id, parents.userId))
      .where(and(inArray(parentStudents.studentId, studentIds), eq(users.isActive, true))),
    messagingReadiness(db),
    hasParentWebhook(db),
  ]);
  if (webhook && kind !== 'sign-in-code') return new Map();
  const open = channelsOpen(kind, readiness, undefined);
  const reached = new Set<string>();
  const reasons = new Map<string, string>();
  for (const parent of linked) {
    if (chooseChannel(parent, open)) reached.add(parent.studentId);
    else if (!reasons.has(parent.studentId)) reasons.set(parent.studentId, noChannelReason(parent, kind));
  }
  for (const studentId of reached) reasons.delete(studentId);
  return reasons;
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
    db
      .select({ ...linkedParentColumns, studentId: parentStudents.studentId })
      .from(parentStudents)
      .innerJoin(parents, eq(parents.id, parentStudents.parentId))
      .innerJoin(users, eq(users.id, parents.userId))
      .where(and(inArray(parentStudents.studentId, studentIds), eq(users.isActive, true))),
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
 * released to go now; the caller wakes the sender when any were.
 */
export async function retimeHeldMessages(db: DbExecutor, now: Date = new Date()): Promise<number> {
  const [readiness, settings] = await Promise.all([messagingReadiness(db), getAcademySettings(db)]);
  const until = endOfQuietHours(now, readiness.quietHours, settings.timeZone);
  const rows = await db.update(parentMessages).set({ notBefore: until }).where(heldCondition).returning({ id: parentMessages.id });
  return until ? 0 : rows.length;
}

/**
 * The office's "Send now" of one message the quiet hours hold: due at once. Returns what it was (for
 * the audit entry), or null when no such message is held (the caller says 404 or 409).
 */
export async function releaseHeldMessage(db: DbExecutor, id: string): Promise<{ held: boolean; found: boolean; kind: string; parentId: string | null }> {
  const [row] = await db
    .select({ kind: parentMessages.kind, parentId: parentMessages.parentId, held: sql<boolean>`${heldCondition}` })
    .from(parentMessages)
    .where(eq(parentMessages.id, id))
    .for('update');
  if (!row) return { held: false, found: false, kind: '', parentId: null };
  if (!row.held) return { held: false, found: true, kind: row.kind, parentId: row.parentId };
  await db.update(parentMessages).set({ notBefore: null }).where(eq(parentMessages.id, id));
  return { held: true, found: true, kind: row.kind, parentId: row.parentId };
}

/**
 * The next channel after the app's notification, WhatsApp or SMS could not carry a message (no
 * subscription left, not on WhatsApp, the template refused, no delivery within the set minutes): the
 * same message to the same parent on the next channel (after the app: WhatsApp or SMS; after
 * WhatsApp: SMS; after SMS: email; email where the kind allows it), once (the key's uniqueness). Returns whether one was queued.
 */
export async function queueFallback(db: DbExecutor, messageId: string): Promise<boolean> {
  const [message] = await db.select().from(parentMessages).where(eq(parentMessages.id, messageId));
  if (!message || (message.channel !== 'whatsapp' && message.channel !== 'push' && message.channel !== 'sms')) return false;
  // No parent yet (an applicant's code, an enquiry's demo class): the same number by SMS, or the
  // enquiry's email that rode in the payload (a code has none).
  const contactEmail = typeof message.payload.email === 'string' ? message.payload.email : null;
  const parent = message.parentId ? await parentById(db, message.parentId) : { phone: message.toAddress, email: contactEmail, preferredChannel: null, whatsappStopped: true, hasPush: false };
  if (!parent) return false;
  const readiness = await messagingReadiness(db);
  const kind = message.kind as MessageKind;
  // Email only for kinds whose words the mail carries itself (not a receipt's or report card's PDF mail).
  const emailAllowed = !['fee-receipt', 'report-card', 'sign-in-code'].includes(kind);
  const afterPush = message.channel === 'push';
  const afterSms = message.channel === 'sms';
  const next = chooseChannel(
    { ...parent, hasPush: false, whatsappStopped: afterPush ? parent.whatsappStopped : true },
    { push: false, whatsapp: afterPush && Boolean(readiness.whatsapp?.[kind]), sms: !afterSms && Boolean(readiness.sms?.[kind]), email: emailAllowed },
  );
  if (!next) return false;
  const language = 'language' in parent ? parent.language : typeof message.payload.language === 'string' ? message.payload.language : 'en';
  const text = next === 'sms' ? smsText(message.text, language) : message.text;
  const inserted = await db
    .insert(parentMessages)
    .values({
      kind: message.kind,
      key: message.key,
      studentId: message.studentId,
      parentId: message.parentId,
      channel: next,
      status: 'queued',
      date: message.date,
      subject: message.subject,
      text,
      payload: message.payload,
      templateValues: message.templateValues,
      toAddress: next === 'email' ? parent.email : parent.phone,
      parts: next === 'sms' ? smsParts(text) : 1,
      notBefore: next === 'sms' || next === 'whatsapp' ? message.notBefore : null,
    })
    .onConflictDoNothing()
    .returning({ id: parentMessages.id });
  return inserted.length > 0;
}

/** App notifications and WhatsApp messages sent but not delivered within the set minutes: the next channel carries them too (the sender's sweep). */
async function queueLateFallbacks(db: Db, readiness: MessagingReadiness): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select m.id from parent_messages m
    where m.channel in ('push', 'whatsapp') and m.status = 'sent' and m.sent_at < now() - make_interval(mins => ${readiness.fallbackMinutes})
      and not exists (select 1 from parent_messages o where o.key = m.key and o.parent_id is not distinct from m.parent_id
        and o.channel in (case when m.channel = 'push' then 'whatsapp' else 'sms' end, 'sms', 'email'))
    order by m.sent_at
    limit 100`);
  for (const row of rows) await queueFallback(db, row.id);
}

type ClaimedMessage = {
  id: string;
  kind: MessageKind;
  channel: MessageChannel;
  toAddress: string | null;
  templateValues: string[];
  subject: string;
  text: string;
  payload: Record<string, unknown>;
  attempts: number;
  date: string;
  /** Null for an applicant's code (no parent yet). */
  parentName: string | null;
  parentUserId: string | null;
  parentEmail: string | null;
  parentPhone: string | null;
  whatsappStopped: boolean;
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
export const NO_EMAIL_MESSAGE = 'The parent has no email address';
export const WHATSAPP_OFF_MESSAGE = 'WhatsApp is turned off in Settings → Messages, or has no template for this kind';
export const WHATSAPP_STOPPED_MESSAGE = 'The parent asked for no WhatsApp messages (STOP)';
export const SMS_OFF_MESSAGE = 'SMS is turned off in Settings → Messages, or has no template for this kind';
export const CODE_GONE_MESSAGE = 'The code was used or expired before it could be sent';
export const CREDENTIAL_UNREADABLE_MESSAGE = 'A provider credential could not be read (the server key changed): enter it again in Settings → Messages';

/** A failure whose message is already the office's sentence; `final`: trying this channel again will not help. */
class SendFailure extends Error {
  constructor(
    message: string,
    readonly final = false,
  ) {
    super(message);
  }
}

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
  /** Where the WhatsApp Cloud API and MSG91 answer (config.ts). */
  providers: { whatsappBase: string; msg91Base: string };
  /** Push services allowed beyond the browsers' own (a test's stand-in; config PUSH_ALLOWED_HOSTS). */
  pushAllowedHosts?: readonly string[];
};

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
        .where(eq(parentMessages.id, message.id));
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
        .where(eq(parentMessages.id, message.id));
      // The next channel starts as soon as this one has definitively failed (decision 072): after the
      // app or WhatsApp, SMS; after SMS, email where the kind allows it.
      if (final && (message.channel === 'whatsapp' || message.channel === 'push' || message.channel === 'sms')) await queueFallback(deps.db, message.id);
    } finally {
      clearInterval(renewal);
    }
  }
  return { sent, failed };
}

/** The retry waits (delivery-timing.ts) as a PostgreSQL array, indexed by the tries made so far. */
const retryDelays = sql.raw(`array[${SEND_RETRY_DELAYS_SECONDS.map((seconds) => Math.round(seconds)).join(',')}]::int[]`);

/** Claims the next due message (one), or none. A message no channel can carry (`none`) is never claimed: it is a failure for the office. */
async function claimNextMessage(db: Db, leaseMs: number): Promise<ClaimedMessage | undefined> {
  const { rows } = await db.execute<ClaimedMessage>(sql`
    with due as (
      select m.id from parent_messages m
      where (m.status = 'queued' or (m.status = 'failed' and m.attempts < ${PARENT_MESSAGE_MAX_ATTEMPTS}
          and m.updated_at <= now() - make_interval(secs => (${retryDelays})[least(greatest(m.attempts, 1), ${SEND_RETRY_DELAYS_SECONDS.length})])))
        and m.channel <> 'none'
        and (m.locked_until is null or m.locked_until < now())
        and (m.not_before is null or m.not_before <= now())
      order by m.created_at
      limit 1
      for update skip locked)
    , claimed as (
      update parent_messages m set locked_until = now() + ${leaseMs}::float8 * interval '1 millisecond', attempts = m.attempts + 1
      from due where m.id = due.id
      returning m.*)
    -- An applicant's code has no parent: their number is the message's, their language its payload's.
    select c.id, c.kind, c.channel, c.to_address as "toAddress", c.template_values as "templateValues", c.subject, c.text, c.payload, c.attempts, c.date::text as date,
      u.name as "parentName", u.email as "parentEmail", p.phone as "parentPhone", coalesce(p.whatsapp_stopped_at is not null, false) as "whatsappStopped", p.user_id as "parentUserId",
      coalesce(u.language, c.payload->>'language', 'en') as "parentLanguage", p.relation, coalesce(u.is_active, true) as active,
      (c.student_id is null or exists (select 1 from parent_students ps where ps.parent_id = c.parent_id and ps.student_id = c.student_id)) as linked
    from claimed c left join parents p on p.id = c.parent_id left join users u on u.id = p.user_id`);
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

/**
 * WhatsApp (a template in the parent's language) or SMS (MSG91 Flow with the DLT template), to the
 * number fixed when queued. Returns the provider's id, by which its status reports come back.
 */
async function sendByPhone(deps: ParentSenderDeps, config: MessagingConfig, claimed: ClaimedMessage): Promise<string> {
  const to = claimed.toAddress ?? claimed.parentPhone;
  if (!to) throw new SendFailure('The parent has no mobile number', true);
  let message = claimed;
  if (claimed.kind === 'sign-in-code') {
    // The code is stored sealed (or already wiped: used or expired, then there is nothing to send).
    const code = openMessageCode(deps.keys, claimed.templateValues[0]);
    if (code === null) throw new SendFailure(CODE_GONE_MESSAGE, true);
    message = { ...claimed, templateValues: [code, ...claimed.templateValues.slice(1)] };
  }
  if (message.channel === 'whatsapp') {
    const { whatsapp } = config;
    if (message.whatsappStopped) throw new SendFailure(WHATSAPP_STOPPED_MESSAGE, true);
    const template = whatsapp.templates[message.kind];
    if (config.unreadable.includes('whatsappAccessToken')) throw new SendFailure(CREDENTIAL_UNREADABLE_MESSAGE, true);
    if (!whatsapp.enabled || !whatsapp.phoneNumberId || !whatsapp.accessToken || !template) throw new SendFailure(WHATSAPP_OFF_MESSAGE, true);
    // A sign-in code's template is of Meta's authentication category: the code, and its copy-code button.
    const authenticationCode = message.kind === 'sign-in-code' ? message.templateValues[0] : undefined;
    // The absence alert's quick-reply buttons (issue 60): the parent's tap comes back with its payload and becomes the absence's reason.
    const quickReplies = message.kind === 'absence' ? ABSENCE_REASON_PAYLOADS : undefined;
    const sent = await sendWhatsAppTemplate({ base: deps.providers.whatsappBase, phoneNumberId: whatsapp.phoneNumberId, accessToken: whatsapp.accessToken, to, template, language: message.parentLanguage, values: message.templateValues, authenticationCode, quickReplies });
    return sent.id;
  }
  const { sms } = config;
  const templateId = sms.templates[message.kind];
  if (config.unreadable.includes('msg91AuthKey')) throw new SendFailure(CREDENTIAL_UNREADABLE_MESSAGE, true);
  if (!sms.enabled || !sms.authKey || !sms.senderId || !templateId) throw new SendFailure(SMS_OFF_MESSAGE, true);
  // English values as GSM-7 (an amount's ₹ as "Rs."); Marathi and Hindi as Unicode, said so to MSG91.
  const english = message.parentLanguage === 'en';
  const values = message.templateValues.map((value) => smsText(value, message.parentLanguage));
  const sent = await sendMsg91Flow({ base: deps.providers.msg91Base, authKey: sms.authKey, senderId: sms.senderId, templateId, to, values, unicode: !english });
  return sent.id;
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
    .set({ status: 'queued', attempts: 0, error: null })
    // A message no channel could carry is not sent again as it is (its family gets the next one once a channel is set up).
    .where(and(inArray(parentMessages.id, ids), eq(parentMessages.status, 'failed'), sql`${parentMessages.channel} <> 'none'`))
    .returning({ id: parentMessages.id });
  return rows.length;
}

/** How far a message has come: a status report only ever moves it on (reports arrive out of order). */
const STATUS_RANK = sql`case m.status when 'queued' then 0 when 'sent' then 1 when 'failed' then 1 when 'delivered' then 2 when 'read' then 3 else 9 end`;

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
  const reported = Number.isNaN(report.at.getTime()) ? null : report.at;
  const at = sql`(case when ${reported}::timestamptz between m.created_at - interval '1 minute' and now() + interval '5 minutes' then ${reported}::timestamptz else now() end)`;
  const { rows } = await db.execute<{ id: string }>(sql`
    update parent_messages m set
      status = ${report.status},
      sent_at = coalesce(m.sent_at, ${at}),
      delivered_at = case when ${rank} >= 2 then coalesce(m.delivered_at, ${at}) else m.delivered_at end,
      read_at = case when ${rank} = 3 then coalesce(m.read_at, ${at}) else m.read_at end,
      error = ${report.status === 'failed' ? (report.error ?? 'Not delivered').slice(0, 1000) : null},
      attempts = case when ${report.status === 'failed' && report.final !== false} then greatest(m.attempts, ${PARENT_MESSAGE_MAX_ATTEMPTS}) else m.attempts end,
      updated_at = now()
    where m.channel = ${report.channel} and m.provider_id = ${report.providerId}
      and (${STATUS_RANK} < ${rank} or (m.status = 'sent' and ${report.status} = 'failed'))
      and m.status not in ('cancelled', 'failed')
    returning m.id`);
  if (report.status === 'failed') {
    for (const row of rows) await queueFallback(db, row.id);
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

/**
 * Sign-in codes are kept in their messages, sealed (`sealMessageCode`), only while they may still be
 * needed (an SMS fallback resends the same code); once used, or older than the code's life, even the
 * sealed code is overwritten. `parentId`: that parent's at once (they signed in).
 */
export async function forgetSignInCodes(db: DbExecutor, options: { parentId?: string; olderThanMinutes?: number } = {}): Promise<void> {
  await db.execute(sql`
    update parent_messages set template_values = jsonb_build_array(${CODE_MASK}::text, coalesce(template_values->>1, ''))
    where kind = 'sign-in-code' and template_values->>0 <> ${CODE_MASK}
      and ${options.parentId ? sql`parent_id = ${options.parentId}` : sql`created_at < now() - make_interval(mins => ${options.olderThanMinutes ?? 15})`}`);
}
