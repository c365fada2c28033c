import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '@academy/shared/calendar';
import type { academySettingsInputSchema, AcademySettings, parentAlertSettingsInputSchema, PublicAcademySettings } from '@academy/shared/schemas/settings';
import { FEE_MESSAGES } from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkOutboundUrl, OutboundAddressError, urlForLog, type OutboundPolicy } from '../../lib/outbound-address';
import { isSealed, sealSecret } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { DEFAULT_ACADEMY_SETTINGS, getAcademySettings, toAcademySettings, WEBHOOK_SECRET_CONTEXT, type SettingsValues } from '../../academy-settings';
import { academySettings } from '../../db/schema';
import { thisAcademy } from '../../db/same-academy';

/** Only what the public pages show; nothing about when or by whom it changed. */
export function toPublicSettings(settings: AcademySettings): PublicAcademySettings {
  const { name, tagline, address, phones, email, officeHours, socialLinks, timeZone, testimonials, samplePages, location, translations, brand } = settings;
  return { name, tagline, address, phones, email, officeHours, socialLinks, timeZone, testimonials, samplePages, location, translations, brand };
}

// The audit log's old values: the row as it was, locked until the change commits (none on the very
// first save). Read apart from the upsert: Citus refuses a subquery in an INSERT (decision 053).
const PREVIOUS_SETTINGS = sql<Record<string, unknown>>`jsonb_build_object(
  'name', name, 'tagline', tagline, 'address', address, 'phones', phones, 'email', email, 'officeHours', office_hours,
  'facebookUrl', facebook_url, 'instagramUrl', instagram_url, 'youtubeUrl', youtube_url, 'whatsappUrl', whatsapp_url,
  'timeZone', time_zone, 'backupTime', backup_time, 'testimonials', testimonials, 'paymentsLockedBefore', payments_locked_before,
  'lateJoinerGraceDays', late_joiner_grace_days,
  'latitude', latitude, 'longitude', longitude, 'monthlyFeeTargetPaise', monthly_fee_target_paise, 'translations', translations)`;

export async function updateAcademySettings(db: Db, actor: AuditActor, input: z.output<typeof academySettingsInputSchema>): Promise<AcademySettings> {
  const values: SettingsValues = {
    name: input.name,
    tagline: input.tagline,
    address: input.address,
    phones: input.phones,
    email: input.email,
    officeHours: input.officeHours,
    facebookUrl: input.socialLinks.facebook,
    instagramUrl: input.socialLinks.instagram,
    youtubeUrl: input.socialLinks.youtube,
    whatsappUrl: input.socialLinks.whatsapp,
    timeZone: input.timeZone,
    // Left out by older clients: the stored time stays.
    ...(input.backupTime ? { backupTime: input.backupTime } : {}),
    ...(input.testimonials ? { testimonials: input.testimonials } : {}),
    // Left out: unchanged; null: no lock (payments go back to the previous financial year's start).
    ...(input.paymentsLockedBefore !== undefined ? { paymentsLockedBefore: input.paymentsLockedBefore } : {}),
    ...(input.lateJoinerGraceDays !== undefined ? { lateJoinerGraceDays: input.lateJoinerGraceDays } : {}),
    // Left out: unchanged; null: no map position.
    ...(input.location !== undefined ? { latitude: input.location?.latitude ?? null, longitude: input.location?.longitude ?? null } : {}),
    // Left out: unchanged; null: no target.
    ...(input.monthlyFeeTarget !== undefined ? { monthlyFeeTargetPaise: input.monthlyFeeTarget } : {}),
    // Left out: unchanged; {}: none (English everywhere).
    ...(input.translations !== undefined ? { translations: input.translations } : {}),
  };
  // A lock date in the future would refuse today's payments: the books close on days that are over.
  if (input.paymentsLockedBefore && input.paymentsLockedBefore > todayIn(input.timeZone)) {
    throw new AppError('BAD_REQUEST', FEE_MESSAGES.lockDateInFuture, { paymentsLockedBefore: FEE_MESSAGES.lockDateInFuture });
  }
  const row = await db.transaction(async (tx) => {
    const [previous] = await tx.select({ before: PREVIOUS_SETTINGS }).from(academySettings).where(thisAcademy(academySettings)).for('update');
    const [after] = await tx
      .insert(academySettings)
      .values(values)
      .onConflictDoUpdate({ target: academySettings.academyId, set: { ...values, updatedAt: new Date() } })
      .returning();
    const before = previous?.before;
    await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: null, text: { key: 'settings.updated' }, changes: diffChanges(before ?? {}, values) });
    return after!;
  });
  return toAcademySettings(row);
}


/**
 * PUT /api/admin/settings/parent-alerts: the absence alerts and the parents' webhook. The address
 * passes the outbound guard (lib/outbound-address.ts: in production nothing inside the server's
 * network); the secret is stored sealed (lib/secret-box.ts), kept when left out, and never recorded
 * in the audit log (only that it changed).
 */
export async function updateParentAlertSettings(
  db: Db,
  deps: { keys: ServerKeys; outbound: OutboundPolicy },
  actor: AuditActor,
  input: z.output<typeof parentAlertSettingsInputSchema>,
): Promise<AcademySettings> {
  if (input.parentWebhook?.url) {
    try {
      await checkOutboundUrl(input.parentWebhook.url, deps.outbound);
    } catch (error) {
      if (!(error instanceof OutboundAddressError)) throw error;
      throw new AppError('BAD_REQUEST', error.message, { 'parentWebhook.url': error.message });
    }
  }
  // A secret an older version stored in clear is sealed now, also when this save keeps it.
  await sealClearWebhookSecret(db, deps.keys);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ absenceAlerts: academySettings.absenceAlerts, parentWebhookUrl: academySettings.parentWebhookUrl, secretSet: sql<boolean>`${academySettings.parentWebhookSecret} is not null` })
      .from(academySettings).where(thisAcademy(academySettings))
      .for('update');
    // Templates left out (older clients): the stored ones stay.
    const absenceAlerts = input.absenceAlerts ? { ...input.absenceAlerts, templates: input.absenceAlerts.templates ?? before?.absenceAlerts.templates } : undefined;
    const values = {
      ...(absenceAlerts ? { absenceAlerts } : {}),
      ...(input.parentWebhook ? { parentWebhookUrl: input.parentWebhook.url } : {}),
      ...(input.parentWebhook?.secret ? { parentWebhookSecret: sealSecret(deps.keys, WEBHOOK_SECRET_CONTEXT, input.parentWebhook.secret) } : {}),
      // null: the office clears the secret (the address may stay; nothing is signed or sent without one).
      ...(input.parentWebhook?.secret === null ? { parentWebhookSecret: null } : {}),
      // No address: no secret either.
      ...(input.parentWebhook && !input.parentWebhook.url ? { parentWebhookSecret: null } : {}),
    };
    if (Object.keys(values).length === 0) return;
    await tx.update(academySettings).set({ ...values, updatedAt: new Date() });
    const { parentWebhookSecret: secret, ...shown } = values;
    // The secret's value never enters the log, and a field named like a secret would be dropped by the
    // audit filter: the change is said in the summary and under a plain name (set / cleared only).
    const secretChanged = secret !== undefined && (secret !== null || before?.secretSet === true);
    // jsonb keeps its own key order: compare the alert settings with sorted keys (the same settings
    // saved again are no change).
    // Addresses are logged without user name, query or fragment: a provider's token may ride in them.
    const otherChanges = diffChanges(before ? { absenceAlerts: sortedKeys(before.absenceAlerts), parentWebhookUrl: urlForLog(before.parentWebhookUrl) } : {}, {
      ...shown,
      ...(shown.absenceAlerts ? { absenceAlerts: sortedKeys(shown.absenceAlerts) } : {}),
      ...('parentWebhookUrl' in shown ? { parentWebhookUrl: urlForLog(shown.parentWebhookUrl) } : {}),
    });
    if (!secretChanged && !otherChanges) return;
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: null,
      text: { key: secretChanged ? (otherChanges ? 'settings.parent_alerts_secret' : 'settings.webhook_secret') : 'settings.parent_alerts' },
      changes: { ...otherChanges, ...(secretChanged ? { webhookSigningKey: { old: before?.secretSet ? 'set' : 'not set', new: secret === null ? 'cleared' : 'changed' } } : {}) },
    });
  });
  return getAcademySettings(db);
}

/** A copy of a JSON object with its keys (at every level) in order, for comparing jsonb values. */
function sortedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortedKeys) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  ) as T;
}

/**
 * A new academy's settings row, made with the academy (issue 79) in the caller's transaction and academy
 * (`withAcademy`): sign-up's own values, else the defaults (the demo academy, an academy made elsewhere).
 * An academy that has one keeps it. Reading the settings never makes the row.
 */
export async function createAcademySettings(tx: DbExecutor, values: typeof academySettings.$inferInsert = DEFAULT_ACADEMY_SETTINGS): Promise<void> {
  await tx.insert(academySettings).values(values).onConflictDoNothing();
}

/**
 * Seals a webhook secret stored in clear (before issue 35, or restored from such a backup). Run at
 * start-up and before a save of the parents' alerts; idempotent, and several servers at once agree: the
 * write only replaces the very clear value it read, so a second server's write changes nothing.
 */
export async function sealClearWebhookSecret(db: DbExecutor, keys: ServerKeys): Promise<void> {
  const [row] = await db.select({ secret: academySettings.parentWebhookSecret }).from(academySettings).where(thisAcademy(academySettings));
  if (!row?.secret || isSealed(row.secret)) return;
  await db
    .update(academySettings)
    .set({ parentWebhookSecret: sealSecret(keys, WEBHOOK_SECRET_CONTEXT, row.secret) })
    .where(and(thisAcademy(academySettings), eq(academySettings.parentWebhookSecret, row.secret)));
}
