/**
 * The academy's settings as the modules read them (issue 61): a small stable face that imports only
 * db/ and lib/, so a module that needs the academy's name, time zone, "today", messaging channels or
 * UPI payee stands on it rather than on modules/settings (which owns the row, its forms and their audit).
 */
export {
  academyCurrentYear,
  academyHeaderLogo,
  academyMailBrand,
  academyToday,
  assertDateOfBirthInPast,
  DEFAULT_ACADEMY_SETTINGS,
  getAcademySettings,
  hasParentWebhook,
  homeworkSettings,
  parentWebhookConfig,
  toAcademySettings,
  upiPayee,
  WEBHOOK_SECRET_CONTEXT,
  type SettingsValues,
} from './academy-settings';
export {
  DEFAULT_QUIET_HOURS,
  isMsg91WebhookToken,
  messagingConfig,
  messagingReadiness,
  MSG91_WEBHOOK_PATH,
  msg91WebhookToken,
  phoneCodesAvailable,
  readMessagingRow,
  WHATSAPP_WEBHOOK_PATH,
  withDefaults,
  type MessagingConfig,
  type MessagingReadiness,
  type Templates,
} from './messaging';
