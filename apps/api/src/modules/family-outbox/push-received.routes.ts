import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { pushReceivedInputSchema, pushReceivedSchema } from '@academy/shared/schemas/push';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { markPushShown } from './delivery-status';

/**
 * Web Push (issue 37): the app's service worker reports each message it showed, and the message becomes
 * delivered. Here, not in modules/push, because the outbox owns the messages and their statuses (as it
 * does the WhatsApp and SMS status callbacks); push only sends.
 */
export const pushReceivedRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post('/push/received', { schema: { tags: ['push'], body: pushReceivedInputSchema, response: { 200: apiSuccess(pushReceivedSchema) } } }, async (request) => ({
    success: true as const,
    data: { recorded: await markPushShown(db, actorOf(request).userId, request.body.messageId) },
  }));
};
