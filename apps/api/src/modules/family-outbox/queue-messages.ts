/** Queueing: a message becomes one `parent_messages` row per parent and channel, for the sender job. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import { smsParts, smsText, TEMPLATE_VALUES, URGENT_KINDS, type MessageChannel, type MessageKind, type MessageStatus } from '@academy/shared/schemas/messaging';
import type { DbExecutor } from '../../db/client';
import { parentMessages, parents, parentStudents, users } from '../../db/schema';
import type { Jobs } from '../../events/catalog';
import { SEND_MAX_ATTEMPTS } from '../../lib/delivery-timing';
import { getAcademySettings, hasParentWebhook, messagingReadiness } from '../../academy-settings';
import { type ParentNotice, type LinkedParent, linkedParentsOf, parentById, phoneStoppedWhatsApp, linkedParentColumns, inThisAcademy } from './recipients';
import { type ParentChannel, chooseChannel, channelsOpen, noChannelReason, type ContactRecipient, type ContactMessageKind, reachOfContact } from './channels';
import { endOfQuietHours } from './quiet-hours';
import { joinOn } from '../../db/same-academy';

/** The job that sends pending messages to parents (one-off runs at once, and a sweep when retries and held messages are due: sender-times.ts). */
export const PARENT_SENDER_JOB = 'parent-messages';
/** Tries per message and channel before it stays `failed` (the office can retry it): delivery-timing.ts, decision 072. */
export const PARENT_MESSAGE_MAX_ATTEMPTS = SEND_MAX_ATTEMPTS;

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
    .selectDistinctOn([parents.id], { ...linkedParentColumns(), studentId: parentStudents.studentId })
    .from(parentStudents)
    .innerJoin(parents, joinOn(parents.id, parentStudents.parentId))
    .innerJoin(users, joinOn(users.id, parents.userId))
    .where(and(inThisAcademy(true), inArray(parentStudents.studentId, studentIds), eq(users.isActive, true)))
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
