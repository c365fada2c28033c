/** What the sender and each channel's sending share: the claimed message, the sender's needs, the office's failure sentences. */
import type { Language } from '@academy/shared/languages';
import { type MessageChannel, type MessageKind } from '@academy/shared/schemas/messaging';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { type OutboundPolicy } from '../../lib/outbound-address';
import type { ServerKeys } from '../../lib/server-keys';

export type ClaimedMessage = {
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
export class SendFailure extends Error {
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
