import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import type { FileStorage } from '../../lib/storage';
import { removeExpiredLectures } from './lecture-watch.service';


/** The daily removal of lectures older than the academy keeps them (decision 088). */
export const LECTURE_RETENTION_JOB = 'lecture-retention';

export function defineLectureUpkeepJobs(jobs: Jobs, deps: { db: Db; storage: FileStorage }): void {
  jobs.define(LECTURE_RETENTION_JOB, {
    label: 'Lectures older than the academy keeps them removed (when it set a number of days)',
    everyMs: 86_400_000,
    run: () => removeExpiredLectures(deps.db, deps.storage).then(() => undefined),
  });
}
