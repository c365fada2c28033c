/**
 * The public face of the settings module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { academyCurrentYear, academyToday, DEFAULT_ACADEMY_SETTINGS, getAcademySettings, hasParentWebhook, parentWebhookConfig } from './settings.service';
export {
  DEFAULT_QUIET_HOURS,
  isMsg91WebhookToken,
  messagingConfig,
  messagingReadiness,
  phoneCodesAvailable,
  MSG91_WEBHOOK_PATH,
  WHATSAPP_WEBHOOK_PATH,
  type MessagingConfig,
  type MessagingReadiness,
} from './messaging-settings.service';
export { upiPayee } from './payment-settings.service';
