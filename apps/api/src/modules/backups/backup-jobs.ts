import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BACKUP_MESSAGES, type BackupJob } from '@academy/shared/schemas/backups';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { currentAcademyId } from '../../lib/tenancy';
import type { OnProgress } from './backups.service';
import { appNowSql } from '../../db/app-time';

const KEPT_JOBS = 20;
/** A running job's row is touched at least this often; one not touched for STALE_MS belongs to a server that stopped. */
const HEARTBEAT_MS = 5_000;
const STALE_MS = 30_000;
const STOPPED_MESSAGE = 'The server running this job stopped before it finished. Please start it again.';

/** A new job, running from now. */
function newJob(type: BackupJob['type'], step: string): BackupJob {
  return {
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
}

/** Writes a job's state into `backup_jobs` (with its heartbeat); a failure is logged, never thrown. */
function jobMirror(db: Db, log?: { warn(object: object, message: string): void }) {
  return async (job: BackupJob) => {
    try {
      await db.execute(sql`
        insert into backup_jobs (id, state, heartbeat_at) values (${job.id}, ${JSON.stringify(job)}::jsonb, now())
        on conflict (academy_id, id) do update set state = excluded.state, heartbeat_at = ${appNowSql()}`);
    } catch (error) {
      // A restore holds every table until it commits: the mirror waits, or gives up quietly.
      log?.warn({ err: error }, 'could not record the backup job’s progress');
    }
  };
}

/** A job another server runs (or ran): a running one whose heartbeat stopped is reported as failed. */
async function sharedJob(db: Db, where: ReturnType<typeof sql>): Promise<BackupJob | undefined> {
  const { rows } = await db.execute<{ state: BackupJob; stale: boolean }>(sql`
    select state, heartbeat_at < now() - ${STALE_MS}::float8 * interval '1 millisecond' as stale
    from backup_jobs where ${where} order by heartbeat_at desc limit 1`);
  const row = rows[0];
  if (!row) return undefined;
  if (row.state.status === 'running' && row.stale) return { ...row.state, status: 'failed', error: STOPPED_MESSAGE, finishedAt: row.state.finishedAt ?? row.state.startedAt };
  return row.state;
}

/**
 * Backups and restores run after the answer; the screen polls their progress. One at a time per
 * academy: a restore while its backup is being written (or two restores) would make no sense. Another
 * academy's job is never seen, waited for or answered (issue 71): the memory below is keyed by academy,
 * and `backup_jobs` is an academy table (row-level security shows each academy its own rows).
 * The server running a job keeps it in memory and mirrors it into `backup_jobs` (at most once a
 * second, and every few seconds as a heartbeat), so that with several servers a poll or the "busy"
 * check reaching another server sees it too (decision 016). Writing the mirror never fails the job.
 */
export function createJobRegistry(db: Db, runInBackground: (label: string, task: () => Promise<void>) => void, log?: { warn(object: object, message: string): void }) {
  const jobs = new Map<string, { academyId: string; job: BackupJob }>();
  /** The running job of each academy on this server. */
  const running = new Map<string, BackupJob>();

  const remember = (academyId: string, job: BackupJob) => {
    jobs.set(job.id, { academyId, job });
    while (jobs.size > KEPT_JOBS) jobs.delete(jobs.keys().next().value!);
  };

  const mirror = jobMirror(db, log);

  const shared = (where: ReturnType<typeof sql>) => sharedJob(db, where);
  const sharedActive = () => shared(sql`state->>'status' = 'running' and heartbeat_at >= now() - ${STALE_MS}::float8 * interval '1 millisecond'`);

  return {
    /** Throws 409 while another job runs here or on another server; call before work that only makes sense for a new job. */
    async assertIdle() {
      if (running.has(currentAcademyId()) || (await sharedActive())) throw new AppError('CONFLICT', BACKUP_MESSAGES.busy);
    },
    async start(type: BackupJob['type'], step: string, work: (onProgress: OnProgress) => Promise<string | null>, onSettled?: () => void): Promise<BackupJob> {
      const academyId = currentAcademyId();
      await this.assertIdle();
      if (running.has(academyId)) throw new AppError('CONFLICT', BACKUP_MESSAGES.busy);
      const job = newJob(type, step);
      running.set(academyId, job);
      remember(academyId, job);
      await mirror(job);
      let lastMirrored = Date.now();
      let mirroring: Promise<void> | undefined;
      const mirrorSoon = () => {
        if (mirroring) return;
        lastMirrored = Date.now();
        mirroring = mirror({ ...job }).finally(() => (mirroring = undefined));
      };
      const heartbeat = setInterval(() => Date.now() - lastMirrored >= HEARTBEAT_MS && mirrorSoon(), HEARTBEAT_MS).unref();
      runInBackground(`backup job ${type}`, async () => {
        try {
          job.backupName = await work((progress, nextStep) => {
            job.progress = Math.min(1, Math.max(job.progress, progress));
            job.step = nextStep;
            if (Date.now() - lastMirrored >= 1_000) mirrorSoon();
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
          clearInterval(heartbeat);
          job.finishedAt = new Date().toISOString();
          await mirroring;
          await mirror({ ...job });
          running.delete(academyId);
          onSettled?.();
        }
      });
      return { ...job };
    },
    async get(id: string): Promise<BackupJob> {
      const kept = jobs.get(id);
      // Another academy's job is not known here (its shared row is not visible either).
      const job = kept ? (kept.academyId === currentAcademyId() ? kept.job : undefined) : await shared(sql`id = ${id}`);
      if (!job) throw new AppError('NOT_FOUND', 'This backup job is not known to the server (it may have restarted)');
      return { ...job };
    },
    async active(): Promise<BackupJob | null> {
      const job = running.get(currentAcademyId());
      return job ? { ...job } : ((await sharedActive()) ?? null);
    },
  };
}
export type JobRegistry = ReturnType<typeof createJobRegistry>;
