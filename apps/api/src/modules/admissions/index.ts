/**
 * The public face of the admissions module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { recordPastEnquiry, type PastEnquiry } from './past-enquiries';
