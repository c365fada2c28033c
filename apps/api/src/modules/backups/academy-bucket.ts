import { and, eq } from 'drizzle-orm';
import { thisAcademy, type DbExecutor } from '../../db/client';
import { offsiteBackupSettings } from '../../db/schema';
import { openSecret, UnreadableSecretError } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { SECRET_CONTEXT, type OffsiteConfig } from './offsite-bucket';

/**
 * The academy's bucket for what else lives in it (decision 096: lectures' renditions), from the
 * off-site backups' settings: one bucket an owner sets once, in Backup → Backups off the machine.
 *
 * - `for: 'copy'`: only while off-site backups are on (new files go there only then);
 * - `for: 'read'`: also while they are off, with the settings kept — what was copied there stays
 *   playable and removable after the admin turns copies off.
 *
 * Null: no bucket (never set, or off when copying). Keys that no longer open (APP_SECRET changed): null
 * with `unreadable`, so the caller says why instead of trying without keys.
 */
export async function academyBucket(db: DbExecutor, keys: ServerKeys, purpose: { for: 'copy' | 'read' }): Promise<{ config: OffsiteConfig | null; unreadable?: true }> {
  const [row] = await db.select().from(offsiteBackupSettings).where(thisAcademy(offsiteBackupSettings)).limit(1);
  if (!row || (purpose.for === 'copy' && !row.enabled)) return { config: null };
  try {
    const accessKeyId = openSecret(keys, SECRET_CONTEXT.accessKeyId, row.accessKeyIdSealed);
    const secretAccessKey = openSecret(keys, SECRET_CONTEXT.secretAccessKey, row.secretAccessKeySealed);
    return { config: { endpoint: row.endpoint, region: row.region, bucket: row.bucket, prefix: row.prefix, forcePathStyle: row.forcePathStyle, accessKeyId, secretAccessKey } };
  } catch (error) {
    if (error instanceof UnreadableSecretError) return { config: null, unreadable: true };
    throw error;
  }
}

/** Whether the academy's bucket is on (off-site backups on): new lecture renditions go there. */
export async function academyBucketOn(db: DbExecutor): Promise<boolean> {
  const [row] = await db.select({ enabled: offsiteBackupSettings.enabled }).from(offsiteBackupSettings).where(and(thisAcademy(offsiteBackupSettings), eq(offsiteBackupSettings.enabled, true))).limit(1);
  return Boolean(row?.enabled);
}
