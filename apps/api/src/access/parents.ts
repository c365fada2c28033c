import { inArray, type SQL } from 'drizzle-orm';
import { PARENT_MESSAGES } from '@academy/shared/schemas/parents';
import { students } from '../db/schema';
import { AppError } from '../lib/app-error';
import { NO_RECORD, type Actor } from './actor';
import { ADMIN, ANYONE, own, PARENT, type RouteRules } from './rules';

/**
 * Parents (issue 21). The office links and unlinks them on a student's page and lists them; a parent
 * reads their own children under /parent (another family's child answers 404).
 */
export const parentRoutes: RouteRules = {
  'GET /api/parents': ADMIN,
  'GET /api/students/:id/parents': ADMIN,
  'POST /api/students/:id/parents': ADMIN,
  'DELETE /api/students/:id/parents/:parentId': ADMIN,
  'GET /api/parent/children': PARENT,
  'GET /api/parent/children/:studentId/attendance': own(PARENT),
  'GET /api/parent/children/:studentId/schedule': own(PARENT),
  // Same-day absence alerts: the office's list beside "Absent today", and a retry of a failed one.
  'GET /api/admin/absence-alerts': ADMIN,
  'POST /api/admin/absence-alerts/:id/retry': ADMIN,
  // Every message to families (issue 37), a retry of a failed one, and how a parent is reached.
  'GET /api/admin/messages': ADMIN,
  'POST /api/admin/messages/:id/retry': ADMIN,
  // A message the quiet hours hold, sent at once (issue 54).
  'POST /api/admin/messages/:id/send-now': ADMIN,
  'PUT /api/parents/:id/channel': ADMIN,
  // The providers' callbacks: no session; the WhatsApp POST is signed, MSG91's address carries the server's token.
  'GET /api/webhooks/whatsapp': ANYONE,
  'POST /api/webhooks/whatsapp': ANYONE,
  'POST /api/webhooks/msg91': ANYONE,
};

/** The children of a parent actor (none for an account without a parent record). */
export function childIdsOf(actor: Actor): string[] {
  if (actor.role !== 'parent') throw new AppError('FORBIDDEN');
  return actor.childIds ?? [];
}

/** A child of this parent, or 404 (another family's child, like a missing one: ids cannot be probed). */
export function childIdOf(actor: Actor, studentId: string): string {
  if (!childIdsOf(actor).includes(studentId)) throw new AppError('NOT_FOUND', PARENT_MESSAGES.childNotFound);
  return studentId;
}

/** A condition on `students`: this parent's children. */
export function childrenCondition(actor: Actor): SQL {
  const ids = actor.childIds?.length ? actor.childIds : [NO_RECORD];
  return inArray(students.id, ids);
}
