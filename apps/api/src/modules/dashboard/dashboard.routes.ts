import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { academicYearQuerySchema, yearSummarySchema } from '@academy/shared/schemas/academic-years';
import { adminDashboardSummarySchema, studentDashboardSchema } from '@academy/shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { dataRoute } from '../../lib/route-replies';
import { actorOf } from '../../access/http';
import { dashboardSummary, studentDashboard, yearSummary } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  dataRoute(app, 'GET', '/admin/dashboard/summary', { tags: ['admin'], response: { 200: apiSuccess(adminDashboardSummarySchema) } }, () => dashboardSummary(db));
  dataRoute(
    app, 'GET', '/admin/dashboard/year', { tags: ['admin'], querystring: academicYearQuerySchema, response: { 200: apiSuccess(yearSummarySchema) } },
    (request) => yearSummary(db, request.query.year),
  );
  dataRoute(app, 'GET', '/student/dashboard', { tags: ['student'], response: { 200: apiSuccess(studentDashboardSchema) } }, (request) => studentDashboard(db, actorOf(request)));
};
