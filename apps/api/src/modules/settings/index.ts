/**
 * The public face of the settings module, the owner of `academy_settings` (issue 61): the academy's
 * first settings at sign-up and the saves other modules' screens make, each audited here. Modules read
 * the settings through academy-settings/ (eslint.config.js forbids importing its files directly).
 */
export { createAcademySettings, sealClearWebhookSecret } from './settings.service';
export { saveHomeworkSettings } from './homework-settings.service';
export { saveLectureSettingsValues } from './lecture-settings.service';
export { saveStatementMapping } from './payment-settings.service';
export { getAppSettings, twaManifestOf, updateAppSettings } from './app-link.service';
