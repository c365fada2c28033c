/**
 * The public face of the audit module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { diffChanges, recordAudit, recordAuditOnce, recordAudits } from './audit.service';
export type { AuditActor, AuditEntryInput } from './audit.service';
