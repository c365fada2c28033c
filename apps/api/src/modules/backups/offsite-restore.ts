import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offsiteBackupSettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { sealSecret } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { OFFSITE_MESSAGES, type RemoteBackup } from '@academy/shared/schemas/backups';
import { UNSIGNED_BACKUP_MESSAGE } from './backup-archive';
import { stageBackup, restoreStagedBackup, type BackupPaths, type OnProgress } from './backups.service';
import { archiveKeyId } from './offsite-crypto';
import { downloadRemoteBackup, listRemoteBackups, type OffsiteConfig } from './offsite.service';

/**
 * Restoring from the bucket onto an installation that may be EMPTY (a new machine after a dead disk):
 * everything it needs comes from the person, not from the database — the bucket's address and
 * access keys, and the recovery key from the sheet. Used by the CLI (`backup:restore-remote`).
 */
export type RemoteRestoreOptions = {
  config: OffsiteConfig;
  archiveKey: Buffer;
  /** The backup's name or object key; the newest in the bucket when left out. */
  backup?: string;
  onProgress?: OnProgress;
  /** Already downloaded and checked with the recovery key (checkedRemoteBackup): used as it is, and not removed here. */
  checked?: CheckedRemoteBackup;
};

export type CheckedRemoteBackup = { chosen: RemoteBackup; file: string; remove: () => Promise<void> };

/**
 * Downloads the chosen backup into a temporary folder OUTSIDE DATA_DIR and decrypts it with the
 * recovery key, checking its checksum and every chunk's authentication (issue 71): the CLI does this
 * before it makes DATA_DIR, its secret or the database, so a wrong key or a damaged object leaves
 * nothing behind. Throws the admin's words (e.g. WRONG_KEY_MESSAGE); the folder is then already gone.
 */
export async function checkedRemoteBackup(config: OffsiteConfig, archiveKey: Buffer, chosen: RemoteBackup): Promise<CheckedRemoteBackup> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-remote-'));
  const remove = () => fs.promises.rm(folder, { recursive: true, force: true });
  const file = path.join(folder, 'backup.tar.gz');
  try {
    await downloadRemoteBackup(config, archiveKey, chosen.key, file);
  } catch (error) {
    await remove();
    throw error;
  }
  return { chosen, file, remove };
}

export async function chooseRemoteBackup(config: OffsiteConfig, wanted: string | undefined): Promise<RemoteBackup> {
  const objects = await listRemoteBackups(config, new Set());
  if (objects.length === 0) throw new AppError('NOT_FOUND', 'There is no Academy backup in this bucket (under this prefix).');
  if (!wanted) return objects[0]!;
  const found = objects.find((object) => object.key === wanted || object.name === wanted || `${object.name}.enc` === wanted);
  if (!found) throw new AppError('NOT_FOUND', OFFSITE_MESSAGES.remoteNotFound);
  return found;
}

/**
 * Downloads, checks (SHA-256, then every chunk's authentication with the recovery key) and restores
 * one backup from the bucket, in one transaction as every restore. Its manifest signature is made
 * with the old server's APP_SECRET: on a machine with another secret it does not verify, and the
 * recovery key's authentication stands in for it (an archive that decrypts was made by whoever holds
 * the key); such a restore is recorded in the audit log as one not signed by this server.
 * Afterwards the bucket is set up on this server (its keys sealed under this server's APP_SECRET), so
 * the rebuilt machine goes on copying its backups to the same place.
 */
export async function restoreFromBucket(db: Db, paths: BackupPaths, keys: ServerKeys, options: RemoteRestoreOptions): Promise<{ restored: RemoteBackup; signed: boolean }> {
  const onProgress = options.onProgress ?? (() => {});
  const chosen = options.checked?.chosen ?? (await chooseRemoteBackup(options.config, options.backup));
  const downloaded = options.checked?.file ?? path.join(paths.backupsDir, `.work-remote-${randomBytes(6).toString('hex')}.tar.gz`);
  try {
    if (!options.checked) {
      fs.mkdirSync(paths.backupsDir, { recursive: true, mode: 0o700 });
      onProgress(0, `Downloading ${chosen.name}`);
      await downloadRemoteBackup(options.config, options.archiveKey, chosen.key, downloaded);
    }
    onProgress(0.2, 'Checking the backup');
    let staged;
    try {
      staged = await stageBackup(downloaded, paths, keys);
    } catch (error) {
      if (!(error instanceof AppError && error.message === UNSIGNED_BACKUP_MESSAGE)) throw error;
      staged = await stageBackup(downloaded, paths, keys, { trustUnsigned: true });
    }
    await restoreStagedBackup(db, paths, staged, (progress, step) => onProgress(0.2 + progress * 0.75, step));
    await db
      .insert(offsiteBackupSettings)
      .values({
        endpoint: options.config.endpoint,
        region: options.config.region,
        bucket: options.config.bucket,
        prefix: options.config.prefix,
        forcePathStyle: options.config.forcePathStyle,
        accessKeyIdSealed: sealSecret(keys, 'offsite:accessKeyId', options.config.accessKeyId),
        secretAccessKeySealed: sealSecret(keys, 'offsite:secretAccessKey', options.config.secretAccessKey),
        archiveKeySealed: sealSecret(keys, 'offsite:archiveKey', options.archiveKey.toString('hex')),
        archiveKeyId: archiveKeyId(options.archiveKey).toString('hex'),
        // The person restoring holds the sheet: it is not offered again.
        recoverySheetDownloadedAt: sql`now()`,
        enabled: true,
      })
      .onConflictDoUpdate({
        target: offsiteBackupSettings.academyId,
        set: {
          endpoint: sql`excluded.endpoint`,
          region: sql`excluded.region`,
          bucket: sql`excluded.bucket`,
          prefix: sql`excluded.prefix`,
          forcePathStyle: sql`excluded.force_path_style`,
          accessKeyIdSealed: sql`excluded.access_key_id_sealed`,
          secretAccessKeySealed: sql`excluded.secret_access_key_sealed`,
          archiveKeySealed: sql`excluded.archive_key_sealed`,
          archiveKeyId: sql`excluded.archive_key_id`,
          recoverySheetDownloadedAt: sql`excluded.recovery_sheet_downloaded_at`,
          enabled: true,
        },
      });
    onProgress(1, 'Done');
    return { restored: chosen, signed: staged.signed };
  } finally {
    if (!options.checked) await fs.promises.rm(downloaded, { force: true });
  }
}
