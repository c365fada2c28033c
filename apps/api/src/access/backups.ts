import { ADMIN, type RouteRules } from './rules';

/** Backups: the admin's only (taking, downloading, uploading, restoring; the bucket off the machine). */
export const backupRoutes: RouteRules = {
  'GET /api/admin/backups': ADMIN,
  'POST /api/admin/backups': ADMIN,
  'GET /api/admin/backups/jobs/:id': ADMIN,
  'GET /api/admin/backups/:name/download': ADMIN,
  'DELETE /api/admin/backups/:name': ADMIN,
  'POST /api/admin/backups/upload': ADMIN,
  'POST /api/admin/backups/:name/restore': ADMIN,
  'GET /api/admin/backups/remote': ADMIN,
  'POST /api/admin/backups/remote/restore': ADMIN,
  'GET /api/admin/settings/backups': ADMIN,
  'PUT /api/admin/settings/backups': ADMIN,
  'POST /api/admin/settings/backups/test': ADMIN,
  'GET /api/admin/settings/backups/recovery-sheet': ADMIN,
};
