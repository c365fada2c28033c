import { AppError } from '../lib/app-error';
import type { Actor } from './actor';
import { ADMIN, own, STAFF, type RouteRules } from './rules';

/** Teachers: admins manage them; a teacher reads only their own record, batches and students. */
export const teacherRoutes: RouteRules = {
  'GET /api/teachers': ADMIN,
  'POST /api/teachers': ADMIN,
  'GET /api/teachers/:id': own(STAFF),
  'PUT /api/teachers/:id': ADMIN,
  'DELETE /api/teachers/:id': ADMIN,
  'GET /api/teachers/:id/batches': own(STAFF),
  'GET /api/teachers/:id/students': own(STAFF),
};

/**
 * Which teacher `{id}` of /teachers/{id}/… means for this actor: a teacher only themselves (their
 * `_id`, or `me`); another teacher's id answers 404 (they may not know it exists). An admin may
 * name any teacher (`me` names nobody: 404); whether it exists is the service's 404.
 */
export function teacherIdFor(actor: Actor, id: string): string {
  if (actor.role === 'teacher') {
    if (!actor.teacherId || (id !== 'me' && id !== actor.teacherId)) throw new AppError('NOT_FOUND', 'Teacher not found');
    return actor.teacherId;
  }
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
  if (id === 'me') throw new AppError('NOT_FOUND', 'Teacher not found');
  return id;
}
