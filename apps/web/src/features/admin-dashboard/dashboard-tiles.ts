import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { msg, plural } from '@lingui/core/macro';
import { i18n as defaultI18n, type I18n, type MessageDescriptor } from '@lingui/core';

export type DashboardCountKey = keyof AdminDashboardSummary['counts'];

export interface DashboardTile {
  key: DashboardCountKey;
  label: MessageDescriptor;
  to: string;
}

/** The count tiles, in order, each leading to the list it counts. */
export const DASHBOARD_TILES: readonly DashboardTile[] = [
  { key: 'activeStudents', label: msg`Active students`, to: '/app/students' },
  { key: 'teachers', label: msg`Teachers`, to: '/app/teachers' },
  { key: 'batches', label: msg`Batches`, to: '/app/batches' },
  { key: 'subjects', label: msg`Subjects`, to: '/app/subjects' },
  { key: 'standards', label: msg`Standards`, to: '/app/standards' },
  { key: 'newRegistrations', label: msg`New registrations`, to: '/app/registrations' },
  { key: 'activeAnnouncements', label: msg`Active announcements`, to: '/app/announcements' },
];

/** How full a batch is, 0–100 for a progress bar (an over-full batch shows as full). */
export function fillPercent(enrolled: number, capacity: number): number {
  if (capacity <= 0) return enrolled > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((enrolled / capacity) * 100)));
}

/** "3 seats left", "1 seat left", "Full" — or how many over for an over-full batch. */
export function seatsLeftLabel(seatsLeft: number, i18n: I18n = defaultI18n): string {
  if (seatsLeft > 0) return i18n._(msg`${plural(seatsLeft, { one: '# seat left', other: '# seats left' })}`);
  if (seatsLeft === 0) return i18n._(msg`Full`);
  const over = -seatsLeft;
  return i18n._(msg`${over} over capacity`);
}

/** How much of the month's target is collected, in percent (one decimal); a target of 0 or less counts as met. */
export function targetShare(collected: number, target: number): number {
  if (target <= 0) return 100;
  return Math.max(0, Math.round((collected / target) * 1000) / 10);
}

/** A batch's attendance colour: red under 75 %, orange under 90 %, teal from there; grey when nothing is marked. */
export function attendanceColor(percentage: number | null): string {
  if (percentage === null) return 'gray';
  if (percentage < 75) return 'red';
  if (percentage < 90) return 'orange';
  return 'teal';
}
