import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { createdByAndAt } from './users';
import { academyRow } from './academy-column';

/*
 * GST (issue 57, docs/decisions/057-gst.md). Settings → Tax is a history: each save is a new row that
 * applies from its date (`effective_from`), never changed afterwards; a payment's receipt takes the
 * row in force on the payment's date and keeps its own copy of the tax (fee_receipts' tax columns), so
 * a later change never reaches an issued invoice.
 */
export const gstRegistrations = academyTable(
  'gst_registrations',
  {
    ...academyRow(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    registered: boolean().notNull(),
    gstin: varchar({ length: 15 }),
    legalName: varchar({ length: 200 }),
    tradeName: varchar({ length: 200 }),
    address: varchar({ length: 300 }),
    /** Basis points: 1800 = 18 %. */
    rateBp: integer().notNull(),
    sac: varchar({ length: 8 }).notNull(),
    pricesIncludeTax: boolean().notNull(),
    /**
     * Instalments as a continuous supply (CGST Act s.31(5), decision 070): 'due-date' issues a tax
     * invoice on each instalment's due date, paid or not; 'when-paid' invoices each payment (as before).
     */
    instalmentInvoicing: varchar({ length: 10, enum: ['due-date', 'when-paid'] })
      .notNull()
      .default('due-date'),
    ...createdByAndAt(),
  },
  (table) => [
    // The one in force on a date: the latest `effective_from` up to it, the latest saved among equals.
    index('gst_registrations_academy_from_idx').on(table.academyId, table.effectiveFrom, table.createdAt),
    index('gst_registrations_created_by_idx').on(table.createdBy),
    check('gst_registrations_rate_check', sql`${table.rateBp} between 0 and 4000`),
    check('gst_registrations_instalment_invoicing_check', sql`${table.instalmentInvoicing} in ('due-date', 'when-paid')`),
    check('gst_registrations_gstin_check', sql`not ${table.registered} or ${table.gstin} is not null`),
  ],
);
