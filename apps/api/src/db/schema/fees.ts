import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { RECEIPT_MODES } from '@academy/shared/schemas/fees';
import { batches } from './batches';
import { students } from './students';
import { userRef, createdByAndAt } from './users';
import { academyId, academyRow } from './academy-column';
import { gstRegistrations } from './gst';
import { createdAt, requiredRef } from './columns';
import { linkTable } from './link-table';

/*
 * Fees (issue 22; docs/decisions/020-fees.md). Every amount is whole paise in a bigint (read as a JS
 * number: ₹10 crore is far below 2^53). A receipt is never deleted, only cancelled.
 */
const paise = (name?: string) => (name ? bigint(name, { mode: 'number' }) : bigint({ mode: 'number' }));

export const feePlans = academyTable(
  'fee_plans',
  {
    ...academyRow(),
    name: varchar({ length: 120 }).notNull(),
    batchId: requiredRef(() => batches.id, 'restrict'),
    amountPaise: paise().notNull(),
    // The office shows this plan's fees on the batch's public course card and page (issue 42, point 14).
    showOnSite: boolean().notNull().default(false),
    /** GST (issue 57): whether its dues carry GST (study material sold separately may be exempt); taxable unless the office says not. */
    taxable: boolean().notNull().default(true),
    /**
     * A refundable deposit (docs/decisions/062-gst-by-law.md): no supply at all until it is applied
     * (CGST Act s.2(31), explanation to "consideration"), so on no GST document and in no return.
     */
    deposit: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Enrolling looks up the batch's plans.
  (table) => [index('fee_plans_batch_idx').on(table.batchId), index('fee_plans_academy_idx').on(table.academyId), check('fee_plans_amount_positive', sql`${table.amountPaise} > 0`)],
);

export const feePlanInstalments = academyTable(
  'fee_plan_instalments',
  {
    academyId: academyId(),
    planId: requiredRef(() => feePlans.id, 'cascade'),
    seq: integer().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    amountPaise: paise().notNull(),
  },
  (table) => [primaryKey({ name: 'fee_plan_instalments_pkey', columns: [table.academyId, table.planId, table.seq] }), index('fee_plan_instalments_academy_idx').on(table.academyId), check('fee_plan_instalments_amount_positive', sql`${table.amountPaise} > 0`)],
);

/**
 * What a student owes and when: one row per instalment of a plan of a batch they joined.
 * `paid_paise` is kept in the same transaction as every allocation and cancellation, so the dues
 * list reads one table. Balance = amount − concession − paid.
 */
export const feeDues = academyTable(
  'fee_dues',
  {
    ...academyRow(),
    studentId: requiredRef(() => students.id, 'restrict'),
    planId: uuid().references(() => feePlans.id, { onDelete: 'set null' }),
    batchId: uuid().references(() => batches.id, { onDelete: 'set null' }),
    seq: integer().notNull(),
    /** The student's n-th due, for ever (issue 38): its UPI reference (LAT26-0042-I2) names it, so it never changes. */
    number: integer().notNull(),
    label: varchar({ length: 200 }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    amountPaise: paise().notNull(),
    concessionPaise: paise().notNull().default(0),
    paidPaise: paise().notNull().default(0),
    // carried_over (issue 39): an old year's balance moved into one "Previous year balance" due of the new year.
    status: varchar({ length: 12, enum: ['open', 'cancelled', 'carried_over'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (table) => [
    // A student's ledger, in due order.
    index('fee_dues_student_idx').on(table.studentId, table.dueDate),
    // A UPI reference finds its due (bank statements, claims).
    uniqueIndex('fee_dues_student_number_idx').on(table.academyId, table.studentId, table.number),
    // The dues list: open dues with something left, by due date (overdue first).
    index('fee_dues_outstanding_idx')
      .on(table.academyId, table.dueDate)
      .where(sql`${table.status} = 'open' and ${table.amountPaise} - ${table.concessionPaise} - ${table.paidPaise} > 0`),
    index('fee_dues_batch_idx').on(table.batchId),
    index('fee_dues_academy_idx').on(table.academyId),
    index('fee_dues_plan_idx').on(table.planId),
    check('fee_dues_sane', sql`${table.amountPaise} > 0 and ${table.concessionPaise} >= 0 and ${table.paidPaise} >= 0 and ${table.concessionPaise} + ${table.paidPaise} <= ${table.amountPaise}`),
  ],
);

/**
 * A gap-free number series of the academy that starts again each financial year ('2026-27'): the last
 * number given, one row a year, locked by the transaction that takes the next one.
 */
function yearlyCounterTable<TName extends string>(name: TName) {
  return academyTable(
    name,
    {
      academyId: academyId(),
      financialYear: varchar({ length: 7 }).notNull(),
      lastSeq: integer().notNull(),
    },
    (table) => [primaryKey({ columns: [table.academyId, table.financialYear] })],
  );
}

/** The last receipt number given in each financial year: locked by the payment's transaction (gap-free). */
export const feeReceiptCounters = yearlyCounterTable('fee_receipt_counters');

/** The last revised invoice number given in each financial year (RI/2026-27/0001; decision 063): gap-free like receipts. */
export const feeRevisedInvoiceCounters = yearlyCounterTable('fee_revised_invoice_counters');

/**
 * The last deposit receipt number given in each financial year (DR/2026-27/0001; decision 071): a receipt
 * of refundable deposit money only, while GST is on, is no supply and takes no number of the tax-invoice
 * series (the receipts' own, which Table 13 reports); gap-free like receipts.
 */
export const feeDepositReceiptCounters = yearlyCounterTable('fee_deposit_receipt_counters');

export const feeReceipts = academyTable(
  'fee_receipts',
  {
    ...academyRow(),
    studentId: requiredRef(() => students.id, 'restrict'),
    financialYear: varchar({ length: 7 }).notNull(),
    /** The numbering series: '' the receipts' (with GST on, the tax invoices and bills of supply), 'DR' deposit receipts (decision 071). */
    series: varchar({ length: 2 }).notNull().default(''),
    seq: integer().notNull(),
    number: varchar({ length: 20 }).notNull(),
    date: date({ mode: 'string' }).notNull(),
    amountPaise: paise().notNull(),
    mode: varchar({ length: 20, enum: RECEIPT_MODES }).notNull(),
    reference: varchar({ length: 100 }),
    /**
     * The UPI transaction ID (12 digits) of a UPI payment, read from its reference (issue 38): at most one
     * receipt that is not cancelled has it, whether typed by the office, confirmed from a family's claim
     * or from a bank statement.
     */
    utr: varchar({ length: 12 }),
    note: text(),
    /** The student's balance right after it was recorded (printed on the receipt). */
    balanceAfterPaise: paise().notNull(),
    /** A repeated request with the same key (a double tap) answers this receipt. */
    idempotencyKey: varchar({ length: 100 }),
    /** SHA-256 of the request that first used the key: the same key with another body is refused (422). */
    requestHash: varchar({ length: 64 }),
    ...createdByAndAt(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: userRef(),
    cancelReason: text(),
    /*
     * A tax invoice's GST (issue 57), copied from Settings → Tax in force on its date and never changed:
     * null on a receipt of an academy not registered then.
     * taxable + cgst + sgst + igst + round-off + exempt + deposit = amount (decision 062).
     */
    gstin: varchar({ length: 15 }),
    /** The Settings → Tax row it was made under (the supplier's names and address it prints). */
    gstRegistrationId: uuid().references(() => gstRegistrations.id, { onDelete: 'restrict' }),
    sac: varchar({ length: 8 }),
    taxRateBp: integer(),
    taxablePaise: paise(),
    cgstPaise: paise(),
    sgstPaise: paise(),
    igstPaise: paise(),
    /** What it paid into dues of plans that are not taxable (no GST on it; GSTR-1's nil/exempt table). */
    exemptPaise: paise(),
    /** The place of supply's state code (the payer's GSTIN's state for a B2B invoice, else the student's state, else the academy's). */
    placeOfSupply: varchar({ length: 2 }),
    /** A registered payer (a company paying for a student): its GSTIN makes the invoice B2B in GSTR-1. */
    payerGstin: varchar({ length: 15 }),
    payerName: varchar({ length: 200 }),
    /** A registered payer's own address (CGST rule 46(d)): printed as the recipient's, not the student's. */
    payerAddress: varchar({ length: 300 }),
    /** An unregistered recipient's address and state as at the invoice (rule 46(e)), copied so the invoice never changes. */
    recipientAddress: text(),
    recipientState: varchar({ length: 2 }),
    /** The paisa no taxable value meets (decision 062): taxable + heads + this = the taxed money; −1, 0 or +1 with prices including GST. */
    roundOffPaise: paise(),
    /** What it paid into refundable deposits: no supply (decision 062), out of GSTR-1. */
    depositPaise: paise(),
    /**
     * What it paid against tax invoices issued earlier on instalments' due dates (decision 070): the
     * tax of that money was on those invoices, so it is a line of its own here and in no figure of GSTR-1.
     */
    settledPaise: paise(),
    /** The credit note its cancellation made (a tax invoice's only): its own gap-free series per financial year. */
    creditNoteFinancialYear: varchar({ length: 7 }),
    creditNoteSeq: integer(),
    creditNoteNumber: varchar({ length: 20 }),
    creditNoteDate: date({ mode: 'string' }),
    /**
     * The revised tax invoice issued for it (CGST Act s.31(3)(a), Rule 53(2); decision 063): a payment
     * received between the registration's effective date and the certificate, made a plain receipt then.
     * Its own gap-free series per financial year of its date (RI/2026-27/0001); the tax columns above
     * are then the revised invoice's.
     */
    revisedFinancialYear: varchar({ length: 7 }),
    revisedSeq: integer(),
    revisedNumber: varchar({ length: 20 }),
    revisedDate: date({ mode: 'string' }),
  },
  (table) => [
    index('fee_receipts_gst_registration_idx').on(table.gstRegistrationId),
    uniqueIndex('fee_receipts_revised_idx').on(table.academyId, table.revisedFinancialYear, table.revisedSeq).where(sql`${table.revisedSeq} is not null`),
    index('fee_receipts_revised_date_idx').on(table.academyId, table.revisedDate).where(sql`${table.revisedDate} is not null`),
    uniqueIndex('fee_receipts_credit_note_idx').on(table.academyId, table.creditNoteFinancialYear, table.creditNoteSeq).where(sql`${table.creditNoteSeq} is not null`),
    // The month's credit notes (Fees → GST, GSTR-1).
    index('fee_receipts_credit_note_date_idx').on(table.academyId, table.creditNoteDate).where(sql`${table.creditNoteDate} is not null`),
    check(
      'fee_receipts_tax_adds_up',
      sql`${table.taxRateBp} is null or ${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise} + coalesce(${table.roundOffPaise}, 0) + coalesce(${table.exemptPaise}, 0) + coalesce(${table.depositPaise}, 0) + coalesce(${table.settledPaise}, 0) = ${table.amountPaise}`,
    ),
    uniqueIndex('fee_receipts_number_idx').on(table.academyId, table.financialYear, table.series, table.seq),
    uniqueIndex('fee_receipts_idempotency_idx').on(table.academyId, table.studentId, table.idempotencyKey),
    uniqueIndex('fee_receipts_utr_idx').on(table.academyId, table.utr).where(sql`${table.utr} is not null and ${table.cancelledAt} is null`),
    index('fee_receipts_student_idx').on(table.studentId, table.createdAt),
    // Collected per day / month / mode.
    index('fee_receipts_date_idx').on(table.academyId, table.date),
    index('fee_receipts_created_by_idx').on(table.createdBy),
    index('fee_receipts_cancelled_by_idx').on(table.cancelledBy),
    check('fee_receipts_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/** What each receipt paid (kept after a cancellation, which reverses the dues' paid amounts). */
export const feeAllocations = linkTable(
  'fee_allocations',
  'due',
  {
    receiptId: requiredRef(() => feeReceipts.id, 'restrict'),
    dueId: requiredRef(() => feeDues.id, 'restrict'),
  },
  {
    amountPaise: paise().notNull(),
  },
);

/** A concession given to a student (an amount or a percentage of what was due), spread over their open dues. */
export const feeConcessions = academyTable(
  'fee_concessions',
  {
    ...academyRow(),
    studentId: requiredRef(() => students.id, 'restrict'),
    kind: varchar({ length: 10, enum: ['amount', 'percent'] }).notNull(),
    /** Paise for an amount, whole percent for a percentage. */
    value: bigint({ mode: 'number' }).notNull(),
    amountPaise: paise().notNull(),
    reason: varchar({ length: 300 }).notNull(),
    ...createdByAndAt(),
  },
  (table) => [
    index('fee_concessions_student_idx').on(table.studentId),
    index('fee_concessions_created_by_idx').on(table.createdBy),
    index('fee_concessions_academy_created_idx').on(table.academyId, table.createdAt),
  ],
);

/** Reminders sent (queued) per due: at most one per due per week. */
export const feeReminders = academyTable(
  'fee_reminders',
  {
    ...academyRow(),
    dueId: requiredRef(() => feeDues.id, 'cascade'),
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    queuedBy: userRef(),
  },
  (table) => [
    index('fee_reminders_due_idx').on(table.dueId, table.queuedAt),
    index('fee_reminders_queued_by_idx').on(table.queuedBy),
    index('fee_reminders_academy_queued_idx').on(table.academyId, table.queuedAt),
  ],
);

/**
 * "I have paid" (issue 38): a student or parent reports a UPI payment with its transaction ID; the
 * office confirms it (the payment is recorded and its receipt made) or rejects it with a reason.
 * A UTR is pending or confirmed on one claim at most; a rejected claim frees it (a mistyped number).
 */
export const paymentClaims = academyTable(
  'payment_claims',
  {
    ...academyRow(),
    studentId: requiredRef(() => students.id, 'restrict'),
    dueId: requiredRef(() => feeDues.id, 'restrict'),
    amountPaise: paise().notNull(),
    utr: varchar({ length: 12 }).notNull(),
    paidOn: date({ mode: 'string' }).notNull(),
    /** superseded: the office recorded that UTR itself (its own entry, a bank credit) while the report waited (issue 53). */
    status: varchar({ length: 10, enum: ['pending', 'confirmed', 'rejected', 'superseded'] })
      .notNull()
      .default('pending'),
    claimedBy: userRef(),
    createdAt: createdAt(),
    decidedBy: userRef(),
    decidedAt: timestamp({ withTimezone: true }),
    rejectReason: varchar({ length: 300 }),
    receiptId: uuid().references(() => feeReceipts.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('payment_claims_utr_idx').on(table.academyId, table.utr).where(sql`${table.status} in ('pending', 'confirmed')`),
    // The office's queue (pending first) and a family's own claims.
    index('payment_claims_status_idx').on(table.academyId, table.status, table.createdAt),
    index('payment_claims_student_idx').on(table.studentId),
    index('payment_claims_due_idx').on(table.dueId),
    index('payment_claims_claimed_by_idx').on(table.claimedBy),
    index('payment_claims_decided_by_idx').on(table.decidedBy),
    index('payment_claims_receipt_idx').on(table.receiptId),
    check('payment_claims_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/** A bank statement the office uploaded (issue 38): its credit lines are matched to dues and confirmed as receipts. */
export const bankStatements = academyTable(
  'bank_statements',
  {
    ...academyRow(),
    fileName: varchar({ length: 200 }).notNull(),
    layout: varchar({ length: 10, enum: ['hdfc', 'sbi', 'icici', 'mapped'] }).notNull(),
    /** Credit lines in the file that an earlier statement already brought (an overlapping period): not again. */
    alreadyImported: integer().notNull().default(0),
    debitCount: integer().notNull().default(0),
    /** The first and last day of the file's credit lines: how the office tells statements apart (issue 54). */
    periodFrom: date({ mode: 'string' }),
    periodTo: date({ mode: 'string' }),
    uploadedBy: userRef(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bank_statements_uploaded_at_idx').on(table.academyId, table.uploadedAt), index('bank_statements_uploaded_by_idx').on(table.uploadedBy)],
);

/**
 * One credit of a statement. `line_key` is the UTR, else the bank's reference, else date, amount and
 * narration: unique, so the same credit uploaded again (the same file, an overlapping period) is not
 * brought twice. `receipt_id`: the receipt it became once confirmed.
 */
export const bankStatementCredits = academyTable(
  'bank_statement_credits',
  {
    ...academyRow(),
    statementId: requiredRef(() => bankStatements.id, 'cascade'),
    row: integer().notNull(),
    date: date({ mode: 'string' }).notNull(),
    amountPaise: paise().notNull(),
    narration: text().notNull(),
    bankReference: varchar({ length: 100 }),
    utr: varchar({ length: 12 }),
    lineKey: varchar({ length: 64 }).notNull(),
    receiptId: uuid().references(() => feeReceipts.id, { onDelete: 'restrict' }),
    /** Set aside by the office (a refund, interest: no fee), with its note; put back clears it (issue 54). */
    setAsideAt: timestamp({ withTimezone: true }),
    setAsideBy: userRef(),
    setAsideNote: varchar({ length: 300 }),
  },
  (table) => [
    uniqueIndex('bank_statement_credits_line_key_idx').on(table.academyId, table.lineKey),
    index('bank_statement_credits_statement_idx').on(table.statementId, table.row),
    index('bank_statement_credits_utr_idx').on(table.utr),
    index('bank_statement_credits_receipt_idx').on(table.receiptId),
    index('bank_statement_credits_set_aside_by_idx').on(table.setAsideBy),
    check('bank_statement_credits_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/** The last credit note number given in each financial year (CN/2026-27/0001): gap-free like receipts. */
export const feeCreditNoteCounters = yearlyCounterTable('fee_credit_note_counters');

/**
 * A tax invoice issued on an instalment's due date, paid or not (CGST Act s.31(5)(a), decision 070): one
 * live invoice per due at most. Its number comes from the receipts' counter (fee_receipt_counters), so
 * receipts and these invoices make one gap-free series per financial year. `due_paise` is what of the
 * due it invoices (the price), `amount_paise` what the family owes on it (the price and the tax, or the
 * price when prices include GST): taxable + cgst + sgst + igst + round-off = amount. Cancelled only by
 * its credit note (its own columns, the credit notes' series).
 */
export const feeDueInvoices = academyTable(
  'fee_due_invoices',
  {
    ...academyRow(),
    dueId: requiredRef(() => feeDues.id, 'restrict'),
    studentId: requiredRef(() => students.id, 'restrict'),
    financialYear: varchar({ length: 7 }).notNull(),
    seq: integer().notNull(),
    number: varchar({ length: 20 }).notNull(),
    date: date({ mode: 'string' }).notNull(),
    duePaise: paise().notNull(),
    amountPaise: paise().notNull(),
    gstin: varchar({ length: 15 }).notNull(),
    gstRegistrationId: uuid()
      .notNull()
      .references(() => gstRegistrations.id, { onDelete: 'restrict' }),
    sac: varchar({ length: 8 }).notNull(),
    taxRateBp: integer().notNull(),
    pricesIncludeTax: boolean().notNull(),
    taxablePaise: paise().notNull(),
    cgstPaise: paise().notNull(),
    sgstPaise: paise().notNull(),
    igstPaise: paise().notNull(),
    roundOffPaise: paise().notNull(),
    placeOfSupply: varchar({ length: 2 }).notNull(),
    payerGstin: varchar({ length: 15 }),
    payerName: varchar({ length: 200 }),
    payerAddress: varchar({ length: 300 }),
    recipientAddress: text(),
    recipientState: varchar({ length: 2 }),
    createdAt: createdAt(),
    creditNoteFinancialYear: varchar({ length: 7 }),
    creditNoteSeq: integer(),
    creditNoteNumber: varchar({ length: 20 }),
    creditNoteDate: date({ mode: 'string' }),
    creditNoteReason: text(),
  },
  (table) => [
    uniqueIndex('fee_due_invoices_number_idx').on(table.academyId, table.financialYear, table.seq),
    // One live invoice per due: the job run twice finds it and issues none.
    uniqueIndex('fee_due_invoices_live_due_idx').on(table.academyId, table.dueId).where(sql`${table.creditNoteNumber} is null`),
    index('fee_due_invoices_due_idx').on(table.dueId),
    index('fee_due_invoices_student_idx').on(table.studentId),
    index('fee_due_invoices_gst_registration_idx').on(table.gstRegistrationId),
    index('fee_due_invoices_date_idx').on(table.academyId, table.date),
    uniqueIndex('fee_due_invoices_credit_note_idx').on(table.academyId, table.creditNoteFinancialYear, table.creditNoteSeq).where(sql`${table.creditNoteSeq} is not null`),
    index('fee_due_invoices_credit_note_date_idx').on(table.academyId, table.creditNoteDate).where(sql`${table.creditNoteDate} is not null`),
    check('fee_due_invoices_adds_up', sql`${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise} + ${table.roundOffPaise} = ${table.amountPaise}`),
    check('fee_due_invoices_amount_positive', sql`${table.duePaise} > 0 and ${table.amountPaise} > 0`),
  ],
);

/**
 * What a receipt paid against a due-date invoice (decision 070): the money (`amount_paise`, tax
 * included) and what of it went to the due (`due_paise`). A cancelled receipt's rows stay and count no
 * more (the receipt's cancelled_at says so).
 */
export const feeInvoiceSettlements = linkTable(
  'fee_invoice_settlements',
  'invoice',
  {
    receiptId: requiredRef(() => feeReceipts.id, 'restrict'),
    invoiceId: requiredRef(() => feeDueInvoices.id, 'restrict'),
  },
  {
    amountPaise: paise().notNull(),
    duePaise: paise().notNull(),
  },
);
