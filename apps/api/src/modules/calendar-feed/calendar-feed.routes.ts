import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { calendarFeedFileParamsSchema, calendarFeedLinkSchema, calendarFeedStatusSchema } from '@academy/shared/schemas/calendar-feed';
import type { Db } from '../../db/client';
import { siteOrigin } from '../../lib/site-origin';
import { actorOf } from '../../access/http';
import { calendarFeedIcs, calendarFeedStatus, createCalendarFeed, deleteCalendarFeed } from './calendar-feed.service';
import { dataRoute, messageRoute } from '../../lib/route-replies';

/**
 * Phone calendars subscribe to an address and fetch it without our session cookie, so students and
 * teachers get a secret address (shown once, replaceable, stoppable) next to the cookie-based
 * /student/schedule.ics and /teachers/me/schedule.ics downloads.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string | undefined }> = async (app, { db, publicUrl }) => {

  dataRoute(
    app, 'GET', '/calendar-feed', { tags: ['calendar'], response: { 200: apiSuccess(calendarFeedStatusSchema) } },
    (request) => calendarFeedStatus(db, actorOf(request).userId),
  );

  dataRoute(
    app, 'POST', '/calendar-feed', { tags: ['calendar'], response: { 200: apiSuccess(calendarFeedLinkSchema) } },
    (request) => createCalendarFeed(db, actorOf(request), siteOrigin(request, publicUrl)), 'New calendar address made; any older one has stopped working',
  );

  messageRoute(
    app, 'DELETE', '/calendar-feed', { tags: ['calendar'], response: { 200: messageOnlySchema } },
    (request) => deleteCalendarFeed(db, actorOf(request)), 'Calendar address stopped',
  );

  // No session here: the secret in the address is the permission.
  app.get('/calendar/:file', { schema: { tags: ['calendar'], params: calendarFeedFileParamsSchema } }, async (request, reply) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .send(await calendarFeedIcs(db, request.params.file.slice(0, -'.ics'.length))),
  );
};
