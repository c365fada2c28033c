import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OffsiteState } from '@academy/shared/schemas/backups';
import type { DbExecutor } from '../../db/client';
import { academySql } from '../../db/same-academy';
import { offsiteBackups } from '../../db/schema';
import { objectKeyFor } from './offsite-bucket';
import { offsiteSettingsRow } from './offsite-settings';

/** Each backup's copy off the machine, a row of `offsite_backups`: its state, queued, marked for removal. */

/** The state of each backup's copy, by backup name ('deleting' rows are no longer backups here). */
export async function offsiteStates(db: DbExecutor, names: string[]): Promise<Map<string, OffsiteState>> {
  if (names.length === 0) return new Map();
  const rows = await db.select().from(offsiteBackups).where(inArray(offsiteBackups.backupName, names));
  return new Map(
    rows
      .filter((row) => row.status !== 'deleting')
      .map((row) => [
        row.backupName,
        {
          status: row.status as OffsiteState['status'],
          key: row.objectKey,
          sha256: row.sha256,
          uploadedAt: row.uploadedAt?.toISOString() ?? null,
          error: row.lastError,
          attempts: row.attempts,
        },
      ]),
  );
}

/** A new backup is to go off the machine (when off-site backups are on): its row, pending. */
export async function queueOffsiteUpload(db: DbExecutor, backupName: string): Promise<boolean> {
  const row = await offsiteSettingsRow(db);
  if (!row?.enabled) return false;
  await db
    .insert(offsiteBackups)
    .values({ backupName, objectKey: objectKeyFor(row.prefix, backupName) })
    .onConflictDoNothing();
  return true;
}

/** Its local backup was deleted (by the admin or the retention): the copy in the bucket goes too, by the next sync. */
export async function markOffsiteForDeletion(db: DbExecutor, backupName: string): Promise<void> {
  // Never uploaded: nothing to remove in the bucket.
  await db.delete(offsiteBackups).where(sql`${offsiteBackups.backupName} = ${backupName} and ${offsiteBackups.status} in ('pending', 'failed') and ${offsiteBackups.uploadedAt} is null`);
  await db.update(offsiteBackups).set({ status: 'deleting' }).where(eq(offsiteBackups.backupName, backupName));
}

/** The recorded checksum of a copy in the bucket, when this machine uploaded it. */
export async function recordedSha256(db: DbExecutor, objectKey: string): Promise<string | null> {
  const [row] = await db.select({ sha256: offsiteBackups.sha256 }).from(offsiteBackups).where(eq(offsiteBackups.objectKey, objectKey)).limit(1);
  return row?.sha256 ?? null;
}

/** What the dashboard warns about (json `{ failed, last_error }`, a subquery of its one statement): copies that failed and the newest error; none while off. */
// Every table names the academy as a parameter: a select-list subquery reaches one shard on Citus (decision 053).
export const offsiteFailuresSql = (): SQL => sql`(select json_build_object('failed', count(*)::int, 'last_error', (array_agg(last_error order by last_attempt_at desc nulls last))[1])
    from offsite_backups where academy_id = ${academySql()} and status = 'failed'
      and exists (select 1 from offsite_backup_settings where academy_id = ${academySql()} and enabled))`;
