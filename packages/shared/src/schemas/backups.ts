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

export const OFFSITE_STATUSES = ['pending', 'uploaded', 'failed'] as const;
export type OffsiteStatus = (typeof OFFSITE_STATUSES)[number];

/** A backup's copy in the bucket; absent (null) when the backup is not meant to be off the machine. */
export const offsiteStateSchema = z.object({
  status: z.enum(OFFSITE_STATUSES),
  key: z.string(),
  sha256: z.string().nullable(),
  uploadedAt: z.iso.datetime({ offset: true }).nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
});
export type OffsiteState = z.infer<typeof offsiteStateSchema>;

/** One backup in the list: what the manifest inside it says, or `readable: false` when it cannot be read. */
export const backupSummarySchema = z.object({
  /** Its copy off the machine (issue 52); null when off-site backups are off or it was not meant to go (uploaded, older). */
  offsite: offsiteStateSchema.nullable().optional(),
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

/*
 * Backups off the machine (issue 52, decision 044): an S3-compatible bucket (AWS S3, Backblaze B2,
 * Wasabi, Cloudflare R2, MinIO). The access keys are write-only: the answer says whether each is set.
 */
const emptyAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const offsiteSettingsInputSchema = z.object({
  endpoint: z
    .string({ error: 'Enter the bucket’s endpoint, e.g. https://s3.eu-central-1.amazonaws.com' })
    .trim()
    .max(500, 'The endpoint is too long')
    .regex(/^https?:\/\/[^\s/?#]+(:\d+)?\/?$/i, 'Enter the endpoint as an address such as https://s3.eu-central-1.amazonaws.com (no path)'),
  region: z
    .string({ error: 'Enter the region, e.g. us-east-1 (auto for Cloudflare R2)' })
    .trim()
    .min(1, 'Enter the region, e.g. us-east-1 (auto for Cloudflare R2)')
    .max(64, 'The region is too long')
    .regex(/^[a-z0-9-]+$/i, 'A region has only letters, digits and dashes, e.g. us-east-1'),
  bucket: z
    .string({ error: 'Enter the bucket’s name' })
    .trim()
    .min(1, 'Enter the bucket’s name')
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'A bucket name has 3 to 63 lowercase letters, digits, dots and dashes'),
  prefix: z
    .string()
    .trim()
    .max(200, 'The folder is too long')
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, 'The folder may have letters, digits and - _ . / only')
    .transform((value) => value.replace(/^\/+|\/+$/g, ''))
    .default(''),
  accessKeyId: z.preprocess(emptyAsMissing, z.string().trim().max(200, 'The access key ID is too long').optional()),
  secretAccessKey: z.preprocess(emptyAsMissing, z.string().trim().max(200, 'The secret access key is too long').optional()),
  forcePathStyle: z.boolean({ error: 'Choose whether the bucket is addressed by path' }).default(false),
});
export type OffsiteSettingsInput = z.input<typeof offsiteSettingsInputSchema>;

/** PUT /api/admin/settings/backups: `offsite: null` turns backups off the machine off. */
export const backupSettingsInputSchema = z.object({
  offsite: offsiteSettingsInputSchema.nullable(),
});

export const offsiteSettingsSchema = z.object({
  endpoint: z.string(),
  region: z.string(),
  bucket: z.string(),
  prefix: z.string(),
  forcePathStyle: z.boolean(),
  accessKeyIdSet: z.boolean(),
  secretAccessKeySet: z.boolean(),
  /** Names the encryption key (not secret): printed on the recovery sheet. */
  keyId: z.string(),
  /** The recovery sheet is given once; true once it was downloaded. */
  recoverySheetDownloaded: z.boolean(),
  /** False when the stored keys no longer open (APP_SECRET changed): enter the access keys again. */
  readable: z.boolean(),
});
export type OffsiteSettings = z.infer<typeof offsiteSettingsSchema>;

export const backupSettingsSchema = z.object({ offsite: offsiteSettingsSchema.nullable() });
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

/** A test of the bucket: the form's values, the stored keys standing in for those left empty. */
export const offsiteTestInputSchema = offsiteSettingsInputSchema;

/** An object in the bucket (GET /api/admin/backups/remote), whether or not this machine has the backup. */
export const remoteBackupSchema = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(BACKUP_KINDS).nullable(),
  sizeBytes: z.number().int(),
  lastModified: z.iso.datetime({ offset: true }).nullable(),
  /** The backup exists on this machine too. */
  local: z.boolean(),
});
export type RemoteBackup = z.infer<typeof remoteBackupSchema>;
export const remoteBackupListSchema = z.object({ objects: z.array(remoteBackupSchema) });

export const restoreRemoteInputSchema = z.object({
  key: z.string({ error: 'Choose a backup in the bucket' }).min(1, 'Choose a backup in the bucket').max(400),
  confirm: z.literal(RESTORE_CONFIRMATION_WORD, { error: `Type ${RESTORE_CONFIRMATION_WORD} to confirm` }),
});

export const OFFSITE_MESSAGES = {
  saved: 'Off-site backup settings saved',
  turnedOff: 'Backups are no longer copied off the machine',
  keysRequired: 'Enter the access key ID and the secret access key',
  notConfigured: 'Backups off the machine are not set up',
  tested: 'The bucket works: a small test file was written and deleted',
  wrongKeys: 'The bucket refused the access keys: check the access key ID and the secret access key',
  noBucket: 'There is no bucket of this name at this endpoint (or in this region)',
  denied: 'The keys are valid but may not write to this bucket: give them permission to write and delete objects',
  unreachable: 'The endpoint cannot be reached: check its address (and the network of the server)',
  wrongRegion: 'The bucket is in another region: check the region',
  failed: 'The bucket answered with an error',
  sheetGone: 'The recovery sheet was already downloaded; it is given only once',
  remoteNotFound: 'This backup is not in the bucket',
  checksumMismatch: 'The backup downloaded from the bucket does not match its checksum. Nothing was changed.',
  tooLarge: 'This backup is larger than 5 GB, which one upload can carry; it stays on this machine only',
  goneFromBucket: 'Its copy was no longer in the bucket; it is copied again',
} as const;

/** The form's rule for a first setup: both keys are needed when none is stored yet. */
export const OFFSITE_KEY_NAMES = ['accessKeyId', 'secretAccessKey'] as const;
