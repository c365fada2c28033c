/** Which one channel carries a message to a parent or a contact now, and why none does (DESIGN.md section 9). */
import type { Language } from '@academy/shared/languages';
import { type MessageChannel, type MessageKind, type PreferredChannel } from '@academy/shared/schemas/messaging';
import type { DbExecutor } from '../../db/client';
import { hasParentWebhook, messagingReadiness, type MessagingReadiness } from '../../academy-settings';
import { type LinkedParent, linkedParentsOf, linkedParentsOfStudents, phoneStoppedWhatsApp } from './recipients';

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

export function channelsOpen(kind: MessageKind, readiness: MessagingReadiness, allowed: readonly MessageChannel[] | undefined): ChannelsOpen {
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
 * A family the academy has no parent account for yet: an enquiry's contact (issue 41, a demo class's
 * time and address). Their phone and email as the enquiry has them, and the enquiry's language.
 */
export type ContactRecipient = { phone: string | null; email: string | null; language: Language };
/** The kinds a contact may be sent (the database's recipient check names them too, migrations 0041, 0056 and 0054). */
export type ContactMessageKind = 'demo-class' | 'enquiry-received' | 'admitted';

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
 * The students among `studentIds` whose linked parents no channel reaches with a message of `kind`
 * (none chosen for any parent, and no academy webhook), each with the office's reason (issue 73,
 * point 6: the counts say what really happens). A student without a linked parent is not here.
 */
export async function familiesNoChannelReaches(db: DbExecutor, kind: MessageKind, studentIds: string[]): Promise<Map<string, string>> {
  if (studentIds.length === 0) return new Map();
  const [linked, readiness, webhook] = await Promise.all([
    linkedParentsOfStudents(db, studentIds),
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
