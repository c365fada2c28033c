import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { notificationListQuerySchema, notificationPageSchema, unreadCountSchema } from '@academy/shared/schemas/notifications';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { requestLanguage } from '../../lib/translate-reply';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';
import { dataRoute } from '../../lib/route-replies';

/** The student's bell: their own notifications only (another student's id answers 404). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['notifications'];

  dataRoute(
    app, 'GET', '/notifications', { tags, querystring: notificationListQuerySchema, response: { 200: apiSuccess(notificationPageSchema) } },
    (request) => listNotifications(db, actorOf(request), request.query, requestLanguage(request)),
  );

  dataRoute(app, 'POST', '/notifications/read-all', { tags, response: { 200: apiSuccess(unreadCountSchema) } }, (request) => markAllNotificationsRead(db, actorOf(request)));

  dataRoute(
    app, 'POST', '/notifications/:id/read', { tags, params: idParamsSchema, response: { 200: apiSuccess(unreadCountSchema) } },
    (request) => markNotificationRead(db, actorOf(request), request.params.id),
  );
};
