import type { JobStatus } from '@academy/shared/schemas/jobs';

/** "every 5 minutes", "every hour", "every minute". */
export function everyText(everyMs: number | null): string {
  if (everyMs === null) return 'once';
  if (everyMs < 60_000) return `every ${Math.max(1, Math.round(everyMs / 1000))} seconds`;
  const minutes = Math.round(everyMs / 60_000);
  if (minutes === 1) return 'every minute';
  if (minutes % (24 * 60) === 0) return minutes === 24 * 60 ? 'every day' : `every ${minutes / (24 * 60)} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'every hour' : `every ${minutes / 60} hours`;
  return `every ${minutes} minutes`;
}

/** "0.4 s", "12 s", "3 min 5 s". */
export function durationText(durationMs: number | null): string {
  if (durationMs === null) return '';
  if (durationMs < 100) return 'under 0.1 s';
  if (durationMs < 10_000) return `${(durationMs / 1000).toFixed(1)} s`;
  const seconds = Math.round(durationMs / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

export const STATUS_LABELS: Record<NonNullable<JobStatus['lastRun']>['status'], string> = {
  ok: 'OK',
  retrying: 'Failed, will retry',
  failed: 'Failed',
};
export const STATUS_COLORS = { ok: 'teal', retrying: 'orange', failed: 'red' } as const;
