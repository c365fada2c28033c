import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { BACKUP_NAME_PATTERN, OFFSITE_MESSAGES, type BackupSettings, type offsiteSettingsInputSchema } from '@academy/shared/schemas/backups';
import { type Db, type DbExecutor, thisAcademy } from '../../db/client';
import { offsiteBackups, offsiteBackupSettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { openSecret, sealSecret, UnreadableSecretError } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { archiveKeyId, newArchiveKey } from './offsite-crypto';
import { describeS3Error, objectKeyFor, s3ClientFor, SECRET_CONTEXT, type OffsiteConfig, type OffsiteSetup } from './offsite-bucket';

/** The off-site backups' settings (Settings → Backups): read, opened for use, changed, the bucket tried. */

/** The academy's settings row (one per academy), its keys still sealed. */
export async function offsiteSettingsRow(db: DbExecutor) {
  const [row] = await db.select().from(offsiteBackupSettings).where(thisAcademy(offsiteBackupSettings)).limit(1);
  return row;
}

/** A sealed key opened; undefined when it no longer opens (APP_SECRET changed). */
export function openStoredKey(keys: ServerKeys, context: string, stored: string): string | undefined {
  try {
    return openSecret(keys, context, stored);
  } catch (error) {
    if (error instanceof UnreadableSecretError) return undefined;
    throw error;
  }
}

/** GET /api/admin/settings/backups: the bucket without its keys (only whether each is set). */
export async function getBackupSettings(db: DbExecutor, keys: ServerKeys): Promise<BackupSettings> {
  const row = await offsiteSettingsRow(db);
  if (!row?.enabled) return { offsite: null };
  const readable = [
    [SECRET_CONTEXT.accessKeyId, row.accessKeyIdSealed],
    [SECRET_CONTEXT.secretAccessKey, row.secretAccessKeySealed],
    [SECRET_CONTEXT.archiveKey, row.archiveKeySealed],
  ].every(([context, stored]) => openStoredKey(keys, context!, stored!) !== undefined);
  return {
    offsite: {
      endpoint: row.endpoint,
      region: row.region,
      bucket: row.bucket,
      prefix: row.prefix,
      forcePathStyle: row.forcePathStyle,
      accessKeyIdSet: Boolean(row.accessKeyIdSealed),
      secretAccessKeySet: Boolean(row.secretAccessKeySealed),
      keyId: row.archiveKeyId,
      recoverySheetDownloaded: row.recoverySheetDownloadedAt !== null,
      readable,
    },
  };
}

/** The settings with everything opened, for uploads and restores only (never an answer or a log); null when off. */
export async function offsiteSetup(db: DbExecutor, keys: ServerKeys): Promise<OffsiteSetup | null> {
  const row = await offsiteSettingsRow(db);
  if (!row?.enabled) return null;
  const accessKeyId = openStoredKey(keys, SECRET_CONTEXT.accessKeyId, row.accessKeyIdSealed);
  const secretAccessKey = openStoredKey(keys, SECRET_CONTEXT.secretAccessKey, row.secretAccessKeySealed);
  const archiveKey = openStoredKey(keys, SECRET_CONTEXT.archiveKey, row.archiveKeySealed);
  if (accessKeyId === undefined || secretAccessKey === undefined || archiveKey === undefined) {
    throw new AppError('CONFLICT', 'The off-site backup keys stored on this server no longer open (APP_SECRET changed): enter the access keys again in Settings → Backups.');
  }
  return { endpoint: row.endpoint, region: row.region, bucket: row.bucket, prefix: row.prefix, forcePathStyle: row.forcePathStyle, accessKeyId, secretAccessKey, archiveKey: Buffer.from(archiveKey, 'hex') };
}

type OffsiteInput = z.output<typeof offsiteSettingsInputSchema>;

/** The form's values, with the stored keys for those left empty; 400 naming each key still missing. */
async function withStoredKeys(db: DbExecutor, keys: ServerKeys, input: OffsiteInput): Promise<OffsiteConfig> {
  const row = await offsiteSettingsRow(db);
  const accessKeyId = input.accessKeyId ?? (row ? openStoredKey(keys, SECRET_CONTEXT.accessKeyId, row.accessKeyIdSealed) : undefined);
  const secretAccessKey = input.secretAccessKey ?? (row ? openStoredKey(keys, SECRET_CONTEXT.secretAccessKey, row.secretAccessKeySealed) : undefined);
  const errors: Record<string, string> = {};
  if (!accessKeyId) errors.accessKeyId = 'Enter the access key ID';
  if (!secretAccessKey) errors.secretAccessKey = 'Enter the secret access key';
  if (Object.keys(errors).length > 0) throw new AppError('BAD_REQUEST', OFFSITE_MESSAGES.keysRequired, errors);
  return { endpoint: input.endpoint.replace(/\/$/, ''), region: input.region, bucket: input.bucket, prefix: input.prefix, forcePathStyle: input.forcePathStyle, accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! };
}

/**
 * PUT /api/admin/settings/backups. Keys left out stay as stored (both are needed the first time).
 * The recovery key is made the first time off-site backups are turned on and kept afterwards (also
 * while they are off), so one recovery sheet opens every archive. Audited without any key.
 */
export async function updateBackupSettings(
  db: Db,
  keys: ServerKeys,
  actor: AuditActor,
  input: { offsite: OffsiteInput | null },
  /** The academy's backups on this machine: turning off-site copies on queues them too (issue 71). */
  existingBackups: string[] = [],
): Promise<BackupSettings> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(offsiteBackupSettings).where(thisAcademy(offsiteBackupSettings)).for('update');
    if (input.offsite === null) {
      if (row?.enabled) {
        await tx.update(offsiteBackupSettings).set({ enabled: false });
        await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: null, text: { key: 'settings.backups_offsite_off' }, changes: { offsite: { old: 'on', new: 'off' } } });
      }
      return;
    }
    const config = await withStoredKeys(tx, keys, input.offsite);
    const values = {
      endpoint: config.endpoint,
      region: config.region,
      bucket: config.bucket,
      prefix: config.prefix,
      forcePathStyle: config.forcePathStyle,
      enabled: true,
      ...(input.offsite.accessKeyId || !row ? { accessKeyIdSealed: sealSecret(keys, SECRET_CONTEXT.accessKeyId, config.accessKeyId) } : {}),
      ...(input.offsite.secretAccessKey || !row ? { secretAccessKeySealed: sealSecret(keys, SECRET_CONTEXT.secretAccessKey, config.secretAccessKey) } : {}),
    };
    if (row) await tx.update(offsiteBackupSettings).set(values);
    else {
      const archiveKey = newArchiveKey();
      await tx.insert(offsiteBackupSettings).values({
        ...values,
        accessKeyIdSealed: values.accessKeyIdSealed!,
        secretAccessKeySealed: values.secretAccessKeySealed!,
        archiveKeySealed: sealSecret(keys, SECRET_CONTEXT.archiveKey, archiveKey.toString('hex')),
        archiveKeyId: archiveKeyId(archiveKey).toString('hex'),
      });
    }
    if (!row?.enabled) await queueExistingBackups(tx, config.prefix, existingBackups);
    const flat = (source: { endpoint: string; region: string; bucket: string; prefix: string; forcePathStyle: boolean; enabled: boolean } | undefined) =>
      source ? { offsite: source.enabled ? 'on' : 'off', endpoint: source.endpoint, region: source.region, bucket: source.bucket, prefix: source.prefix, forcePathStyle: source.forcePathStyle } : { offsite: 'off' };
    const changedKeys = (['accessKeyId', 'secretAccessKey'] as const).filter((name) => input.offsite![name]);
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: null,
      text: { key: changedKeys.length > 0 ? 'settings.backups_offsite_keys' : 'settings.backups_offsite' },
      changes: { ...(diffChanges(flat(row), flat(values)) ?? {}), ...Object.fromEntries(changedKeys.map((name) => [name, { old: row ? 'set' : 'not set', new: 'changed' }])) },
    });
  });
  return getBackupSettings(db, keys);
}

/** POST /api/admin/settings/backups/test: writes a small object and deletes it; throws the admin's words on failure. */
export async function testBucket(db: DbExecutor, keys: ServerKeys, input: OffsiteInput): Promise<void> {
  const { DeleteObjectCommand, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const config = await withStoredKeys(db, keys, input);
  const client = await s3ClientFor(config);
  const key = objectKeyFor(config.prefix, `.academy-test-${randomBytes(6).toString('hex')}`);
  try {
    await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: 'Academy checks that it can write here. This file is deleted at once.', ContentType: 'text/plain' }));
    await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
  } catch (error) {
    throw new AppError('BAD_REQUEST', describeS3Error(error));
  } finally {
    client.destroy();
  }
}

/**
 * Off-site copies were just turned on (issue 71): the backups this academy already has go too, as
 * pending rows that the off-site job's next run copies (within 5 minutes; retried as any copy).
 * A backup that already has a row (uploaded before they were turned off, or being removed) keeps it.
 */
async function queueExistingBackups(db: DbExecutor, prefix: string, backupNames: string[]): Promise<void> {
  const names = backupNames.filter((name) => BACKUP_NAME_PATTERN.test(name));
  if (names.length === 0) return;
  await db
    .insert(offsiteBackups)
    .values(names.map((backupName) => ({ backupName, objectKey: objectKeyFor(prefix, backupName) })))
    .onConflictDoNothing();
}
