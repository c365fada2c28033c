import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { notificationListQuerySchema, notificationPageSchema, unreadCountSchema } from '@academy/shared/schemas/notifications';
import type { Db } from '../../db/client';
import { currentUser, requireRole } from '../../plugins/auth';
import { studentIdOfUser } from '../batches/batches.service';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';

/** The student's bell: their own notifications only (another student's id answers 404). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const student = requireRole('student');
  const tags = ['notifications'];

  app.get('/notifications', { preValidation: student, schema: { tags, querystring: notificationListQuerySchema, response: { 200: apiSuccess(notificationPageSchema) } } }, async (request) => ({
    success: true as const,
    data: await listNotifications(db, await studentIdOfUser(db, currentUser(request).id), request.query),
  }));

  app.post('/notifications/read-all', { preValidation: student, schema: { tags, response: { 200: apiSuccess(unreadCountSchema) } } }, async (request) => ({
    success: true as const,
    data: await markAllNotificationsRead(db, await studentIdOfUser(db, currentUser(request).id)),
  }));

  app.post(
    '/notifications/:id/read',
    { preValidation: student, schema: { tags, params: idParamsSchema, response: { 200: apiSuccess(unreadCountSchema) } } },
    async (request) => ({ success: true as const, data: await markNotificationRead(db, await studentIdOfUser(db, currentUser(request).id), request.params.id) }),
  );
};
