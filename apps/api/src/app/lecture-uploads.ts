import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLectureUploads, defineLectureUploadJobs, LECTURE_UPLOAD_RELEASE_CHANNEL, lectureWatchRoutes, lectureUploadRoutes, lecturesRoutes } from '../modules/lectures';
import { LECTURE_DEFAULT_MAX_UPLOAD_MB } from '@academy/shared/schemas/lectures';
import type { AppDeps } from './deps';

/**
 * The resumable uploads and recordings in class (decision 087): pieces in DATA_DIR/lecture-uploads/<academy>/,
 * their jobs defined now; what it returns registers the lectures' routes (issue 75) with the others under /api,
 * and names the channel on which other servers ask this one to let go of an upload's lock (decision 097).
 */
export function createLectureUploadsAndJobs(
  app: FastifyInstance,
  deps: AppDeps,
): { registerRoutes: (api: FastifyInstance) => Promise<void>; channels: Record<string, (payload?: string) => void> } {
  const maxUploadBytes = deps.lectures?.maxUploadBytes ?? LECTURE_DEFAULT_MAX_UPLOAD_MB * 1024 * 1024;
  const lectureUploadDeps = {
    db: deps.db,
    storage: deps.storage,
    jobs: app.jobs,
    maxUploadBytes,
    root: deps.lectures?.uploadsDir ?? path.join(path.dirname(deps.backups.filesDir), 'lecture-uploads'),
    lockWaitMs: deps.lectures?.uploadLockWaitMs,
  };
  const lectureUploads = createLectureUploads(lectureUploadDeps);
  defineLectureUploadJobs(app.jobs, lectureUploads);
  app.addHook('onClose', async () => lectureUploads.locker.close());
  const channels = { [LECTURE_UPLOAD_RELEASE_CHANNEL]: (key?: string) => lectureUploads.locker.releaseRequested(key) };
  const registerRoutes = async (api: FastifyInstance) => {
    await api.register(lectureWatchRoutes, { db: deps.db, keys: deps.keys });
    await api.register(lecturesRoutes, { db: deps.db, storage: deps.storage, jobs: app.jobs, maxUploadBytes, keys: deps.keys });
    await api.register(lectureUploadRoutes, { ...lectureUploadDeps, uploads: lectureUploads });
  };
  return { registerRoutes, channels };
}
