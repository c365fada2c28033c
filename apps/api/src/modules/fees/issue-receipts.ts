/** Receipts issued for payments: gap-free numbers per financial year, their allocations, tax invoices, audit and the family's mail. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { financialYearOf } from '@academy/shared/calendar';
import { formatPaise, paiseToRupees as rupees, receiptNumber, depositReceiptNumber } from '@academy/shared/money';
import { type ReceiptMode } from '@academy/shared/schemas/fees';
import { academySql, type DbExecutor } from '../../db/client';
import { feeAllocations, feeInvoiceSettlements, feeDepositReceiptCounters, feeDues, feeReceiptCounters, feeReceipts } from '../../db/schema';
import { recordAudits, type AuditActor } from '../audit';
import { type InvoiceTax } from '../gst';

type ReceiptPayment = {
  date: string;
  amount: number;
  mode: ReceiptMode;
  reference?: string | null;
  note?: string | null;
  utr: string | null;
  /** A tax invoice's GST (issue 57) with what it pays into each due; null or absent for a plain receipt (the amount pays the oldest dues). */
  tax?: InvoiceTax | null;
  /** An unregistered recipient's address and state as at the invoice (CGST rule 46(e), decision 062). */
  recipient?: { address: string | null; state: string | null } | null;
  /**
   * Money against tax invoices issued on due dates (decision 070) and what it pays into their dues; with
   * it `allocations` says what the whole payment pays into each due (the invoices' parts and the rest).
   */
  settlements?: { invoiceId: string; amount: number; due: number }[];
  allocations?: { dueId: string; amount: number }[];
  /** Refundable deposit money only while GST is on: no supply, numbered in the deposit receipts' series, not the tax invoices' (decision 071). */
  depositOnly?: boolean;
};
export type ReceiptToIssue = {
  studentId: string;
  studentName: string;
  /** The student's open dues with a balance, oldest first, locked by the caller's transaction. */
  open: readonly { id: string; balance: number }[];
  outstanding: number;
  payment: ReceiptPayment;
  idempotency?: { key: string; requestHash: string } | undefined;
};

/**
 * Receipts and what they paid, inside the caller's transaction: each financial year's next numbers
 * (its counter row moved once for all of them), the receipts, the allocations to the oldest dues, the
 * dues' paid amounts and an audit entry each, in a handful of statements whatever their number. The
 * one way a receipt is made: a payment, a confirmed claim, a register's opening balances.
 */
export async function issueReceipts(tx: DbExecutor, actor: AuditActor, toIssue: readonly ReceiptToIssue[]): Promise<{ id: string; number: string }[]> {
  if (toIssue.length === 0) return [];
  const numbers = await numberReceipts(tx, toIssue);
  const rows = toIssue.map((entry) => receiptRow(actor, entry, numbers.get(entry)!));
  const { allocations, settlements } = allocationsOf(toIssue, rows);
  for (let start = 0; start < rows.length; start += 1000) await tx.insert(feeReceipts).values(rows.slice(start, start + 1000));
  for (let start = 0; start < allocations.length; start += 1000) await tx.insert(feeAllocations).values(allocations.slice(start, start + 1000));
  if (settlements.length > 0) await tx.insert(feeInvoiceSettlements).values(settlements);
  // One statement for every due they paid, the academy named (decision 053: Citus joins on it).
  const receiptIds = rows.map((row) => row.id);
  await tx.execute(
    sql`update ${feeDues} set paid_paise = ${feeDues}.paid_paise + a.amount_paise from ${feeAllocations} a
      where ${feeDues}.academy_id = ${academySql()} and a.academy_id = ${feeDues}.academy_id
        and a.receipt_id = any(${`{${receiptIds.join(',')}}`}::uuid[]) and a.due_id = ${feeDues}.id`,
  );
  await recordAudits(
    tx,
    actor,
    rows.map((row, index) => ({
      action: 'create',
      entityType: 'fee_receipt',
      entityId: row.id,
      relatedId: row.studentId,
      text: { key: 'fee_receipt.created', values: { number: row.number, amount: formatPaise(row.amountPaise), mode: row.mode, student: toIssue[index]!.studentName } },
      changes: { amount: { old: null, new: rupees(row.amountPaise) }, mode: { old: null, new: row.mode }, reference: { old: null, new: row.reference }, number: { old: null, new: row.number } },
    })),
  );
  return rows.map((row) => ({ id: row.id, number: row.number }));
}

type ReceiptNumber = { seq: number; year: string; series: '' | 'DR' };

/** Each receipt's number: each financial year's and series' counter row moved once for all of them. */
async function numberReceipts(tx: DbExecutor, toIssue: readonly ReceiptToIssue[]): Promise<Map<ReceiptToIssue, ReceiptNumber>> {
  const numbers = new Map<ReceiptToIssue, ReceiptNumber>();
  // Map.groupBy is Node 21+; the app still runs on Node 20. One group per financial year and series.
  const groups = new Map<string, ReceiptToIssue[]>();
  for (const entry of toIssue) {
    const key = `${financialYearOf(entry.payment.date)}|${entry.payment.depositOnly ? 'DR' : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  for (const [key, entries] of groups) {
    const [year, series] = key.split('|') as [string, '' | 'DR'];
    // A deposit receipt's own counter (decision 071): the receipts' series stays the tax documents' gap-free series.
    const counters = series === 'DR' ? feeDepositReceiptCounters : feeReceiptCounters;
    const [counter] = await tx
      .insert(counters)
      .values({ financialYear: year, lastSeq: entries.length })
      .onConflictDoUpdate({ target: [counters.academyId, counters.financialYear], set: { lastSeq: sql`${counters.lastSeq} + ${entries.length}` } })
      .returning({ last: counters.lastSeq });
    entries.forEach((entry, index) => numbers.set(entry, { year, series, seq: counter!.last - entries.length + index + 1 }));
  }
  return numbers;
}

/** A receipt's row: its number, what it leaves owing, and a tax invoice's GST when it is one. */
function receiptRow(actor: AuditActor, entry: ReceiptToIssue, { year, seq, series }: ReceiptNumber) {
  const input = entry.payment;
  return {
    id: randomUUID(),
    studentId: entry.studentId,
    financialYear: year,
    series,
    seq,
    number: series === 'DR' ? depositReceiptNumber(year, seq) : receiptNumber(year, seq),
    date: input.date,
    amountPaise: input.amount,
    mode: input.mode,
    reference: input.reference ?? null,
    utr: input.utr,
    note: input.note ?? null,
    balanceAfterPaise: entry.outstanding - (input.allocations ?? input.tax?.allocations ?? [{ amount: input.amount }]).reduce((sum, allocation) => sum + allocation.amount, 0),
    settledPaise: input.settlements?.length ? input.settlements.reduce((sum, settlement) => sum + settlement.amount, 0) : null,
    idempotencyKey: entry.idempotency?.key ?? null,
    requestHash: entry.idempotency?.requestHash ?? null,
    createdBy: actor?.userId ?? null,
    ...(input.tax
      ? {
          gstin: input.tax.gstin,
          gstRegistrationId: input.tax.registrationId,
          sac: input.tax.sac,
          taxRateBp: input.tax.rateBp,
          taxablePaise: input.tax.taxable,
          cgstPaise: input.tax.cgst,
          sgstPaise: input.tax.sgst,
          igstPaise: input.tax.igst,
          exemptPaise: input.tax.exempt,
          depositPaise: input.tax.deposit,
          roundOffPaise: input.tax.roundOff,
          placeOfSupply: input.tax.placeOfSupply,
          payerGstin: input.tax.payer?.gstin ?? null,
          payerName: input.tax.payer?.name ?? null,
          payerAddress: input.tax.payer?.address ?? null,
          recipientAddress: input.recipient?.address ?? null,
          recipientState: input.recipient?.state ?? null,
        }
      : {}),
  };
}

/** What each receipt pays into each due and, against due-date invoices, into each invoice. */
function allocationsOf(toIssue: readonly ReceiptToIssue[], rows: readonly { id: string }[]) {
  const allocations: { receiptId: string; dueId: string; amountPaise: number }[] = [];
  const settlements: { receiptId: string; invoiceId: string; amountPaise: number; duePaise: number }[] = [];
  toIssue.forEach((entry, index) => {
    for (const settlement of entry.payment.settlements ?? []) settlements.push({ receiptId: rows[index]!.id, invoiceId: settlement.invoiceId, amountPaise: settlement.amount, duePaise: settlement.due });
    // A payment against due-date invoices says what each due gets (decision 070).
    if (entry.payment.allocations) {
      for (const allocation of entry.payment.allocations) allocations.push({ receiptId: rows[index]!.id, dueId: allocation.dueId, amountPaise: allocation.amount });
      return;
    }
    // A tax invoice's split already says what each due gets (exempt and taxable dues, prices with or without GST).
    if (entry.payment.tax) {
      for (const allocation of entry.payment.tax.allocations) allocations.push({ receiptId: rows[index]!.id, dueId: allocation.dueId, amountPaise: allocation.amount });
      return;
    }
    let left = entry.payment.amount;
    for (const due of entry.open) {
      if (left === 0) break;
      const amountPaise = Math.min(left, due.balance);
      allocations.push({ receiptId: rows[index]!.id, dueId: due.id, amountPaise });
      left -= amountPaise;
    }
  });
  return { allocations, settlements };
}
