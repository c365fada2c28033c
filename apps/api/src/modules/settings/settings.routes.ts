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
import { dataRoute } from '../../lib/route-replies';
import { isLanguage } from '@academy/shared/languages';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; keys: ServerKeys; outbound: OutboundPolicy }> = async (app, { db, keys, outbound }) => {
  app.get('/settings/public', { schema: { tags: ['settings'], response: { 200: apiSuccess(publicAcademySettingsSchema) } } }, async (request) => ({
    success: true as const,
    // `phoneCodes`: the admission form offers a code by WhatsApp or SMS to a family without email (issue 37).
    // `localNames`: standards and subjects in the reader's language on every screen (issue 42).
    // `language`: the academy's own, the default of the office's forms for new accounts (issue 73).
    data: {
      ...toPublicSettings(await getAcademySettings(db)),
      phoneCodes: await phoneCodesAvailable(db),
      localNames: await readLocalNames(db),
      ...(isLanguage(request.academy?.language) ? { language: request.academy.language } : {}),
    },
  }));

  // The role check runs before body validation, so a visitor learns nothing about the fields.
  dataRoute(app, 'GET', '/admin/settings', { tags: ['admin'], response: { 200: apiSuccess(academySettingsSchema) } }, () => getAcademySettings(db));

  dataRoute(
    app, 'PUT', '/admin/settings', { tags: ['admin'], body: academySettingsInputSchema, response: { 200: apiSuccess(academySettingsSchema) } },
    (request) => updateAcademySettings(db, actorOf(request), request.body), MESSAGES.settingsSaved,
  );

  // Absence alerts and the parents' webhook (issue 21).
  dataRoute(
    app, 'PUT', '/admin/settings/parent-alerts', { tags: ['admin'], body: parentAlertSettingsInputSchema, response: { 200: apiSuccess(academySettingsSchema) } },
    (request) => updateParentAlertSettings(db, { keys, outbound }, actorOf(request), request.body), MESSAGES.settingsSaved,
  );

  // WhatsApp and SMS to families (issue 37): credentials write-only, sealed at rest.
  dataRoute(app, 'GET', '/admin/settings/messaging', { tags: ['admin'], response: { 200: apiSuccess(messagingSettingsSchema) } }, () => getMessagingSettings(db, keys));

  dataRoute(
    app, 'PUT', '/admin/settings/messaging', { tags: ['admin'], body: messagingSettingsInputSchema, response: { 200: apiSuccess(messagingSettingsSchema) } },
    (request) => updateMessagingSettings(db, keys, actorOf(request), request.body), MESSAGING_MESSAGES.saved,
  );

  // A new address for MSG91's delivery reports (issue 53): the old token stops working at once.
  dataRoute(
    app, 'POST', '/admin/settings/messaging/msg91-webhook-token', { tags: ['admin'], response: { 200: apiSuccess(messagingSettingsSchema) } },
    (request) => rotateMsg91WebhookToken(db, keys, actorOf(request)), MESSAGING_MESSAGES.msg91TokenRotated,
  );

  // Fees paid by UPI (issue 38): the academy's own UPI ID.
  dataRoute(app, 'GET', '/admin/settings/payments', { tags: ['admin'], response: { 200: apiSuccess(paymentSettingsSchema) } }, () => getPaymentSettings(db));

  dataRoute(
    app, 'PUT', '/admin/settings/payments', { tags: ['admin'], body: paymentSettingsSchema, response: { 200: apiSuccess(paymentSettingsSchema) } },
    (request) => updatePaymentSettings(db, actorOf(request), request.body), PAYMENT_SETTINGS_MESSAGES.saved,
  );
};
