/**
 * Payments and their receipts, one use case a file: a payment recorded (record-payment), its receipts
 * issued (issue-receipts), a receipt cancelled (cancel-receipt), a receipt or credit note to print
 * (printable-receipts), an import's opening balances (opening-balances). This file keeps the names its
 * callers import.
 */
export { namedDueFirst, recordPayment, splitOverInvoices, utrOf } from './record-payment';
export { cancelReceipt } from './cancel-receipt';
export { creditNoteNumber } from './credit-note-series';
export { creditNoteFor, printableReceipt, receiptFor, type PrintableInvoice, type PrintableReceipt } from './printable-receipts';
export { recordOpeningBalances, removeOpeningReceipts } from './opening-balances';
