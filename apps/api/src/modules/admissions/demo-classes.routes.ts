import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { demoBookingInputSchema, demoClassListSchema, demoClassSchema, demoParamsSchema } from '@academy/shared/schemas/demo-classes';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { bookDemoClass, cancelDemoClass, listEnquiryDemos } from './demo-classes.service';
import { dataRoute, messageRoute } from '../../lib/route-replies';

/** Demo classes of an enquiry (issue 41): booked and cancelled by the office; marked on the teacher's attendance sheet. */
export const demoClassesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['admissions'];

  app.post(
    '/admission-enquiries/:id/demo',
    { schema: { tags, params: idParamsSchema, body: demoBookingInputSchema, response: { 201: apiSuccess(demoClassSchema) } } },
    async (request, reply) => {
      const { demo, message } = await bookDemoClass(db, actorOf(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data: demo, message });
    },
  );

  dataRoute(
    app, 'GET', '/admission-enquiries/:id/demos', { tags, params: idParamsSchema, response: { 200: apiSuccess(demoClassListSchema) } },
    (request) => listEnquiryDemos(db, request.params.id),
  );

  messageRoute(
    app, 'DELETE', '/admission-enquiries/:id/demos/:demoId', { tags, params: demoParamsSchema, response: { 200: messageOnlySchema } },
    (request) => cancelDemoClass(db, actorOf(request), request.params.id, request.params.demoId), 'Demo class cancelled',
  );
};
