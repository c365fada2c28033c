import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { adminDashboardSummarySchema } from '@academy/shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { dashboardSummary } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/dashboard/summary',
    { schema: { tags: ['admin'], response: { 200: apiSuccess(adminDashboardSummarySchema) } } },
    async () => ({ success: true as const, data: await dashboardSummary(db) }),
  );
};
