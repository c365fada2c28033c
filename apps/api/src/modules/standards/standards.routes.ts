import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../access/http';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess } from '@academy/shared/schemas/api';
import { standardDuplicateQuerySchema, standardDuplicateResultSchema, standardInputSchema, standardSchema } from '@academy/shared/schemas/standards';
import type { Db } from '../../db/client';
import { dataRoute, recordRoutes } from '../../lib/route-replies';
import { checkStandardDuplicate, createStandard, deleteStandard, getStandard, listStandards, updateStandard } from './standards.service';

/** Admins manage standards; teachers may read them. */
export const standardsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['standards'];
  dataRoute(app, 'GET', '/standards', { tags, response: { 200: apiSuccess(z.array(standardSchema)) } }, () => listStandards(db));
  dataRoute(
    app, 'GET', '/standards/check-duplicate', { tags, querystring: standardDuplicateQuerySchema, response: { 200: apiSuccess(standardDuplicateResultSchema) } },
    (request) => checkStandardDuplicate(db, request.query),
  );
  recordRoutes(app, { db, actorOf }, '/standards', { tags, input: standardInputSchema, update: standardInputSchema, record: standardSchema },
    { create: createStandard, read: getStandard, update: updateStandard, remove: deleteStandard },
    { created: MESSAGES.standardCreated, updated: MESSAGES.standardUpdated, deleted: MESSAGES.standardDeleted });
};
