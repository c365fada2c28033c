/**
 * The public face of the online-tests module (issue 40): what other modules and the app may use of it
 * (eslint.config.js forbids importing its files directly from another module).
 */
export { onlineTestsRoutes } from './online-tests.routes';
export { defineOnlineTestJobs } from './notices';
export { submitDueAttempts } from './attempts.service';
export { recordClosedTests } from './results.service';
