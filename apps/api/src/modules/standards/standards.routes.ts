import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../access/http';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { standardDuplicateQuerySchema, standardDuplicateResultSchema, standardInputSchema, standardSchema } from '@academy/shared/schemas/standards';
import type { Db } from '../../db/client';
import { createdRoute, dataRoute, messageRoute } from '../../lib/route-replies';
import { checkStandardDuplicate, createStandard, deleteStandard, getStandard, listStandards, updateStandard } from './standards.service';

/** Admins manage standards; teachers may read them. */
export const standardsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['standards'];
  dataRoute(app, 'GET', '/standards', { tags, response: { 200: apiSuccess(z.array(standardSchema)) } }, () => listStandards(db));
  dataRoute(
    app, 'GET', '/standards/check-duplicate', { tags, querystring: standardDuplicateQuerySchema, response: { 200: apiSuccess(standardDuplicateResultSchema) } },
    (request) => checkStandardDuplicate(db, request.query),
  );
  createdRoute(
    app, '/standards', { tags, body: standardInputSchema, response: { 201: apiSuccess(standardSchema) } },
    (request) => createStandard(db, actorOf(request), request.body), MESSAGES.standardCreated,
  );
  dataRoute(app, 'GET', '/standards/:id', { tags, params: idParamsSchema, response: { 200: apiSuccess(standardSchema) } }, (request) => getStandard(db, request.params.id));
  dataRoute(
    app, 'PUT', '/standards/:id', { tags, params: idParamsSchema, body: standardInputSchema, response: { 200: apiSuccess(standardSchema) } },
    (request) => updateStandard(db, actorOf(request), request.params.id, request.body), MESSAGES.standardUpdated,
  );
  messageRoute(
    app, 'DELETE', '/standards/:id', { tags, params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => deleteStandard(db, actorOf(request), request.params.id), MESSAGES.standardDeleted,
  );
};
