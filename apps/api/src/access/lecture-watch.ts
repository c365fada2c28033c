import { LECTURE_SETTINGS_MESSAGES, type LectureSettingsValues } from '@academy/shared/schemas/lecture-settings';
import { AppError } from '../lib/app-error';
import type { Actor } from './actor';
import { ADMIN, own, SIGNED_IN, type RouteRules } from './rules';

/**
 * The watching side of lectures (issue 75, decision 088): the segment key, the academy's lecture
 * settings and the phones' download policy.
 */
export const lectureWatchRoutes: RouteRules = {
  // A lecture's HLS AES-128 key: the same readers as its playlists (the batch's students, their parents,
  // its teachers, the admin); anyone else signed in 404, without a session 401.
  'GET /api/lectures/:id/key': own(SIGNED_IN),
  // How long a phone keeps a downloaded lecture (every reader of lectures needs it; nothing of others).
  'GET /api/lectures/offline-policy': SIGNED_IN,
  // Settings → Lectures: who may record, how long lectures and downloads are kept, each batch's storage.
  'GET /api/admin/settings/lectures': ADMIN,
  'PUT /api/admin/settings/lectures': ADMIN,
};

/**
 * Who may add a lecture, by the academy's choice (after the batch's own rule, assertMayRecordFor): an
 * admin always; a teacher when every teacher may, or when chosen; otherwise 403 in words.
 */
export function assertAcademyLetsRecord(actor: Actor, settings: Pick<LectureSettingsValues, 'recorders' | 'teacherIds'>): void {
  if (actor.role === 'admin') return;
  if (actor.role === 'teacher' && settings.recorders === 'all-teachers') return;
  if (actor.role === 'teacher' && settings.recorders === 'chosen-teachers' && actor.teacherId !== undefined && settings.teacherIds.includes(actor.teacherId)) return;
  throw new AppError('FORBIDDEN', LECTURE_SETTINGS_MESSAGES.mayNotRecord);
}
