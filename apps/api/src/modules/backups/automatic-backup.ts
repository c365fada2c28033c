import type { Db } from '../../db/client';
import { currentAcademyId } from '../../lib/tenancy';
import type { ServerKeys } from '../../lib/server-keys';
import { getAcademySettings } from '../../academy-settings';
import { recordAudit } from '../audit';
import { backupsToPrune, localDateTime } from './backup-retention';
import { academyBackupPaths, poolOf, type BackupPaths } from './backup-paths';
import { createBackup } from './create-backup';
import { deleteBackup, listBackups } from './backup-list';
import { markOffsiteForDeletion, queueOffsiteUpload } from './offsite-copies';
import { syncOffsite } from './sync-offsite';

// Per academy (issue 55): with its academy's hash as the second key, one academy's run never makes another's wait or skip.
const AUTOMATIC_LOCK_KEY = 727_010;

export type AutomaticRunResult = 'not-due' | 'done-today' | 'locked' | 'created';

/**
 * The daily automatic backup, meant to be called every minute: once the academy's clock has passed
 * the backup time and no automatic backup exists for that day, one process (an advisory lock keeps
 * a second server out) makes it and then prunes to 7 daily and 4 weekly. Safe to call any number of times.
 */
export async function runAutomaticBackupIfDue(db: Db, paths: BackupPaths, keys: ServerKeys, now: Date = new Date()): Promise<AutomaticRunResult> {
  const { timeZone, backupTime } = await getAcademySettings(db);
  const local = localDateTime(now, timeZone);
  if (local.time < backupTime) return 'not-due';
  const doneToday = () => automaticBackupMadeOn(paths, timeZone, local.date);
  if (await doneToday()) return 'done-today';

  const client = await poolOf(db).connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [AUTOMATIC_LOCK_KEY, currentAcademyId()]);
    if (!rows[0]?.locked) return 'locked';
    try {
      // Another process may have finished today's while this one waited for the lock.
      if (await doneToday()) return 'done-today';
      const made = await createBackup(db, paths, keys, { kind: 'automatic', now });
      await recordAudit(db, null, { action: 'backup.create', entityType: 'backup', entityId: made.name, text: { key: 'backup.created_automatic', values: { name: made.name } } });
      const offsite = await queueOffsiteUpload(db, made.name);
      const automatic = (await listBackups(paths)).filter((backup) => backup.kind === 'automatic');
      for (const name of backupsToPrune(automatic.map((backup) => ({ name: backup.name, createdAt: new Date(backup.createdAt) })), timeZone)) {
        await deleteBackup(paths, name);
        // The same retention off the machine: its copy in the bucket is removed by the sync below.
        await markOffsiteForDeletion(db, name);
        await recordAudit(db, null, { action: 'backup.delete', entityType: 'backup', entityId: name, text: { key: 'backup.deleted_automatic', values: { name } } });
      }
      // Copied at once; a failure is recorded on its row (the dashboard shows it) and the off-site job retries it.
      if (offsite) await syncOffsite(db, keys, paths.backupsDir).catch(() => undefined);
      return 'created';
    } finally {
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [AUTOMATIC_LOCK_KEY, currentAcademyId()]);
    }
  } finally {
    client.release();
  }
}

/** Whether the academy has an automatic backup made on `date` of its clock. */
async function automaticBackupMadeOn(paths: BackupPaths, timeZone: string, date: string): Promise<boolean> {
  return (await listBackups(paths)).some((backup) => backup.kind === 'automatic' && localDateTime(new Date(backup.createdAt), timeZone).date === date);
}

/**
 * When the automatic backup job is next needed (decision 115): the next time the academy's clock reaches its
 * backup time — today's while it has not, else tomorrow's once today's backup is made; undefined while today's
 * is due and not made (a failure, or another server making it: the job's interval then). Counted in minutes
 * of the academy's clock: on a day its clock changes the run may come an hour off, find it not due, and ask again.
 */
export async function nextAutomaticBackupAt(db: Db, paths: BackupPaths, now: Date = new Date()): Promise<Date | undefined> {
  const { timeZone, backupTime } = await getAcademySettings(db);
  const local = localDateTime(now, timeZone);
  if (local.time >= backupTime && !(await automaticBackupMadeOn(paths, timeZone, local.date))) return undefined;
  const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  let wait = minutesOf(backupTime) - minutesOf(local.time);
  if (wait <= 0) wait += 24 * 60;
  return new Date(now.getTime() + wait * 60_000);
}

const RETRY_AFTER_FAILURE_MS = 15 * 60 * 1000;

/** The every-minute task of the server: a failing backup (disk full) is retried every 15 minutes, not every minute. */
export function automaticBackupTask(db: Db, paths: BackupPaths, keys: ServerKeys): () => Promise<void> {
  let lastFailure = 0;
  return async () => {
    if (Date.now() - lastFailure < RETRY_AFTER_FAILURE_MS) return;
    try {
      // The academy's own folder: the job runs in each academy's context (issue 55).
      await runAutomaticBackupIfDue(db, academyBackupPaths(paths), keys);
    } catch (error) {
      lastFailure = Date.now();
      throw error;
    }
  };
}
