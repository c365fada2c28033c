import { actorOf } from '../../access/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess } from '@academy/shared/schemas/api';
import { academySettingsInputSchema, academySettingsSchema, parentAlertSettingsInputSchema, publicAcademySettingsSchema } from '@academy/shared/schemas/settings';
import type { Db } from '../../db/client';
import type { OutboundPolicy } from '../../lib/outbound-address';
import type { ServerKeys } from '../../lib/server-keys';
import { getAcademySettings, toPublicSettings, updateAcademySettings, updateParentAlertSettings } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; keys: ServerKeys; outbound: OutboundPolicy }> = async (app, { db, keys, outbound }) => {
  app.get('/settings/public', { schema: { tags: ['settings'], response: { 200: apiSuccess(publicAcademySettingsSchema) } } }, async () => ({
    success: true as const,
    data: toPublicSettings(await getAcademySettings(db)),
  }));

  // The role check runs before body validation, so a visitor learns nothing about the fields.
  app.get(
    '/admin/settings',
    { schema: { tags: ['admin'], response: { 200: apiSuccess(academySettingsSchema) } } },
    async () => ({ success: true as const, data: await getAcademySettings(db) }),
  );

  app.put(
    '/admin/settings',
    { schema: { tags: ['admin'], body: academySettingsInputSchema, response: { 200: apiSuccess(academySettingsSchema) } } },
    async (request) => ({ success: true as const, data: await updateAcademySettings(db, actorOf(request), request.body), message: MESSAGES.settingsSaved }),
  );

  // Absence alerts and the parents' webhook (issue 21).
  app.put(
    '/admin/settings/parent-alerts',
    { schema: { tags: ['admin'], body: parentAlertSettingsInputSchema, response: { 200: apiSuccess(academySettingsSchema) } } },
    async (request) => ({ success: true as const, data: await updateParentAlertSettings(db, { keys, outbound }, actorOf(request), request.body), message: MESSAGES.settingsSaved }),
  );
};
