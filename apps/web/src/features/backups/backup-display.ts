import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BackupKind, BackupSummary, OffsiteStatus } from '@academy/shared/schemas/backups';

// Shown with i18n._() in the language shown (issue 20).
export const KIND_LABELS: Record<BackupKind, MessageDescriptor> = { manual: msg`Manual`, automatic: msg`Automatic`, uploaded: msg`Uploaded` };

/** A backup's copy in the bucket (issue 52). */
export const OFFSITE_LABELS: Record<OffsiteStatus, MessageDescriptor> = { pending: msg`Waiting`, uploaded: msg`Copied`, failed: msg`Failed` };

/** 1536 → "1.5 KB": sizes people read at a glance. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** What a backup holds, in the words of the academy: "30 students · 3 teachers · 6 batches · 2 files". */
export function contentsText(backup: Pick<BackupSummary, 'readable' | 'counts' | 'rowCount' | 'fileCount'>): string {
  if (!backup.readable) return t`Unreadable: it may be damaged`;
  const parts: string[] = [];
  const { students, teachers, batches } = backup.counts;
  if (students !== undefined) parts.push(plural(students, { one: '# student', other: '# students' }));
  if (teachers !== undefined) parts.push(plural(teachers, { one: '# teacher', other: '# teachers' }));
  if (batches !== undefined) parts.push(plural(batches, { one: '# batch', other: '# batches' }));
  parts.push(plural(backup.rowCount, { one: '# record', other: '# records' }));
  parts.push(plural(backup.fileCount, { one: '# file', other: '# files' }));
  return parts.join(' · ');
}
