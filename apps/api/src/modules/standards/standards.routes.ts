import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../access/http';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { standardDuplicateQuerySchema, standardDuplicateResultSchema, standardInputSchema, standardSchema } from '@academy/shared/schemas/standards';
import type { Db } from '../../db/client';
import { checkStandardDuplicate, createStandard, deleteStandard, getStandard, listStandards, updateStandard } from './standards.service';

/** Admins manage standards; teachers may read them. */
export const standardsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {

  app.get('/standards', { schema: { tags: ['standards'], response: { 200: apiSuccess(z.array(standardSchema)) } } }, async () => ({
    success: true as const,
    data: await listStandards(db),
  }));

  app.get(
    '/standards/check-duplicate',
    { schema: { tags: ['standards'], querystring: standardDuplicateQuerySchema, response: { 200: apiSuccess(standardDuplicateResultSchema) } } },
    async (request) => ({ success: true as const, data: await checkStandardDuplicate(db, request.query) }),
  );

  app.post(
    '/standards',
    { schema: { tags: ['standards'], body: standardInputSchema, response: { 201: apiSuccess(standardSchema) } } },
    async (request, reply) => reply.status(201).send({ success: true as const, data: await createStandard(db, actorOf(request), request.body), message: MESSAGES.standardCreated }),
  );

  app.get(
    '/standards/:id',
    { schema: { tags: ['standards'], params: idParamsSchema, response: { 200: apiSuccess(standardSchema) } } },
    async (request) => ({ success: true as const, data: await getStandard(db, request.params.id) }),
  );

  app.put(
    '/standards/:id',
    { schema: { tags: ['standards'], params: idParamsSchema, body: standardInputSchema, response: { 200: apiSuccess(standardSchema) } } },
    async (request) => ({ success: true as const, data: await updateStandard(db, actorOf(request), request.params.id, request.body), message: MESSAGES.standardUpdated }),
  );

  app.delete(
    '/standards/:id',
    { schema: { tags: ['standards'], params: idParamsSchema, response: { 200: messageOnlySchema } } },
    async (request) => {
      await deleteStandard(db, actorOf(request), request.params.id);
      return { success: true as const, message: MESSAGES.standardDeleted };
    },
  );
};
