/**
 * The public face of the fees module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { cancelUnpaidDuesOfBatch, createDuesForEnrolment, createDuesForEnrolments, removeDuesOfEnrolmentSince, type EnrolmentDuesOptions } from './dues.service';
export { recordOpeningBalances, removeOpeningReceipts } from './payments.service';
export { issueDueInvoices } from './issue-due-invoices';
export { carryOverBalances, undoCarryOver, type CarriedOver } from './carry-over';
export { yearFeeTotals } from './reports.service';
export { payLinkUrl } from './pay-link';
