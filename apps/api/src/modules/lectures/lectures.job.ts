import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import { LECTURE_MESSAGES, type LectureRendition, type LectureRenditionKind } from '@academy/shared/schemas/lectures';
import type { Db } from '../../db/client';
import { lectureFiles, lectures } from '../../db/schema';
import type { Jobs } from '../../events/catalog';
import type { FileStorage } from '../../lib/storage';
import { Readable } from 'node:stream';
import { FFMPEG_INSTALL_HINT, masterPlaylist, mediaToolsPresent, probe, renderVideoRung, renderVoiceBoard, RenderRefusedError, VIDEO_RUNGS, type MediaTools, type Rendered } from './renditions';
import { percentOf } from './ffmpeg-progress';
import { LECTURE_RENDER_JOB, renditionBaseOf } from './lectures.service';
import { tellAbsentFamilies } from './absent-families';
import { encryptRendition, keyUrlOf, lectureSegmentKey } from './segment-keys';
import type { ServerKeys } from '../../lib/server-keys';
import { PARENT_SENDER_JOB } from '../family-outbox';
import { withRecordedStills } from './recorded-stills';
import { LECTURE_BUCKET_JOB } from './lecture-bucket';
import { academyBucketOn } from '../backups';
import { thisAcademy } from '../../db/same-academy';

/*
 * The lecture job (issue 75, decision 079): one run per uploaded recording, in its academy (the job
 * runner enters it, so every query and stored file is that academy's). The voice + board rendition is
 * made and stored first, and the lecture is `ready` with it; then the 240p rung of a video is added. A
 * run repeated after a crash skips what is already stored. A recording ffmpeg cannot use fails the
 * lecture with the reason at once; anything else (the database, the disk) is retried, and the lecture
 * fails with the reason when the last try does.
 */

/** Renders run one at a time on a server (ffmpeg takes every core): a run that finds one going comes back later. */
const BUSY_RETRY_MS = 20_000;
/** Any one stored file of a rendition: a segment of a 240p hour is about 200 KB, a still 50 KB. */
const MAX_RENDERED_FILE_BYTES = 200 * 1024 * 1024;

export type LectureJobDeps = {
  db: Db;
  storage: FileStorage;
  jobs: Jobs;
  tools: MediaTools;
  workDir: string;
  log?: { warn(object: object, message: string): void };
  /** The server's keys: each rendition's segments are encrypted with the lecture's AES-128 key (decision 088). Without them, in clear. */
  keys?: ServerKeys;
  /** At most one progress write a lecture in this many ms (PROGRESS_EVERY_MS; a test sets 0). */
  progressEveryMs?: number;
};

/** How often a render's progress is written to its lecture at most: the teacher's list asks every 5 s. */
export const PROGRESS_EVERY_MS = 3_000;

async function setFailed(db: Db, lectureId: string, reason: string) {
  await db.update(lectures).set({ status: 'failed', failureReason: reason.slice(0, 1000), progressStep: null, progressPercent: null }).where(and(eq(lectures.id, lectureId), thisAcademy(lectures)));
}

/** Writes how far the job is (null: no job renders it), leaving the lecture's `updatedAt` as it was. */
function writeProgress(db: Db, lectureId: string, progress: { step: LectureRenditionKind; percent: number } | null): Promise<unknown> {
  return db
    .update(lectures)
    .set({ progressStep: progress?.step ?? null, progressPercent: progress?.percent ?? null, updatedAt: sql`${lectures.updatedAt}` })
    .where(and(eq(lectures.id, lectureId), thisAcademy(lectures)));
}

/**
 * The progress of one step (one rendition) of a lecture's run: 0 written when it starts, then what ffmpeg
 * reports, at most every `everyMs`, only forward, one write at a time (a report while one is on its way is
 * dropped: the next one carries more). ffmpeg's reports arrive on its output's events, so the write is
 * bound to the run's academy here (its statement and row-level security are that academy's).
 */
function stepProgress(deps: LectureJobDeps, lectureId: string, step: LectureRenditionKind) {
  const everyMs = deps.progressEveryMs ?? PROGRESS_EVERY_MS;
  const write = AsyncResource.bind((percent: number) => writeProgress(deps.db, lectureId, { step, percent }));
  let lastAt = Date.now();
  let lastPercent = 0;
  let writing: Promise<unknown> | null = null;
  return {
    start: () => writeProgress(deps.db, lectureId, { step, percent: 0 }),
    report(fraction: number) {
      const percent = percentOf(fraction);
      if (writing || percent <= lastPercent || Date.now() - lastAt < everyMs) return;
      lastAt = Date.now();
      lastPercent = percent;
      writing = write(percent)
        .catch((error: unknown) => deps.log?.warn({ err: error, lectureId }, 'the progress of a lecture could not be written'))
        .finally(() => (writing = null));
    },
    /** Waits for a write on its way (before the next step's, or the end's, so none lands after them). */
    settled: () => writing ?? Promise.resolve(),
  };
}

/** Stores a rendition's files and records them with the rendition, in one transaction; the stored files go again if it fails. */
async function keep(db: Db, storage: FileStorage, jobs: Jobs, lectureId: string, rendered: Rendered, ready: boolean): Promise<void> {
  const saved: { name: string; key: string; bytes: number }[] = [];
  try {
    for (const file of rendered.files) {
      const stored = await storage.save(fs.createReadStream(file.path), { maxBytes: MAX_RENDERED_FILE_BYTES, extension: path.extname(file.name) });
      saved.push({ name: file.name, key: stored.key, bytes: stored.size });
    }
    const base = renditionBaseOf(lectureId, rendered.kind);
    const rendition: LectureRendition = {
      kind: rendered.kind,
      bytes: saved.reduce((sum, file) => sum + file.bytes, 0),
      playlist: `${base}/${rendered.playlist}`,
      ...(rendered.stills ? { stills: `${base}/${rendered.stills}` } : {}),
      ...(rendered.voice ? { bandwidth: rendered.voice.bandwidth } : {}),
      ...(rendered.variant ? { bandwidth: rendered.variant.bandwidth, resolution: rendered.variant.resolution } : {}),
    };
    const queued = await db.transaction(async (tx) => {
      const [row] = await tx.select({ status: lectures.status, renditions: lectures.renditions }).from(lectures).where(and(eq(lectures.id, lectureId), thisAcademy(lectures))).for('update');
      if (!row) throw new Error('the lecture was deleted while it was rendered');
      await tx.insert(lectureFiles).values(saved.map((file) => ({ lectureId, kind: rendered.kind, name: file.name, fileKey: file.key, bytes: file.bytes })));
      await tx
        .update(lectures)
        .set({ renditions: [...row.renditions.filter((one) => one.kind !== rendered.kind), rendition], ...(ready ? { status: 'ready' as const, failureReason: null } : {}) })
        .where(eq(lectures.id, lectureId));
      // Ready now: the students who missed that class, and their parents, are told (decision 082).
      return ready && row.status !== 'ready' ? tellAbsentFamilies(tx, lectureId) : 0;
    });
    if (queued > 0) await jobs.enqueue(PARENT_SENDER_JOB, {});
  } catch (error) {
    await Promise.all(saved.map((file) => storage.remove(file.key).catch(() => {})));
    throw error;
  }
}

/**
 * Writes (again) the lecture's master playlist from the renditions it has, beside voice-board's playlist
 * (`master.m3u8`), and names it in voice-board's rendition; the master it replaces leaves the storage.
 */
async function keepMaster(db: Db, storage: FileStorage, lectureId: string): Promise<void> {
  const [lecture] = await db.select({ renditions: lectures.renditions }).from(lectures).where(eq(lectures.id, lectureId)).limit(1);
  const voice = lecture?.renditions.find((one) => one.kind === 'voice-board');
  if (!lecture || !voice) return;
  const rungs = VIDEO_RUNGS.flatMap((rung) => {
    const made = lecture.renditions.find((one) => one.kind === rung.kind);
    return made?.bandwidth && made.resolution ? [{ kind: rung.kind, bandwidth: made.bandwidth, resolution: made.resolution, frameRate: rung.fps }] : [];
  });
  if (rungs.length === 0) return;
  const text = masterPlaylist({ bandwidth: voice.bandwidth ?? 32_000 }, rungs);
  const stored = await storage.save(Readable.from([Buffer.from(text)]), { maxBytes: 64 * 1024, extension: '.m3u8' });
  let replaced: string | undefined;
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ renditions: lectures.renditions }).from(lectures).where(and(eq(lectures.id, lectureId), thisAcademy(lectures))).for('update');
      if (!row) throw new Error('the lecture was deleted while it was rendered');
      const [old] = await tx
        .delete(lectureFiles)
        .where(and(eq(lectureFiles.lectureId, lectureId), eq(lectureFiles.kind, 'voice-board'), eq(lectureFiles.name, MASTER_NAME)))
        .returning({ fileKey: lectureFiles.fileKey });
      replaced = old?.fileKey;
      await tx.insert(lectureFiles).values({ lectureId, kind: 'voice-board', name: MASTER_NAME, fileKey: stored.key, bytes: stored.size });
      const master = `${renditionBaseOf(lectureId, 'voice-board')}/${MASTER_NAME}`;
      await tx
        .update(lectures)
        .set({ renditions: row.renditions.map((one) => (one.kind === 'voice-board' ? { ...one, master } : one)) })
        .where(eq(lectures.id, lectureId));
    });
  } catch (error) {
    await storage.remove(stored.key).catch(() => {});
    throw error;
  }
  if (replaced) await storage.remove(replaced).catch(() => {});
}

const MASTER_NAME = 'master.m3u8';

let rendering = 0;

/** One run: the lecture's renditions from its stored recording. */
export async function renderLecture(deps: LectureJobDeps, lectureId: string, attempt: { lastAttempt: boolean }): Promise<void> {
  const [lecture] = await deps.db
    .select({ status: lectures.status, sourceKey: lectures.sourceKey, renditions: lectures.renditions })
    .from(lectures)
    .where(eq(lectures.id, lectureId))
    .limit(1);
  // Deleted, or a new recording replaced this one (its own run follows): nothing to do.
  if (!lecture?.sourceKey || (lecture.status !== 'processing' && lecture.status !== 'ready')) return;
  if (!mediaToolsPresent(deps.tools)) {
    await setFailed(deps.db, lectureId, `The server cannot prepare lectures: ffmpeg is not installed (${FFMPEG_INSTALL_HINT}). Upload the recording again once it is.`);
    return;
  }
  if (rendering > 0) {
    await deps.jobs.enqueue(LECTURE_RENDER_JOB, { lectureId }, { runAt: new Date(Date.now() + BUSY_RETRY_MS) });
    return;
  }
  rendering += 1;
  const work = path.join(deps.workDir, randomUUID());
  // The step being made (its progress is written to the lecture while it runs; cleared when the run ends).
  let current: ReturnType<typeof stepProgress> | undefined;
  try {
    await fsp.mkdir(work, { recursive: true });
    const source = path.join(work, 'source');
    await pipeline(deps.storage.read(lecture.sourceKey), fs.createWriteStream(source));
    const probed = await probe(deps.tools, source);
    const done = new Set(lecture.renditions.map((one) => one.kind));
    // The lecture's segment key (made once, kept sealed; a retried run uses the same one).
    const segmentKey = deps.keys ? await lectureSegmentKey(deps.db, deps.keys, lectureId) : null;
    const keyed = (rendered: Rendered, folder: string) => (segmentKey ? encryptRendition(rendered, folder, segmentKey, keyUrlOf(lectureId)) : rendered);
    if (!done.has('voice-board')) {
      const folder = path.join(work, 'voice-board');
      await fsp.mkdir(folder);
      const progress = (current = stepProgress(deps, lectureId, 'voice-board'));
      await progress.start();
      const voice = await renderVoiceBoard(deps.tools, source, folder, probed, (fraction) => progress.report(fraction));
      await progress.settled();
      // A recording in class: the stills the teacher's phone took (decision 087).
      const withStills = probed.hasVideo ? voice : await withRecordedStills(deps.db, deps.storage, lectureId, voice, folder);
      await keep(deps.db, deps.storage, deps.jobs, lectureId, await keyed(withStills, folder), true);
    }
    if (probed.hasVideo) {
      for (const rung of VIDEO_RUNGS) {
        if (done.has(rung.kind)) continue;
        const folder = path.join(work, rung.kind);
        await fsp.mkdir(folder);
        try {
          await current?.settled();
          const progress = (current = stepProgress(deps, lectureId, rung.kind));
          await progress.start();
          const rendered = await renderVideoRung(deps.tools, source, folder, rung, { duration: probed.duration, report: (fraction) => progress.report(fraction) });
          await progress.settled();
          await keep(deps.db, deps.storage, deps.jobs, lectureId, await keyed(rendered, folder), false);
        } catch (error) {
          // The lecture plays without it; the voice + board rung is what matters on slow data.
          deps.log?.warn({ err: error, lectureId }, `the ${rung.kind} rendition of a lecture could not be made`);
        }
      }
      await keepMaster(deps.db, deps.storage, lectureId);
    }
    // The academy's bucket is on: its copy there is made by the bucket job, woken now (decision 096).
    if (await academyBucketOn(deps.db)) await deps.jobs.enqueue(LECTURE_BUCKET_JOB, {});
  } catch (error) {
    if (error instanceof RenderRefusedError) {
      await setFailed(deps.db, lectureId, error.message);
      return;
    }
    if (attempt.lastAttempt) await setFailed(deps.db, lectureId, LECTURE_MESSAGES.gaveUp);
    throw error;
  } finally {
    // No job renders it now (done, failed, or to be retried): the teacher's list stops showing a percent.
    await current?.settled();
    if (current) await writeProgress(deps.db, lectureId, null).catch((error: unknown) => deps.log?.warn({ err: error, lectureId }, 'the progress of a lecture could not be cleared'));
    rendering -= 1;
    await fsp.rm(work, { recursive: true, force: true }).catch(() => {});
  }
}

/**
 * Declares the job (app.ts). The work folder is this server's alone (one server per DATA_DIR): what a
 * render cut short by a crash left there is removed at start, and its run is retried by the runner.
 */
export function defineLectureJobs(jobs: Jobs, deps: Omit<LectureJobDeps, 'jobs'>): void {
  fs.rmSync(deps.workDir, { recursive: true, force: true });
  jobs.define(LECTURE_RENDER_JOB, {
    label: 'Lecture renditions (voice and board, video rungs)',
    maxAttempts: 3,
    run: ({ lectureId }, attempt) => renderLecture({ ...deps, jobs }, lectureId, attempt),
  });
}
