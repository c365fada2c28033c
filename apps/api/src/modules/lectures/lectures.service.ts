import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { LECTURE_MESSAGES, type Lecture, type LectureChaptersInput, type LectureInput, type LectureRenditionKind, type LectureViewer, type LectureViewInput } from '@academy/shared/schemas/lectures';
import type { Db, DbExecutor } from '../../db/client';
import { attendanceRecords, batches, batchStudents, lectureFiles, lectures, lectureViews, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStorage, StoredFile } from '../../lib/storage';
import type { Actor } from '../../access/actor';
import { batchScope } from '../../access/batches';
import { assertMayRecordFor, lectureManageScope, lectureNotFound, lectureReadScope, viewingStudentOf } from '../../access/lectures';
import type { Jobs } from '../../events/catalog';
import { recordAudit } from '../audit';
import { assertAcademyLetsRecord } from '../../access/lecture-watch';
import { lectureSettingsOf, watermarkOf } from './lecture-watch.service';
import { joinOn, qualified, thisAcademy } from '../../db/same-academy';
import { appNowSql } from '../../db/app-time';

/** The job that makes a lecture's renditions (one run per upload; lectures.job.ts). */
export const LECTURE_RENDER_JOB = 'lecture-renditions';

/** Where a lecture's recording is sent: the tus endpoint (decision 087; the multipart `/api/lectures/{id}/file` stays for small files). */
export const uploadUrlOf = (id: string) => `/api/lectures/${id}/tus`;
/** Where a rendition's files are served: `<base>/index.m3u8`, its segments, its stills. */
export const renditionBaseOf = (id: string, kind: LectureRenditionKind) => `/api/lectures/${id}/hls/${kind}`;

async function loadLectures(db: DbExecutor, actor: Actor, where: SQL | undefined, limit?: number): Promise<Lecture[]> {
  // A student's own progress, for the player to resume where they stopped.
  const viewer = viewingStudentOf(actor);
  const myView = viewer
    ? sql<{ position: number; secondsWatched: number } | null>`(select json_build_object('position', v.position, 'secondsWatched', v.seconds_watched) from lecture_views v where v.lecture_id = ${lectures.id} and v.academy_id = ${qualified(lectures.academyId)} and v.student_id = ${viewer})`
    : sql<null>`null`;
  const query = db
    .select({
      _id: lectures.id,
      batchId: batches.id,
      batchName: batches.name,
      date: lectures.date,
      title: lectures.title,
      status: lectures.status,
      failureReason: lectures.failureReason,
      renditions: lectures.renditions,
      chapters: lectures.chapters,
      progressStep: lectures.progressStep,
      progressPercent: lectures.progressPercent,
      canUpload: sql<boolean>`${lectureManageScope(actor)}`,
      myView,
      filesRemovedAt: lectures.filesRemovedAt,
      createdAt: lectures.createdAt,
      updatedAt: lectures.updatedAt,
    })
    .from(lectures)
    .innerJoin(batches, joinOn(batches.id, lectures.batchId))
    .where(and(where, lectureReadScope(actor)))
    .orderBy(desc(lectures.date), desc(lectures.createdAt), desc(lectures.id))
    .$dynamic();
  const rows = await (limit ? query.limit(limit) : query);
  return rows.map((row) => ({
    _id: row._id,
    batch: { _id: row.batchId, name: row.batchName },
    date: row.date,
    title: row.title,
    status: row.status,
    failureReason: row.failureReason,
    renditions: row.renditions,
    chapters: row.chapters,
    // How far its job is (migration 0097): only while one renders it.
    progress: row.progressStep && row.progressPercent !== null && !row.filesRemovedAt ? { step: row.progressStep, percent: row.progressPercent } : null,
    canUpload: Boolean(row.canUpload) && !row.filesRemovedAt && (row.status === 'uploading' || row.status === 'failed'),
    myView: row.myView ?? null,
    removedAt: row.filesRemovedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** POST /api/batches/{id}/lectures: a lecture waiting for its recording; answers where to send it. */
export async function createLecture(db: Db, actor: Actor, batchId: string, input: LectureInput): Promise<{ _id: string; upload: { url: string } }> {
  const [batch] = await db.select({ teacherId: batches.teacherId, name: batches.name }).from(batches).where(eq(batches.id, batchId)).limit(1);
  if (!batch) throw new AppError('NOT_FOUND', LECTURE_MESSAGES.batchNotFound);
  assertMayRecordFor(actor, batch.teacherId);
  // Who may record, as the academy set it (Settings → Lectures, decision 088).
  assertAcademyLetsRecord(actor, await lectureSettingsOf(db));
  const [row] = await db.insert(lectures).values({ batchId, date: input.date, title: input.title.trim(), createdBy: actor.userId }).returning({ id: lectures.id });
  await recordAudit(db, actor, { action: 'lecture.create', entityType: 'lecture', entityId: row!.id, text: { key: 'lecture.created', values: { title: input.title.trim(), batch: batch.name, date: input.date } } });
  return { _id: row!.id, upload: { url: uploadUrlOf(row!.id) } };
}

/** GET /api/batches/{id}/lectures: the batch's lectures, the latest day first (the last 200). */
export async function batchLectures(db: DbExecutor, actor: Actor, batchId: string): Promise<Lecture[]> {
  const [batch] = await db.select({ id: batches.id }).from(batches).where(and(eq(batches.id, batchId), batchScope(actor))).limit(1);
  if (!batch) throw new AppError('NOT_FOUND', LECTURE_MESSAGES.batchNotFound);
  return loadLectures(db, actor, eq(lectures.batchId, batchId), 200);
}

/** GET /api/lectures/{id}. */
export async function getLecture(db: DbExecutor, actor: Actor, id: string): Promise<Lecture> {
  const [lecture] = await loadLectures(db, actor, eq(lectures.id, id), 1);
  if (!lecture) throw lectureNotFound();
  return { ...lecture, watermark: await watermarkOf(db, actor) };
}

/** Before the file is read: the lecture exists for this uploader (404) and waits for a recording (409). */
export async function assertMayUpload(db: DbExecutor, actor: Actor, id: string): Promise<void> {
  const [row] = await db
    .select({ status: lectures.status, mayUpload: sql<boolean>`${lectureManageScope(actor)}` })
    .from(lectures)
    .where(and(eq(lectures.id, id), lectureReadScope(actor)))
    .limit(1);
  if (!row || !row.mayUpload) throw lectureNotFound();
  if (row.status !== 'uploading' && row.status !== 'failed') throw new AppError('CONFLICT', LECTURE_MESSAGES.alreadyUploaded);
}

export type UploadedRecording = StoredFile & { type: string };

/**
 * POST /api/lectures/{id}/file, once the file is stored: the lecture is `processing` and its job is
 * queued in the same transaction. A failed lecture may take a new recording (its old one is removed).
 * The stored file is removed again when this fails.
 */
export async function acceptRecording(db: Db, storage: FileStorage, jobs: Jobs, actor: Actor, id: string, file: UploadedRecording): Promise<Lecture> {
  let replacedKey: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: lectures.status, sourceKey: lectures.sourceKey, mayUpload: sql<boolean>`${lectureManageScope(actor)}` })
        .from(lectures)
        .where(and(eq(lectures.id, id), lectureReadScope(actor), thisAcademy(lectures)))
        .limit(1)
        .for('update', { of: lectures });
      if (!row || !row.mayUpload) throw lectureNotFound();
      if (row.status !== 'uploading' && row.status !== 'failed') throw new AppError('CONFLICT', LECTURE_MESSAGES.alreadyUploaded);
      replacedKey = row.sourceKey;
      await tx
        .update(lectures)
        .set({ status: 'processing', failureReason: null, sourceKey: file.key, sourceType: file.type, sourceBytes: file.size, renditions: [], progressStep: null, progressPercent: null })
        .where(eq(lectures.id, id));
      await tx.delete(lectureFiles).where(eq(lectureFiles.lectureId, id));
      await jobs.enqueue(LECTURE_RENDER_JOB, { lectureId: id }, { transaction: tx });
    });
  } catch (error) {
    await storage.remove(file.key).catch(() => {});
    throw error;
  }
  if (replacedKey) await storage.remove(replacedKey).catch(() => {});
  return getLecture(db, actor, id);
}

/**
 * A file of a rendition this actor may play: its storage key and size, or its lecture's folder in the
 * academy's bucket when it is there (decision 096); 404 for anyone else and for any other name.
 */
export async function lectureFileFor(db: DbExecutor, actor: Actor, id: string, kind: LectureRenditionKind, name: string): Promise<{ fileKey: string; bytes: number; bucketFolder: string | null }> {
  const [row] = await db
    .select({ fileKey: lectureFiles.fileKey, bytes: lectureFiles.bytes, bucketFolder: sql<string | null>`case when ${lectureFiles.inBucket} then ${lectures.bucketFolder} end` })
    .from(lectureFiles)
    .innerJoin(lectures, joinOn(lectures.id, lectureFiles.lectureId))
    .where(and(eq(lectureFiles.lectureId, id), eq(lectureFiles.kind, kind), eq(lectureFiles.name, name), lectureReadScope(actor)))
    .limit(1);
  if (!row) throw lectureNotFound();
  return row;
}

/** GET /api/lectures: the ready lectures of the caller's batches (a parent: their children's), latest day first. */
export async function myLectures(db: DbExecutor, actor: Actor): Promise<Lecture[]> {
  // A removed lecture leaves the list; opened from a message or the bell it says it was removed.
  return loadLectures(db, actor, and(eq(lectures.status, 'ready'), isNull(lectures.filesRemovedAt)), 200);
}

/**
 * PUT /api/lectures/{id}/view: a student's progress on a lecture of their batch (one row each, upserted).
 * The seconds watched and the furthest point only grow; the position is where they are now. Anyone but
 * the batch's enrolled students gets 404 (the route lets only students call it).
 */
export async function saveLectureView(db: DbExecutor, actor: Actor, id: string, input: LectureViewInput): Promise<{ position: number; secondsWatched: number; furthest: number }> {
  const studentId = viewingStudentOf(actor);
  const [lecture] = await db
    .select({ id: lectures.id })
    .from(lectures)
    .where(and(eq(lectures.id, id), eq(lectures.status, 'ready'), lectureReadScope(actor)))
    .limit(1);
  if (!lecture || !studentId) throw lectureNotFound();
  const [row] = await db
    .insert(lectureViews)
    .values({ lectureId: id, studentId, position: input.position, secondsWatched: input.secondsWatched, furthest: input.position })
    .onConflictDoUpdate({
      target: [lectureViews.academyId, lectureViews.lectureId, lectureViews.studentId],
      set: {
        position: sql`excluded.position`,
        secondsWatched: sql`greatest(${lectureViews.secondsWatched}, excluded.seconds_watched)`,
        furthest: sql`greatest(${lectureViews.furthest}, excluded.furthest)`,
        updatedAt: appNowSql(),
      },
    })
    .returning({ position: lectureViews.position, secondsWatched: lectureViews.secondsWatched, furthest: lectureViews.furthest });
  return row!;
}

/**
 * GET /api/lectures/{id}/views: who of the batch's enrolled students watched and how far, those marked
 * absent on the lecture's day first (they are whom the recording is for), then by name. The admin and the
 * batch's teacher; anyone else 404.
 */
export async function lectureViewers(db: DbExecutor, actor: Actor, id: string): Promise<LectureViewer[]> {
  const [lecture] = await db
    .select({ batchId: lectures.batchId, date: lectures.date, mayManage: sql<boolean>`${lectureManageScope(actor)}` })
    .from(lectures)
    .where(and(eq(lectures.id, id), lectureReadScope(actor)))
    .limit(1);
  if (!lecture || !lecture.mayManage) throw lectureNotFound();
  const absent = sql<boolean>`exists (select 1 from ${attendanceRecords} a where a.batch_id = ${lecture.batchId} and a.date = ${lecture.date} and a.student_id = ${students.id} and a.academy_id = ${qualified(students.academyId)} and a.status = 'absent')`;
  const rows = await db
    .select({
      studentId: students.id,
      name: users.name,
      absent,
      secondsWatched: lectureViews.secondsWatched,
      furthest: lectureViews.furthest,
      lastWatchedAt: lectureViews.updatedAt,
    })
    .from(batchStudents)
    .innerJoin(students, joinOn(students.id, batchStudents.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(lectureViews, and(eq(lectureViews.lectureId, id), joinOn(lectureViews.studentId, students.id)))
    .where(eq(batchStudents.batchId, lecture.batchId))
    .orderBy(desc(absent), users.name, students.id);
  return rows.map((row) => ({
    student: { _id: row.studentId, name: row.name },
    absent: Boolean(row.absent),
    secondsWatched: row.secondsWatched ?? 0,
    furthest: row.furthest ?? 0,
    lastWatchedAt: row.lastWatchedAt?.toISOString() ?? null,
  }));
}

/**
 * PUT /api/lectures/{id}/chapters (decision 097): the admin or the batch's teacher replaces the lecture's
 * chapters (any order; kept by time). Another teacher, another academy: 404; a removed lecture: 409. Audited.
 */
export async function saveLectureChapters(db: Db, actor: Actor, id: string, input: LectureChaptersInput): Promise<Lecture> {
  const chapters = [...input.chapters].map((chapter) => ({ t: chapter.t, title: chapter.title.trim() })).sort((a, b) => a.t - b.t);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ title: lectures.title, date: lectures.date, filesRemovedAt: lectures.filesRemovedAt, mayManage: sql<boolean>`${lectureManageScope(actor)}` })
      .from(lectures)
      .where(and(eq(lectures.id, id), thisAcademy(lectures), lectureReadScope(actor)))
      .for('update', { of: lectures })
      .limit(1);
    if (!row || !row.mayManage) throw lectureNotFound();
    if (row.filesRemovedAt) throw new AppError('CONFLICT', LECTURE_MESSAGES.removed);
    await tx.update(lectures).set({ chapters }).where(eq(lectures.id, id));
    await recordAudit(tx, actor, {
      action: 'lecture.chapters',
      entityType: 'lecture',
      entityId: id,
      text: { key: 'lecture.chapters_saved', values: { count: String(chapters.length), title: row.title, date: row.date.split('-').reverse().join('-') } },
    });
  });
  return getLecture(db, actor, id);
}
