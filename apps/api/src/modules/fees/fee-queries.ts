import { and, asc, between, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { academicYearEnd, academicYearStart } from '@academy/shared/calendar';
import { paiseToRupees as rupees } from '@academy/shared/money';
import { GST_STATES, type BatchDelivery } from '@academy/shared/gst';
import type { Due, Receipt } from '@academy/shared/schemas/fees';
import type { DbExecutor } from '../../db/client';
import { batches, feeAllocations, feeDueInvoices, feeDues, feeInvoiceSettlements, feePlans, feeReceipts, students, users } from '../../db/schema';
import { containsPattern } from '../../lib/search';
import { academySql, joinOn, qualified, thisAcademy } from '../../db/same-academy';

/**
 * What the fees module's use cases share: the balance of a due as SQL, the one order of locking dues,
 * a due's state and the receipts query. Internal to the module (other modules use index.ts).
 */

/**
 * A due's own fields as every list of dues answers them: amounts in rupees, `balance` (paise) being
 * what the caller counts as left (a carried-over due, in a ledger, owes nothing itself).
 */
export function dueFields(due: typeof feeDues.$inferSelect, batchName: string | null, balance: number) {
  return {
    _id: due.id,
    label: due.label,
    batch: due.batchId && batchName ? { _id: due.batchId, name: batchName } : null,
    dueDate: due.dueDate,
    amount: rupees(due.amountPaise),
    concession: rupees(due.concessionPaise),
    paid: rupees(due.paidPaise),
    balance: rupees(balance),
  };
}

/** What is left of a due (paise), as SQL. */
export const balanceSql = sql<number>`(${feeDues.amountPaise} - ${feeDues.concessionPaise} - ${feeDues.paidPaise})`;
/**
 * The one order in which dues are locked (FOR UPDATE), everywhere: oldest first, and the id last so
 * that no two dues tie (two batches' instalments due the same day, made in one transaction, have the
 * same date, seq and created_at). Transactions that lock rows in one total order cannot deadlock.
 */
export const DUE_LOCK_ORDER = [asc(feeDues.dueDate), asc(feeDues.seq), asc(feeDues.createdAt), asc(feeDues.id)];

/** A due's state for its reader today: cancelled, carried over (into a new year's balance), paid, overdue or due. */
export function dueStatus(row: { status: string; balance: number; dueDate: string }, today: string): Due['status'] {
  if (row.status === 'cancelled') return 'cancelled';
  if (row.status === 'carried_over') return 'carried_over';
  if (row.balance <= 0) return 'paid';
  return row.dueDate < today ? 'overdue' : 'due';
}

/**
 * Which tax document a receipt with tax is: a revised invoice issued later for a registration dated
 * back (decision 063), a bill of supply when none of it is taxable, else a tax invoice.
 */
export function receiptTaxKind(receipt: {
  revisedNumber: string | null;
  taxablePaise: number | null;
  cgstPaise: number | null;
  sgstPaise: number | null;
  igstPaise: number | null;
}): 'tax-invoice' | 'bill-of-supply' | 'revised-invoice' {
  if (receipt.revisedNumber) return 'revised-invoice';
  const taxed = (receipt.taxablePaise ?? 0) + (receipt.cgstPaise ?? 0) + (receipt.sgstPaise ?? 0) + (receipt.igstPaise ?? 0);
  return taxed > 0 ? 'tax-invoice' : 'bill-of-supply';
}

/** Receipts with their student's name and what each paid, newest first. */
export async function receiptsWhere(db: DbExecutor, where: SQL | undefined): Promise<Receipt[]> {
  const rows = await db
    .select({ receipt: feeReceipts, studentName: users.name })
    .from(feeReceipts)
    .innerJoin(students, joinOn(students.id, feeReceipts.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(and(thisAcademy(feeReceipts), where))
    .orderBy(desc(feeReceipts.date), desc(feeReceipts.createdAt));
  const allocations = rows.length
    ? await db
        .select({ receiptId: feeAllocations.receiptId, dueId: feeAllocations.dueId, label: feeDues.label, amountPaise: feeAllocations.amountPaise, dueDate: feeDues.dueDate })
        .from(feeAllocations)
        .innerJoin(feeDues, joinOn(feeDues.id, feeAllocations.dueId))
        .where(and(thisAcademy(feeAllocations), inArray(feeAllocations.receiptId, rows.map((row) => row.receipt.id))))
        .orderBy(asc(feeDues.dueDate), asc(feeDues.seq))
    : [];
  // The due-date invoices each receipt paid (decision 070).
  const settlements = rows.length
    ? await db
        .select({ receiptId: feeInvoiceSettlements.receiptId, invoiceId: feeDueInvoices.id, number: feeDueInvoices.number, date: feeDueInvoices.date, amountPaise: feeInvoiceSettlements.amountPaise })
        .from(feeInvoiceSettlements)
        .innerJoin(feeDueInvoices, joinOn(feeDueInvoices.id, feeInvoiceSettlements.invoiceId))
        .where(and(thisAcademy(feeInvoiceSettlements), inArray(feeInvoiceSettlements.receiptId, rows.map((row) => row.receipt.id))))
        .orderBy(asc(feeDueInvoices.financialYear), asc(feeDueInvoices.seq))
    : [];
  return rows.map(({ receipt, studentName }) => ({
    _id: receipt.id,
    number: receipt.number,
    date: receipt.date,
    amount: rupees(receipt.amountPaise),
    mode: receipt.mode,
    reference: receipt.reference,
    note: receipt.note,
    student: { _id: receipt.studentId, name: studentName },
    allocations: allocations.filter((entry) => entry.receiptId === receipt.id).map((entry) => ({ dueId: entry.dueId, label: entry.label, amount: rupees(entry.amountPaise) })),
    balanceAfter: rupees(receipt.balanceAfterPaise),
    cancelled: receipt.cancelledAt ? { at: receipt.cancelledAt.toISOString(), reason: receipt.cancelReason ?? '' } : null,
    tax:
      receipt.taxRateBp !== null
        ? {
            // Decision 062/063: a revised invoice (rule 53), else nothing taxable is a bill of supply (rule 49), else a tax invoice (rule 46; with exempt money too, rule 46A).
            kind: receiptTaxKind(receipt),
            number: receipt.revisedNumber ?? receipt.number,
            date: receipt.revisedDate ?? receipt.date,
            gstin: receipt.gstin!,
            sac: receipt.sac!,
            taxable: rupees(receipt.taxablePaise!),
            cgst: rupees(receipt.cgstPaise!),
            sgst: rupees(receipt.sgstPaise!),
            igst: rupees(receipt.igstPaise!),
            rate: receipt.taxRateBp / 100,
            placeOfSupply: receipt.placeOfSupply!,
            placeOfSupplyName: GST_STATES[receipt.placeOfSupply!] ?? receipt.placeOfSupply!,
            exempt: rupees(receipt.exemptPaise ?? 0),
            deposit: rupees(receipt.depositPaise ?? 0),
            roundOff: rupees(receipt.roundOffPaise ?? 0),
            payer: receipt.payerGstin ? { gstin: receipt.payerGstin, name: receipt.payerName, address: receipt.payerAddress } : null,
            settled: rupees(receipt.settledPaise ?? 0),
          }
        : null,
    creditNote: receipt.creditNoteNumber ? { number: receipt.creditNoteNumber, date: receipt.creditNoteDate! } : null,
    settlesInvoices: settlements.filter((entry) => entry.receiptId === receipt.id).map((entry) => ({ _id: entry.invoiceId, number: entry.number, date: entry.date, amount: rupees(entry.amountPaise) })),
    createdAt: receipt.createdAt.toISOString(),
  }));
}

/*
 * A due's plan and batch, looked up in a correlated subquery: each names the academy as a parameter, as the dues
 * do (decision 053): Citus sends a statement to one shard only when every table in it names the academy by value
 * (it sees no academy through a correlated subquery's outer column), and locks rows only in such a statement. The
 * subquery also keeps the outer row's academy: in a statement that names none, Citus pushes it down by that column.
 */
/** Whether a due carries GST (issue 57): its plan's flag; a due of no plan (a carried balance, a plan since deleted) is taxable. */
export const dueTaxableSql = () => sql<boolean>`coalesce((select ${feePlans.taxable} from ${feePlans} where ${feePlans.academyId} = ${academySql()} and ${feePlans.academyId} = ${qualified(feeDues.academyId)} and ${feePlans.id} = ${feeDues.planId}), true)`;
/** Whether a due is a refundable deposit (decision 062: no supply): its plan's flag; a due of no plan is not. */
export const dueDepositSql = () => sql<boolean>`coalesce((select ${feePlans.deposit} from ${feePlans} where ${feePlans.academyId} = ${academySql()} and ${feePlans.academyId} = ${qualified(feeDues.academyId)} and ${feePlans.id} = ${feeDues.planId}), false)`;
/** How a due's batch is taught (decision 062: the place of supply follows it); a due of no batch counts as the classroom's. */
export const dueDeliverySql = () => sql<BatchDelivery>`coalesce((select ${batches.delivery} from ${batches} where ${batches.academyId} = ${academySql()} and ${batches.academyId} = ${qualified(feeDues.academyId)} and ${batches.id} = ${feeDues.batchId}), 'classroom')`;

/**
 * A student's open dues with something left to pay, locked in the one order (a payment and a concession both start here).
 * The plan and batch look-ups name the academy as a parameter, as the dues do (decision 053): Citus locks rows only in a
 * statement that reaches one shard, and it sees no academy through a correlated subquery's outer column.
 */
export async function lockOpenDues(tx: DbExecutor, studentId: string) {
  const academy = academySql();
  return tx
    .select({
      id: feeDues.id,
      label: feeDues.label,
      balance: balanceSql.mapWith(Number),
      taxable: sql<boolean>`coalesce((select ${feePlans.taxable} from ${feePlans} where ${feePlans.id} = ${feeDues.planId} and ${feePlans.academyId} = ${academy}), true)`.mapWith(Boolean),
      deposit: sql<boolean>`coalesce((select ${feePlans.deposit} from ${feePlans} where ${feePlans.id} = ${feeDues.planId} and ${feePlans.academyId} = ${academy}), false)`.mapWith(Boolean),
      delivery: dueDeliverySql().mapWith((value: string) => value as BatchDelivery),
    })
    .from(feeDues)
    .where(and(and(eq(feeDues.studentId, studentId), eq(feeDues.status, 'open'), sql`${balanceSql} > 0`), thisAcademy(feeDues)))
    .orderBy(...DUE_LOCK_ORDER)
    .for('update');
}

/** lockOpenDues for many students at once (in one statement, the dues' lock order): each student's open dues with a balance, oldest first. */
export async function lockOpenDuesOf(tx: DbExecutor, studentIds: readonly string[]): Promise<Map<string, { id: string; balance: number }[]>> {
  const rows = await tx
    .select({ id: feeDues.id, studentId: feeDues.studentId, balance: balanceSql.mapWith(Number) })
    .from(feeDues)
    .where(and(and(inArray(feeDues.studentId, [...studentIds]), eq(feeDues.status, 'open'), sql`${balanceSql} > 0`), thisAcademy(feeDues)))
    .orderBy(...DUE_LOCK_ORDER)
    .for('update');
  const byStudent = new Map<string, { id: string; balance: number }[]>();
  for (const row of rows) byStudent.set(row.studentId, [...(byStudent.get(row.studentId) ?? []), { id: row.id, balance: row.balance }]);
  return byStudent;
}

/**
 * The office's dues list filters (open, something left, overdue or not, batch, student name): the list, its CSV and "remind all overdue" read the same dues. Needs `users` joined (the student's name).
 * With an academic `year` (the list's year switcher, issue 39): the dues falling due in that year that were left unpaid, still open or carried into the next year; reminders never pass one.
 */
export function duesFilters(query: { overdue?: 'true' | 'false'; batch?: string; search?: string; year?: string }, today: string): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    query.year
      ? and(inArray(feeDues.status, ['open', 'carried_over']), between(feeDues.dueDate, academicYearStart(query.year), academicYearEnd(query.year)))
      : eq(feeDues.status, 'open'),
    sql`${balanceSql} > 0`,
    query.overdue === 'true' ? sql`${feeDues.dueDate} < ${today}` : query.overdue === 'false' ? sql`${feeDues.dueDate} >= ${today}` : undefined,
    query.batch ? eq(feeDues.batchId, query.batch) : undefined,
    pattern ? ilike(users.name, pattern) : undefined,
  );
}
