/**
 * The public face of the imports module (registers imported from spreadsheets, issue 39): what other
 * modules may use of it (eslint.config.js forbids importing its files directly from another module).
 */
export { importsRoutes } from './imports.routes';
