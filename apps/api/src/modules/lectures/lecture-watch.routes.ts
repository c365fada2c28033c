import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { LECTURE_SETTINGS_MESSAGES, lectureOfflinePolicySchema, lectureSettingsInputSchema, lectureSettingsSchema } from '@academy/shared/schemas/lecture-settings';
import type { Db } from '../../db/client';
import type { ServerKeys } from '../../lib/server-keys';
import { actorOf } from '../../access/http';
import { dataRoute } from '../../lib/route-replies';
import { getLectureSettings, lectureKeyFor, lectureSettingsOf, saveLectureSettings } from './lecture-watch.service';

/**
 * The watching side of lectures (issue 75, decision 088): a lecture's AES-128 segment key, the phones'
 * download policy, and Settings → Lectures. Who may call what: access/lecture-watch.ts.
 */
export const lectureWatchRoutes: FastifyPluginAsyncZod<{ db: Db; keys: ServerKeys }> = async (app, { db, keys }) => {
  const tags = ['lectures'];

  // The key named by every keyed playlist's #EXT-X-KEY: never kept by any cache (the player asks each time;
  // a download keeps its own copy in the phone's Cache Storage).
  app.get('/lectures/:id/key', { compress: false, schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const key = await lectureKeyFor(db, keys, actorOf(request), request.params.id);
    return reply.header('content-type', 'application/octet-stream').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(key);
  });

  dataRoute(app, 'GET', '/lectures/offline-policy', { tags, response: { 200: apiSuccess(lectureOfflinePolicySchema) } }, async () => ({ offlineDays: (await lectureSettingsOf(db)).offlineDays }));

  dataRoute(app, 'GET', '/admin/settings/lectures', { tags: ['admin'], response: { 200: apiSuccess(lectureSettingsSchema) } }, () => getLectureSettings(db));
  dataRoute(
    app, 'PUT', '/admin/settings/lectures', { tags: ['admin'], body: lectureSettingsInputSchema, response: { 200: apiSuccess(lectureSettingsSchema) } },
    (request) => saveLectureSettings(db, actorOf(request), request.body), LECTURE_SETTINGS_MESSAGES.saved,
  );
};
