import { z } from 'zod';
import { GST_MESSAGES, receiptTaxSchema } from './gst';
import { gstinValid } from '../gst';
import { MONEY_MESSAGES, rupeesToPaise } from '../money';
import { extractUtr } from '../upi';
import { academicYearQuerySchema } from './academic-years';
import { calendarDateSchema, idSchema, optionalField, isoDateTimeSchema, namedRefSchema, optionalQueryValue, optionalTextSchema, pagedQuerySchema, paginationSchema, personRefSchema, requiredNameSchema } from './common';

/*
 * Fees (issue 22; docs/decisions/020-fees.md). Amounts travel as rupees with at most two decimals and
 * are whole paise everywhere else: the input schemas below output paise (integers).
 */

/** Rupees in (a number or numeric text) → whole paise out; ≥ 0. */
export const rupeesSchema = z
  .unknown()
  // What a client may send, for the API's OpenAPI document (the transform below decides).
  .meta({ anyOf: [{ type: 'number', minimum: 0 }, { type: 'string' }], description: 'Rupees, at most two decimals: a number or numeric text', example: 1500 })
  .transform((value, context) => {
    const result = rupeesToPaise(value);
    if ('error' in result) {
      context.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }
    return result.paise;
  });
/** Rupees in → paise out, more than zero. */
export const positiveRupeesSchema = rupeesSchema.refine((paise) => paise > 0, MONEY_MESSAGES.zero);

export const PAYMENT_MODES = ['cash', 'upi', 'cheque', 'bank_transfer', 'card'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
/**
 * A receipt's mode: a payment's, or `opening_balance` for what a family had paid before the academy used
 * the app (issue 39: a register's "Already paid", carried over by an import; never chosen on the form).
 */
export const RECEIPT_MODES = [...PAYMENT_MODES, 'opening_balance'] as const;
export type ReceiptMode = (typeof RECEIPT_MODES)[number];
export const RECEIPT_MODE_LABELS = {
  cash: 'Cash',
  upi: 'UPI',
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
  card: 'Card',
  opening_balance: 'Opening balance (carried over)',
} as const satisfies Record<ReceiptMode, string>;
/** The note of an opening-balance receipt. */
export const OPENING_BALANCE_NOTE = 'Carried over from the register';

export const FEE_MESSAGES = {
  /** A plan saved with no batch chosen (issue 73): the field's words, not "Invalid id". */
  batchRequired: 'Choose a batch',
  instalmentsSum: 'The instalments must add up to the plan amount',
  instalmentsRequired: 'Add at least one instalment',
  instalmentsMax: 'A plan can have at most 24 instalments',
  planCreated: 'Fee plan created',
  planUpdated: 'Fee plan updated',
  planDeleted: 'Fee plan deleted',
  planInUse: 'This fee plan has dues of enrolled students and cannot be deleted',
  planNotFound: 'Fee plan not found',
  paymentRecorded: 'Payment recorded',
  nothingDue: 'This student has nothing left to pay',
  moreThanDue: 'This payment is more than the ₹{amount} still due',
  openingMoreThanDue: 'Already paid is more than the ₹{amount} the fees of these batches come to',
  receiptNotFound: 'Receipt not found',
  receiptCancelled: 'Receipt cancelled',
  alreadyCancelled: 'This receipt is already cancelled',
  reasonRequired: 'Give a reason for the cancellation',
  concessionRecorded: 'Concession recorded',
  concessionTooBig: 'The concession is more than the ₹{amount} still due',
  percentRange: 'Enter a percentage between 1 and 100',
  remindersQueued: 'Reminders are being sent',
  chooseDues: 'Choose the dues to remind about, or all overdue',
  modeRequired: 'Choose how it was paid',
  futureDate: 'The payment date cannot be in the future',
  dateBeforeYear2000: 'Enter a date in the year 2000 or later',
  dateBeforeEarliest: 'Payments dated before {date} cannot be recorded',
  lockDateInFuture: 'The payments lock date cannot be in the future',
  keyReused: 'This Idempotency-Key was already used for a different payment. Open the form again to record a new payment.',
  dueNotFound: 'Due not found',
  dueNotOpen: 'This due has nothing left to pay: choose another or leave it empty',
} as const;

/**
 * The earliest day any fee date may have, whatever the settings: a typing slip (0001-04-01 once made
 * receipt "1-02/0001") is refused by the schema. The server narrows payments further (paymentDateRange).
 */
export const EARLIEST_FEE_DATE = '2000-01-01';
/** A payment's date, or the payments lock date in Settings: a real calendar date from the year 2000 on. */
export const feeDateSchema = calendarDateSchema.refine((date) => date >= EARLIEST_FEE_DATE, FEE_MESSAGES.dateBeforeYear2000);

export const paymentModeSchema = z.enum(PAYMENT_MODES, { error: FEE_MESSAGES.modeRequired });

export const feeInstalmentInputSchema = z.object({ dueDate: calendarDateSchema, amount: positiveRupeesSchema });

const planFields = {
  name: requiredNameSchema('Plan name', 120),
  batch: z.uuid({ error: FEE_MESSAGES.batchRequired }),
  amount: positiveRupeesSchema,
  instalments: z.array(feeInstalmentInputSchema, { error: FEE_MESSAGES.instalmentsRequired }).min(1, FEE_MESSAGES.instalmentsRequired).max(24, FEE_MESSAGES.instalmentsMax),
  /** Shown on the batch's public course card and page (issue 42, point 14); hidden unless the office says so. */
  showOnSite: z.boolean({ error: 'showOnSite must be true or false' }).default(false),
  /** GST (issue 57): whether its dues carry GST; study material sold separately may be exempt. */
  taxable: z.boolean({ error: 'taxable must be true or false' }).default(true),
  /** A refundable deposit (decision 062): no supply, so no GST and out of GSTR-1; a deposit is never taxable. */
  deposit: z.boolean({ error: 'deposit must be true or false' }).default(false),
};

function instalmentsAddUp(plan: { amount: number; instalments: { amount: number }[] }) {
  return plan.instalments.reduce((sum, instalment) => sum + instalment.amount, 0) === plan.amount;
}

/** POST /api/fee-plans. */
export const feePlanInputSchema = z.object(planFields).refine(instalmentsAddUp, { message: FEE_MESSAGES.instalmentsSum, path: ['instalments'] });
/** PUT /api/fee-plans/{id}: `applyToEnrolled` moves enrolled students' future unpaid dues to the new instalments. */
export const feePlanUpdateSchema = z
  .object({ ...planFields, applyToEnrolled: z.boolean().default(false) })
  .refine(instalmentsAddUp, { message: FEE_MESSAGES.instalmentsSum, path: ['instalments'] });
export type FeePlanInput = z.input<typeof feePlanInputSchema>;

export const feePlanSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  batch: namedRefSchema,
  amount: z.number(),
  instalments: z.array(z.object({ dueDate: z.string(), amount: z.number() })),
  showOnSite: z.boolean(),
  taxable: z.boolean(),
  /** A refundable deposit (not a supply): no GST, on no GST document, not in GSTR-1. */
  deposit: z.boolean(),
  /** Students with dues from this plan (a plan in use cannot be deleted). */
  studentCount: z.number().int(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type FeePlan = z.infer<typeof feePlanSchema>;
export const feePlanListSchema = z.object({ plans: z.array(feePlanSchema) });

/** POST /api/students/{id}/payments (header Idempotency-Key: a double tap answers the same receipt). */
export const paymentInputSchema = z.object({
  amount: positiveRupeesSchema,
  date: feeDateSchema,
  mode: paymentModeSchema,
  reference: optionalTextSchema('Reference', 100),
  note: optionalTextSchema('Note', 500),
  /** The due this payment is for (issue 54): it is paid first, the rest goes to the oldest dues. */
  dueId: idSchema.optional(),
  /** GST (issue 57): a registered payer (a company paying for a student) makes the tax invoice B2B. */
  payerGstin: optionalField(
    z
      .string({ error: GST_MESSAGES.payerGstin })
      .toUpperCase()
      .refine((gstin) => gstinValid(gstin), GST_MESSAGES.payerGstin),
    GST_MESSAGES.payerGstin,
  ),
  payerName: optionalField(z.string({ error: GST_MESSAGES.payerName }).trim().max(200, GST_MESSAGES.payerName), GST_MESSAGES.payerName),
  /** A registered payer's own address (CGST rule 46(d)); needed with payerGstin. */
  payerAddress: optionalField(z.string({ error: GST_MESSAGES.payerAddress }).trim().max(300, GST_MESSAGES.payerAddress), GST_MESSAGES.payerAddress),
  /**
   * The student's address when none is on record and the tax invoice needs it (an unregistered
   * recipient, taxable value ₹50,000 or more: CGST rule 46(e)); kept on the invoice.
   */
  studentAddress: optionalField(z.string({ error: GST_MESSAGES.studentAddress }).trim().max(300, GST_MESSAGES.studentAddress), GST_MESSAGES.studentAddress),
}).superRefine((input, context) => {
  // A registered recipient's name and address go on the tax invoice (CGST rule 46(d)).
  if (!input.payerGstin) return;
  if (!input.payerName) context.addIssue({ code: 'custom', path: ['payerName'], message: GST_MESSAGES.payerNameRequired });
  if (!input.payerAddress) context.addIssue({ code: 'custom', path: ['payerAddress'], message: GST_MESSAGES.payerAddressRequired });
});
export type PaymentInput = z.input<typeof paymentInputSchema>;
export const idempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().trim().min(8, 'The Idempotency-Key header must have 8 to 100 characters').max(100, 'The Idempotency-Key header must have 8 to 100 characters').optional() });

export const receiptSchema = z.object({
  _id: z.uuid(),
  number: z.string(),
  date: z.string(),
  amount: z.number(),
  mode: z.enum(RECEIPT_MODES),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  student: personRefSchema,
  /** What it paid, oldest due first. */
  allocations: z.array(z.object({ dueId: z.uuid(), label: z.string(), amount: z.number() })),
  /** The student's balance right after it was recorded. */
  balanceAfter: z.number(),
  cancelled: z.object({ at: isoDateTimeSchema, reason: z.string() }).nullable(),
  /** GST (issue 57): the tax of a tax invoice (null: a plain receipt, GST off on its date). */
  tax: receiptTaxSchema.nullable(),
  /** The credit note a cancelled tax invoice's cancellation made. */
  creditNote: z.object({ number: z.string(), date: z.string() }).nullable(),
  /**
   * The tax invoices issued on instalments' due dates that this payment paid (decision 070): their
   * number and date and what of this payment went to each (rupees, tax included). Money against them is
   * no new supply: with nothing else in the payment `tax` is null (a receipt, not a tax document);
   * with an un-invoiced part too, `tax` is that part's tax invoice and `tax.settled` this money.
   */
  settlesInvoices: z.array(z.object({ _id: z.uuid(), number: z.string(), date: z.string(), amount: z.number() })),
  createdAt: isoDateTimeSchema,
});

/** Who a new receipt goes to and how (issue 42): a parent's app, WhatsApp, SMS, and their email with the PDF. */
export const receiptRecipientSchema = z.object({ name: z.string(), channels: z.array(z.enum(['push', 'whatsapp', 'sms', 'email'])) });
export type ReceiptRecipient = z.infer<typeof receiptRecipientSchema>;
/** POST /api/students/{id}/payments: the receipt and where it goes (empty: nobody can be reached; print it). */
export const recordedPaymentSchema = receiptSchema.extend({ sentTo: z.array(receiptRecipientSchema) });
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptCancelInputSchema = z.object({ reason: z.string({ error: FEE_MESSAGES.reasonRequired }).trim().min(3, FEE_MESSAGES.reasonRequired).max(500, 'The reason can have at most 500 characters') });

export const CONCESSION_KINDS = ['amount', 'percent'] as const;
/** POST /api/students/{id}/concessions: an amount (rupees) or a percentage of what is still due, with a reason. */
export const concessionInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('amount'), amount: positiveRupeesSchema, reason: requiredNameSchema('Reason', 300) }),
    z.object({ kind: z.literal('percent'), percent: z.number({ error: FEE_MESSAGES.percentRange }).int(FEE_MESSAGES.percentRange).min(1, FEE_MESSAGES.percentRange).max(100, FEE_MESSAGES.percentRange), reason: requiredNameSchema('Reason', 300) }),
  ],
  { error: 'Choose an amount or a percentage' },
);

export type ConcessionRequest = z.input<typeof concessionInputSchema>;

/** carried_over (issue 39): a past year's due whose balance moved into the new year's "Previous year balance". */
export const DUE_STATUSES = ['paid', 'due', 'overdue', 'cancelled', 'carried_over'] as const;
export const dueSchema = z.object({
  _id: z.uuid(),
  label: z.string(),
  batch: namedRefSchema.nullable(),
  dueDate: z.string(),
  amount: z.number(),
  concession: z.number(),
  paid: z.number(),
  balance: z.number(),
  status: z.enum(DUE_STATUSES),
});
export type Due = z.infer<typeof dueSchema>;

export const feeTotalsSchema = z.object({
  due: z.number(),
  concession: z.number(),
  paid: z.number(),
  balance: z.number(),
  overdue: z.number(),
  /** What is due now (issue 73): overdue and due today, by `dueNow` (due-now.ts), the reminder's and the pay page's total too. */
  dueNow: z.number(),
});

/**
 * "I have paid" (issue 38): a student or parent reports a UPI payment by its transaction ID (UTR);
 * the office confirms it (the payment and its receipt are recorded) or rejects it with a reason.
 */
export const PAYMENT_CLAIM_MESSAGES = {
  utr: "The UPI transaction ID (UTR) is the 12-digit number in the payment's details in your UPI app",
  paidOnOld: 'Report a payment within 60 days of paying it; for an older one, please talk to the office',
  claimed: 'Thank you: the office will confirm your payment, and the receipt will appear here',
  utrTaken: 'This UPI transaction ID (UTR) was already reported or recorded. If that was not you, please talk to the office',
  notFound: 'Payment report not found',
  notPending: 'This payment report was already confirmed or rejected',
  confirmed: 'Payment confirmed: receipt {number}',
  rejected: 'Payment report rejected',
  reason: 'Say why, in 3 to 300 characters',
  utrOnReceipt: 'Receipt {number} already has this UPI transaction ID (UTR)',
  utrClaimed: 'A family reported this UPI transaction ID (UTR): confirm their report under UPI payments instead',
  duePaid: 'This due is already paid',
  tooManyPending: 'You have already reported {count} payments that the office has not confirmed yet. Please wait for the office, or talk to them',
  pendingAboveBalance: 'With your payments waiting for the office, only ₹{amount} is still due',
} as const;
/** At most this many reports wait for the office per student, and per due (issue 53: 30 in a row were taken). */
export const MAX_PENDING_CLAIMS_PER_STUDENT = 3;
export const MAX_PENDING_CLAIMS_PER_DUE = 2;
/** superseded: the office recorded the payment itself (typed, or from the bank statement) before confirming the report. */
export const CLAIM_STATUSES = ['pending', 'confirmed', 'rejected', 'superseded'] as const;
/** A UTR however it was typed ("UTR:611100000001", "611100000001."), kept as its 12 digits (extractUtr, the one reader). */
export const utrSchema = z
  .string({ error: PAYMENT_CLAIM_MESSAGES.utr })
  .trim()
  .max(60, PAYMENT_CLAIM_MESSAGES.utr)
  .transform((text, context) => {
    const utr = extractUtr(text);
    if (!utr) {
      context.addIssue({ code: 'custom', message: PAYMENT_CLAIM_MESSAGES.utr });
      return z.NEVER;
    }
    return utr;
  });

/** POST /api/payment-claims */
export const paymentClaimInputSchema = z.object({ dueId: idSchema, amount: positiveRupeesSchema, utr: utrSchema, paidOn: feeDateSchema });
export type PaymentClaimInput = z.input<typeof paymentClaimInputSchema>;
export const paymentClaimRejectSchema = z.object({ reason: z.string({ error: PAYMENT_CLAIM_MESSAGES.reason }).trim().min(3, PAYMENT_CLAIM_MESSAGES.reason).max(300, PAYMENT_CLAIM_MESSAGES.reason) });

export const paymentClaimSchema = z.object({
  _id: z.uuid(),
  student: personRefSchema,
  due: z.object({ _id: z.uuid(), label: z.string() }),
  amount: z.number(),
  utr: z.string(),
  paidOn: z.string(),
  status: z.enum(CLAIM_STATUSES),
  claimedBy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  rejectReason: z.string().nullable(),
  receiptNumber: z.string().nullable(),
});
export type PaymentClaim = z.infer<typeof paymentClaimSchema>;
export const paymentClaimListQuerySchema = pagedQuerySchema({ defaultLimit: 50, maxLimit: 200 }).extend({
  status: optionalQueryValue(z.enum(CLAIM_STATUSES, { error: 'status must be pending, confirmed or rejected' })),
});
export const paymentClaimListSchema = z.object({ claims: z.array(paymentClaimSchema), pending: z.number().int(), pagination: paginationSchema });
export type PaymentClaimList = z.infer<typeof paymentClaimListSchema>;

/** GET /api/students/{id}/fees and GET /api/student/fees: the same ledger. */
/**
 * A due's UPI request (issue 38), when the academy has a UPI ID and something is left to pay: the
 * `upi://pay` intent (payee, the balance, note, reference) and the reference naming student and due.
 */
export const dueUpiSchema = z.object({ link: z.string(), reference: z.string() });
export type DueUpi = z.infer<typeof dueUpiSchema>;

/**
 * GST on top of a due's balance (issue 57) when the academy quotes fee plans excluding GST and the
 * due's plan is taxable: the tax and what the family pays (balance + tax); null otherwise.
 */
export const dueTaxSchema = z.object({ tax: z.number(), total: z.number() }).nullable();

/**
 * The tax invoice issued on a due's date (decision 070), null when none is live: its number and date,
 * what it invoices (rupees, tax included), what is left to pay on it, and the credit note that
 * cancelled an earlier one is not shown here (a cancelled invoice is no longer the due's).
 */
export const dueInvoiceSchema = z
  .object({ _id: z.uuid(), number: z.string(), date: z.string(), amount: z.number(), taxable: z.number(), tax: z.number(), left: z.number() })
  .nullable();
export type DueInvoice = z.infer<typeof dueInvoiceSchema>;
export const ledgerSchema = z.object({
  student: personRefSchema,
  dues: z.array(dueSchema.extend({ upi: dueUpiSchema.nullable(), gst: dueTaxSchema, invoice: dueInvoiceSchema })),
  /** With prices excluding GST: the rate and the tax on the whole balance (balance + tax = total); null otherwise. */
  gst: z.object({ rate: z.number(), tax: z.number(), total: z.number() }).nullable(),
  payments: z.array(receiptSchema),
  concessions: z.array(z.object({ _id: z.uuid(), kind: z.enum(CONCESSION_KINDS), value: z.number(), amount: z.number(), reason: z.string(), createdAt: isoDateTimeSchema })),
  /** The family's "I have paid" reports (issue 38), newest first. */
  claims: z.array(paymentClaimSchema),
  totals: feeTotalsSchema,
});
export type Ledger = z.infer<typeof ledgerSchema>;

/**
 * GET /api/pay/{token}: what a fee reminder's pay link opens without signing in (issue 38): the
 * academy, the student, and each due with something left to pay, with its UPI request when the
 * academy has a UPI ID (else `upi` is null and the family pays at the office).
 */
export const PAY_LINK_MESSAGES = {
  invalid: 'This pay link has expired or is not valid. Sign in to the app to see your fees, or ask the office for a new link.',
} as const;
export const payLinkParamsSchema = z.object({ token: z.string().max(100) });
export const payLinkDueParamsSchema = payLinkParamsSchema.extend({ dueId: idSchema });
export const payPageSchema = z.object({
  academy: z.object({ name: z.string(), phone: z.string().nullable() }),
  student: z.object({ name: z.string() }),
  dues: z.array(
    dueSchema.pick({ _id: true, label: true, dueDate: true, balance: true, status: true }).extend({
      upi: dueUpiSchema.nullable(),
      /** The family reported paying it and the office has not confirmed yet (issue 54): the card says so instead of "overdue". */
      reported: z.object({ amount: z.number(), utr: z.string() }).nullable(),
      /** GST on top of the balance when fee plans are quoted excluding GST (issue 57): the UPI request asks for its total. */
      gst: dueTaxSchema,
    }),
  ),
  total: z.number(),
  /** With prices excluding GST: the tax on the dues listed and what is paid (total + tax); null otherwise. */
  gst: z.object({ tax: z.number(), total: z.number() }).nullable(),
});
export type PayPage = z.infer<typeof payPageSchema>;

/** GET /api/fees/dues: unpaid dues, overdue first. */
export const duesQuerySchema = pagedQuerySchema({ defaultLimit: 50, maxLimit: 200 }).extend({
  overdue: optionalQueryValue(z.enum(['true', 'false'], { error: 'overdue must be true or false' })),
  batch: optionalQueryValue(idSchema),
  search: optionalQueryValue(z.string().trim().max(100)),
  /** A past academic year: its dues that were left unpaid, open or carried into the next year (issue 39). */
  year: academicYearQuerySchema.shape.year,
});
export const duesFilterQuerySchema = duesQuerySchema.omit({ page: true, limit: true });
export const duesListSchema = z.object({
  dues: z.array(
    dueSchema.extend({
      student: personRefSchema,
      overdueDays: z.number().int(),
      lastReminderAt: isoDateTimeSchema.nullable(),
      gst: dueTaxSchema,
      /** Its tax invoice issued on its due date (decision 070), null when none is live. */
      invoice: dueInvoiceSchema,
    }),
  ),
  totals: z.object({ outstanding: z.number(), overdue: z.number(), count: z.number().int() }),
  pagination: paginationSchema,
});
export type DuesList = z.infer<typeof duesListSchema>;

/** POST /api/fees/reminders: the chosen dues, or every overdue one. At most one reminder per due per week. */
/**
 * POST /api/fees/reminders: the chosen dues, or every overdue due the office's list shows (`allOverdue`
 * with the list's `batch` and `search`). `dryRun` answers the same counts and queues nothing (the
 * screen's "Remind N families?" question).
 */
export const reminderInputSchema = z
  .object({
    dueIds: z.array(idSchema).max(500).optional(),
    allOverdue: z.boolean().optional(),
    batch: idSchema.optional(),
    search: z.string().trim().max(100).optional(),
    dryRun: z.boolean().optional(),
  })
  .refine((input) => input.allOverdue === true || (input.dueIds?.length ?? 0) > 0, { message: FEE_MESSAGES.chooseDues, path: ['dueIds'] });
/** Dues queued and skipped (reminded this week); the families (students) reminded; those with no way to reach them (no linked parent, no email). */
/**
 * `waiting`: the dues (of `queued`) whose family's messages wait for the quiet hours to end, none going
 * at once (WhatsApp, SMS and the app's notification are held; an email is not), until `waitingUntil`
 * (ISO 8601; null outside quiet hours). The screen says "N sent, M waiting until 7:00 AM" from them.
 */
export const reminderResultSchema = z.object({
  queued: z.number().int(),
  skipped: z.number().int(),
  families: z.number().int(),
  unreachable: z.array(z.string()),
  waiting: z.number().int(),
  waitingUntil: z.string().nullable(),
  /**
   * Issue 73, point 6 (counts say what really happens): `failed`, dues whose family no channel reaches
   * (recorded as failed messages on the Messages screen, not counted as reminded this week), with each
   * student's name and the reason (an English server text, translated by the screen); `notDueYet`,
   * dues chosen whose date has not come (skipped: a reminder names what is due now).
   */
  failed: z.number().int(),
  notSent: z.array(z.object({ name: z.string(), reason: z.string() })),
  notDueYet: z.number().int(),
});
export type ReminderRequest = z.input<typeof reminderInputSchema>;
export type ReminderResult = z.infer<typeof reminderResultSchema>;

/** GET /api/fees/summary: the dashboard card and the Fees screen's report. */
export const feeSummarySchema = z.object({
  collectedThisMonth: z.number(),
  /** Every open balance, instalments still to come included. */
  outstanding: z.number(),
  overdue: z.number(),
  /** What families owe now (issue 73): overdue and due today, the one definition of `dueNow` (due-now.ts). */
  dueNow: z.number(),
  /** Families' UPI payment reports waiting for the office (issue 38). */
  pendingClaims: z.number().int(),
  /** Bank statement credits not (yet) made receipts. */
  unreconciledCredits: z.number().int(),
  /** The newest statement with such a credit: where the dashboard's link opens (issue 54). */
  unreconciledStatementId: z.uuid().nullable(),
});
export type FeeSummary = z.infer<typeof feeSummarySchema>;

/**
 * GET /api/fees/report?year=2025-26: the Fees screen's report for one academic year (issue 39; the
 * current one without `year`): the money in by mode and month (receipts dated in the year, not
 * cancelled, not a register's opening balance), the last 30 days (the current year only), and each of
 * the year's batches (started in it) with what was billed, paid, still owed and carried into the next year.
 */
export const feeReportSchema = z.object({
  year: z.string(),
  collected: z.number(),
  byMode: z.array(z.object({ mode: z.enum(RECEIPT_MODES), amount: z.number() })),
  byDay: z.array(z.object({ date: z.string(), amount: z.number() })),
  /** Every month of the year from June, until this month in the current year. */
  byMonth: z.array(z.object({ month: z.string(), amount: z.number() })),
  byBatch: z.array(
    z.object({ batch: namedRefSchema, billed: z.number(), concession: z.number(), paid: z.number(), outstanding: z.number(), carriedOver: z.number() }),
  ),
});
export type FeeReport = z.infer<typeof feeReportSchema>;

/**
 * Bank statements (issue 38): the office uploads the academy's statement; each credit is matched to a
 * due (its reference in the narration, else its exact amount and a family name) and confirmed as a receipt.
 */
export const STATEMENT_MESSAGES = {
  fileRequired: 'Choose the bank statement file (CSV or Excel .xlsx)',
  tooLarge: 'The statement file must be smaller than 5 MB',
  notFound: 'Bank statement not found',
  mappingSaved: 'The statement columns are saved: upload the statement again',
  column: 'Choose the column from the list',
  read: 'Statement read',
  confirmed: 'Receipts made from the statement',
  chooseStudent: 'Choose the student this credit is for',
  alreadyReceipted: 'This credit is already a receipt',
  creditNotFound: 'This credit is not in this statement',
  conflict: 'A family reported this payment for another amount or due: choose the student and due it pays',
  conflictName: 'The bank names another student or payer than the family who reported this payment: choose the student it pays',
  setAside: 'Credit set aside',
  putBack: 'Credit put back',
  setAsideReceipted: 'This credit is a receipt: cancel the receipt first',
  alreadySetAside: 'This credit is set aside: put it back first',
  notSetAside: 'This credit is not set aside',
  note: 'Write at most 300 characters',
} as const;
/**
 * conflict: a family's pending report of the credit's UTR disagrees with it (another amount, or another due
 * than the reference in the narration names; or the narration names another student or payer than the
 * report's family, issue 71): shown to the office, never confirmed without its choice.
 * set_aside: no fee (a refund, interest), set aside by the office with a note.
 */
export const STATEMENT_MATCHES = ['reference', 'likely', 'conflict', 'none', 'receipted', 'set_aside'] as const;
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export const statementCreditSchema = z.object({
  id: z.uuid(),
  row: z.number().int(),
  date: z.string(),
  amount: z.number(),
  narration: z.string(),
  utr: z.string().nullable(),
  bankReference: z.string().nullable(),
  /** reference: the due's reference (or a family's report of the UTR) names it; likely: exact amount and a family name; receipted: a receipt has it. */
  match: z.enum(STATEMENT_MATCHES),
  /** Why a conflict: `reference` (the due's reference or the amount disagrees with the report), `name` (the narration names another family). */
  conflict: z.enum(['reference', 'name']).nullable(),
  studentId: z.uuid().nullable(),
  dueId: z.uuid().nullable(),
  student: z.string().nullable(),
  due: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  /** A family's pending report of this credit's UTR, if any: what it says, for the office to compare (issue 53). */
  claim: z.object({ id: z.uuid(), studentId: z.uuid(), student: z.string(), dueId: z.uuid(), due: z.string(), amount: z.number() }).nullable(),
  setAside: z.object({ at: isoDateTimeSchema, by: z.string().nullable(), note: z.string().nullable() }).nullable(),
});
export type StatementCredit = z.infer<typeof statementCreditSchema>;
export const bankStatementSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  layout: z.string(),
  uploadedAt: isoDateTimeSchema,
  /** Credits of the file an earlier statement already brought (an overlapping period): not brought again. */
  alreadyImported: z.number().int(),
  debitCount: z.number().int(),
  credits: z.array(statementCreditSchema),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;
export const bankStatementListSchema = z.object({
  statements: z.array(
    z.object({
      id: z.uuid(),
      fileName: z.string(),
      /** hdfc, sbi, icici, or mapped (another bank's columns). */
      layout: z.string(),
      uploadedAt: isoDateTimeSchema,
      /** The first and last day of its credit lines. */
      periodFrom: z.string().nullable(),
      periodTo: z.string().nullable(),
      credits: z.number().int(),
      receipted: z.number().int(),
      setAside: z.number().int(),
      /** Credits neither receipted nor set aside. */
      open: z.number().int(),
    }),
  ),
});
export type BankStatementList = z.infer<typeof bankStatementListSchema>;

const columnName = z.string({ error: STATEMENT_MESSAGES.column }).trim().min(1, STATEMENT_MESSAGES.column).max(100, STATEMENT_MESSAGES.column);
/** PUT /api/fees/bank-statements/mapping: the header texts of the academy's bank's columns (a bank other than HDFC, SBI or ICICI). */
export const statementMappingSchema = z.object({ date: columnName, narration: columnName, reference: columnName.nullable(), credit: columnName });
export type StatementMapping = z.infer<typeof statementMappingSchema>;
/** POST /api/fees/bank-statements/{id}/confirm: the credits to make receipts of; `studentId` chooses or corrects the student. */
export const statementConfirmSchema = z.object({
  credits: z
    .array(z.object({ id: idSchema, studentId: idSchema.optional(), dueId: idSchema.optional() }), { error: 'Send the credits to confirm as a list' })
    .min(1, 'Choose at least one credit')
    .max(1000, 'Confirm at most 1000 credits at once'),
});
export const statementConfirmResultSchema = z.object({
  confirmed: z.number().int(),
  failed: z.array(z.object({ id: z.uuid(), message: z.string() })),
  statement: bankStatementSchema,
});
export type StatementConfirmResult = z.infer<typeof statementConfirmResultSchema>;
/** POST /api/fees/bank-statements/{id}/credits/{creditId}/set-aside: a credit that is no fee, with an optional note. */
export const statementSetAsideSchema = z.object({ note: z.string({ error: STATEMENT_MESSAGES.note }).trim().max(300, STATEMENT_MESSAGES.note).optional() });
