/**
 * The public face of the academic-years module (the new academic year's rollover, issue 39): what other
 * modules may use of it (eslint.config.js forbids importing its files directly from another module).
 */
export { academicYearsRoutes } from './academic-years.routes';
