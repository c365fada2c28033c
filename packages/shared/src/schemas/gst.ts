import { z } from 'zod';
import { GST_STATES, gstinValid, gstPeriodRange, gstStateCode } from '../gst';
import { calendarDateSchema, optionalField } from './common';

/** GST (issue 57, docs/decisions/057-gst.md): Settings → Tax, a student's state, a receipt's tax and the GSTR-1 period. */
export const GST_MESSAGES = {
  saved: 'Tax settings saved',
  body: 'Send the tax settings as { gst: { registered, gstin, legalName, rate, sac, pricesIncludeTax, from } }',
  registered: 'Say whether the academy is registered for GST (true or false)',
  gstin: 'Enter a valid GSTIN: 15 characters (state code, PAN, entity number, Z and a check character)',
  gstinRequired: 'Enter the academy’s GSTIN to turn GST on',
  legalName: 'Enter the legal name as on the GST registration, at most 200 characters',
  tradeName: 'The trade name can have at most 200 characters',
  address: 'The registered address can have at most 300 characters',
  rate: 'Enter the GST rate as a percent from 0 to 40, with at most two decimals',
  sac: 'Enter the SAC as 4 to 8 digits (coaching is 999293)',
  pricesIncludeTax: 'Say whether fee plans are quoted including GST (true or false)',
  from: 'Enter the date these settings apply from as YYYY-MM-DD',
  fromBeforeLast: 'Tax settings already apply from {date}: a change applies from that date or later, never backwards',
  state: 'Enter a state’s name or its two-digit GST code, for example Maharashtra or 27',
  period: 'Enter the month as YYYY-MM or the quarter as YYYY-YY-Qn (2026-27-Q1 is April to June 2026)',
  payerGstin: 'Enter the payer’s GSTIN: 15 characters (state code, PAN, entity number, Z and a check character)',
  payerName: 'The payer’s name can have at most 200 characters',
  payerNameRequired: 'Enter the payer’s name as on its GST registration: a registered recipient’s name goes on the tax invoice',
  payerAddress: 'The payer’s address can have at most 300 characters',
  payerAddressRequired: 'Enter the payer’s address: a registered recipient’s address goes on the tax invoice',
  studentAddress: 'The student’s address can have at most 300 characters',
  studentAddressRequired: 'Enter the student’s address: a tax invoice of ₹50,000 or more to a person without a GSTIN carries it',
  mixedPlaces: 'This payment pays fees of a classroom batch and of an online batch, which have different places of supply: record them as two payments, one for each batch’s dues',
  payerNotRegistered: 'A payer’s GSTIN goes on a tax invoice, and GST is not turned on in Settings → Tax for this date',
  notRegistered: 'GST is not turned on in Settings → Tax',
  creditNoteTooLate: 'A credit note for a supply of the financial year {year} could be issued until {date} (CGST Act section 34(2)); this invoice can no longer be cancelled',
  creditNoteNotFound: 'Credit note not found',
  certificateDate: 'Enter the date the GST registration certificate was issued as YYYY-MM-DD, not after today',
  revisedTooLate: 'Revised invoices could be issued until {date}, one month from the registration certificate (CGST Rule 53(2))',
  revisedIssued: 'Revised invoices issued',
  instalmentInvoicing: 'Say how instalments are invoiced: due-date (on each due date, paid or not) or when-paid',
  dueInvoicesIssued: 'Invoices issued for the instalments due: {count}',
  dueInvoiceNotFound: 'Invoice not found',
  dueInvoiceSettled: 'Receipt {number} was paid against this invoice: cancel that receipt first, then this invoice with its credit note',
  dueInvoiceCancelled: 'Invoice cancelled by credit note {number}',
  dueInvoiceAlreadyCancelled: 'This invoice is already cancelled by a credit note',
  invoicedDueChange: 'The due “{label}” has tax invoice {number}: it cannot be lowered or removed silently. Cancel that invoice with a credit note first (the due’s row, “Cancel invoice”), then make the change',
} as const;

/** How instalments are invoiced (CGST Act s.31(5), decision 070): on each due date, paid or not, or when paid. */
export const INSTALMENT_INVOICING = ['due-date', 'when-paid'] as const;
export type InstalmentInvoicing = (typeof INSTALMENT_INVOICING)[number];

const rateSchema = z
  .number({ error: GST_MESSAGES.rate })
  .min(0, GST_MESSAGES.rate)
  .max(40, GST_MESSAGES.rate)
  .refine((rate) => Number.isInteger(Math.round(rate * 100)) && Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, GST_MESSAGES.rate);

/** A state as sent: its name or two-digit code, answered as the code; '' or null clears it. */
export const gstStateInputSchema = optionalField(
  z.string({ error: GST_MESSAGES.state }).transform((value, context) => {
    const code = gstStateCode(value);
    if (!code) {
      context.addIssue({ code: 'custom', message: GST_MESSAGES.state });
      return z.NEVER;
    }
    return code;
  }),
  GST_MESSAGES.state,
);

const gstinSchema = z
  .string({ error: GST_MESSAGES.gstin })
  .trim()
  .toUpperCase()
  .refine((gstin) => gstinValid(gstin), GST_MESSAGES.gstin);

/** PUT /api/admin/settings/tax. Registered needs the GSTIN and legal name; rate 18 and SAC 999293 when left out; `from` today when left out. */
export const taxSettingsInputSchema = z.object(
  {
    gst: z
      .object(
        {
          registered: z.boolean({ error: GST_MESSAGES.registered }),
          gstin: optionalField(gstinSchema, GST_MESSAGES.gstin),
          legalName: optionalField(z.string({ error: GST_MESSAGES.legalName }).trim().max(200, GST_MESSAGES.legalName), GST_MESSAGES.legalName),
          tradeName: optionalField(z.string({ error: GST_MESSAGES.tradeName }).trim().max(200, GST_MESSAGES.tradeName), GST_MESSAGES.tradeName),
          address: optionalField(z.string({ error: GST_MESSAGES.address }).trim().max(300, GST_MESSAGES.address), GST_MESSAGES.address),
          rate: rateSchema.default(18),
          sac: z.string({ error: GST_MESSAGES.sac }).trim().regex(/^\d{4,8}$/, GST_MESSAGES.sac).default('999293'),
          pricesIncludeTax: z.boolean({ error: GST_MESSAGES.pricesIncludeTax }).default(true),
          from: calendarDateSchema.optional(),
          /** Left out: as the latest saved settings say, else on due dates (decision 070). */
          instalmentInvoicing: z.enum(INSTALMENT_INVOICING, { error: GST_MESSAGES.instalmentInvoicing }).optional(),
        },
        { error: GST_MESSAGES.body },
      )
      .superRefine((gst, context) => {
        if (!gst.registered) return;
        if (!gst.gstin) context.addIssue({ code: 'custom', path: ['gstin'], message: GST_MESSAGES.gstinRequired });
        if (!gst.legalName) context.addIssue({ code: 'custom', path: ['legalName'], message: GST_MESSAGES.legalName });
      }),
  },
  { error: GST_MESSAGES.body },
);
export type TaxSettingsInput = z.input<typeof taxSettingsInputSchema>;

export const taxSettingsSchema = z.object({
  gst: z.object({
    registered: z.boolean(),
    gstin: z.string().nullable(),
    legalName: z.string().nullable(),
    tradeName: z.string().nullable(),
    address: z.string().nullable(),
    rate: z.number(),
    sac: z.string(),
    pricesIncludeTax: z.boolean(),
    /** Instalments invoiced on each due date, paid or not, or when paid (decision 070). */
    instalmentInvoicing: z.enum(INSTALMENT_INVOICING),
    /** The date these settings apply from (null: never saved, GST off). */
    from: z.string().nullable(),
    /** The state of the GSTIN (its first two digits) and its name; null without a GSTIN. */
    state: z.object({ code: z.string(), name: z.string() }).nullable(),
  }),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

/** A receipt's tax when it is a tax invoice: rupees with two decimals, the parts adding up to the amount. */
export const receiptTaxSchema = z.object({
  /**
   * The GST document it is (decision 062): a tax invoice (something taxable; with exempt money too, an
   * "invoice-cum-bill of supply", CGST rule 46A), a bill of supply (nothing taxable, rule 49), or a
   * revised invoice (rule 53, a registration dated back).
   */
  kind: z.enum(['tax-invoice', 'bill-of-supply', 'revised-invoice']),
  number: z.string(),
  /** The document's date (a revised invoice's is the day it was issued). */
  date: z.string(),
  gstin: z.string(),
  sac: z.string(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** The GST rate in percent (18). */
  rate: z.number(),
  /** The place of supply's two-digit state code (GSTR-1's `pos`). */
  placeOfSupply: z.string(),
  placeOfSupplyName: z.string(),
  /** What went to dues of plans that are not taxable (no GST on it); taxable + cgst + sgst + igst + exempt = amount. */
  exempt: z.number(),
  /** What went to refundable deposits: no supply, no GST, not in GSTR-1 (decision 062). */
  deposit: z.number(),
  /** The paisa no taxable value meets (decision 062); taxable + cgst + sgst + igst + roundOff + exempt + deposit = amount. */
  roundOff: z.number(),
  /** A registered payer (B2B): its GSTIN, name and address, null otherwise. */
  payer: z.object({ gstin: z.string(), name: z.string().nullable(), address: z.string().nullable() }).nullable(),
  /** What of the payment went to tax invoices issued earlier on due dates (decision 070; `settlesInvoices`): in no figure of this invoice's tax. */
  settled: z.number(),
});
export type ReceiptTax = z.infer<typeof receiptTaxSchema>;

/** GET/POST /api/fees/gst/revised-invoices: the day the registration certificate was issued. */
export const revisedInvoicesInputSchema = z.object({ certificateDate: z.iso.date({ error: GST_MESSAGES.certificateDate }) }, { error: GST_MESSAGES.certificateDate });

/** A payment of a registration dated back and the revised invoice it gets (rupees; decision 063). */
export const revisedInvoiceSchema = z.object({
  receiptId: z.uuid(),
  receiptNumber: z.string(),
  date: z.string(),
  student: z.object({ _id: z.uuid(), name: z.string() }),
  /** The revised invoice's number once issued; null in a preview. */
  number: z.string().nullable(),
  amount: z.number(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  exempt: z.number(),
  placeOfSupply: z.string(),
});
/** The payments of the window (from the registration's effective date to the certificate) without a tax invoice, and what the revised invoices would say. */
export const revisedInvoicesSchema = z.object({
  certificateDate: z.string(),
  /** The last day they may be issued: one month from the certificate (Rule 53(2)). */
  lastDate: z.string(),
  /** Whether today is on or before lastDate. */
  allowed: z.boolean(),
  invoices: z.array(revisedInvoiceSchema),
});
export type RevisedInvoices = z.infer<typeof revisedInvoicesSchema>;

/** A month `YYYY-MM` or a financial year's quarter `YYYY-YY-Qn` (QRMP filers). */
export const gstPeriodQuerySchema = z.object({ period: z.string({ error: GST_MESSAGES.period }).refine((period) => gstPeriodRange(period) !== undefined, GST_MESSAGES.period) });

/** GET /api/fees/gst?period=YYYY-MM: the month's invoices and credit notes with their tax (rupees). */
export const gstDocumentSchema = z.object({
  kind: z.enum(['invoice', 'revised_invoice', 'credit_note']),
  number: z.string(),
  date: z.string(),
  /** The invoice a credit note refers to; the receipt a revised invoice revises. */
  invoiceNumber: z.string().nullable(),
  receiptId: z.uuid(),
  /** An invoice issued on an instalment's due date (decision 070; `receiptId` is then this invoice's id), null for a receipt's document. */
  dueInvoiceId: z.uuid().nullable(),
  student: z.object({ _id: z.uuid(), name: z.string() }),
  placeOfSupply: z.string(),
  value: z.number(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  exempt: z.number(),
  rate: z.number(),
  /** A registered payer's GSTIN (the document is B2B). */
  payerGstin: z.string().nullable(),
  /** The GSTR-1 table it is reported in. */
  table: z.enum(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'nil']),
});
export type GstDocument = z.infer<typeof gstDocumentSchema>;
export const gstMonthSchema = z.object({
  period: z.string(),
  registered: z.boolean(),
  gstin: z.string().nullable(),
  documents: z.array(gstDocumentSchema),
  totals: z.object({ taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number(), exempt: z.number(), value: z.number() }),
});
export type GstMonth = z.infer<typeof gstMonthSchema>;

export const gstStateOptions = Object.entries(GST_STATES).map(([code, name]) => ({ code, name }));
