import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import type { Db } from '../../db/client';
import { requireRole } from '../../plugins/auth';
import { dashboardSummary } from './dashboard.service';

const summarySchema = z.object({
  activeStudents: z.number().int(),
  teachers: z.number().int(),
  batches: z.number().int(),
  subjects: z.number().int(),
  standards: z.number().int(),
});

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/dashboard/summary',
    { preHandler: requireRole('admin'), schema: { tags: ['admin'], response: { 200: apiSuccess(summarySchema) } } },
    async () => ({ success: true as const, data: await dashboardSummary(db) }),
  );
};
