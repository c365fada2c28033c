import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { absenceCallInputSchema, absenceCallParamsSchema, absentTodaySchema } from '@academy/shared/schemas/absence-calls';
import { apiSuccess } from '@academy/shared/schemas/api';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { absentToday, setAbsenceCalled } from './absence-calls.service';
import { dataRoute } from '../../lib/route-replies';

/** The office's list of today's absent students and its "called" ticks: admins only. */
export const absenceCallsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['attendance'];

  dataRoute(app, 'GET', '/admin/absent-today', { tags, response: { 200: apiSuccess(absentTodaySchema) } }, () => absentToday(db));

  app.put(
    '/admin/absent-today/:studentId/called',
    { schema: { tags, params: absenceCallParamsSchema, body: absenceCallInputSchema, response: { 200: apiSuccess(absentTodaySchema) } } },
    async (request) => ({
      success: true as const,
      data: await setAbsenceCalled(db, actorOf(request), request.params.studentId, request.body.called),
      message: request.body.called ? 'Marked as called' : 'Call tick removed',
    }),
  );
};
