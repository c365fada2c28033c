import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Server } from '@tus/server';
import type { FileStore } from '@tus/file-store';
import { and, count, eq } from 'drizzle-orm';
import { apiSuccess } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { LECTURE_MESSAGES, lectureSchema } from '@academy/shared/schemas/lectures';
import { LECTURE_MAX_RECORDED_STILLS, LECTURE_STILL_MAX_BYTES, LECTURE_UPLOAD_MESSAGES, lectureRecordingSchema, lectureStillQuerySchema } from '@academy/shared/schemas/lecture-uploads';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import type { Db } from '../../db/client';
import { lectureStills, lectures } from '../../db/schema';
import type { Jobs } from '../../events/catalog';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { currentAcademyId } from '../../lib/tenancy';
import { requestLanguage } from '../../lib/translate-reply';
import { actorOf } from '../../access/http';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../audit';
import { RECORDING_HEAD_BYTES, recordingTypeOf } from './recording-types';
import { acceptRecording, assertMayUpload, getLecture } from './lectures.service';
import { createPgUploadLocker, UploadLocked } from './upload-lock';

/*
 * A lecture's recording sent in pieces (issue 75, decision 087).
 *
 * - **Resumable upload (tus 1.0)** at `/api/lectures/{id}/tus`: `POST` creates an upload (its
 *   `Upload-Length`, or `Upload-Defer-Length: 1` for a recording whose length is known only at its end),
 *   `HEAD …/tus/{upload}` answers how much the server has, `PATCH` appends from that offset,
 *   `DELETE` gives it up. Every request enters the access layer (the batch's teacher or the admin) and
 *   is checked against the lecture in its address before @tus/server sees it; the upload's pieces are
 *   kept in this academy's own folder of `DATA_DIR/lecture-uploads/` (never in the storage's folders,
 *   which only hold whole files), and when the last byte is in, the file is known by its first bytes,
 *   moved into the storage and taken as the multipart upload is (the lecture `processing`, its job
 *   queued). A piece never finished is removed a day after it began (the `lecture-uploads-cleanup` job).
 * - **Stills** of the board, taken by the teacher's phone while recording: `POST …/stills?t=12.3`, a
 *   JPEG each, kept in the storage with their time (`lecture_stills`); the job puts them on the voice +
 *   board rendition's timeline.
 * - A recording cut short (the tab closed, the phone died): `GET …/recording` says what arrived, `POST
 *   …/recording/finish` takes it as the lecture's recording.
 */

/** An unfinished upload is removed this long after it began (a lecture of several hours fits well inside). */
export const UNFINISHED_UPLOAD_MS = 24 * 60 * 60 * 1000;
export const LECTURE_UPLOADS_CLEANUP_JOB = 'lecture-uploads-cleanup';

/** What kind of sending an upload is (its tus metadata `kind`): a file the phone had, or a recording in class. */
type UploadKind = 'file' | 'recording';

type RequestContext = { request: FastifyRequest; actor: Actor; lectureId: string; finished?: { uploadId: string } };
const context = new AsyncLocalStorage<RequestContext>();

class UploadRefused extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

/** A refusal in the words of the request being handled (its user's language). */
function refusal(status: number, message: string) {
  const request = context.getStore()?.request;
  const language = request ? requestLanguage(request) : 'en';
  return new UploadRefused(status, JSON.stringify({ success: false, message: translateServerMessage(message, language) }));
}

/** How many of the file's first bytes were read, and the recording's type they show (null: none known). */
async function recordingTypeOfFile(file: string) {
  const head = Buffer.alloc(RECORDING_HEAD_BYTES);
  const handle = await fsp.open(file, 'r');
  let read: number;
  try {
    ({ bytesRead: read } = await handle.read(head, 0, RECORDING_HEAD_BYTES, 0));
  } finally {
    await handle.close();
  }
  return { read, type: read > 0 ? recordingTypeOf(head.subarray(0, read)) : null };
}

export type LectureUploadDeps = { db: Db; storage: FileStorage; jobs: Jobs; maxUploadBytes: number; root: string; lockWaitMs?: number };

/** One tus server (and its folder) per academy, made when first needed. */
export function createLectureUploads(deps: LectureUploadDeps) {
  const servers = new Map<string, { server: Server; store: FileStore }>();
  // Two writes of one upload are kept apart in PostgreSQL, whichever server each reaches (decision 097).
  const locker = createPgUploadLocker(deps.db, { waitMs: deps.lockWaitMs });

  /** The upload's finished file: known by its first bytes, moved into the storage and taken as the lecture's recording. */
  async function finish(store: FileStore, uploadId: string, kind: UploadKind, ctx: RequestContext) {
    const file = path.join(store.directory, uploadId);
    const { read, type } = await recordingTypeOfFile(file);
    if (read === 0) throw refusal(400, LECTURE_MESSAGES.emptyFile);
    if (!type) throw refusal(400, LECTURE_MESSAGES.badFile);
    const stored = await deps.storage.save(fs.createReadStream(file), { maxBytes: deps.maxUploadBytes, extension: type.extension });
    try {
      await acceptRecording(deps.db, deps.storage, deps.jobs, ctx.actor, ctx.lectureId, { ...stored, type: type.extension.slice(1) });
    } catch (error) {
      if (error instanceof AppError) throw refusal(error.status, error.message);
      throw error;
    }
    const [lecture] = await deps.db.select({ title: lectures.title, date: lectures.date }).from(lectures).where(eq(lectures.id, ctx.lectureId)).limit(1);
    await recordAudit(deps.db, ctx.actor, {
      action: kind === 'recording' ? 'lecture.record' : 'lecture.upload',
      entityType: 'lecture',
      entityId: ctx.lectureId,
      text: { key: kind === 'recording' ? 'lecture.recorded' : 'lecture.uploaded', values: { title: lecture?.title ?? '', date: lecture?.date ?? '', megabytes: (stored.size / 1048576).toFixed(1) } },
    });
    ctx.finished = { uploadId };
  }

  /** The academy's tus server and its store, made on its first upload (@tus/* loaded then). */
  async function serverOf(academyId: string) {
    const [{ Server }, { FileStore }] = await Promise.all([import('@tus/server'), import('@tus/file-store')]);
    const made = servers.get(academyId);
    if (made) return made;
    const store = new FileStore({ directory: path.join(deps.root, academyId), expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_MS });
    const server = new Server({
      path: '/api/lectures',
      datastore: store,
      maxSize: deps.maxUploadBytes,
      relativeLocation: true,
      locker: () => locker.lockerFor(academyId, context.getStore()!.lectureId),
      // The lecture is in the address: the upload's is under it.
      generateUrl: (_req, { id }) => `/api/lectures/${context.getStore()!.lectureId}/tus/${id}`,
      getFileIdFromRequest: (req) => /\/tus\/([0-9a-f]{32})(?:[?#].*)?$/.exec(new URL(req.url).pathname)?.[1],
      onUploadCreate: async (_req, upload) => {
        const kind: UploadKind = upload.metadata?.kind === 'recording' ? 'recording' : 'file';
        return { metadata: { ...upload.metadata, lectureId: context.getStore()!.lectureId, kind } };
      },
      onUploadFinish: async (_req, upload) => {
        const ctx = context.getStore()!;
        await finish(store, upload.id, upload.metadata?.kind === 'recording' ? 'recording' : 'file', ctx);
        return {};
      },
      onResponseError: (_req, error) => {
        if (error instanceof UploadRefused) return { status_code: error.status_code, body: error.body };
        if (error instanceof UploadLocked) return { status_code: 423, body: refusal(423, LECTURE_UPLOAD_MESSAGES.uploadBusy).body };
        return undefined;
      },
    });
    const entry = { server, store };
    servers.set(academyId, entry);
    return entry;
  }

  /** The academy's upload with this id, if it is this lecture's. */
  async function uploadOf(lectureId: string, uploadId: string) {
    const { store } = await serverOf(currentAcademyId());
    const upload = await store.getUpload(uploadId).catch(() => null);
    return upload && upload.metadata?.lectureId === lectureId ? upload : null;
  }

  /** The lecture's recording in class not yet finished (the newest), if any. */
  async function unfinishedRecordingOf(lectureId: string) {
    const { store } = await serverOf(currentAcademyId());
    const ids = (await fsp.readdir(store.directory).catch(() => [] as string[])).filter((name) => /^[0-9a-f]{32}\.json$/.test(name)).map((name) => name.slice(0, 32));
    const uploads = (await Promise.all(ids.map((id) => store.getUpload(id).catch(() => null)))).filter(
      (upload) => upload && upload.metadata?.lectureId === lectureId && upload.metadata?.kind === 'recording' && upload.size !== upload.offset,
    );
    return uploads.sort((a, b) => String(b!.creation_date).localeCompare(String(a!.creation_date)))[0] ?? null;
  }

  /** Hands the request to tus inside its lecture's context; a finished upload's pieces go afterwards. */
  async function handle(request: FastifyRequest, reply: FastifyReply, lectureId: string) {
    const actor = actorOf(request);
    const { server, store } = await serverOf(currentAcademyId());
    const ctx: RequestContext = { request, actor, lectureId };
    reply.hijack();
    await context.run(ctx, () => server.handle(request.raw, reply.raw));
    if (ctx.finished) await store.remove(ctx.finished.uploadId).catch(() => {});
  }

  /** Removes this academy's uploads left unfinished for a day (the job, run in each academy). */
  async function removeUnfinished(): Promise<number> {
    const { store } = await serverOf(currentAcademyId());
    if (!fs.existsSync(store.directory)) return 0;
    return store.deleteExpired();
  }

  return { handle, uploadOf, unfinishedRecordingOf, serverOf, removeUnfinished, finish, context, locker };
}

export type LectureUploads = ReturnType<typeof createLectureUploads>;

const uploadParamsSchema = z.object({ id: z.uuid({ error: 'Invalid id' }), uploadId: z.string().regex(/^[0-9a-f]{32}$/, LECTURE_UPLOAD_MESSAGES.uploadNotFound) });

/** A new upload's announced length: a number within the largest recording, or deferred (a recording in class). */
function checkUploadLength(request: FastifyRequest, maxUploadBytes: number) {
  const length = request.headers['upload-length'];
  const deferred = request.headers['upload-defer-length'];
  if (length === undefined) {
    if (deferred !== '1') throw new AppError('BAD_REQUEST', LECTURE_UPLOAD_MESSAGES.badLength);
    return;
  }
  if (typeof length !== 'string' || !/^\d{1,15}$/.test(length)) throw new AppError('BAD_REQUEST', LECTURE_UPLOAD_MESSAGES.badLength);
  if (Number(length) > maxUploadBytes) throw new AppError('PAYLOAD_TOO_LARGE', LECTURE_UPLOAD_MESSAGES.tooLarge);
}

/** Stores a board still (a JPEG) at its time in the recording, in tenths of a second, which it returns. */
async function saveStill(db: Db, storage: FileStorage, lectureId: string, body: Buffer, t: number): Promise<number> {
  const [{ taken }] = (await db.select({ taken: count() }).from(lectureStills).where(eq(lectureStills.lectureId, lectureId))) as [{ taken: number }];
  if (taken >= LECTURE_MAX_RECORDED_STILLS) throw new AppError('CONFLICT', LECTURE_UPLOAD_MESSAGES.tooManyStills);
  const tenths = Math.round(t * 10);
  const stored = await storage.save(Readable.from([body]), { maxBytes: LECTURE_STILL_MAX_BYTES, extension: '.jpg' });
  const [row] = await db
    .insert(lectureStills)
    .values({ lectureId, tenths, fileKey: stored.key, bytes: stored.size })
    .onConflictDoNothing({ target: [lectureStills.academyId, lectureStills.lectureId, lectureStills.tenths] })
    .returning({ id: lectureStills.id });
  // The same tenth sent twice (a retry): the first stays.
  if (!row) await storage.remove(stored.key).catch(() => {});
  return tenths;
}

/** The routes (registered beside lecturesRoutes, under /api). */
export const lectureUploadRoutes: FastifyPluginAsyncZod<LectureUploadDeps & { uploads: LectureUploads }> = async (app, deps) => {
  const { db, storage, uploads, maxUploadBytes } = deps;
  const tags = ['lectures'];
  // A tus PATCH's body is read by @tus/server itself, as it arrives; a still is a JPEG read whole.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  app.addContentTypeParser('image/jpeg', { parseAs: 'buffer', bodyLimit: LECTURE_STILL_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post('/lectures/:id/tus', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    await assertMayUpload(db, actorOf(request), request.params.id);
    checkUploadLength(request, maxUploadBytes);
    await uploads.handle(request, reply, request.params.id);
  });

  const existing = async (request: FastifyRequest, params: { id: string; uploadId: string }) => {
    await assertMayUpload(db, actorOf(request), params.id);
    const upload = await uploads.uploadOf(params.id, params.uploadId);
    if (!upload) throw new AppError('NOT_FOUND', LECTURE_UPLOAD_MESSAGES.uploadNotFound);
    return upload;
  };

  app.head('/lectures/:id/tus/:uploadId', { schema: { tags, params: uploadParamsSchema } }, async (request, reply) => {
    await existing(request, request.params);
    await uploads.handle(request, reply, request.params.id);
  });

  // The same as JSON (a screen's look at an upload): how much of it the server has.
  app.get(
    '/lectures/:id/tus/:uploadId',
    { exposeHeadRoute: false, schema: { tags, params: uploadParamsSchema, response: { 200: apiSuccess(z.object({ offset: z.number().int(), length: z.number().int().nullable() })) } } },
    async (request) => {
      const upload = await existing(request, request.params);
      return { success: true as const, data: { offset: upload.offset, length: upload.size ?? null } };
    },
  );

  app.patch('/lectures/:id/tus/:uploadId', { schema: { tags, params: uploadParamsSchema } }, async (request, reply) => {
    const upload = await existing(request, request.params);
    const offset = request.headers['upload-offset'];
    if (typeof offset === 'string' && /^\d+$/.test(offset) && Number(offset) !== upload.offset) throw new AppError('CONFLICT', LECTURE_UPLOAD_MESSAGES.wrongOffset);
    const length = request.headers['upload-length'];
    if (typeof length === 'string' && /^\d+$/.test(length) && Number(length) > maxUploadBytes) throw new AppError('PAYLOAD_TOO_LARGE', LECTURE_UPLOAD_MESSAGES.tooLarge);
    const sent = Number(request.headers['content-length'] ?? 0);
    if (Number.isFinite(sent) && upload.offset + sent > (upload.size ?? maxUploadBytes)) throw new AppError('PAYLOAD_TOO_LARGE', LECTURE_UPLOAD_MESSAGES.tooLarge);
    await uploads.handle(request, reply, request.params.id);
  });

  app.delete('/lectures/:id/tus/:uploadId', { schema: { tags, params: uploadParamsSchema } }, async (request, reply) => {
    await existing(request, request.params);
    await uploads.handle(request, reply, request.params.id);
  });

  // A still of the board, taken while recording, with its time in the recording.
  app.post(
    '/lectures/:id/stills',
    { schema: { tags, params: idParamsSchema, querystring: lectureStillQuerySchema, consumes: ['image/jpeg'], response: { 201: apiSuccess(z.object({ t: z.number() })) } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await assertMayUpload(db, actor, request.params.id);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length < 4 || body[0] !== 0xff || body[1] !== 0xd8 || body[2] !== 0xff) throw new AppError('BAD_REQUEST', LECTURE_UPLOAD_MESSAGES.stillType);
      const tenths = await saveStill(db, storage, request.params.id, body, request.query.t);
      return reply.code(201).send({ success: true as const, data: { t: tenths / 10 }, message: LECTURE_UPLOAD_MESSAGES.stillSaved });
    },
  );

  // What an interrupted recording left: the voice's bytes and the stills.
  app.get('/lectures/:id/recording', { schema: { tags, params: idParamsSchema, response: { 200: apiSuccess(lectureRecordingSchema) } } }, async (request) => {
    await assertMayUpload(db, actorOf(request), request.params.id);
    const upload = await uploads.unfinishedRecordingOf(request.params.id);
    const [{ stills }] = (await db.select({ stills: count() }).from(lectureStills).where(and(eq(lectureStills.lectureId, request.params.id)))) as [{ stills: number }];
    return { success: true as const, data: { bytes: upload?.offset ?? 0, stills: Number(stills) } };
  });

  // A recording cut short: what arrived becomes the lecture's recording.
  app.post('/lectures/:id/recording/finish', { schema: { tags, params: idParamsSchema, response: { 200: apiSuccess(lectureSchema) } } }, async (request) => {
    const actor = actorOf(request);
    await assertMayUpload(db, actor, request.params.id);
    const upload = await uploads.unfinishedRecordingOf(request.params.id);
    if (!upload || !upload.offset) throw new AppError('NOT_FOUND', LECTURE_UPLOAD_MESSAGES.noRecording);
    const { store } = await uploads.serverOf(currentAcademyId());
    const ctx: RequestContext = { request, actor, lectureId: request.params.id };
    try {
      // Not while a piece of it is still being written (here or on another server).
      await uploads.locker.withLock(currentAcademyId(), request.params.id, upload.id, async () => {
        const now = await uploads.uploadOf(request.params.id, upload.id);
        if (!now) throw new AppError('NOT_FOUND', LECTURE_UPLOAD_MESSAGES.noRecording);
        await uploads.finish(store, upload.id, 'recording', ctx);
      });
    } catch (error) {
      if (error instanceof UploadLocked) throw new AppError('LOCKED', LECTURE_UPLOAD_MESSAGES.uploadBusy);
      if (error instanceof UploadRefused) {
        const message = (JSON.parse(error.body) as { message: string }).message;
        throw new AppError(error.status_code === 409 ? 'CONFLICT' : error.status_code === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message);
      }
      throw error;
    }
    await store.remove(upload.id).catch(() => {});
    return { success: true as const, data: await getLecture(db, actor, request.params.id), message: LECTURE_UPLOAD_MESSAGES.recordingFinished };
  });
};

/** The upkeep job (app.ts): in each academy, every hour, its uploads left unfinished for a day are removed. */
export function defineLectureUploadJobs(jobs: Jobs, uploads: LectureUploads): void {
  jobs.define(LECTURE_UPLOADS_CLEANUP_JOB, {
    label: 'Lecture uploads left unfinished for a day removed',
    everyMs: 60 * 60 * 1000,
    run: () => uploads.removeUnfinished().then(() => undefined),
  });
}
