/**
 * The public face of the standards module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { assertSubjectsExist, insertStandards } from './standards.service';
export { localNamesFor, readLocalNames } from './local-names';
