/**
 * The public face of the subjects module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module).
 */
export { insertSubjects } from './subjects.service';
