import type { Announcement, AnnouncementAudience, AnnouncementPriority, AnnouncementStatus, AnnouncementType } from '@academy/shared/schemas/announcements';
import { msg } from '@lingui/core/macro';
import { i18n as defaultI18n, type I18n, type MessageDescriptor } from '@lingui/core';

// Labels are message descriptors, shown with i18n._() in the language shown (issue 20).
export const STATUS_LABELS: Record<AnnouncementStatus, MessageDescriptor> = { active: msg`Active`, scheduled: msg`Scheduled`, expired: msg`Expired` };
export const TYPE_LABELS: Record<AnnouncementType, MessageDescriptor> = { general: msg`General`, event: msg`Event`, holiday: msg`Holiday`, exam: msg`Exam`, emergency: msg`Emergency` };
export const PRIORITY_LABELS: Record<AnnouncementPriority, MessageDescriptor> = { low: msg`Low`, medium: msg`Medium`, high: msg`High` };
export const AUDIENCE_LABELS: Record<AnnouncementAudience, MessageDescriptor> = { everyone: msg`Everyone`, students: msg`Students`, teachers: msg`Teachers`, parents: msg`Parents` };

/** Spec section 4: active success, scheduled warning, expired error, anything else default. */
export function statusColor(status: string): string {
  if (status === 'active') return 'green';
  if (status === 'scheduled') return 'yellow';
  if (status === 'expired') return 'red';
  return 'gray';
}

export type StatusCounts = Record<'total' | AnnouncementStatus, number>;

/** "Everyone", "Students of 10th Maths Morning", "Teachers of 2 batches". */
export function audienceText(announcement: Pick<Announcement, 'audience' | 'batches'>, i18n: I18n = defaultI18n): string {
  const count = announcement.batches.length;
  if (count === 0) return i18n._(AUDIENCE_LABELS[announcement.audience]);
  const name = announcement.batches[0]!.name;
  if (announcement.audience === 'students') return count === 1 ? i18n._(msg`Students of ${name}`) : i18n._(msg`Students of ${count} batches`);
  if (announcement.audience === 'teachers') return count === 1 ? i18n._(msg`Teachers of ${name}`) : i18n._(msg`Teachers of ${count} batches`);
  return count === 1 ? i18n._(msg`Everyone of ${name}`) : i18n._(msg`Everyone of ${count} batches`);
}
