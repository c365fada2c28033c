import { z } from 'zod';

export const JOB_RUN_STATUSES = ['ok', 'retrying', 'failed'] as const;

/** A periodic job of the server (GET /api/admin/jobs): its schedule and its last run. */
export const jobStatusSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** Time between runs, in milliseconds. */
  everyMs: z.number().int().nullable(),
  nextRunAt: z.iso.datetime({ offset: true }).nullable(),
  /** A server is running it right now. */
  running: z.boolean(),
  lastRun: z
    .object({
      startedAt: z.iso.datetime({ offset: true }),
      finishedAt: z.iso.datetime({ offset: true }).nullable(),
      status: z.enum(JOB_RUN_STATUSES),
      error: z.string().nullable(),
      durationMs: z.number().int().nullable(),
      attempts: z.number().int().nullable(),
    })
    .nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;
export const jobListSchema = z.array(jobStatusSchema);
