import { z } from 'zod';

/** The word an admin types to confirm a restore (it replaces every record and file). */
export const RESTORE_CONFIRMATION_WORD = 'RESTORE';

export const BACKUP_KINDS = ['manual', 'automatic', 'uploaded'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** A backup's file name, e.g. academy-20260512-023000-automatic-1a2b3c.tar.gz; the only id a backup has. */
export const BACKUP_NAME_PATTERN = /^academy-\d{8}-\d{6}-(manual|automatic|uploaded)-[0-9a-f]{6}\.tar\.gz$/;

export const backupNameParamsSchema = z.object({
  name: z.string().regex(BACKUP_NAME_PATTERN, 'Unknown backup'),
});

/** HH:mm on the academy's clock, e.g. 02:00. */
export const backupTimeSchema = z
  .string({ error: 'Enter a time such as 02:00' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 02:00');
export const DEFAULT_BACKUP_TIME = '02:00';

/** One backup in the list: what the manifest inside it says, or `readable: false` when it cannot be read. */
export const backupSummarySchema = z.object({
  name: z.string(),
  kind: z.enum(BACKUP_KINDS),
  /** When the data was copied (the manifest's time), else when the file was written. */
  createdAt: z.iso.datetime({ offset: true }),
  sizeBytes: z.number().int(),
  readable: z.boolean(),
  appVersion: z.string().nullable(),
  migration: z.string().nullable(),
  tableCount: z.number().int(),
  rowCount: z.number().int(),
  fileCount: z.number().int(),
  /** Rows of the tables people care about, e.g. { users: 34, students: 30 }. */
  counts: z.record(z.string(), z.number().int()),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

export const BACKUP_JOB_TYPES = ['create', 'restore'] as const;
export const BACKUP_JOB_STATUSES = ['running', 'succeeded', 'failed'] as const;

/** A backup being made or restored; the screen polls it for progress. */
export const backupJobSchema = z.object({
  id: z.string(),
  type: z.enum(BACKUP_JOB_TYPES),
  status: z.enum(BACKUP_JOB_STATUSES),
  /** 0 to 1. */
  progress: z.number(),
  step: z.string(),
  /** The backup made (create) or restored (restore). */
  backupName: z.string().nullable(),
  /** Why it failed, in words for the admin. */
  error: z.string().nullable(),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type BackupJob = z.infer<typeof backupJobSchema>;

export const backupListSchema = z.object({
  backups: z.array(backupSummarySchema),
  /** A create or restore still running in this server, so a reloaded screen shows its progress. */
  activeJob: backupJobSchema.nullable(),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const restoreBackupInputSchema = z.object({
  confirm: z.literal(RESTORE_CONFIRMATION_WORD, { error: `Type ${RESTORE_CONFIRMATION_WORD} to confirm` }),
});
export type RestoreBackupInput = z.infer<typeof restoreBackupInputSchema>;

export const BACKUP_MESSAGES = {
  createStarted: 'Backup started',
  created: 'Backup created',
  deleted: 'Backup deleted',
  uploaded: 'Backup uploaded and checked',
  restoreStarted: 'Restore started',
  restored: 'Everything was restored from the backup. Please sign in again.',
  busy: 'A backup or restore is already running. Please wait for it to finish.',
  notFound: 'This backup does not exist (it may have been deleted)',
  uploadMissing: 'Choose a backup file (.tar.gz) to upload',
  uploadTooLarge: 'The backup file is too large to upload',
  createFailed: 'The backup could not be created',
  restoreFailed: 'The restore failed; nothing was changed',
  listFailed: 'Backups could not be loaded',
  deleteFailed: 'The backup could not be deleted',
  uploadFailed: 'The backup could not be uploaded',
} as const;
