import { and, asc, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { GST_STATES } from '@academy/shared/gst';
import { formatPaise, paiseToRupees as rupees } from '@academy/shared/money';
import { GST_MESSAGES } from '@academy/shared/schemas/gst';
import type { DueInvoice } from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { batches, feeDueInvoices, feeDues, feeInvoiceSettlements, feeReceipts, gstRegistrations, students, users } from '../../db/schema';
import { mayReadFeesOf } from '../../access/fees';
import type { Actor } from '../../access/actor';
import type { PrintableReceipt } from './printable-receipts';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { nextCreditNote } from './credit-note-series';
import { academySql, joinOn, thisAcademy } from '../../db/same-academy';

/**
 * Instalments as a continuous supply (CGST Act s.31(5)(a), docs/decisions/070-instalment-invoices-on-due-dates.md):
 * with Settings → Tax saying "on each due date", a tax invoice is issued for each instalment on its due
 * date, paid or not (job `due-date-invoices`, or the office's "Issue due invoices now"). A later payment
 * against it is a receipt naming it (payments.service), never a second invoice; a due invoiced and then
 * removed gets a credit note (Rule 53), and a lower one is refused until its invoice is cancelled.
 */

/** A live due-date invoice as a payment sees it: what is left on it, in money (tax included) and in the due's price. */
export type OpenDueInvoice = { id: string; dueId: string; number: string; date: string; moneyLeft: number; dueLeft: number; amountPaise: number; duePaise: number };

/** What live receipts paid against each invoice, as SQL (a cancelled receipt's settlement counts no more); the invoice's id written out in full, as a one-table select would leave it bare (and `r.id` would answer). */
const settledOf = (column: 'amount_paise' | 'due_paise') =>
  sql<number>`coalesce((select sum(s.${sql.raw(column)}) from ${feeInvoiceSettlements} s join ${feeReceipts} r on r.id = s.receipt_id and r.academy_id = s.academy_id where s.academy_id = ${academySql()} and s.academy_id = "fee_due_invoices"."academy_id" and s.invoice_id = "fee_due_invoices"."id" and r.cancelled_at is null), 0)`;

/** The live due-date invoices of these dues with something left to pay on them (in the caller's transaction, after the dues are locked). */
export async function openDueInvoices(db: DbExecutor, dueIds: readonly string[]): Promise<OpenDueInvoice[]> {
  if (dueIds.length === 0) return [];
  const rows = await db
    .select({
      id: feeDueInvoices.id,
      dueId: feeDueInvoices.dueId,
      number: feeDueInvoices.number,
      date: feeDueInvoices.date,
      amountPaise: feeDueInvoices.amountPaise,
      duePaise: feeDueInvoices.duePaise,
      settledMoney: settledOf('amount_paise').mapWith(Number),
      settledDue: settledOf('due_paise').mapWith(Number),
    })
    .from(feeDueInvoices)
    .where(and(thisAcademy(feeDueInvoices), inArray(feeDueInvoices.dueId, [...dueIds]), isNull(feeDueInvoices.creditNoteNumber)))
    .orderBy(asc(feeDueInvoices.financialYear), asc(feeDueInvoices.seq));
  return rows
    .map((row) => ({ id: row.id, dueId: row.dueId, number: row.number, date: row.date, amountPaise: row.amountPaise, duePaise: row.duePaise, moneyLeft: row.amountPaise - row.settledMoney, dueLeft: row.duePaise - row.settledDue }))
    .filter((row) => row.moneyLeft > 0 && row.dueLeft > 0);
}

/**
 * What a payment of `money` against an invoice pays into its due: the invoice's own proportion of price
 * to value (₹7,080 with GST on ₹6,000: ₹3,540 pays ₹3,000), and the whole of what is left when the money
 * is all that is left, so the last payment closes both to the paisa.
 */
export function duePartOf(invoice: Pick<OpenDueInvoice, 'moneyLeft' | 'dueLeft' | 'amountPaise' | 'duePaise'>, money: number): number {
  if (money >= invoice.moneyLeft) return invoice.dueLeft;
  return Math.min(invoice.dueLeft, Math.floor((money * invoice.duePaise * 2 + invoice.amountPaise) / (invoice.amountPaise * 2)));
}

/** Each due's live invoice for the ledger's rows (decision 070): number, date, value, taxable, tax and what is left to pay on it. */
export async function dueInvoicesOf(db: DbExecutor, of: { studentId: string } | { dueIds: readonly string[] | SQLWrapper }): Promise<Map<string, NonNullable<DueInvoice>>> {
  const rows = await db
    .select({ invoice: feeDueInvoices, settledMoney: settledOf('amount_paise').mapWith(Number) })
    .from(feeDueInvoices)
    .where(and(thisAcademy(feeDueInvoices), 'studentId' in of ? eq(feeDueInvoices.studentId, of.studentId) : inArray(feeDueInvoices.dueId, Array.isArray(of.dueIds) ? [...(of.dueIds as readonly string[])] : (of.dueIds as SQLWrapper)), isNull(feeDueInvoices.creditNoteNumber)));
  return new Map(
    rows.map(({ invoice, settledMoney }) => [
      invoice.dueId,
      {
        _id: invoice.id,
        number: invoice.number,
        date: invoice.date,
        amount: rupees(invoice.amountPaise),
        taxable: rupees(invoice.taxablePaise),
        tax: rupees(invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise),
        left: rupees(invoice.amountPaise - settledMoney),
      },
    ]),
  );
}

/**
 * What the dues screens show on top of an invoiced due's balance (decision 070): what is left on its
 * invoice, whatever the settings say today; undefined when nothing is owed above the balance.
 */
export function invoicedDueGst(invoice: NonNullable<DueInvoice>, balancePaise: number): { tax: number; total: number } | undefined {
  const left = Math.round(invoice.left * 100);
  return balancePaise > 0 && left > balancePaise ? { tax: left - balancePaise, total: left } : undefined;
}

/**
 * A due-date invoice's credit note (Rule 53, the s.34(2) last date), in the caller's transaction: its
 * number from the credit notes' series of today's financial year; refused while a live receipt is paid
 * against it (that receipt is cancelled first) and after the last date.
 */
async function creditInvoice(tx: DbExecutor, actor: AuditActor, invoice: typeof feeDueInvoices.$inferSelect, reason: string): Promise<string> {
  if (invoice.creditNoteNumber) throw new AppError('CONFLICT', GST_MESSAGES.dueInvoiceAlreadyCancelled);
  const [settled] = await tx
    .select({ number: feeReceipts.number })
    .from(feeInvoiceSettlements)
    .innerJoin(feeReceipts, joinOn(feeReceipts.id, feeInvoiceSettlements.receiptId))
    .where(and(eq(feeInvoiceSettlements.invoiceId, invoice.id), isNull(feeReceipts.cancelledAt)))
    .limit(1);
  if (settled) throw new AppError('CONFLICT', GST_MESSAGES.dueInvoiceSettled.replace('{number}', settled.number));
  const creditNote = await nextCreditNote(tx, invoice.date);
  const number = creditNote.creditNoteNumber;
  await tx
    .update(feeDueInvoices)
    .set({ ...creditNote, creditNoteReason: reason })
    .where(eq(feeDueInvoices.id, invoice.id));
  await recordAudit(tx, actor, {
    action: 'status',
    entityType: 'fee_due_invoice',
    entityId: invoice.id,
    relatedId: invoice.studentId,
    text: { key: 'fee_due_invoice.cancelled', values: { number: invoice.number, amount: formatPaise(invoice.amountPaise), creditNote: number, reason } },
    changes: { status: { old: 'issued', new: 'cancelled' }, creditNote: { old: null, new: number }, reason: { old: null, new: reason } },
  });
  return number;
}

/**
 * POST /api/fees/due-invoices/{id}/cancel: the office cancels a due-date invoice with its credit note
 * (before lowering the due with a concession, or an invoice made in error). The due is then un-invoiced:
 * the next run invoices what is left of it again, dated today's run's due date rule.
 */
export async function cancelDueInvoice(db: Db, actor: AuditActor, id: string, reason: string): Promise<{ creditNote: string }> {
  return transactionWithRetry(db, async (tx) => {
    const [invoice] = await tx.select().from(feeDueInvoices).where(and(eq(feeDueInvoices.id, id), thisAcademy(feeDueInvoices))).for('update').limit(1);
    if (!invoice) throw new AppError('NOT_FOUND', GST_MESSAGES.dueInvoiceNotFound);
    return { creditNote: await creditInvoice(tx, actor, invoice, reason) };
  });
}

/**
 * Dues being removed (a student taken out of a batch with their unpaid dues cancelled): each live
 * invoice of them is answered by its credit note in the same transaction, never left standing silently.
 */
export async function creditInvoicesOfDues(tx: DbExecutor, actor: AuditActor, dueIds: readonly string[], reason: string): Promise<string[]> {
  if (dueIds.length === 0) return [];
  const invoices = await tx
    .select()
    .from(feeDueInvoices)
    .where(and(and(inArray(feeDueInvoices.dueId, [...dueIds]), isNull(feeDueInvoices.creditNoteNumber)), thisAcademy(feeDueInvoices)))
    .orderBy(asc(feeDueInvoices.seq))
    .for('update');
  const numbers: string[] = [];
  for (const invoice of invoices) numbers.push(await creditInvoice(tx, actor, invoice, reason));
  return numbers;
}

/**
 * A change that would lower an invoiced due (a concession) is refused with the invoice's number: the law
 * wants a credit note for it (CGST Act s.34), which the office issues by cancelling the invoice first.
 */
export async function assertNotInvoiced(tx: DbExecutor, dues: readonly { id: string; label: string }[]): Promise<void> {
  const open = await openDueInvoices(
    tx,
    dues.map((due) => due.id),
  );
  const first = open[0];
  if (!first) return;
  const label = dues.find((due) => due.id === first.dueId)!.label;
  throw new AppError('CONFLICT', GST_MESSAGES.invoicedDueChange.replace('{label}', label).replace('{number}', first.number));
}

/**
 * A due-date invoice for its PDF (the receipt's PDF, as an invoice of an instalment): the office, the
 * student and their parents, as they read receipts (another family's answers 404, as a missing one).
 */
export async function printableDueInvoice(db: DbExecutor, actor: Actor, id: string): Promise<PrintableReceipt & { dueInvoice: { dueDate: string } }> {
  const [row] = await db
    .select({ invoice: feeDueInvoices, label: feeDues.label, dueDate: feeDues.dueDate, batchName: batches.name, studentName: users.name, legalName: gstRegistrations.legalName, tradeName: gstRegistrations.tradeName, address: gstRegistrations.address })
    .from(feeDueInvoices)
    .innerJoin(feeDues, joinOn(feeDues.id, feeDueInvoices.dueId))
    .leftJoin(batches, joinOn(batches.id, feeDues.batchId))
    .innerJoin(students, joinOn(students.id, feeDueInvoices.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(gstRegistrations, joinOn(gstRegistrations.id, feeDueInvoices.gstRegistrationId))
    .where(eq(feeDueInvoices.id, id))
    .limit(1);
  if (!row || !mayReadFeesOf(actor, row.invoice.studentId)) throw new AppError('NOT_FOUND', GST_MESSAGES.dueInvoiceNotFound);
  const { invoice } = row;
  const creditNote = invoice.creditNoteNumber ? { number: invoice.creditNoteNumber, date: invoice.creditNoteDate! } : null;
  return {
    _id: invoice.id,
    number: invoice.number,
    date: invoice.date,
    amount: rupees(invoice.amountPaise),
    mode: 'cash',
    reference: null,
    note: null,
    student: { _id: invoice.studentId, name: row.studentName },
    allocations: [{ dueId: invoice.dueId, label: row.label, amount: rupees(invoice.duePaise) }],
    balanceAfter: 0,
    cancelled: null,
    tax: {
      kind: 'tax-invoice',
      number: invoice.number,
      date: invoice.date,
      gstin: invoice.gstin,
      sac: invoice.sac,
      taxable: rupees(invoice.taxablePaise),
      cgst: rupees(invoice.cgstPaise),
      sgst: rupees(invoice.sgstPaise),
      igst: rupees(invoice.igstPaise),
      rate: invoice.taxRateBp / 100,
      placeOfSupply: invoice.placeOfSupply,
      placeOfSupplyName: GST_STATES[invoice.placeOfSupply] ?? invoice.placeOfSupply,
      exempt: 0,
      deposit: 0,
      roundOff: rupees(invoice.roundOffPaise),
      payer: invoice.payerGstin ? { gstin: invoice.payerGstin, name: invoice.payerName, address: invoice.payerAddress } : null,
      settled: 0,
    },
    creditNote,
    settlesInvoices: [],
    createdAt: invoice.createdAt.toISOString(),
    batches: row.batchName ? [row.batchName] : [],
    invoice: { legalName: row.legalName, tradeName: row.tradeName, address: row.address, recipientAddress: invoice.recipientAddress, recipientState: invoice.recipientState },
    dueInvoice: { dueDate: row.dueDate },
  };
}

/** A due-date invoice's credit note for its PDF by its number (the credit notes' PDF route looks here when no receipt has it). */
export async function dueInvoiceCreditNoteFor(db: DbExecutor, actor: Actor, number: string): Promise<PrintableReceipt | undefined> {
  const [row] = await db.select({ id: feeDueInvoices.id, studentId: feeDueInvoices.studentId, reason: feeDueInvoices.creditNoteReason }).from(feeDueInvoices).where(eq(feeDueInvoices.creditNoteNumber, number)).limit(1);
  if (!row || !mayReadFeesOf(actor, row.studentId)) return undefined;
  const printable = await printableDueInvoice(db, actor, row.id);
  return { ...printable, cancelled: { at: printable.createdAt, reason: row.reason ?? '' } };
}
