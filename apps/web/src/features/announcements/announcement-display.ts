import type { Announcement, AnnouncementAudience, AnnouncementPriority, AnnouncementStatus, AnnouncementType } from '@academy/shared/schemas/announcements';

export const STATUS_LABELS: Record<AnnouncementStatus, string> = { active: 'Active', scheduled: 'Scheduled', expired: 'Expired' };
export const TYPE_LABELS: Record<AnnouncementType, string> = { general: 'General', event: 'Event', holiday: 'Holiday', exam: 'Exam', emergency: 'Emergency' };
export const PRIORITY_LABELS: Record<AnnouncementPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = { everyone: 'Everyone', students: 'Students', teachers: 'Teachers' };

/** Spec section 4: active success, scheduled warning, expired error, anything else default. */
export function statusColor(status: string): string {
  if (status === 'active') return 'green';
  if (status === 'scheduled') return 'yellow';
  if (status === 'expired') return 'red';
  return 'gray';
}

export type StatusCounts = Record<'total' | AnnouncementStatus, number>;

/** The list's tiles: how many there are in all and in each status (counted on the client, spec section 4). */
export function countByStatus(announcements: readonly Pick<Announcement, 'status'>[]): StatusCounts {
  const counts: StatusCounts = { total: announcements.length, active: 0, scheduled: 0, expired: 0 };
  for (const announcement of announcements) if (announcement.status in counts) counts[announcement.status] += 1;
  return counts;
}

/** "Everyone", "Students of 10th Maths Morning", "Teachers of 2 batches". */
export function audienceText(announcement: Pick<Announcement, 'audience' | 'batches'>): string {
  const who = AUDIENCE_LABELS[announcement.audience];
  if (announcement.batches.length === 0) return who;
  const where = announcement.batches.length === 1 ? announcement.batches[0]!.name : `${announcement.batches.length} batches`;
  return `${who} of ${where}`;
}

/** Today ('YYYY-MM-DD') in the academy's time zone, the day the start-date rule compares with. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}
