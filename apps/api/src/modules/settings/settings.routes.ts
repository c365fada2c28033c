import { actorOf } from '../../access/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess } from '@academy/shared/schemas/api';
import { academySettingsInputSchema, academySettingsSchema, parentAlertSettingsInputSchema, publicAcademySettingsSchema } from '@academy/shared/schemas/settings';
import type { Db } from '../../db/client';
import type { OutboundPolicy } from '../../lib/outbound-address';
import type { ServerKeys } from '../../lib/server-keys';
import { getAcademySettings, phoneCodesAvailable } from '../../academy-settings';
import { toPublicSettings, updateAcademySettings, updateParentAlertSettings } from './settings.service';
import { getMessagingSettings, rotateMsg91WebhookToken, updateMessagingSettings } from './messaging-settings.service';
import { MESSAGING_MESSAGES, messagingSettingsInputSchema, messagingSettingsSchema } from '@academy/shared/schemas/messaging';
import { PAYMENT_SETTINGS_MESSAGES, paymentSettingsSchema } from '@academy/shared/schemas/payments';
import { getPaymentSettings, updatePaymentSettings } from './payment-settings.service';
import { readLocalNames } from '../standards';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; keys: ServerKeys; outbound: OutboundPolicy }> = async (app, { db, keys, outbound }) => {
  app.get('/settings/public', { schema: { tags: ['settings'], response: { 200: apiSuccess(publicAcademySettingsSchema) } } }, async () => ({
    success: true as const,
    // `phoneCodes`: the admission form offers a code by WhatsApp or SMS to a family without email (issue 37).
    // `localNames`: standards and subjects in the reader's language on every screen (issue 42).
    data: { ...toPublicSettings(await getAcademySettings(db)), phoneCodes: await phoneCodesAvailable(db), localNames: await readLocalNames(db) },
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

  // WhatsApp and SMS to families (issue 37): credentials write-only, sealed at rest.
  app.get('/admin/settings/messaging', { schema: { tags: ['admin'], response: { 200: apiSuccess(messagingSettingsSchema) } } }, async () => ({
    success: true as const,
    data: await getMessagingSettings(db, keys),
  }));

  app.put(
    '/admin/settings/messaging',
    { schema: { tags: ['admin'], body: messagingSettingsInputSchema, response: { 200: apiSuccess(messagingSettingsSchema) } } },
    async (request) => ({ success: true as const, data: await updateMessagingSettings(db, keys, actorOf(request), request.body), message: MESSAGING_MESSAGES.saved }),
  );

  // A new address for MSG91's delivery reports (issue 53): the old token stops working at once.
  app.post(
    '/admin/settings/messaging/msg91-webhook-token',
    { schema: { tags: ['admin'], response: { 200: apiSuccess(messagingSettingsSchema) } } },
    async (request) => ({ success: true as const, data: await rotateMsg91WebhookToken(db, keys, actorOf(request)), message: MESSAGING_MESSAGES.msg91TokenRotated }),
  );

  // Fees paid by UPI (issue 38): the academy's own UPI ID.
  app.get('/admin/settings/payments', { schema: { tags: ['admin'], response: { 200: apiSuccess(paymentSettingsSchema) } } }, async () => ({
    success: true as const,
    data: await getPaymentSettings(db),
  }));

  app.put(
    '/admin/settings/payments',
    { schema: { tags: ['admin'], body: paymentSettingsSchema, response: { 200: apiSuccess(paymentSettingsSchema) } } },
    async (request) => ({ success: true as const, data: await updatePaymentSettings(db, actorOf(request), request.body), message: PAYMENT_SETTINGS_MESSAGES.saved }),
  );
};
