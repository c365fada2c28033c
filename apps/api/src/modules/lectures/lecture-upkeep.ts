import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import type { ServerKeys } from '../../lib/server-keys';
import type { FileStorage } from '../../lib/storage';
import { removeExpiredLectures } from './lecture-watch.service';
import { LECTURE_BUCKET_JOB, LECTURE_BUCKET_TIMING, syncLectureBucket } from './lecture-bucket';

/** The daily removal of lectures older than the academy keeps them (decision 088). */
export const LECTURE_RETENTION_JOB = 'lecture-retention';

export function defineLectureUpkeepJobs(jobs: Jobs, deps: { db: Db; storage: FileStorage; keys: ServerKeys }): void {
  jobs.define(LECTURE_RETENTION_JOB, {
    label: 'Lectures older than the academy keeps them removed (when it set a number of days)',
    everyMs: 86_400_000,
    run: async () => {
      await removeExpiredLectures(deps.db, deps.storage);
      // Their objects in the academy's bucket go by the bucket job, woken now (decision 096).
      await jobs.enqueue(LECTURE_BUCKET_JOB, {});
    },
  });
  // Lectures in the academy's bucket (decision 096): ready lectures' renditions copied there, removed lectures' objects deleted.
  jobs.define(LECTURE_BUCKET_JOB, {
    label: 'Lectures copied to the academy’s bucket (and removed ones’ files deleted there)',
    ...LECTURE_BUCKET_TIMING,
    run: () => syncLectureBucket(deps, { throwOnFailure: true }),
  });
}
