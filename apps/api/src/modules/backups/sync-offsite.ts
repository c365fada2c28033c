import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { eq, inArray, sql } from 'drizzle-orm';
import { BACKUP_NAME_PATTERN, OFFSITE_MESSAGES } from '@academy/shared/schemas/backups';
import type { Db } from '../../db/client';
import { offsiteBackups } from '../../db/schema';
import { whileAcademyLocked } from '../../db/advisory-locks';
import type { ServerKeys } from '../../lib/server-keys';
import { archiveKeyId, encryptStream } from './offsite-crypto';
import { describeS3Error, ERROR_LENGTH, MAX_SINGLE_UPLOAD_BYTES, s3ClientFor, type OffsiteSetup } from './offsite-bucket';
import { offsiteSetup } from './offsite-settings';

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
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
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
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
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
  const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const result: SyncResult = { uploaded: [], failed: [], removed: [], goneFromBucket: [] };
  const setup = await offsiteSetup(db, keys);
  if (!setup) return result;
  // One server at a time per academy (another's run returns at once).
  await whileAcademyLocked(db, OFFSITE_LOCK_KEY, async () => {
    const client = await s3ClientFor(setup);
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
    }
  });
  if (options.throwOnFailure && result.failed.length > 0) throw new Error(`Backups off the machine: ${result.failed.length} could not be copied or removed; tried again later`);
  return result;
}
