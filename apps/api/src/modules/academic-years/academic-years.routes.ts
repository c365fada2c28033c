import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { academicYearsSchema, rolloverInputSchema, rolloverQuerySchema, rolloverResultSchema, rolloverSummarySchema } from '@academy/shared/schemas/academic-years';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { actorOf } from '../../access/http';
import type { Db } from '../../db/client';
import { academicYears, rollover, undoRollover } from './rollover.service';
import { dataRoute, messageRoute } from '../../lib/route-replies';

const SUCCESS = { rolledOver: 'The new academic year has begun', undone: 'The rollover was undone' } as const;

/** The new academic year (issue 39): the rollover (and its dry run), the rollovers done, the undo. Admin only (access/academic-years.ts). */
export const academicYearsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['academic-years'];

  app.post(
    '/academic-years/rollover',
    { schema: { tags, querystring: rolloverQuerySchema, body: rolloverInputSchema, response: { 200: apiSuccess(z.union([rolloverResultSchema, rolloverSummarySchema])) } } },
    async (request) => {
      const dryRun = request.query.dryRun === 'true';
      const answer = await rollover(db, actorOf(request), request.body, dryRun);
      return dryRun ? { success: true as const, data: answer } : { success: true as const, data: answer, message: SUCCESS.rolledOver };
    },
  );

  dataRoute(app, 'GET', '/academic-years', { tags, response: { 200: apiSuccess(academicYearsSchema) } }, () => academicYears(db));

  messageRoute(
    app, 'DELETE', '/academic-years/rollover/:id', { tags, params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => undoRollover(db, actorOf(request), request.params.id), SUCCESS.undone,
  );
};
