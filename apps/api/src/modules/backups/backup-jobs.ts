import { randomUUID } from 'node:crypto';
import { BACKUP_MESSAGES, type BackupJob } from '@academy/shared/schemas/backups';
import { AppError } from '../../lib/app-error';
import type { OnProgress } from './backups.service';

const KEPT_JOBS = 20;

/**
 * Backups and restores run after the answer; the screen polls their progress. One at a time per
 * server: a restore while a backup is being written (or two restores) would make no sense.
 * Kept in memory: a job belongs to the process running it (a restarted server forgets it).
 */
export function createJobRegistry(runInBackground: (label: string, task: () => Promise<void>) => void) {
  const jobs = new Map<string, BackupJob>();
  let active: BackupJob | undefined;

  const remember = (job: BackupJob) => {
    jobs.set(job.id, job);
    while (jobs.size > KEPT_JOBS) jobs.delete(jobs.keys().next().value!);
  };

  return {
    /** Throws 409 while another job runs; call before any work that only makes sense for a new job. */
    assertIdle() {
      if (active) throw new AppError('CONFLICT', BACKUP_MESSAGES.busy);
    },
    start(type: BackupJob['type'], step: string, work: (onProgress: OnProgress) => Promise<string | null>, onSettled?: () => void): BackupJob {
      if (active) throw new AppError('CONFLICT', BACKUP_MESSAGES.busy);
      const job: BackupJob = {
        id: randomUUID(),
        type,
        status: 'running',
        progress: 0,
        step,
        backupName: null,
        error: null,
        startedAt: new Date().toISOString(),
        finishedAt: null,
      };
      active = job;
      remember(job);
      runInBackground(`backup job ${type}`, async () => {
        try {
          job.backupName = await work((progress, nextStep) => {
            job.progress = Math.min(1, Math.max(job.progress, progress));
            job.step = nextStep;
          });
          job.status = 'succeeded';
          job.progress = 1;
          job.step = 'Done';
        } catch (error) {
          job.status = 'failed';
          job.error = error instanceof AppError ? error.message : type === 'create' ? `${BACKUP_MESSAGES.createFailed}: ${(error as Error).message}` : BACKUP_MESSAGES.restoreFailed;
          // The admin sees the message; the log keeps the details.
          if (!(error instanceof AppError) || error.status >= 500) throw error;
        } finally {
          job.finishedAt = new Date().toISOString();
          active = undefined;
          onSettled?.();
        }
      });
      return { ...job };
    },
    get(id: string): BackupJob {
      const job = jobs.get(id);
      if (!job) throw new AppError('NOT_FOUND', 'This backup job is not known to the server (it may have restarted)');
      return { ...job };
    },
    active(): BackupJob | null {
      return active ? { ...active } : null;
    },
  };
}
export type JobRegistry = ReturnType<typeof createJobRegistry>;
