import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  LECTURE_DEFAULT_OFFLINE_DAYS,
  LECTURE_SETTINGS_MESSAGES,
  type LectureSettings,
  type LectureSettingsInput,
  type LectureSettingsValues,
} from '@academy/shared/schemas/lecture-settings';
import type { Db, DbExecutor } from '../../db/client';
import { academySettings, batches, lectureFiles, lectures, students, teachers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServerKeys } from '../../lib/server-keys';
import type { FileStorage } from '../../lib/storage';
import type { Actor } from '../../access/actor';
import { lectureNotFound, lectureReadScope } from '../../access/lectures';
import { recordAudit } from '../audit';
import { saveLectureSettingsValues } from '../settings';
import { openSegmentKey } from './segment-keys';
import { lectureBucketSummary } from './lecture-bucket';
import { joinOn, thisAcademy } from '../../db/same-academy';

/*
 * The watching side of lectures (issue 75, decision 088): a lecture's segment key for its readers,
 * Settings → Lectures (who may record, how long lectures and downloads are kept, the storage each batch
 * uses), and the daily removal of lectures older than the academy keeps them.
 */

const DAY_MS = 86_400_000;
/** At most this many lectures' files leave the storage in one run of the daily job (the next run takes the rest). */
const LECTURES_PER_RUN = 200;

/** The academy's lecture settings, with their defaults. */
export async function lectureSettingsOf(db: DbExecutor): Promise<LectureSettingsValues> {
  const [row] = await db.select({ lectures: academySettings.lectures }).from(academySettings).where(thisAcademy(academySettings));
  const stored = row?.lectures ?? {};
  return {
    recorders: stored.recorders ?? 'all-teachers',
    teacherIds: stored.teacherIds ?? [],
    keepDays: stored.keepDays ?? null,
    offlineDays: stored.offlineDays ?? LECTURE_DEFAULT_OFFLINE_DAYS,
  };
}

/** The bytes of every lecture file of each batch (the batches with lectures), the largest first. */
async function storageByBatch(db: DbExecutor): Promise<LectureSettings['storage']> {
  const rows = await db
    .select({
      batchId: batches.id,
      name: batches.name,
      lectures: sql<number>`count(distinct ${lectures.id})::int`,
      bytes: sql<number>`coalesce(sum(${lectureFiles.bytes}), 0)::bigint`,
    })
    .from(lectures)
    .innerJoin(batches, joinOn(batches.id, lectures.batchId))
    .leftJoin(lectureFiles, joinOn(lectureFiles.lectureId, lectures.id))
    // The academy as a parameter: one shard on Citus (a count distinct across shards is refused there).
    .where(thisAcademy(lectures))
    .groupBy(batches.id, batches.name)
    .orderBy(sql`coalesce(sum(${lectureFiles.bytes}), 0) desc`, asc(batches.name));
  return rows.map((row) => ({ batch: { _id: row.batchId, name: row.name }, lectures: Number(row.lectures), bytes: Number(row.bytes) }));
}

/** GET /api/admin/settings/lectures. */
export async function getLectureSettings(db: DbExecutor): Promise<LectureSettings> {
  const values = await lectureSettingsOf(db);
  const teacherRows = await db
    .select({ _id: teachers.id, name: users.name })
    .from(teachers)
    .innerJoin(users, joinOn(users.id, teachers.userId))
    .where(eq(teachers.status, 'active'))
    .orderBy(asc(users.name));
  const storage = await storageByBatch(db);
  return { ...values, teachers: teacherRows, storage, totalBytes: storage.reduce((sum, one) => sum + one.bytes, 0), bucket: await lectureBucketSummary(db) };
}

/** PUT /api/admin/settings/lectures: the chosen teachers must be the academy's (400 otherwise); audited. */
export async function saveLectureSettings(db: Db, actor: Actor, input: LectureSettingsInput): Promise<LectureSettings> {
  const teacherIds = input.recorders === 'chosen-teachers' ? [...new Set(input.teacherIds ?? [])] : [];
  if (teacherIds.length > 0) {
    const found = await db.select({ id: teachers.id }).from(teachers).where(inArray(teachers.id, teacherIds));
    if (found.length !== teacherIds.length) throw new AppError('BAD_REQUEST', LECTURE_SETTINGS_MESSAGES.teacherIds, { teacherIds: LECTURE_SETTINGS_MESSAGES.teacherIds });
  }
  const next: LectureSettingsValues = { recorders: input.recorders, teacherIds, keepDays: input.keepDays, offlineDays: input.offlineDays };
  await saveLectureSettingsValues(db, actor, () => lectureSettingsOf(db), next);
  return getLectureSettings(db);
}

/**
 * GET /api/lectures/{id}/key: the lecture's 16-byte AES-128 key, for its readers only (the batch's
 * students, their parents, its teachers, the admin); anyone else, and a lecture without a key (rendered
 * before keys, or its files removed), 404.
 */
export async function lectureKeyFor(db: DbExecutor, keys: ServerKeys, actor: Actor, id: string): Promise<Buffer> {
  const [row] = await db
    .select({ sealed: lectures.segmentKeySealed })
    .from(lectures)
    .where(and(eq(lectures.id, id), isNull(lectures.filesRemovedAt), lectureReadScope(actor)))
    .limit(1);
  if (!row?.sealed) throw lectureNotFound();
  return openSegmentKey(keys, row.sealed);
}

/**
 * The daily job (academy-carried: it runs in each academy): when the academy keeps lectures a number of
 * days, the lectures whose day is older lose their files (renditions and recording) from the storage;
 * each lecture stays with its title, views and `files_removed_at`, its renditions emptied, and one audit
 * entry says so. Rows first (one transaction), files after the commit.
 */
export async function removeExpiredLectures(db: Db, storage: FileStorage, now: Date = new Date()): Promise<number> {
  const { keepDays } = await lectureSettingsOf(db);
  if (keepDays === null) return 0;
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS).toISOString().slice(0, 10);
  const removedKeys = await db.transaction(async (tx) => {
    const old = await tx
      .select({ id: lectures.id, batchId: lectures.batchId, title: lectures.title, date: lectures.date, sourceKey: lectures.sourceKey })
      .from(lectures)
      .where(and(lt(lectures.date, cutoff), isNull(lectures.filesRemovedAt), inArray(lectures.status, ['ready', 'failed']), thisAcademy(lectures)))
      .orderBy(asc(lectures.date))
      .limit(LECTURES_PER_RUN)
      .for('update', { skipLocked: true });
    if (old.length === 0) return [];
    const ids = old.map((one) => one.id);
    const files = await tx
      .delete(lectureFiles)
      .where(inArray(lectureFiles.lectureId, ids))
      .returning({ lectureId: lectureFiles.lectureId, key: lectureFiles.fileKey, bytes: lectureFiles.bytes, inBucket: lectureFiles.inBucket });
    // Those with a folder in the bucket: its objects go by the bucket job's next run (decision 096).
    await tx
      .update(lectures)
      .set({ filesRemovedAt: now, renditions: [], sourceKey: null, segmentKeySealed: null, bucketState: sql`case when ${lectures.bucketFolder} is null then null else 'removing' end` })
      .where(inArray(lectures.id, ids));
    for (const lecture of old) {
      const bytes = files.filter((file) => file.lectureId === lecture.id).reduce((sum, file) => sum + file.bytes, 0);
      await recordAudit(tx, null, {
        action: 'lecture.files_removed',
        entityType: 'batch',
        entityId: lecture.batchId,
        text: { key: 'lecture.files_removed', values: { title: lecture.title, date: lecture.date.split('-').reverse().join('-'), mb: (bytes / 1_048_576).toFixed(1), days: keepDays } },
      });
    }
    return [...files.filter((file) => !file.inBucket).map((file) => file.key), ...old.flatMap((one) => (one.sourceKey ? [one.sourceKey] : []))];
  });
  for (const key of removedKeys) await storage.remove(key).catch(() => {});
  return removedKeys.length;
}

/**
 * What the player draws over the picture (decision 088), so a passed-on screen recording names its
 * source: a student's name and student ID; anyone else's name and email.
 */
export async function watermarkOf(db: DbExecutor, actor: Actor): Promise<string> {
  const [row] = await db
    .select({ name: users.name, email: users.email, code: students.studentCode })
    .from(users)
    // The academy by value on both sides (on Citus one shard's statement: decision 053).
    .leftJoin(students, and(joinOn(students.userId, users.id), thisAcademy(students)))
    .where(and(thisAcademy(users), eq(users.id, actor.userId)))
    .limit(1);
  return row ? [row.name, row.code ?? row.email].filter(Boolean).join(' · ') : '';
}
