import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { financialYearOf, formatDate } from '@academy/shared/calendar';
import { payDuesWithTax, revisedInvoiceLastDate } from '@academy/shared/gst';
import { formatPaise, paiseToRupees as rupees } from '@academy/shared/money';
import { GST_MESSAGES, type RevisedInvoices } from '@academy/shared/schemas/gst';
import type { Db, DbExecutor } from '../../db/client';
import { feeAllocations, feeDues, feePlans, feeReceipts, feeRevisedInvoiceCounters, gstRegistrations, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { academyToday } from '../../academy-settings';
import { recordAudits, type AuditActor } from '../audit';
import { placeOfSupplyOf } from '../gst';
import { dueDeliverySql } from './fee-queries';
import { joinOn, thisAcademy } from '../../db/same-academy';

/**
 * Revised invoices for a registration dated back (issue 72, decision 063). A person whose registration
 * is granted from an earlier date "may issue revised tax invoices against the invoice already issued
 * during the period beginning with the effective date of registration till the date of the issuance of
 * certificate of registration" (CGST Act s.31(3)(a)), "within one month from the date of issuance of
 * certificate of registration" (CGST Rule 53(2)). The receipts of that window were plain (GST was off
 * in the app on their dates when they were made); each gets a revised invoice in its own gap-free series,
 * RI/2026-27/0001, dated the day it is issued, reported in the GSTR-1 of that month (the first return
 * after the grant, s.40) and in Table 13 as "Revised Invoice".
 *
 * The money received is the whole consideration: no tax was collected on top, so the tax is carved out
 * of it (taxable value = amount ÷ (1 + rate), as a price including GST), over the dues it paid, exempt
 * plans staying exempt. What the receipt paid into the dues does not change.
 */

/** A revised invoice number: 'RI/2026-27/0001' (15 characters; Rule 46(b): unique for the financial year). */
export function revisedInvoiceNumber(year: string, seq: number): string {
  return `RI/${year}/${String(seq).padStart(4, '0')}`;
}

type Registration = typeof gstRegistrations.$inferSelect;
type Candidate = {
  receiptId: string;
  receiptNumber: string;
  date: string;
  amount: number;
  studentId: string;
  studentName: string;
  registration: Registration;
  tax: ReturnType<typeof payDuesWithTax> & { placeOfSupply: string };
};

/** The registration in force on a date among all rows (as registrationOn: the latest `from` up to it, the latest saved among equals), if it is registered. */
function inForce(registrations: readonly Registration[], date: string): Registration | undefined {
  const row = registrations.find((registration) => registration.effectiveFrom <= date);
  return row?.registered && row.gstin ? row : undefined;
}

/** The window's plain receipts that are not cancelled, with the tax their revised invoice carries; `lock` inside the issuing transaction. */
async function candidates(db: DbExecutor, certificateDate: string, lock: boolean): Promise<Candidate[]> {
  const registrations = await db.select().from(gstRegistrations).orderBy(desc(gstRegistrations.effectiveFrom), desc(gstRegistrations.createdAt));
  const firstFrom = registrations.filter((row) => row.registered && row.gstin).at(-1)?.effectiveFrom;
  if (!firstFrom) return [];
  const query = db
    .select({ id: feeReceipts.id, number: feeReceipts.number, date: feeReceipts.date, amount: feeReceipts.amountPaise, studentId: feeReceipts.studentId, studentName: users.name, state: students.state })
    .from(feeReceipts)
    .innerJoin(students, joinOn(students.id, feeReceipts.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(and(isNull(feeReceipts.taxRateBp), isNull(feeReceipts.cancelledAt), gte(feeReceipts.date, firstFrom), lte(feeReceipts.date, certificateDate), thisAcademy(feeReceipts)))
    .orderBy(asc(feeReceipts.date), asc(feeReceipts.financialYear), asc(feeReceipts.seq));
  const rows = lock ? await query.for('update', { of: feeReceipts }) : await query;
  const inWindow = rows.map((row) => ({ row, registration: inForce(registrations, row.date) })).filter((entry) => entry.registration);
  if (inWindow.length === 0) return [];
  const allocations = await db
    .select({ receiptId: feeAllocations.receiptId, dueId: feeAllocations.dueId, amount: feeAllocations.amountPaise, taxable: sql<boolean>`coalesce(${feePlans.taxable}, true)`.mapWith(Boolean), deposit: sql<boolean>`coalesce(${feePlans.deposit}, false)`.mapWith(Boolean), delivery: dueDeliverySql() })
    .from(feeAllocations)
    .innerJoin(feeDues, joinOn(feeDues.id, feeAllocations.dueId))
    .leftJoin(feePlans, joinOn(feePlans.id, feeDues.planId))
    .where(inArray(feeAllocations.receiptId, inWindow.map((entry) => entry.row.id)))
    .orderBy(asc(feeDues.dueDate), asc(feeDues.seq));
  const revisable = inWindow.map(({ row, registration }) => {
    const dues = allocations.filter((allocation) => allocation.receiptId === row.id).map((allocation) => ({ id: allocation.dueId, balance: allocation.amount, taxable: allocation.taxable, deposit: allocation.deposit, delivery: allocation.delivery }));
    // Place of supply: the payments' own rule (decision 062, IGST Act s.12(5)(b) for a classroom, s.12(2) online),
    // by the batch of the first taxable due it paid. No payer GSTIN was taken on a plain receipt.
    const { placeOfSupply, interState } = placeOfSupplyOf(registration!, row.state, null, dues);
    // The amount received is the consideration, tax included (see above): split as a price including GST.
    const tax = payDuesWithTax(dues, row.amount, registration!.rateBp, true, interState);
    return { receiptId: row.id, receiptNumber: row.number, date: row.date, amount: row.amount, studentId: row.studentId, studentName: row.studentName, registration: registration!, tax: { ...tax, placeOfSupply } };
  });
  // Refundable deposit money only is no supply (decision 062): no revised invoice for it.
  return revisable.filter((entry) => entry.tax.deposit < entry.amount);
}

async function windowFor(db: DbExecutor, certificateDate: string) {
  const today = await academyToday(db);
  if (certificateDate > today) throw new AppError('BAD_REQUEST', GST_MESSAGES.certificateDate, { certificateDate: GST_MESSAGES.certificateDate });
  const lastDate = revisedInvoiceLastDate(certificateDate);
  return { today, lastDate, allowed: today <= lastDate };
}

const answer = (certificateDate: string, lastDate: string, allowed: boolean, list: readonly Candidate[], numbers: ReadonlyMap<string, string> = new Map()): RevisedInvoices => ({
  certificateDate,
  lastDate,
  allowed,
  invoices: list.map((entry) => ({
    receiptId: entry.receiptId,
    receiptNumber: entry.receiptNumber,
    date: entry.date,
    student: { _id: entry.studentId, name: entry.studentName },
    number: numbers.get(entry.receiptId) ?? null,
    amount: rupees(entry.amount),
    taxable: rupees(entry.tax.taxable),
    cgst: rupees(entry.tax.cgst),
    sgst: rupees(entry.tax.sgst),
    igst: rupees(entry.tax.igst),
    exempt: rupees(entry.tax.exempt),
    placeOfSupply: entry.tax.placeOfSupply,
  })),
});

/** GET /api/fees/gst/revised-invoices?certificateDate=: what "Issue revised invoices" would issue, nothing written. */
export async function previewRevisedInvoices(db: DbExecutor, certificateDate: string): Promise<RevisedInvoices> {
  const { lastDate, allowed } = await windowFor(db, certificateDate);
  return answer(certificateDate, lastDate, allowed, await candidates(db, certificateDate, false));
}

/**
 * POST /api/fees/gst/revised-invoices: issues them in one transaction, numbers from the financial year's
 * counter row (so gap-free, as receipts). Refused (409) after one month from the certificate. Issuing
 * again finds none left: each receipt gets one revised invoice.
 */
export async function issueRevisedInvoices(db: Db, actor: AuditActor, certificateDate: string): Promise<RevisedInvoices> {
  return db.transaction(async (tx) => {
    const { today, lastDate, allowed } = await windowFor(tx, certificateDate);
    if (!allowed) throw new AppError('CONFLICT', GST_MESSAGES.revisedTooLate.replace('{date}', formatDate(lastDate)));
    const list = await candidates(tx, certificateDate, true);
    const numbers = new Map<string, string>();
    if (list.length === 0) return answer(certificateDate, lastDate, allowed, list);
    const year = financialYearOf(today);
    const [counter] = await tx
      .insert(feeRevisedInvoiceCounters)
      .values({ financialYear: year, lastSeq: list.length })
      .onConflictDoUpdate({ target: [feeRevisedInvoiceCounters.academyId, feeRevisedInvoiceCounters.financialYear], set: { lastSeq: sql`${feeRevisedInvoiceCounters.lastSeq} + ${list.length}` } })
      .returning({ last: feeRevisedInvoiceCounters.lastSeq });
    for (const [index, entry] of list.entries()) {
      const seq = counter!.last - list.length + index + 1;
      const number = revisedInvoiceNumber(year, seq);
      numbers.set(entry.receiptId, number);
      await tx
        .update(feeReceipts)
        .set({
          gstin: entry.registration.gstin,
          gstRegistrationId: entry.registration.id,
          sac: entry.registration.sac,
          taxRateBp: entry.registration.rateBp,
          taxablePaise: entry.tax.taxable,
          cgstPaise: entry.tax.cgst,
          sgstPaise: entry.tax.sgst,
          igstPaise: entry.tax.igst,
          exemptPaise: entry.tax.exempt,
          placeOfSupply: entry.tax.placeOfSupply,
          revisedFinancialYear: year,
          revisedSeq: seq,
          revisedNumber: number,
          revisedDate: today,
        })
        .where(eq(feeReceipts.id, entry.receiptId));
    }
    await recordAudits(
      tx,
      actor,
      list.map((entry) => ({
        action: 'update',
        entityType: 'fee_receipt',
        entityId: entry.receiptId,
        relatedId: entry.studentId,
        text: { key: 'fee_receipt.revised', values: { invoice: numbers.get(entry.receiptId)!, number: entry.receiptNumber, amount: formatPaise(entry.amount) } },
        changes: { revisedInvoice: { old: null, new: numbers.get(entry.receiptId)! } },
      })),
    );
    return answer(certificateDate, lastDate, allowed, list, numbers);
  });
}
