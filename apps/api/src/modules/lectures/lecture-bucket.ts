import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LECTURE_BUCKET_MESSAGES } from '@academy/shared/schemas/lectures';
import type { LectureSettings } from '@academy/shared/schemas/lecture-settings';
import { thisAcademy, type Db, type DbExecutor } from '../../db/client';
import { lectureFiles, lectures } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import type { ServerKeys } from '../../lib/server-keys';
import { currentAcademyId } from '../../lib/tenancy';
import { academyBucket, academyBucketOn, describeS3Error, s3ClientFor, type OffsiteConfig } from '../backups';
import { academySql } from '../../db/same-academy';
import { whileAcademyLocked } from '../../db/advisory-locks';

/*
 * Lectures in the academy's bucket (issue 75, decision 096). The bucket is the off-site backups' one
 * (Backup → Backups off the machine), with the same client (`s3ClientFor`). While it is on, the
 * `lecture-bucket` job copies each ready lecture's renditions (playlists, init segments, the encrypted
 * media segments, stills, stills.json; never its AES-128 key, which stays sealed in the database) to
 * `<prefix>/<academy id>/lectures/<lecture id>/<kind>/<name>`, then marks those files `in_bucket` and
 * removes the local copies. Until a copy has succeeded whole, the lecture plays from this server's
 * files; a failed copy leaves the lecture `failed` in the bucket's column with why (the admin sees it
 * in Settings → Lectures) and fails the run, so the job runner retries it. Playback always goes through
 * the access-checked route, which streams the object from the bucket. A lecture whose files are
 * removed (the academy's retention) is `removing` until its objects are deleted.
 */

export const LECTURE_BUCKET_JOB = 'lecture-bucket';
/** Every 5 minutes per academy (and woken when a lecture is ready or expires); a failed run is retried, then every 15 minutes. */
export const LECTURE_BUCKET_TIMING = { everyMs: 5 * 60_000, maxAttempts: 3, afterFailureMs: 15 * 60_000 } as const;
/** Lectures copied in one run (the next run takes the rest). */
const LECTURES_PER_RUN = 20;
const ERROR_LENGTH = 500;
// Per academy: with its academy's hash as the second key, one academy's run never makes another's wait.
const LECTURE_BUCKET_LOCK_KEY = 727_096;

const MEDIA_TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', m4s: 'video/mp4', mp4: 'video/mp4', jpg: 'image/jpeg', json: 'application/json' };

/** A lecture's folder in the bucket: under the backups' folder, then its academy, so two academies sharing a bucket never meet. */
export function lectureBucketFolder(prefix: string, academyId: string, lectureId: string): string {
  return `${prefix ? `${prefix.replace(/\/+$/, '')}/` : ''}${academyId}/lectures/${lectureId}/`;
}

export const lectureObjectKey = (folder: string, kind: string, name: string) => `${folder}${kind}/${name}`;

/** One client per academy and bucket settings, kept while they stay the same (a segment request must not build one). */
const clients = new Map<string, { fingerprint: string; client: S3Client }>();
async function clientFor(config: OffsiteConfig): Promise<S3Client> {
  const academy = currentAcademyId();
  const fingerprint = createHash('sha256').update(JSON.stringify(config)).digest('hex');
  if (clients.get(academy)?.fingerprint !== fingerprint) {
    const client = await s3ClientFor(config);
    // Made while another request made one too (the SDK loads on the first): one is kept.
    const kept = clients.get(academy);
    if (kept?.fingerprint === fingerprint) client.destroy();
    else {
      kept?.client.destroy();
      clients.set(academy, { fingerprint, client });
    }
  }
  return clients.get(academy)!.client;
}

/** Why an object of a lecture could not be read: the route answers 503 with it (the player tries again). */
export class LectureBucketUnavailable extends Error {}

/**
 * The body of one stored object of a lecture (after the route's access check). The settings are read
 * as they are now, also while off-site copies are off: what was copied stays playable.
 */
export async function readLectureObject(db: DbExecutor, keys: ServerKeys, key: string): Promise<Readable> {
  const { config, unreadable } = await academyBucket(db, keys, { for: 'read' });
  if (!config) throw new LectureBucketUnavailable(unreadable ? LECTURE_BUCKET_MESSAGES.keysUnreadable : LECTURE_BUCKET_MESSAGES.noBucket);
  try {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const answer = await (await clientFor(config)).send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
    return answer.Body as Readable;
  } catch (error) {
    // The bucket answers, but has no such object: the settings point elsewhere than where it was copied (decision 096).
    const missing = (error as { name?: string }).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
    if (missing) throw new LectureBucketUnavailable(LECTURE_BUCKET_MESSAGES.notInBucket);
    throw new LectureBucketUnavailable(`${LECTURE_BUCKET_MESSAGES.unavailable} (${describeS3Error(error)})`);
  }
}

export type LectureBucketDeps = { db: Db; storage: FileStorage; keys: ServerKeys };
export type LectureBucketResult = { copied: string[]; removed: string[]; failed: string[] };

/** Copies one lecture's local files to its folder; then, in one transaction, marks them there; then removes the local copies. */
async function copyLecture(deps: LectureBucketDeps, client: S3Client, config: OffsiteConfig, lectureId: string): Promise<void> {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  const { db, storage } = deps;
  // The folder is recorded before the first byte goes: a copy cut short is still found and removed when the lecture expires.
  const [lecture] = await db
    .update(lectures)
    .set({ bucketFolder: sql`coalesce(${lectures.bucketFolder}, ${lectureBucketFolder(config.prefix, currentAcademyId(), lectureId)})`, bucketState: 'pending' })
    .where(and(thisAcademy(lectures), eq(lectures.id, lectureId), isNull(lectures.filesRemovedAt)))
    .returning({ folder: lectures.bucketFolder });
  if (!lecture?.folder) return;
  const folder = lecture.folder;
  const files = await db
    .select({ kind: lectureFiles.kind, name: lectureFiles.name, fileKey: lectureFiles.fileKey })
    .from(lectureFiles)
    .where(and(thisAcademy(lectureFiles), eq(lectureFiles.lectureId, lectureId), eq(lectureFiles.inBucket, false)));
  for (const file of files) {
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(file.fileKey) as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    await client.send(
      new PutObjectCommand({
        Bucket: config.bucket,
        Key: lectureObjectKey(folder, file.kind, file.name),
        Body: body,
        ContentLength: body.length,
        ContentMD5: createHash('md5').update(body).digest('base64'),
        ContentType: MEDIA_TYPES[file.name.split('.').pop() ?? ''] ?? 'application/octet-stream',
      }),
    );
  }
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx.select({ filesRemovedAt: lectures.filesRemovedAt }).from(lectures).where(and(eq(lectures.id, lectureId), thisAcademy(lectures))).for('update');
    if (!row) return [];
    // Expired while it was copied: what was put goes again.
    if (row.filesRemovedAt) {
      await tx.update(lectures).set({ bucketState: 'removing' }).where(and(thisAcademy(lectures), eq(lectures.id, lectureId)));
      return [];
    }
    // Only the files as they were read (a master playlist written again meanwhile stays local, for the next run).
    const done = files.length === 0 ? [] : await tx
      .update(lectureFiles)
      .set({ inBucket: true })
      .where(and(thisAcademy(lectureFiles), eq(lectureFiles.lectureId, lectureId), inArray(lectureFiles.fileKey, files.map((file) => file.fileKey))))
      .returning({ fileKey: lectureFiles.fileKey });
    await tx.update(lectures).set({ bucketState: 'copied', bucketError: null }).where(and(thisAcademy(lectures), eq(lectures.id, lectureId)));
    return done.map((one) => one.fileKey);
  });
  for (const key of moved) await storage.remove(key).catch(() => {});
}

/** Deletes every object under a removed lecture's folder, then forgets the folder. */
async function removeLectureObjects(db: Db, client: S3Client, config: OffsiteConfig, lectureId: string, folder: string): Promise<void> {
  const { DeleteObjectCommand, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: folder, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: object.Key }));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  await db.update(lectures).set({ bucketState: null, bucketFolder: null, bucketError: null }).where(and(thisAcademy(lectures), eq(lectures.id, lectureId), eq(lectures.bucketState, 'removing')));
}

/** The lectures this run works on: those whose objects are to go, and (bucket on) ready ones with files still only here. */
async function dueLectures(db: DbExecutor, copying: boolean) {
  const removing = await db.select({ id: lectures.id, folder: lectures.bucketFolder }).from(lectures).where(and(thisAcademy(lectures), eq(lectures.bucketState, 'removing')));
  const toCopy = copying
    ? await db
        .select({ id: lectures.id })
        .from(lectures)
        .where(
          and(
            thisAcademy(lectures),
            eq(lectures.status, 'ready'),
            isNull(lectures.filesRemovedAt),
            sql`${lectures.bucketState} is distinct from 'removing'`,
            sql`exists (select 1 from ${lectureFiles} f where f.academy_id = ${academySql()} and f.academy_id = ${lectures.academyId} and f.lecture_id = ${lectures.id} and not f.in_bucket)`,
          ),
        )
        .orderBy(lectures.createdAt)
        .limit(LECTURES_PER_RUN)
    : [];
  return { removing, toCopy };
}

async function recordFailure(db: Db, lectureId: string, state: 'failed' | 'removing', error: unknown) {
  await db.update(lectures).set({ bucketState: state, bucketError: describeS3Error(error).slice(0, ERROR_LENGTH) }).where(and(thisAcademy(lectures), eq(lectures.id, lectureId)));
}

/** One run's work inside the lock: removals first (they free the bucket), then copies; each failure recorded on its lecture. */
async function syncLocked(deps: LectureBucketDeps, result: LectureBucketResult): Promise<void> {
  const copyBucket = await academyBucket(deps.db, deps.keys, { for: 'copy' });
  const readBucket = copyBucket.config ? copyBucket : await academyBucket(deps.db, deps.keys, { for: 'read' });
  const { removing, toCopy } = await dueLectures(deps.db, copyBucket.config !== null || copyBucket.unreadable === true);
  if (!readBucket.config) {
    // Keys that no longer open (APP_SECRET changed): each lecture concerned says why, for the admin; nothing else to do.
    if (readBucket.unreadable) {
      const stuck = [...removing.map((one) => one.id), ...toCopy.map((one) => one.id)];
      if (stuck.length > 0) {
        await deps.db
          .update(lectures)
          .set({ bucketState: sql`case when ${lectures.bucketState} = 'removing' then 'removing' else 'failed' end`, bucketError: LECTURE_BUCKET_MESSAGES.keysUnreadable })
          .where(and(thisAcademy(lectures), inArray(lectures.id, stuck)));
      }
      result.failed.push(...stuck);
    }
    return;
  }
  const client = await clientFor(readBucket.config);
  for (const lecture of removing) {
    try {
      if (lecture.folder) await removeLectureObjects(deps.db, client, readBucket.config, lecture.id, lecture.folder);
      else await deps.db.update(lectures).set({ bucketState: null, bucketError: null }).where(and(thisAcademy(lectures), eq(lectures.id, lecture.id)));
      result.removed.push(lecture.id);
    } catch (error) {
      await recordFailure(deps.db, lecture.id, 'removing', error);
      result.failed.push(lecture.id);
    }
  }
  if (!copyBucket.config) return;
  for (const lecture of toCopy) {
    try {
      await copyLecture(deps, client, copyBucket.config, lecture.id);
      result.copied.push(lecture.id);
    } catch (error) {
      await recordFailure(deps.db, lecture.id, 'failed', error);
      result.failed.push(lecture.id);
    }
  }
}

/**
 * The job's run in the entered academy: one server at a time (an advisory lock; a second caller returns
 * at once). With `throwOnFailure` (the job) a run with a failure fails, so the runner retries it.
 */
export async function syncLectureBucket(deps: LectureBucketDeps, options: { throwOnFailure?: boolean } = {}): Promise<LectureBucketResult> {
  const result: LectureBucketResult = { copied: [], removed: [], failed: [] };
  await whileAcademyLocked(deps.db, LECTURE_BUCKET_LOCK_KEY, () => syncLocked(deps, result));
  if (options.throwOnFailure && result.failed.length > 0) throw new Error(`Lectures in the bucket: ${result.failed.length} could not be copied or removed; tried again later`);
  return result;
}

/** Settings → Lectures' line about the bucket (one statement); null when no bucket is set and none of the files is in one. */
export async function lectureBucketSummary(db: DbExecutor): Promise<LectureSettings['bucket']> {
  const on = await academyBucketOn(db);
  // Every table names the academy as a parameter: the select list's subqueries reach one shard on Citus (decision 053).
  const academy = academySql();
  const { rows } = await db.execute<{ bytes: string; waiting: number; failed: number; last_error: string | null }>(sql`
    select (select coalesce(sum(bytes), 0)::text from lecture_files where academy_id = ${academy} and in_bucket) as bytes,
      (select count(*)::int from lectures l where l.academy_id = ${academy} and l.status = 'ready' and l.files_removed_at is null
        and exists (select 1 from lecture_files f where f.academy_id = ${academy} and f.lecture_id = l.id and not f.in_bucket)) as waiting,
      (select count(*)::int from lectures where academy_id = ${academy} and bucket_error is not null and bucket_state in ('failed', 'removing')) as failed,
      (select bucket_error from lectures where academy_id = ${academy} and bucket_error is not null and bucket_state in ('failed', 'removing') order by updated_at desc limit 1) as last_error`);
  const row = rows[0];
  const bytes = Number(row?.bytes ?? 0);
  const failed = row?.failed ?? 0;
  if (!on && bytes === 0 && failed === 0) return null;
  return { on, bytes, waiting: on ? (row?.waiting ?? 0) : 0, failed, lastError: row?.last_error ?? null };
}
