import { createHash, randomBytes } from 'node:crypto';
import { currentAcademyId } from '../../lib/tenancy';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BACKUP_NAME_PATTERN,
  OFFSITE_MESSAGES,
  type BackupKind,
  type BackupSettings,
  type OffsiteState,
  type RemoteBackup,
  type offsiteSettingsInputSchema,
} from '@academy/shared/schemas/backups';
import { type Db, type DbExecutor, thisAcademy } from '../../db/client';
import { offsiteBackups, offsiteBackupSettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { openSecret, sealSecret, UnreadableSecretError } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { academyToday } from '../../academy-settings';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { archiveKeyId, decryptStream, encryptStream, formatArchiveKey, newArchiveKey, OffsiteDecryptError } from './offsite-crypto';
import { academySql } from '../../db/same-academy';

/**
 * Backups off the machine (issue 52, decision 044): each backup made while this is on is encrypted
 * (offsite-crypto.ts) with the academy's recovery key and put in an S3-compatible bucket as
 * `<prefix>/<backup name>.enc`. Its state is a row of `offsite_backups`; the off-site job uploads
 * what is pending or failed and removes the copies of backups that were deleted here.
 */

export type OffsiteConfig = {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
};
export type OffsiteSetup = OffsiteConfig & { archiveKey: Buffer };

export const SECRET_CONTEXT = {
  accessKeyId: 'offsite:accessKeyId',
  secretAccessKey: 'offsite:secretAccessKey',
  archiveKey: 'offsite:archiveKey',
} as const;

/** A single PutObject carries at most 5 GiB (larger would need a multipart upload). */
export const MAX_SINGLE_UPLOAD_BYTES = 5 * 1024 * 1024 * 1024;
const ERROR_LENGTH = 500;

export function objectKeyFor(prefix: string, backupName: string): string {
  return prefix ? `${prefix}/${backupName}.enc` : `${backupName}.enc`;
}

export function s3ClientFor(config: OffsiteConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Our own Content-MD5 and sha256 (below), sent as plain headers: every S3-compatible store understands
    // them, unlike the SDK's default streaming checksums (aws-chunked trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 10 * 60_000 },
  });
}

/** The admin's words for what went wrong with the bucket (never the provider's raw answer alone). */
export function describeS3Error(error: unknown): string {
  const failure = error as { name?: string; Code?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number }; cause?: { code?: string } };
  const name = failure.Code ?? failure.name ?? '';
  const status = failure.$metadata?.httpStatusCode;
  const code = failure.code ?? failure.cause?.code ?? '';
  if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken', 'InvalidClientTokenId'].includes(name)) return OFFSITE_MESSAGES.wrongKeys;
  if (name === 'NoSuchBucket') return OFFSITE_MESSAGES.noBucket;
  if (name === 'AccessDenied' || status === 403) return OFFSITE_MESSAGES.denied;
  if (['PermanentRedirect', 'AuthorizationHeaderMalformed', 'IllegalLocationConstraintException'].includes(name) || status === 301) return OFFSITE_MESSAGES.wrongRegion;
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT'].includes(code) || name === 'TimeoutError' || name === 'RequestTimeout')
    return OFFSITE_MESSAGES.unreachable;
  if (status === 404) return OFFSITE_MESSAGES.noBucket;
  return `${OFFSITE_MESSAGES.failed}${name ? ` (${name})` : ''}`;
}

async function readRow(db: DbExecutor) {
  const [row] = await db.select().from(offsiteBackupSettings).limit(1);
  return row;
}

function open(keys: ServerKeys, context: string, stored: string): string | undefined {
  try {
    return openSecret(keys, context, stored);
  } catch (error) {
    if (error instanceof UnreadableSecretError) return undefined;
    throw error;
  }
}

/** GET /api/admin/settings/backups: the bucket without its keys (only whether each is set). */
export async function getBackupSettings(db: DbExecutor, keys: ServerKeys): Promise<BackupSettings> {
  const row = await readRow(db);
  if (!row?.enabled) return { offsite: null };
  const readable = [
    [SECRET_CONTEXT.accessKeyId, row.accessKeyIdSealed],
    [SECRET_CONTEXT.secretAccessKey, row.secretAccessKeySealed],
    [SECRET_CONTEXT.archiveKey, row.archiveKeySealed],
  ].every(([context, stored]) => open(keys, context!, stored!) !== undefined);
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
  const row = await readRow(db);
  if (!row?.enabled) return null;
  const accessKeyId = open(keys, SECRET_CONTEXT.accessKeyId, row.accessKeyIdSealed);
  const secretAccessKey = open(keys, SECRET_CONTEXT.secretAccessKey, row.secretAccessKeySealed);
  const archiveKey = open(keys, SECRET_CONTEXT.archiveKey, row.archiveKeySealed);
  if (accessKeyId === undefined || secretAccessKey === undefined || archiveKey === undefined) {
    throw new AppError('CONFLICT', 'The off-site backup keys stored on this server no longer open (APP_SECRET changed): enter the access keys again in Settings → Backups.');
  }
  return { endpoint: row.endpoint, region: row.region, bucket: row.bucket, prefix: row.prefix, forcePathStyle: row.forcePathStyle, accessKeyId, secretAccessKey, archiveKey: Buffer.from(archiveKey, 'hex') };
}

type OffsiteInput = z.output<typeof offsiteSettingsInputSchema>;

/** The form's values, with the stored keys for those left empty; 400 naming each key still missing. */
async function withStoredKeys(db: DbExecutor, keys: ServerKeys, input: OffsiteInput): Promise<OffsiteConfig> {
  const row = await readRow(db);
  const accessKeyId = input.accessKeyId ?? (row ? open(keys, SECRET_CONTEXT.accessKeyId, row.accessKeyIdSealed) : undefined);
  const secretAccessKey = input.secretAccessKey ?? (row ? open(keys, SECRET_CONTEXT.secretAccessKey, row.secretAccessKeySealed) : undefined);
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
  const config = await withStoredKeys(db, keys, input);
  const client = s3ClientFor(config);
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
 * GET /api/admin/settings/backups/recovery-sheet: the recovery key as text, with what to do with it.
 * Given once (then 409): a sheet that can be fetched again is a key anyone signed in as admin can take.
 */
export async function takeRecoverySheet(db: Db, keys: ServerKeys, actor: AuditActor, academyName: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(offsiteBackupSettings).where(thisAcademy(offsiteBackupSettings)).for('update');
    if (!row?.enabled) throw new AppError('NOT_FOUND', OFFSITE_MESSAGES.notConfigured);
    if (row.recoverySheetDownloadedAt) throw new AppError('CONFLICT', OFFSITE_MESSAGES.sheetGone);
    const archiveKey = open(keys, SECRET_CONTEXT.archiveKey, row.archiveKeySealed);
    if (archiveKey === undefined) throw new AppError('CONFLICT', 'The recovery key stored on this server no longer opens (APP_SECRET changed).');
    await tx.update(offsiteBackupSettings).set({ recoverySheetDownloadedAt: sql`now()` });
    await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: null, text: { key: 'settings.backups_recovery_sheet' } });
    return recoverySheetText({ academyName, printedOn: await academyToday(tx), key: Buffer.from(archiveKey, 'hex'), keyId: row.archiveKeyId, endpoint: row.endpoint, region: row.region, bucket: row.bucket, prefix: row.prefix, forcePathStyle: row.forcePathStyle });
  });
}

export function recoverySheetText(sheet: { academyName: string; printedOn: string; key: Buffer; keyId: string; endpoint: string; region: string; bucket: string; prefix: string; forcePathStyle: boolean }): string {
  return [
    `ACADEMY BACKUP RECOVERY SHEET — ${sheet.academyName}`,
    `Printed ${sheet.printedOn}. Keep this sheet somewhere safe, away from the server (a locked drawer, a password manager).`,
    '',
    `Recovery key: ${formatArchiveKey(sheet.key)}`,
    `Key id: ${sheet.keyId}`,
    '',
    'What this key is',
    '- Every backup Academy copies to your bucket is encrypted with this key (AES-256-GCM) before it leaves the server.',
    '- Without this key nobody can read those backups: not you, not the bucket’s owner or provider, not Academy’s makers.',
    '- The server keeps its own copy of the key, but that copy is lost with the machine (a dead disk, a stolen computer).',
    '  This sheet is then the only way to get your academy back. It is shown once and cannot be downloaded again.',
    '',
    'Where the backups are',
    `- Endpoint: ${sheet.endpoint}`,
    `- Region: ${sheet.region}`,
    `- Bucket: ${sheet.bucket}`,
    `- Folder (prefix): ${sheet.prefix || '(none)'}`,
    `- Path-style addressing: ${sheet.forcePathStyle ? 'yes' : 'no'}`,
    '- The access keys are not on this sheet: find or create them in your storage provider’s console.',
    '',
    'How to restore onto a new, empty machine',
    '1. Install Academy (see its README) with an empty data folder; keep the same APP_SECRET if you still have it.',
    '2. Save this sheet as a text file, e.g. recovery-sheet.txt (or type the key into it).',
    '3. With the bucket’s access keys in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, run:',
    `   npm run academy -- backups:restore-remote --endpoint ${sheet.endpoint} --region ${sheet.region} --bucket ${sheet.bucket}${sheet.prefix ? ` --prefix ${sheet.prefix}` : ''}${sheet.forcePathStyle ? ' --force-path-style' : ''} --key-file recovery-sheet.txt`,
    '   It lists the backups in the bucket; add --backup <name> to restore one (the newest with --latest) and --yes to confirm.',
    '4. Start Academy and sign in as before.',
    '',
  ].join('\n');
}

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
  const row = await readRow(db);
  if (!row?.enabled) return false;
  await db
    .insert(offsiteBackups)
    .values({ backupName, objectKey: objectKeyFor(row.prefix, backupName) })
    .onConflictDoNothing();
  return true;
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

/** Its local backup was deleted (by the admin or the retention): the copy in the bucket goes too, by the next sync. */
export async function markOffsiteForDeletion(db: DbExecutor, backupName: string): Promise<void> {
  // Never uploaded: nothing to remove in the bucket.
  await db.delete(offsiteBackups).where(sql`${offsiteBackups.backupName} = ${backupName} and ${offsiteBackups.status} in ('pending', 'failed') and ${offsiteBackups.uploadedAt} is null`);
  await db.update(offsiteBackups).set({ status: 'deleting' }).where(eq(offsiteBackups.backupName, backupName));
}

async function hashFile(file: string): Promise<{ sha256: string; md5: string; size: number }> {
  const sha = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    sha.update(chunk);
    md5.update(chunk);
    size += chunk.length;
  }
  return { sha256: sha.digest('hex'), md5: md5.digest('base64'), size };
}

/**
 * Encrypts one backup into a hidden work file beside it (removed at start-up if a process dies
 * here), then puts it with Content-MD5 (the store refuses a body that arrived changed) and its
 * SHA-256 in the object's metadata (checked again on download).
 */
async function uploadOne(client: S3Client, setup: OffsiteSetup, backupsDir: string, backupName: string, objectKey: string) {
  const source = path.join(backupsDir, backupName);
  const work = path.join(backupsDir, `.work-offsite-${randomBytes(6).toString('hex')}.enc`);
  try {
    await pipeline(fs.createReadStream(source), encryptStream(setup.archiveKey), fs.createWriteStream(work, { mode: 0o600 }));
    const digest = await hashFile(work);
    if (digest.size > MAX_SINGLE_UPLOAD_BYTES) throw new Error(OFFSITE_MESSAGES.tooLarge);
    await client.send(
      new PutObjectCommand({
        Bucket: setup.bucket,
        Key: objectKey,
        Body: fs.createReadStream(work),
        ContentLength: digest.size,
        ContentMD5: digest.md5,
        ContentType: 'application/octet-stream',
        Metadata: { sha256: digest.sha256, 'key-id': archiveKeyId(setup.archiveKey).toString('hex') },
      }),
    );
    return digest;
  } finally {
    await fs.promises.rm(work, { force: true });
  }
}

// Per academy (issue 55): with its academy's hash as the second key, one academy's run never makes another's wait or skip.
const OFFSITE_LOCK_KEY = 727_052;
export const OFFSITE_BACKUP_JOB = 'offsite-backups';

/**
 * When the off-site job runs and retries (issue 71: written once, here): every 5 minutes; a failed run
 * is retried by the job runner's backoff (retryDelayMs: 30 s, then 1 min), then, given up, every 15 minutes.
 */
export const OFFSITE_JOB_TIMING = { everyMs: 5 * 60_000, maxAttempts: 3, afterFailureMs: 15 * 60_000 } as const;

/** The timing above in words, for the metric's help (and the same as README says). */
export function offsiteRetryText(retryDelayMs: (attempts: number) => number): string {
  const words = (ms: number) => (ms < 60_000 ? `${ms / 1000} s` : ms === 60_000 ? '1 min' : `${ms / 60_000} min`);
  const retries = Array.from({ length: OFFSITE_JOB_TIMING.maxAttempts - 1 }, (_, index) => words(retryDelayMs(index + 1)));
  return `retried after ${retries.join(', then ')}, then every ${OFFSITE_JOB_TIMING.afterFailureMs / 60_000} minutes`;
}

export type SyncResult = { uploaded: string[]; failed: string[]; removed: string[]; goneFromBucket: string[] };

/** Every object key in the bucket directly under the prefix (ListObjectsV2, page after page; not its sub-folders: lectures', decision 096). */
async function objectKeysUnder(client: S3Client, bucket: string, prefix: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix ? `${prefix}/` : undefined, Delimiter: '/', ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) keys.add(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/**
 * Copies recorded as uploaded are checked against the bucket's list (issue 71), once per full run of
 * the off-site job (every 5 minutes per academy; one list, not a request per backup): one whose object
 * is gone is no longer "uploaded" — pending again, with why, so this run copies it again when its
 * backup is still here (its row goes when it is not). Only keys under the current prefix are judged.
 * A bucket that cannot be listed is left to the uploads below, which record why.
 */
async function recheckUploaded(db: Db, client: S3Client, setup: OffsiteSetup, backupsDir: string): Promise<string[]> {
  const under = setup.prefix ? `${setup.prefix}/` : '';
  const uploaded = (await db.select().from(offsiteBackups).where(eq(offsiteBackups.status, 'uploaded'))).filter((row) => row.objectKey.startsWith(under));
  if (uploaded.length === 0) return [];
  let present: Set<string>;
  try {
    present = await objectKeysUnder(client, setup.bucket, setup.prefix);
  } catch {
    return [];
  }
  const gone: string[] = [];
  for (const row of uploaded) {
    if (present.has(row.objectKey)) continue;
    gone.push(row.backupName);
    if (BACKUP_NAME_PATTERN.test(row.backupName) && fs.existsSync(path.join(backupsDir, row.backupName))) {
      await db
        .update(offsiteBackups)
        .set({ status: 'pending', uploadedAt: null, sha256: null, sizeBytes: null, lastError: OFFSITE_MESSAGES.goneFromBucket })
        .where(sql`${offsiteBackups.backupName} = ${row.backupName} and ${offsiteBackups.status} = 'uploaded'`);
    } else {
      await db.delete(offsiteBackups).where(sql`${offsiteBackups.backupName} = ${row.backupName} and ${offsiteBackups.status} = 'uploaded'`);
    }
  }
  return gone;
}

/**
 * Uploads every pending or failed backup and removes the bucket's copies of deleted backups. One
 * server at a time (an advisory lock; a second caller returns at once). Failures are recorded on
 * their rows; with `throwOnFailure` (the off-site job) the run then fails so the job runner retries it.
 */
export async function syncOffsite(db: Db, keys: ServerKeys, backupsDir: string, options: { throwOnFailure?: boolean; only?: string } = {}): Promise<SyncResult> {
  const result: SyncResult = { uploaded: [], failed: [], removed: [], goneFromBucket: [] };
  const setup = await offsiteSetup(db, keys);
  if (!setup) return result;
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const lock = await pool.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [OFFSITE_LOCK_KEY, currentAcademyId()]);
    if (!rows[0]?.locked) return result;
    const client = s3ClientFor(setup);
    try {
      if (!options.only) result.goneFromBucket = await recheckUploaded(db, client, setup, backupsDir);
      const due = await db
        .select()
        .from(offsiteBackups)
        .where(options.only ? eq(offsiteBackups.backupName, options.only) : inArray(offsiteBackups.status, ['pending', 'failed', 'deleting']));
      for (const row of due) {
        if (row.status === 'deleting') {
          try {
            await client.send(new DeleteObjectCommand({ Bucket: setup.bucket, Key: row.objectKey }));
            await db.delete(offsiteBackups).where(eq(offsiteBackups.backupName, row.backupName));
            result.removed.push(row.backupName);
          } catch (error) {
            await db.update(offsiteBackups).set({ lastError: describeS3Error(error).slice(0, ERROR_LENGTH), lastAttemptAt: sql`now()` }).where(eq(offsiteBackups.backupName, row.backupName));
            result.failed.push(row.backupName);
          }
          continue;
        }
        if (row.status === 'uploaded') continue;
        if (!BACKUP_NAME_PATTERN.test(row.backupName) || !fs.existsSync(path.join(backupsDir, row.backupName))) {
          // Its backup is gone from this machine before it was copied (deleted, or another machine's row after a restore).
          await db.delete(offsiteBackups).where(eq(offsiteBackups.backupName, row.backupName));
          continue;
        }
        try {
          const digest = await uploadOne(client, setup, backupsDir, row.backupName, row.objectKey);
          await db
            .update(offsiteBackups)
            .set({ status: 'uploaded', sha256: digest.sha256, sizeBytes: digest.size, uploadedAt: sql`now()`, lastError: null, lastAttemptAt: sql`now()`, attempts: sql`${offsiteBackups.attempts} + 1` })
            .where(eq(offsiteBackups.backupName, row.backupName));
          result.uploaded.push(row.backupName);
        } catch (error) {
          const message = error instanceof Error && error.message === OFFSITE_MESSAGES.tooLarge ? OFFSITE_MESSAGES.tooLarge : describeS3Error(error);
          await db
            .update(offsiteBackups)
            .set({ status: 'failed', lastError: message.slice(0, ERROR_LENGTH), lastAttemptAt: sql`now()`, attempts: sql`${offsiteBackups.attempts} + 1` })
            .where(eq(offsiteBackups.backupName, row.backupName));
          result.failed.push(row.backupName);
        }
      }
    } finally {
      client.destroy();
      await lock.query('select pg_advisory_unlock($1, hashtext($2))', [OFFSITE_LOCK_KEY, currentAcademyId()]);
    }
  } finally {
    lock.release();
  }
  if (options.throwOnFailure && result.failed.length > 0) throw new Error(`Backups off the machine: ${result.failed.length} could not be copied or removed; tried again later`);
  return result;
}

/** What the dashboard warns about (json `{ failed, last_error }`, a subquery of its one statement): copies that failed and the newest error; none while off. */
// Every table names the academy as a parameter: a select-list subquery reaches one shard on Citus (decision 053).
export const offsiteFailuresSql = (): SQL => sql`(select json_build_object('failed', count(*)::int, 'last_error', (array_agg(last_error order by last_attempt_at desc nulls last))[1])
    from offsite_backups where academy_id = ${academySql()} and status = 'failed'
      and exists (select 1 from offsite_backup_settings where academy_id = ${academySql()} and enabled))`;

const KIND_OF_NAME = /-(manual|automatic|uploaded)-[0-9a-f]{6}\.tar\.gz$/;

/** Every Academy backup in the bucket under the prefix (newest first), whether this machine has it or not. */
export async function listRemoteBackups(config: OffsiteConfig, localNames: Set<string>): Promise<RemoteBackup[]> {
  const client = s3ClientFor(config);
  const found: RemoteBackup[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: config.prefix ? `${config.prefix}/` : undefined, Delimiter: '/', ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const key = object.Key ?? '';
        const name = path.posix.basename(key).replace(/\.enc$/, '');
        if (!key.endsWith('.enc') || !BACKUP_NAME_PATTERN.test(name)) continue;
        found.push({
          key,
          name,
          kind: (KIND_OF_NAME.exec(name)?.[1] as BackupKind | undefined) ?? null,
          sizeBytes: object.Size ?? 0,
          lastModified: object.LastModified?.toISOString() ?? null,
          local: localNames.has(name),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } catch (error) {
    throw new AppError('BAD_REQUEST', describeS3Error(error));
  } finally {
    client.destroy();
  }
  return found.sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * Downloads `key` and decrypts it into `target` (a .tar.gz), checking on the way the SHA-256 stored
 * with the object (and the one recorded here, when known) and every chunk's authentication. A wrong
 * recovery key, a changed object or a checksum that differs answers 400 and leaves no file behind.
 */
export async function downloadRemoteBackup(config: OffsiteConfig, archiveKey: Buffer, key: string, target: string, recordedSha256?: string | null): Promise<void> {
  const client = s3ClientFor(config);
  try {
    let answer;
    try {
      answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') throw new AppError('NOT_FOUND', OFFSITE_MESSAGES.remoteNotFound);
      throw new AppError('BAD_REQUEST', describeS3Error(error));
    }
    const hash = createHash('sha256');
    const body = answer.Body as Readable;
    body.on('data', (chunk: Buffer) => hash.update(chunk));
    try {
      await pipeline(body, decryptStream(archiveKey), fs.createWriteStream(target, { mode: 0o600 }));
    } catch (error) {
      await fs.promises.rm(target, { force: true });
      if (error instanceof OffsiteDecryptError) throw new AppError('BAD_REQUEST', error.message);
      throw new AppError('BAD_REQUEST', describeS3Error(error));
    }
    const sha256 = hash.digest('hex');
    const expected = [answer.Metadata?.sha256, recordedSha256].filter((value): value is string => Boolean(value));
    if (expected.some((value) => value !== sha256)) {
      await fs.promises.rm(target, { force: true });
      throw new AppError('BAD_REQUEST', OFFSITE_MESSAGES.checksumMismatch);
    }
  } finally {
    client.destroy();
  }
}

/** The recorded checksum of a copy in the bucket, when this machine uploaded it. */
export async function recordedSha256(db: DbExecutor, objectKey: string): Promise<string | null> {
  const [row] = await db.select({ sha256: offsiteBackups.sha256 }).from(offsiteBackups).where(eq(offsiteBackups.objectKey, objectKey)).limit(1);
  return row?.sha256 ?? null;
}
