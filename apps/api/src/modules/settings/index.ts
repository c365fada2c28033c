/**
 * The public face of the settings module, the only writer of the academy's settings (reading them is
 * academy-settings/'s): what other modules may use of it (eslint.config.js forbids importing its files
 * directly from another module).
 */
export { createAcademySettings } from './settings.service';
