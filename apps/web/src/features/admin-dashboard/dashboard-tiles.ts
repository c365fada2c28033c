import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';

export type DashboardCountKey = keyof AdminDashboardSummary['counts'];

export interface DashboardTile {
  key: DashboardCountKey;
  label: string;
  to: string;
}

/** The count tiles, in order, each leading to the list it counts. */
export const DASHBOARD_TILES: readonly DashboardTile[] = [
  { key: 'activeStudents', label: 'Active students', to: '/app/students' },
  { key: 'teachers', label: 'Teachers', to: '/app/teachers' },
  { key: 'batches', label: 'Batches', to: '/app/batches' },
  { key: 'subjects', label: 'Subjects', to: '/app/subjects' },
  { key: 'standards', label: 'Standards', to: '/app/standards' },
  { key: 'newRegistrations', label: 'New registrations', to: '/app/registrations' },
  { key: 'activeAnnouncements', label: 'Active announcements', to: '/app/announcements' },
];

/** How full a batch is, 0–100 for a progress bar (an over-full batch shows as full). */
export function fillPercent(enrolled: number, capacity: number): number {
  if (capacity <= 0) return enrolled > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((enrolled / capacity) * 100)));
}

/** "3 seats left", "1 seat left", "Full" — or how many over for an over-full batch. */
export function seatsLeftLabel(seatsLeft: number): string {
  if (seatsLeft > 1) return `${seatsLeft} seats left`;
  if (seatsLeft === 1) return '1 seat left';
  if (seatsLeft === 0) return 'Full';
  return `${-seatsLeft} over capacity`;
}
