import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import {
  pushPublicKeySchema,
  pushSubscribedSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@academy/shared/schemas/push';
import type { Db } from '../../db/client';
import type { ServerKeys } from '../../lib/server-keys';
import { actorOf } from '../../access/http';
import { deletePushSubscription, savePushSubscription, vapidPublicKey } from './push.service';

/**
 * Web Push (issue 37): a parent or student turns notifications on in the app's settings (the browser
 * subscribes with the server's public key and hands its subscription here) and off again. The service
 * worker's report of each message it showed goes to the family outbox, which owns the messages
 * (POST /api/push/received, modules/family-outbox/push-received.routes.ts).
 */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Db; keys: ServerKeys; allowedHosts: readonly string[] }> = async (app, { db, keys, allowedHosts }) => {
  const tags = ['push'];

  app.get('/push/public-key', { schema: { tags, response: { 200: apiSuccess(pushPublicKeySchema) } } }, async () => ({
    success: true as const,
    data: { publicKey: await vapidPublicKey(db, keys) },
  }));

  app.post('/push/subscriptions', { schema: { tags, body: pushSubscriptionInputSchema, response: { 200: apiSuccess(pushSubscribedSchema) } } }, async (request) => {
    await savePushSubscription(db, actorOf(request), request.body, { userAgent: request.headers['user-agent'], allowedHosts });
    return { success: true as const, data: { subscribed: true } };
  });

  app.delete('/push/subscriptions', { schema: { tags, body: pushUnsubscribeInputSchema, response: { 200: apiSuccess(pushSubscribedSchema) } } }, async (request) => {
    await deletePushSubscription(db, actorOf(request), request.body.endpoint);
    return { success: true as const, data: { subscribed: false } };
  });
};
