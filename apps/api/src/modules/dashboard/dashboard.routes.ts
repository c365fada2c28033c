import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { academicYearQuerySchema, yearSummarySchema } from '@academy/shared/schemas/academic-years';
import { adminDashboardSummarySchema, studentDashboardSchema } from '@academy/shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { dashboardSummary, studentDashboard, yearSummary } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/dashboard/summary',
    { schema: { tags: ['admin'], response: { 200: apiSuccess(adminDashboardSummarySchema) } } },
    async () => ({ success: true as const, data: await dashboardSummary(db) }),
  );
  app.get(
    '/admin/dashboard/year',
    { schema: { tags: ['admin'], querystring: academicYearQuerySchema, response: { 200: apiSuccess(yearSummarySchema) } } },
    async (request) => ({ success: true as const, data: await yearSummary(db, request.query.year) }),
  );
  app.get(
    '/student/dashboard',
    { schema: { tags: ['student'], response: { 200: apiSuccess(studentDashboardSchema) } } },
    async (request) => ({ success: true as const, data: await studentDashboard(db, actorOf(request)) }),
  );
};
