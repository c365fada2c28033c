import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { MessageKind } from '@academy/shared/schemas/messaging';
import type { DbExecutor } from '../db/client';
import { academySettings, type MessagingSecretName, type StoredMessaging } from '../db/schema';
import { currentAcademyId, FIRST_ACADEMY_ID } from '../lib/tenancy';
import { openSecret, UnreadableSecretError } from '../lib/secret-box';
import type { ServerKeys } from '../lib/server-keys';
import { missingSettingsRow } from './academy-settings';
import { thisAcademy } from '../db/same-academy';

/**
 * Settings → Messages (issue 37): WhatsApp Business Cloud API and MSG91 SMS, the minutes before SMS is
 * tried when WhatsApp has not delivered, and quiet hours. The non-secret part is a jsonb column; each
 * credential is sealed under its own context in `messaging_secrets` and leaves the server never: the
 * answer says whether it is set, the sender and the webhooks open it in memory only.
 */

export const DEFAULT_FALLBACK_MINUTES = 30;
export const DEFAULT_QUIET_HOURS = { from: '21:00', to: '07:00' } as const;
export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/whatsapp';
export const MSG91_WEBHOOK_PATH = '/api/webhooks/msg91';

export type Templates = Partial<Record<MessageKind, string>>;

/** What the sender and the webhooks need, credentials opened. A channel is usable only when complete. */
export type MessagingConfig = {
  whatsapp: { enabled: boolean; phoneNumberId: string | null; accessToken: string | null; appSecret: string | null; verifyToken: string | null; templates: Templates };
  sms: { enabled: boolean; authKey: string | null; senderId: string | null; templates: Templates };
  fallbackMinutes: number;
  quietHours: { from: string; to: string } | null;
  /** Credentials that would not open (APP_SECRET changed): the office must enter them again. */
  unreadable: MessagingSecretName[];
};

export async function readMessagingRow(db: DbExecutor) {
  const [row] = await db.select({ messaging: academySettings.messaging, secrets: academySettings.messagingSecrets }).from(academySettings).where(thisAcademy(academySettings));
  if (!row) throw missingSettingsRow();
  return row;
}

export function withDefaults(stored: StoredMessaging) {
  return {
    whatsapp: { enabled: false, phoneNumberId: null, templates: {}, ...stored.whatsapp },
    sms: { enabled: false, senderId: null, templates: {}, ...stored.sms },
    fallbackMinutes: stored.fallbackMinutes ?? DEFAULT_FALLBACK_MINUTES,
    quietHours: stored.quietHours === undefined ? { ...DEFAULT_QUIET_HOURS } : stored.quietHours,
  };
}

/**
 * The token in MSG91's delivery-report address: MSG91 signs nothing, so the address itself is the
 * proof. Until the admin makes a new one it is derived from the server's key; a new one (issue 53,
 * `rotateMsg91WebhookToken`) is random and sealed in `messaging_secrets`, and from then on it alone
 * works. One that will not open (APP_SECRET changed) gives way to the derived one of the new key.
 */
export function msg91WebhookToken(keys: ServerKeys, secrets: Partial<Record<MessagingSecretName, string>> = {}): string {
  const stored = secrets.msg91WebhookToken;
  if (stored) {
    try {
      return openSecret(keys, 'messaging:msg91WebhookToken', stored);
    } catch (error) {
      if (!(error instanceof UnreadableSecretError)) throw error;
    }
  }
  // Each academy's own (issue 55); the first academy's is the one it had before.
  const academy = currentAcademyId();
  const input = academy === FIRST_ACADEMY_ID ? 'msg91-delivery-reports' : `msg91-delivery-reports:${academy}`;
  return createHmac('sha256', keys.key('msg91-webhook')).update(input).digest('base64url').slice(0, 32);
}

/** Whether `token` is the current delivery-report token, compared in constant time (over digests). */
export async function isMsg91WebhookToken(db: DbExecutor, keys: ServerKeys, token: string | undefined): Promise<boolean> {
  const row = await readMessagingRow(db);
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return token !== undefined && timingSafeEqual(digest(token), digest(msg91WebhookToken(keys, row.secrets)));
}

/** The settings with credentials opened, for the sender and the webhooks only (never an answer or a log). */
export async function messagingConfig(db: DbExecutor, keys: ServerKeys): Promise<MessagingConfig> {
  const row = await readMessagingRow(db);
  const settings = withDefaults(row.messaging);
  const unreadable: MessagingSecretName[] = [];
  const open = (name: MessagingSecretName): string | null => {
    const stored = row.secrets[name];
    if (!stored) return null;
    try {
      return openSecret(keys, `messaging:${name}`, stored);
    } catch (error) {
      if (!(error instanceof UnreadableSecretError)) throw error;
      unreadable.push(name);
      return null;
    }
  };
  return {
    whatsapp: {
      ...settings.whatsapp,
      accessToken: open('whatsappAccessToken'),
      appSecret: open('whatsappAppSecret'),
      verifyToken: open('whatsappVerifyToken'),
    },
    sms: { ...settings.sms, authKey: open('msg91AuthKey') },
    fallbackMinutes: settings.fallbackMinutes,
    quietHours: settings.quietHours,
    unreadable,
  };
}


/** What queueing needs to choose a channel: which kinds each phone channel can carry now (no credential opened). */
export type MessagingReadiness = {
  whatsapp: Templates | null;
  sms: Templates | null;
  fallbackMinutes: number;
  quietHours: { from: string; to: string } | null;
};

export async function messagingReadiness(db: DbExecutor): Promise<MessagingReadiness> {
  const row = await readMessagingRow(db);
  const settings = withDefaults(row.messaging);
  const whatsappReady = settings.whatsapp.enabled && settings.whatsapp.phoneNumberId && row.secrets.whatsappAccessToken;
  const smsReady = settings.sms.enabled && settings.sms.senderId && row.secrets.msg91AuthKey;
  return {
    whatsapp: whatsappReady ? settings.whatsapp.templates : null,
    sms: smsReady ? settings.sms.templates : null,
    fallbackMinutes: settings.fallbackMinutes,
    quietHours: settings.quietHours,
  };
}

/** Whether codes can reach a phone at all (WhatsApp or SMS on, with a template for codes): the admission form offers it then. */
export async function phoneCodesAvailable(db: DbExecutor): Promise<boolean> {
  const readiness = await messagingReadiness(db);
  return Boolean(readiness.whatsapp?.['sign-in-code'] || readiness.sms?.['sign-in-code']);
}
