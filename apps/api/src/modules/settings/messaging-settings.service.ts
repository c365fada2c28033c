import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MESSAGING_MESSAGES, type MessagingSettings, type messagingSettingsInputSchema } from '@academy/shared/schemas/messaging';
import type { Db, DbExecutor } from '../../db/client';
import { academySettings, academyWhatsappNumbers, type MessagingSecretName } from '../../db/schema';
import { currentAcademyId, FIRST_ACADEMY_ID } from '../../lib/tenancy';
import { emitEvent } from '../../events/emit';
import { AppError } from '../../lib/app-error';
import { sealSecret } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { MSG91_WEBHOOK_PATH, msg91WebhookToken, readMessagingRow, WHATSAPP_WEBHOOK_PATH, withDefaults, type Templates } from '../../academy-settings';
import { thisAcademy } from '../../db/same-academy';
import { appNowSql } from '../../db/app-time';

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
    .onConflictDoUpdate({ target: academyWhatsappNumbers.phoneNumberId, set: { updatedAt: appNowSql() }, setWhere: eq(academyWhatsappNumbers.academyId, academyId) })
    .returning({ academyId: academyWhatsappNumbers.academyId });
  if (kept.length === 0) throw new AppError('BAD_REQUEST', MESSAGING_MESSAGES.whatsappNumberTaken, { whatsapp: MESSAGING_MESSAGES.whatsappNumberTaken });
}

/**
 * POST /api/admin/settings/messaging/msg91-webhook-token: a new random token for MSG91's
 * delivery-report address, sealed; the old address stops working at once. Audited without the token.
 */
export async function rotateMsg91WebhookToken(db: Db, keys: ServerKeys, actor: AuditActor): Promise<MessagingSettings> {
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx.select({ secrets: academySettings.messagingSecrets }).from(academySettings).where(thisAcademy(academySettings)).for('update');
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
    const [row] = await tx.select({ messaging: academySettings.messaging, secrets: academySettings.messagingSecrets }).from(academySettings).where(thisAcademy(academySettings)).for('update');
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
