import { z } from 'zod';
import { requestLanguage } from '../../lib/translate-reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { auditLogFilterQuerySchema, auditLogListQuerySchema, auditLogListSchema, auditPeopleSchema } from '@academy/shared/schemas/audit-log';
import type { Db } from '../../db/client';
import { sql } from 'drizzle-orm';
import { academyTodaySql } from '../../db/academy-today';
import { exportAuditLogCsv, listAuditLog, listAuditPeople } from './audit.service';
import { dataRoute } from '../../lib/route-replies';

/** The admin's Activity screen: the audit log, newest first, and its CSV export. Nothing here writes. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  dataRoute(
    app, 'GET', '/admin/audit-log', { tags: ['audit-log'], querystring: auditLogListQuerySchema, response: { 200: apiSuccess(auditLogListSchema) } },
    (request) => listAuditLog(db, request.query, requestLanguage(request)),
  );

  dataRoute(app, 'GET', '/admin/audit-log/people', { tags: ['audit-log'], response: { 200: apiSuccess(auditPeopleSchema) } }, () => listAuditPeople(db));

  app.get(
    '/admin/audit-log.csv',
    { schema: { tags: ['audit-log'], querystring: auditLogFilterQuerySchema, produces: ['text/csv'], response: { 200: z.string().describe('CSV document') } } },
    async (request, reply) => {
      const csv = await exportAuditLogCsv(db, request.query, requestLanguage(request));
      // Today from the one SQL fragment (settings sits above audit: it records its own changes here).
      const { rows } = await db.execute<{ today: string }>(sql`select to_char(${academyTodaySql()}, 'YYYY-MM-DD') as today`);
      const fileName = `activity-${rows[0]!.today}.csv`;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(csv);
    },
  );
};
