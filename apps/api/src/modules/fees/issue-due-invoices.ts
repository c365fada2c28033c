import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { dateIn, financialYearOf } from '@academy/shared/calendar';
import { formatPaise, paiseToRupees as rupees, receiptNumber } from '@academy/shared/money';
import type { Db, DbExecutor } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { feeDueInvoices, feeDues, feePlans, feeReceiptCounters, feeReceipts, students } from '../../db/schema';
import { recordAudits, type AuditActor } from '../audit';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { balanceSql, DUE_LOCK_ORDER, dueDeliverySql } from './fee-queries';
import { invoiceTax, payableWithTax, placeOfSupplyOf, registrationOn } from '../gst';
import { joinOn, thisAcademy, qualified } from '../../db/same-academy';

/**
 * Instalments as a continuous supply (CGST Act s.31(5)(a), docs/decisions/070-instalment-invoices-on-due-dates.md):
 * the tax invoices issued on the instalments' due dates (job `due-date-invoices`, or the office's "Issue
 * due invoices now"). Their payments, cancellations and PDFs are in due-invoices.service.
 */

type Registration = NonNullable<Awaited<ReturnType<typeof registrationOn>>>;
type Candidate = Awaited<ReturnType<typeof lockCandidates>>[number];
type Payer = { gstin: string; name: string | null; address: string | null };
type InvoiceToIssue = typeof feeDueInvoices.$inferInsert & { label: string };

/**
 * Issues the tax invoices of every instalment whose due date has come (the academy's today) and that has
 * no live invoice, while the registration in force on that date says "on each due date". Only dues of a
 * taxable fee plan (not a deposit), still open with something left, whose due date is not before the
 * day the due was made nor before the day those settings were saved: an invoice is never dated back
 * into a period whose return may be filed (those dues are invoiced when paid, as before). One
 * transaction for the academy: the numbers come from the receipts' counter, gap-free. Run twice, the
 * second run finds nothing (the partial unique index on a due's live invoice holds it too). Answers the
 * number issued.
 */
export async function issueDueInvoices(db: Db, actor: AuditActor = null): Promise<number> {
  return transactionWithRetry(db, async (tx) => {
    const { timeZone } = await getAcademySettings(tx);
    const today = await academyToday(tx);
    const candidates = await lockCandidates(tx, timeZone, today);
    if (candidates.length === 0) return 0;
    const registrations = new Map<string, Registration | undefined>();
    const registrationFor = async (date: string) => {
      if (!registrations.has(date)) registrations.set(date, await registrationOn(tx, date));
      return registrations.get(date);
    };
    const payers = await payersOf(tx, candidates);
    const toIssue: InvoiceToIssue[] = [];
    for (const due of candidates) {
      const registration = await registrationFor(due.dueDate);
      if (!registration || registration.instalmentInvoicing !== 'due-date') continue;
      if (due.dueDate < dateIn(timeZone, registration.createdAt)) continue;
      toIssue.push(invoiceOf(due, registration, payers.get(due.studentId) ?? null));
    }
    if (toIssue.length === 0) return 0;
    await numberInvoices(tx, toIssue);
    return insertInvoices(tx, actor, toIssue);
  });
}

/** The dues whose invoice is due today and not issued, locked in the dues' lock order. */
async function lockCandidates(tx: DbExecutor, timeZone: string, today: string) {
  return tx
    .select({
      id: feeDues.id,
      studentId: feeDues.studentId,
      label: feeDues.label,
      dueDate: feeDues.dueDate,
      balance: balanceSql.mapWith(Number),
      delivery: dueDeliverySql().mapWith((value: string) => value as 'classroom' | 'online'),
      studentState: students.state,
      studentAddress: students.address,
    })
    .from(feeDues)
    .innerJoin(feePlans, joinOn(feePlans.id, feeDues.planId))
    .innerJoin(students, joinOn(students.id, feeDues.studentId))
    .where(
      and(
        eq(feeDues.status, 'open'),
        sql`${balanceSql} > 0`,
        lte(feeDues.dueDate, today),
        eq(feePlans.taxable, true),
        eq(feePlans.deposit, false),
        sql`${feeDues.dueDate} >= (${feeDues.createdAt} at time zone ${timeZone})::date`,
        sql`not exists (select 1 from ${feeDueInvoices} where ${feeDueInvoices.dueId} = ${feeDues.id} and ${feeDueInvoices.academyId} = ${qualified(feeDues.academyId)} and ${feeDueInvoices.creditNoteNumber} is null) and ${thisAcademy(feeDues)}`,
      ),
    )
    .orderBy(...DUE_LOCK_ORDER)
    .for('update', { of: feeDues });
}

/** A company paying for a student (its GSTIN on the student's latest live invoice) is the recipient again (decision 062). */
async function payersOf(tx: DbExecutor, candidates: readonly Candidate[]): Promise<Map<string, Payer>> {
  const payerRows = await tx
    .select({ studentId: feeReceipts.studentId, gstin: feeReceipts.payerGstin, name: feeReceipts.payerName, address: feeReceipts.payerAddress })
    .from(feeReceipts)
    .where(and(inArray(feeReceipts.studentId, [...new Set(candidates.map((due) => due.studentId))]), sql`${feeReceipts.payerGstin} is not null`, isNull(feeReceipts.cancelledAt)))
    .orderBy(desc(feeReceipts.createdAt));
  const payers = new Map<string, Payer>();
  for (const row of payerRows) if (!payers.has(row.studentId)) payers.set(row.studentId, { gstin: row.gstin!, name: row.name, address: row.address });
  return payers;
}

/** A due's invoice with its tax, not yet numbered. */
function invoiceOf(due: Candidate, registration: Registration, payer: Payer | null): InvoiceToIssue {
  const taxed = [{ id: due.id, balance: due.balance, taxable: true, deposit: false, delivery: due.delivery }];
  const { interState } = placeOfSupplyOf(registration, due.studentState, payer?.gstin ?? null, taxed);
  const amount = payableWithTax(registration, taxed, interState);
  const tax = invoiceTax(registration, due.studentState, payer, taxed, amount);
  return {
    label: due.label,
    dueId: due.id,
    studentId: due.studentId,
    financialYear: financialYearOf(due.dueDate),
    seq: 0,
    number: '',
    date: due.dueDate,
    duePaise: due.balance,
    amountPaise: amount,
    gstin: tax.gstin,
    gstRegistrationId: tax.registrationId,
    sac: tax.sac,
    taxRateBp: tax.rateBp,
    pricesIncludeTax: registration.pricesIncludeTax,
    taxablePaise: tax.taxable,
    cgstPaise: tax.cgst,
    sgstPaise: tax.sgst,
    igstPaise: tax.igst,
    roundOffPaise: tax.roundOff,
    placeOfSupply: tax.placeOfSupply,
    payerGstin: payer?.gstin ?? null,
    payerName: payer?.name ?? null,
    payerAddress: payer?.address ?? null,
    recipientAddress: payer ? null : due.studentAddress,
    recipientState: payer ? null : due.studentState,
  };
}

/** The receipts' own counter (one series of tax invoices per financial year, decision 070), moved once per year. */
async function numberInvoices(tx: DbExecutor, toIssue: InvoiceToIssue[]): Promise<void> {
  const byYear = new Map<string, InvoiceToIssue[]>();
  for (const entry of toIssue) byYear.set(entry.financialYear, [...(byYear.get(entry.financialYear) ?? []), entry]);
  for (const [year, entries] of byYear) {
    const [counter] = await tx
      .insert(feeReceiptCounters)
      .values({ financialYear: year, lastSeq: entries.length })
      .onConflictDoUpdate({ target: [feeReceiptCounters.academyId, feeReceiptCounters.financialYear], set: { lastSeq: sql`${feeReceiptCounters.lastSeq} + ${entries.length}` } })
      .returning({ last: feeReceiptCounters.lastSeq });
    entries.forEach((entry, index) => {
      entry.seq = counter!.last - entries.length + index + 1;
      entry.number = receiptNumber(year, entry.seq);
    });
  }
}

/** The numbered invoices written, each with its audit entry; answers how many. */
async function insertInvoices(tx: DbExecutor, actor: AuditActor, toIssue: readonly InvoiceToIssue[]): Promise<number> {
  const rows = await tx
    .insert(feeDueInvoices)
    .values(toIssue.map(({ label: _label, ...row }) => row))
    .returning({ id: feeDueInvoices.id, studentId: feeDueInvoices.studentId, number: feeDueInvoices.number, amountPaise: feeDueInvoices.amountPaise });
  await recordAudits(
    tx,
    actor,
    rows.map((row, index) => ({
      action: 'create',
      entityType: 'fee_due_invoice',
      entityId: row.id,
      relatedId: row.studentId,
      text: { key: 'fee_due_invoice.issued', values: { number: row.number, amount: formatPaise(row.amountPaise), due: toIssue[index]!.label } },
      changes: { number: { old: null, new: row.number }, amount: { old: null, new: rupees(row.amountPaise) } },
    })),
  );
  return rows.length;
}
