import { formatNumber } from '../../lib/format-number';
import type { BackupKind, BackupSummary } from '@academy/shared/schemas/backups';

export const KIND_LABELS: Record<BackupKind, string> = { manual: 'Manual', automatic: 'Automatic', uploaded: 'Uploaded' };

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

/** "12-05-2026, 02:30" in the browser's time zone (the spec's DD-MM-YYYY with the time). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const plural = (count: number, one: string, many: string) => `${formatNumber(count, 0)} ${count === 1 ? one : many}`;

/** What a backup holds, in the words of the academy: "30 students · 3 teachers · 6 batches · 2 files". */
export function contentsText(backup: Pick<BackupSummary, 'readable' | 'counts' | 'rowCount' | 'fileCount'>): string {
  if (!backup.readable) return 'Unreadable: it may be damaged';
  const parts: string[] = [];
  const named: [string, string, string][] = [
    ['students', 'student', 'students'],
    ['teachers', 'teacher', 'teachers'],
    ['batches', 'batch', 'batches'],
  ];
  for (const [table, one, many] of named) if (backup.counts[table] !== undefined) parts.push(plural(backup.counts[table]!, one, many));
  parts.push(plural(backup.rowCount, 'record', 'records'));
  parts.push(plural(backup.fileCount, 'file', 'files'));
  return parts.join(' · ');
}
