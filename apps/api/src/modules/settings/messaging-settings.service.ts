import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MESSAGING_MESSAGES, type MessageKind, type MessagingSettings, type messagingSettingsInputSchema } from '@academy/shared/schemas/messaging';
import type { Db, DbExecutor } from '../../db/client';
import { academySettings, academyWhatsappNumbers, type MessagingSecretName, type StoredMessaging } from '../../db/schema';
import { currentAcademyId, FIRST_ACADEMY_ID } from '../../lib/tenancy';
import { emitEvent } from '../../events/emit';
import { AppError } from '../../lib/app-error';
import { openSecret, sealSecret, UnreadableSecretError } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { getAcademySettings } from './settings.service';

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

type Templates = Partial<Record<MessageKind, string>>;

/** What the sender and the webhooks need, credentials opened. A channel is usable only when complete. */
export type MessagingConfig = {
  whatsapp: { enabled: boolean; phoneNumberId: string | null; accessToken: string | null; appSecret: string | null; verifyToken: string | null; templates: Templates };
  sms: { enabled: boolean; authKey: string | null; senderId: string | null; templates: Templates };
  fallbackMinutes: number;
  quietHours: { from: string; to: string } | null;
  /** Credentials that would not open (APP_SECRET changed): the office must enter them again. */
  unreadable: MessagingSecretName[];
};

async function readMessagingRow(db: DbExecutor) {
  await getAcademySettings(db); // creates the single row on first use
  const [row] = await db.select({ messaging: academySettings.messaging, secrets: academySettings.messagingSecrets }).from(academySettings).limit(1);
  return row!;
}

function withDefaults(stored: StoredMessaging) {
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

/**
 * The address MSG91 posts delivery reports to: the academy's token, and, for an academy other than the
 * first, its id, so that reports posted to the platform's base domain find their academy (issue 55).
 */
export function msg91WebhookPath(token: string): string {
  const academy = currentAcademyId();
  return `${MSG91_WEBHOOK_PATH}?token=${token}${academy === FIRST_ACADEMY_ID ? '' : `&academy=${academy}`}`;
}

/**
 * Which academy a WhatsApp phone number id belongs to, kept beside its settings in `tx` (issue 55):
 * Meta's webhook names the number, so a delivery posted to the base domain finds the academy whose app
 * secret checks it. A number another academy has already is refused (400), nothing saved.
 */
async function keepWhatsAppNumber(tx: DbExecutor, phoneNumberId: string | null): Promise<void> {
  const academyId = currentAcademyId();
  await tx
    .delete(academyWhatsappNumbers)
    .where(phoneNumberId ? and(eq(academyWhatsappNumbers.academyId, academyId), ne(academyWhatsappNumbers.phoneNumberId, phoneNumberId)) : eq(academyWhatsappNumbers.academyId, academyId));
  if (!phoneNumberId) return;
  const kept = await tx
    .insert(academyWhatsappNumbers)
    .values({ phoneNumberId, academyId })
    .onConflictDoUpdate({ target: academyWhatsappNumbers.phoneNumberId, set: { updatedAt: sql`now()` }, setWhere: eq(academyWhatsappNumbers.academyId, academyId) })
    .returning({ academyId: academyWhatsappNumbers.academyId });
  if (kept.length === 0) throw new AppError('BAD_REQUEST', MESSAGING_MESSAGES.whatsappNumberTaken, { whatsapp: MESSAGING_MESSAGES.whatsappNumberTaken });
}

/** Whether `token` is the current delivery-report token, compared in constant time (over digests). */
export async function isMsg91WebhookToken(db: DbExecutor, keys: ServerKeys, token: string | undefined): Promise<boolean> {
  const row = await readMessagingRow(db);
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return token !== undefined && timingSafeEqual(digest(token), digest(msg91WebhookToken(keys, row.secrets)));
}

/**
 * POST /api/admin/settings/messaging/msg91-webhook-token: a new random token for MSG91's
 * delivery-report address, sealed; the old address stops working at once. Audited without the token.
 */
export async function rotateMsg91WebhookToken(db: Db, keys: ServerKeys, actor: AuditActor): Promise<MessagingSettings> {
  const saved = await db.transaction(async (tx) => {
    await getAcademySettings(tx);
    const [row] = await tx.select({ secrets: academySettings.messagingSecrets }).from(academySettings).for('update');
    const secrets = { ...row!.secrets, msg91WebhookToken: sealSecret(keys, 'messaging:msg91WebhookToken', randomBytes(24).toString('base64url')) };
    const [updated] = await tx
      .update(academySettings)
      .set({ messagingSecrets: secrets, updatedAt: sql`now()` })
      .returning({ messaging: academySettings.messaging, secrets: academySettings.messagingSecrets });
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: null,
      text: { key: 'settings.msg91_token' },
      changes: { msg91WebhookToken: { old: 'set', new: 'changed' } },
    });
    return updated!;
  });
  return toAnswer(saved, keys);
}

function toAnswer(row: Awaited<ReturnType<typeof readMessagingRow>>, keys: ServerKeys): MessagingSettings {
  const settings = withDefaults(row.messaging);
  const set = (name: MessagingSecretName) => Boolean(row.secrets[name]);
  return {
    whatsapp: {
      enabled: settings.whatsapp.enabled,
      phoneNumberId: settings.whatsapp.phoneNumberId,
      accessTokenSet: set('whatsappAccessToken'),
      appSecretSet: set('whatsappAppSecret'),
      verifyTokenSet: set('whatsappVerifyToken'),
      templates: settings.whatsapp.templates,
      webhookPath: WHATSAPP_WEBHOOK_PATH,
    },
    sms: {
      enabled: settings.sms.enabled,
      authKeySet: set('msg91AuthKey'),
      senderId: settings.sms.senderId,
      templates: settings.sms.templates,
      webhookPath: msg91WebhookPath(msg91WebhookToken(keys, row.secrets)),
    },
    fallbackMinutes: settings.fallbackMinutes,
    quietHours: settings.quietHours,
  };
}

/** GET /api/admin/settings/messaging. */
export async function getMessagingSettings(db: DbExecutor, keys: ServerKeys): Promise<MessagingSettings> {
  return toAnswer(await readMessagingRow(db), keys);
}

/** Drops empty template names: an empty field means "not sent on this channel". */
function cleanTemplates(templates: Templates): Templates {
  return Object.fromEntries(Object.entries(templates).filter(([, name]) => name)) as Templates;
}

/**
 * PUT /api/admin/settings/messaging: each part left out stays; a credential left out stays sealed as
 * it is. A channel turned on must be complete (ids and credentials), else 400 and nothing changes.
 * Audited without any credential: only that one changed.
 */
export async function updateMessagingSettings(db: Db, keys: ServerKeys, actor: AuditActor, input: z.output<typeof messagingSettingsInputSchema>): Promise<MessagingSettings> {
  const saved = await db.transaction(async (tx) => {
    await getAcademySettings(tx);
    const [row] = await tx.select({ messaging: academySettings.messaging, secrets: academySettings.messagingSecrets }).from(academySettings).for('update');
    const before = withDefaults(row!.messaging);
    const secrets = { ...row!.secrets };
    const changedSecrets: MessagingSecretName[] = [];
    const seal = (name: MessagingSecretName, value: string | undefined) => {
      if (!value) return;
      secrets[name] = sealSecret(keys, `messaging:${name}`, value);
      changedSecrets.push(name);
    };
    const next = structuredClone(before);
    if (input.whatsapp) {
      next.whatsapp = {
        enabled: input.whatsapp.enabled,
        phoneNumberId: input.whatsapp.phoneNumberId === undefined ? before.whatsapp.phoneNumberId : input.whatsapp.phoneNumberId,
        templates: input.whatsapp.templates ? cleanTemplates(input.whatsapp.templates) : before.whatsapp.templates,
      };
      seal('whatsappAccessToken', input.whatsapp.accessToken);
      seal('whatsappAppSecret', input.whatsapp.appSecret);
      seal('whatsappVerifyToken', input.whatsapp.verifyToken);
      if (next.whatsapp.enabled && (!next.whatsapp.phoneNumberId || !secrets.whatsappAccessToken || !secrets.whatsappAppSecret)) {
        throw new AppError('BAD_REQUEST', MESSAGING_MESSAGES.whatsappIncomplete, { whatsapp: MESSAGING_MESSAGES.whatsappIncomplete });
      }
    }
    if (input.sms) {
      next.sms = {
        enabled: input.sms.enabled,
        senderId: input.sms.senderId === undefined ? before.sms.senderId : input.sms.senderId,
        templates: input.sms.templates ? cleanTemplates(input.sms.templates) : before.sms.templates,
      };
      seal('msg91AuthKey', input.sms.authKey);
      if (next.sms.enabled && (!next.sms.senderId || !secrets.msg91AuthKey)) {
        throw new AppError('BAD_REQUEST', MESSAGING_MESSAGES.smsIncomplete, { sms: MESSAGING_MESSAGES.smsIncomplete });
      }
    }
    if (input.whatsapp) await keepWhatsAppNumber(tx, next.whatsapp.phoneNumberId);
    if (input.fallbackMinutes !== undefined) next.fallbackMinutes = input.fallbackMinutes;
    if (input.quietHours !== undefined) next.quietHours = input.quietHours;
    const [updated] = await tx
      .update(academySettings)
      .set({ messaging: next, messagingSecrets: secrets, updatedAt: sql`now()` })
      .returning({ messaging: academySettings.messaging, secrets: academySettings.messagingSecrets });
    const changes = {
      ...(diffChanges(flatten(before), flatten(next)) ?? {}),
      // Which credential changed, never its value.
      ...Object.fromEntries(changedSecrets.map((name) => [name, { old: row!.secrets[name] ? 'set' : 'not set', new: 'changed' }])),
    };
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: null,
      text: { key: changedSecrets.length > 0 ? 'settings.messaging_secret' : 'settings.messaging' },
      changes,
    });
    // Messages the quiet hours hold wait for the new end, or go now (issue 54): the outbox does it.
    if (JSON.stringify(before.quietHours) !== JSON.stringify(next.quietHours)) await emitEvent(tx, { type: 'messaging.quiet-hours-changed', payload: {} });
    return updated!;
  });
  return toAnswer(saved, keys);
}

/** The settings as flat fields for the audit entry (templates as "kind=name" lists). */
function flatten(settings: ReturnType<typeof withDefaults>): Record<string, unknown> {
  const list = (templates: Templates) =>
    Object.entries(templates)
      .map(([kind, name]) => `${kind}=${name}`)
      .sort()
      .join(', ');
  return {
    whatsappEnabled: settings.whatsapp.enabled,
    whatsappPhoneNumberId: settings.whatsapp.phoneNumberId,
    whatsappTemplates: list(settings.whatsapp.templates),
    smsEnabled: settings.sms.enabled,
    smsSenderId: settings.sms.senderId,
    smsTemplates: list(settings.sms.templates),
    fallbackMinutes: settings.fallbackMinutes,
    quietHours: settings.quietHours ? `${settings.quietHours.from}–${settings.quietHours.to}` : null,
  };
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
