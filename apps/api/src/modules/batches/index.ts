/**
 * The public face of the batches module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { archiveBatchesEndingBy, unarchiveBatch } from './archive-batches';
export { enrolMany, enrolStudent, removeEnrolment } from './enrolment';
export { scheduleIcs, weeklySchedule } from './schedule.service';
export { insertBatches, type BatchRecord } from './batch-records';
