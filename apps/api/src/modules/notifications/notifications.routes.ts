import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { notificationListQuerySchema, notificationPageSchema, unreadCountSchema } from '@academy/shared/schemas/notifications';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { requestLanguage } from '../../lib/translate-reply';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';

/** The student's bell: their own notifications only (another student's id answers 404). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['notifications'];

  app.get('/notifications', { schema: { tags, querystring: notificationListQuerySchema, response: { 200: apiSuccess(notificationPageSchema) } } }, async (request) => ({
    success: true as const,
    data: await listNotifications(db, actorOf(request), request.query, requestLanguage(request)),
  }));

  app.post('/notifications/read-all', { schema: { tags, response: { 200: apiSuccess(unreadCountSchema) } } }, async (request) => ({
    success: true as const,
    data: await markAllNotificationsRead(db, actorOf(request)),
  }));

  app.post(
    '/notifications/:id/read',
    { schema: { tags, params: idParamsSchema, response: { 200: apiSuccess(unreadCountSchema) } } },
    async (request) => ({ success: true as const, data: await markNotificationRead(db, actorOf(request), request.params.id) }),
  );
};
