/**
 * The public face of the settings module, the owner of `academy_settings` (issue 61): the saves that
 * other modules' screens make, each audited here. Modules read the settings through academy-settings/.
 */
export { saveHomeworkSettings } from './homework-settings.service';
export { saveStatementMapping } from './payment-settings.service';
