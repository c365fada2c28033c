import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANNOUNCEMENT_MESSAGES, announcementInputSchema, announcementListQuerySchema, announcementListSchema, announcementSchema } from '@academy/shared/schemas/announcements';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { createAnnouncement, deleteAnnouncement, getAnnouncement, listAnnouncements, updateAnnouncement } from './announcements.service';
import { dataRoute, messageRoute } from '../../lib/route-replies';

/**
 * Admins write announcements; everyone signed in reads what is meant for them (not meant for you,
 * or not started yet, answers 404). Saving one that runs today tells its students by a job queued with it (announcement-jobs.ts).
 */
export const announcementsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['announcements'];
  const one = apiSuccess(announcementSchema);

  dataRoute(
    app, 'GET', '/announcements', { tags, querystring: announcementListQuerySchema, response: { 200: apiSuccess(announcementListSchema) } },
    (request) => listAnnouncements(db, actorOf(request), request.query),
  );

  dataRoute(app, 'GET', '/announcements/:id', { tags, params: idParamsSchema, response: { 200: one } }, (request) => getAnnouncement(db, actorOf(request), request.params.id));

  app.post('/announcements', { schema: { tags, body: announcementInputSchema, response: { 201: one } } }, async (request, reply) => {
    const announcement = await createAnnouncement(db, request.body, actorOf(request));
    return reply.status(201).send({ success: true as const, data: announcement, message: ANNOUNCEMENT_MESSAGES.created });
  });

  app.put('/announcements/:id', { schema: { tags, params: idParamsSchema, body: announcementInputSchema, response: { 200: one } } }, async (request) => {
    const announcement = await updateAnnouncement(db, actorOf(request), request.params.id, request.body);
    return { success: true as const, data: announcement, message: ANNOUNCEMENT_MESSAGES.updated };
  });

  messageRoute(
    app, 'DELETE', '/announcements/:id', { tags, params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => deleteAnnouncement(db, actorOf(request), request.params.id), ANNOUNCEMENT_MESSAGES.deleted,
  );
};
