import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { jobListSchema, type JobStatus } from '@academy/shared/schemas/jobs';
import type { JobStatus as RunnerJobStatus } from '../../db/job-runner';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function present(job: RunnerJobStatus): JobStatus {
  return {
    ...job,
    nextRunAt: iso(job.nextRunAt),
    lastRun: job.lastRun && {
      ...job.lastRun,
      startedAt: job.lastRun.startedAt.toISOString(),
      finishedAt: iso(job.lastRun.finishedAt),
      status: job.lastRun.status as NonNullable<JobStatus['lastRun']>['status'],
    },
  };
}

/** The admin's view of the background jobs (decision 016): each one's schedule and last run. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/jobs', { schema: { tags: ['jobs'], response: { 200: apiSuccess(jobListSchema) } } }, async () => {
    return { success: true as const, data: (await app.jobs.status()).map(present) };
  });
};
