import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { academyId } from './academy-column';
import { createdAt, updatedAt } from './columns';

/**
 * The progress of the admin's manual backups and restores (modules/backups/backup-jobs.ts), shared so
 * that the Backup screen can follow a job whichever server its poll reaches. `state` is the BackupJob
 * the API answers; `heartbeatAt` moves while the job runs, so a job of a server that died is seen as
 * stopped, not running forever.
 */
export const backupJobs = academyTable(
  'backup_jobs',
  {
    academyId: academyId(),
    id: uuid().primaryKey(),
    state: jsonb().notNull(),
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('backup_jobs_heartbeat_idx').on(table.academyId, table.heartbeatAt)],
);

/**
 * Backups off the machine (issue 52, decision 044): the S3-compatible bucket the backups are copied
 * to. One row per academy at most (keyed by academy_id); no row means off-site backups are off. The access keys and
 * the archives' encryption key are sealed (lib/secret-box.ts, AES-256-GCM under APP_SECRET's
 * `secrets-at-rest` key): never stored, answered or backed up in clear.
 * A restore keeps this row as it was on the server (modules/backups/backups.service.ts): the bucket
 * and the key belong to the machine's backups, not to the moment a backup was taken.
 */
export const offsiteBackupSettings = academyTable(
  'offsite_backup_settings',
  {
    // One row per academy (issue 55): its bucket and key.
    academyId: academyId().primaryKey(),
    endpoint: varchar({ length: 500 }).notNull(),
    region: varchar({ length: 64 }).notNull(),
    bucket: varchar({ length: 63 }).notNull(),
    prefix: varchar({ length: 200 }).notNull().default(''),
    forcePathStyle: boolean().notNull().default(false),
    accessKeyIdSealed: text().notNull(),
    secretAccessKeySealed: text().notNull(),
    // 32 random bytes, made once when off-site backups are first turned on; kept when they are turned off.
    archiveKeySealed: text().notNull(),
    // The first 16 hex digits of the key's fingerprint: printed on the recovery sheet and in each archive's header.
    archiveKeyId: varchar({ length: 16 }).notNull(),
    // When the admin downloaded the recovery sheet (it is given once); null: not yet.
    recoverySheetDownloadedAt: timestamp({ withTimezone: true }),
    enabled: boolean().notNull().default(true),
    updatedAt: updatedAt(),
  },
);

/**
 * Each backup's copy in the bucket: one row per backup file made while off-site backups were on.
 * `status`: 'pending' (not tried yet), 'uploaded', 'failed' (tried; retried by the off-site job),
 * 'deleting' (its local backup was removed, the remote copy is removed next).
 * A metric reads this table: e.g. `count(*) where status = 'failed'` and `max(uploaded_at)`.
 */
export const offsiteBackups = academyTable(
  'offsite_backups',
  {
    academyId: academyId(),
    backupName: varchar({ length: 100 }).notNull(),
    status: varchar({ length: 10 }).notNull().default('pending'),
    objectKey: varchar({ length: 400 }).notNull(),
    // SHA-256 (hex) of the encrypted object as uploaded; checked again when it is downloaded.
    sha256: varchar({ length: 64 }),
    sizeBytes: bigint({ mode: 'number' }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    uploadedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.academyId, table.backupName] }),
    check('offsite_backups_status', sql`${table.status} in ('pending', 'uploaded', 'failed', 'deleting')`),
  ],
);
