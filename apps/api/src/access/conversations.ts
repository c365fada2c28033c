import { ADMIN, type RouteRules } from './rules';

/**
 * The WhatsApp inbox (issue 60) is the office's: the admin reads families' conversations, replies,
 * assigns them and accepts absence reasons; teachers, students and parents get 403. A family's own
 * words reach the academy only through the signed webhook (access/parents.ts).
 */
export const conversationsRoutes: RouteRules = {
  'GET /api/admin/conversations': ADMIN,
  'GET /api/admin/conversations/:id': ADMIN,
  'POST /api/admin/conversations/:id/messages': ADMIN,
  'POST /api/admin/conversations/:id/template-messages': ADMIN,
  'PATCH /api/admin/conversations/:id': ADMIN,
  'GET /api/admin/quick-replies': ADMIN,
  'POST /api/admin/quick-replies': ADMIN,
  'DELETE /api/admin/quick-replies/:id': ADMIN,
  'PUT /api/admin/absence-reasons/:id/excused': ADMIN,
};
