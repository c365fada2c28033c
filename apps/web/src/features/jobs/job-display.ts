import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { JobStatus } from '@academy/shared/schemas/jobs';

/** "every 5 minutes", "every hour", "every minute" (in the language shown, issue 20). */
export function everyText(everyMs: number | null): string {
  if (everyMs === null) return t`once`;
  if (everyMs < 60_000) return plural(Math.max(1, Math.round(everyMs / 1000)), { one: 'every # second', other: 'every # seconds' });
  const minutes = Math.round(everyMs / 60_000);
  if (minutes === 1) return t`every minute`;
  if (minutes % (24 * 60) === 0) return minutes === 24 * 60 ? t`every day` : plural(minutes / (24 * 60), { one: 'every # day', other: 'every # days' });
  if (minutes % 60 === 0) return minutes === 60 ? t`every hour` : plural(minutes / 60, { one: 'every # hour', other: 'every # hours' });
  return plural(minutes, { one: 'every # minute', other: 'every # minutes' });
}

/** "0.4 s", "12 s", "3 min 5 s". */
export function durationText(durationMs: number | null): string {
  if (durationMs === null) return '';
  if (durationMs < 100) return t`under 0.1 s`;
  if (durationMs < 10_000) {
    const tenths = (durationMs / 1000).toFixed(1);
    return t`${tenths} s`;
  }
  const seconds = Math.round(durationMs / 1000);
  if (seconds < 60) return t`${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return t`${minutes} min ${rest} s`;
}

// Shown with i18n._() in the language shown.
export const STATUS_LABELS: Record<NonNullable<JobStatus['lastRun']>['status'], MessageDescriptor> = {
  ok: msg`OK`,
  retrying: msg`Failed, will retry`,
  failed: msg`Failed`,
};
export const STATUS_COLORS = { ok: 'teal', retrying: 'orange', failed: 'red' } as const;
