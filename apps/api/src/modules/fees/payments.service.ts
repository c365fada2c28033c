import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { financialYearOf, formatDate } from '@academy/shared/calendar';
import { creditNoteLastDate } from '@academy/shared/gst';
import { formatPaise, paiseToRupees as rupees, paymentDateRange, receiptNumber, depositReceiptNumber } from '@academy/shared/money';
import { GST_MESSAGES } from '@academy/shared/schemas/gst';
import { FEE_MESSAGES, OPENING_BALANCE_NOTE, PAYMENT_CLAIM_MESSAGES, STATEMENT_MESSAGES, type paymentInputSchema, type Receipt, type ReceiptMode } from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { queueJob } from '../../events/queue-job';
import { bankStatementCredits, batches, feeAllocations, feeInvoiceSettlements, feeCreditNoteCounters, feeDepositReceiptCounters, feeDues, feeReceiptCounters, feeReceipts, gstRegistrations, paymentClaims, students, users } from '../../db/schema';
import { receiptReadScope } from '../../access/fees';
import { type Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { findPostgresError } from '../../lib/postgres-errors';
import { recordAudit, recordAudits, type AuditActor } from '../audit';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { DUE_LOCK_ORDER, lockOpenDues, lockOpenDuesOf, receiptsWhere } from './fee-queries';
import { extractUtr } from './bank-statement';
import { invoiceTax, payableWithTax, placeOfSupplyOf, registrationOn, type InvoiceTax } from '../gst';
import { RECIPIENT_ADDRESS_THRESHOLD_PAISE } from '@academy/shared/gst';
import { duePartOf, openDueInvoices, type OpenDueInvoice } from './due-invoices.service';

/** A credit note number: 'CN/2026-27/0001' (15 characters). */
export function creditNoteNumber(year: string, seq: number): string {
  return `CN/${year}/${String(seq).padStart(4, '0')}`;
}


/** Payments and their receipts: one transaction, gap-free numbers per financial year, Idempotency-Key, cancellation. */

type PaymentInput = z.output<typeof paymentInputSchema>;

/**
 * The fingerprint of a payment request kept with its Idempotency-Key: SHA-256 of the validated body
 * as canonical JSON (keys sorted; an absent and an empty field are the same payment) with the student.
 */
function paymentRequestHash(studentId: string, input: PaymentInput): string {
  const fields = Object.entries({ ...input, studentId })
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(Object.fromEntries(fields))).digest('hex');
}

/**
 * The receipt an Idempotency-Key already made for this student, if any. The same key with another
 * payment (amount, date, mode …) is refused (422): answering the first receipt would hide that the
 * second payment was never recorded. Receipts from before the hash was kept have none and match.
 */
async function receiptIdForKey(db: DbExecutor, studentId: string, key: string, requestHash: string): Promise<string | undefined> {
  const [seen] = await db
    .select({ id: feeReceipts.id, requestHash: feeReceipts.requestHash })
    .from(feeReceipts)
    .where(and(eq(feeReceipts.studentId, studentId), eq(feeReceipts.idempotencyKey, key)))
    .limit(1);
  if (!seen) return undefined;
  if (seen.requestHash !== null && seen.requestHash !== requestHash) throw new AppError('UNPROCESSABLE', FEE_MESSAGES.keyReused);
  return seen.id;
}

async function existingReceipt(db: DbExecutor, id: string): Promise<{ receipt: Receipt; created: false }> {
  const [receipt] = await receiptsWhere(db, eq(feeReceipts.id, id));
  return { receipt: receipt!, created: false };
}

/** Refuses a payment date outside paymentDateRange (lock date or previous financial year … today, academy time zone). */
async function assertPaymentDate(db: DbExecutor, date: string): Promise<void> {
  const settings = await getAcademySettings(db);
  const { earliest, latest } = paymentDateRange(await academyToday(db), settings.paymentsLockedBefore);
  if (date > latest) throw new AppError('BAD_REQUEST', FEE_MESSAGES.futureDate, { date: FEE_MESSAGES.futureDate });
  if (date < earliest) {
    const message = FEE_MESSAGES.dateBeforeEarliest.replace('{date}', formatDate(earliest));
    throw new AppError('BAD_REQUEST', message, { date: message });
  }
}

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
type ReceiptToIssue = {
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
async function issueReceipts(tx: DbExecutor, actor: AuditActor, toIssue: readonly ReceiptToIssue[]): Promise<{ id: string; number: string }[]> {
  if (toIssue.length === 0) return [];
  const numbers = new Map<ReceiptToIssue, { seq: number; year: string; series: '' | 'DR' }>();
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
  const rows = toIssue.map((entry) => {
    const { year, seq, series } = numbers.get(entry)!;
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
  });
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
  for (let start = 0; start < rows.length; start += 1000) await tx.insert(feeReceipts).values(rows.slice(start, start + 1000));
  for (let start = 0; start < allocations.length; start += 1000) await tx.insert(feeAllocations).values(allocations.slice(start, start + 1000));
  if (settlements.length > 0) await tx.insert(feeInvoiceSettlements).values(settlements);
  // One statement for every due they paid.
  const receiptIds = rows.map((row) => row.id);
  await tx.execute(
    sql`update ${feeDues} set paid_paise = ${feeDues}.paid_paise + a.amount_paise from ${feeAllocations} a where a.receipt_id = any(${`{${receiptIds.join(',')}}`}::uuid[]) and a.due_id = ${feeDues}.id`,
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

/**
 * What families paid before the academy used this app (issue 39, a register's "Already paid"): for
 * each student a receipt of mode `opening_balance`, dated `date`, paying their oldest dues, inside the
 * import's transaction. It is no payment today, so no receipt message goes to the family. A student
 * whose amount is more than they owe is answered in `refused` (with the amount they owe) and gets no
 * receipt; the caller then refuses the whole import.
 */
export async function recordOpeningBalances(
  tx: DbExecutor,
  actor: AuditActor,
  entries: readonly { studentId: string; studentName: string; amountPaise: number }[],
  date: string,
): Promise<{ receipts: { studentId: string; id: string }[]; refused: { studentId: string; message: string }[] }> {
  if (entries.length === 0) return { receipts: [], refused: [] };
  const open = await lockOpenDuesOf(tx, entries.map((entry) => entry.studentId));
  const refused: { studentId: string; message: string }[] = [];
  const toIssue: ReceiptToIssue[] = [];
  for (const entry of entries) {
    const dues = open.get(entry.studentId) ?? [];
    const outstanding = dues.reduce((sum, due) => sum + due.balance, 0);
    if (entry.amountPaise > outstanding) refused.push({ studentId: entry.studentId, message: FEE_MESSAGES.openingMoreThanDue.replace('{amount}', formatPaise(outstanding)) });
    else toIssue.push({ studentId: entry.studentId, studentName: entry.studentName, open: dues, outstanding, payment: { date, amount: entry.amountPaise, mode: 'opening_balance', reference: null, note: OPENING_BALANCE_NOTE, utr: null } });
  }
  if (refused.length > 0) return { receipts: [], refused };
  const issued = await issueReceipts(tx, actor, toIssue);
  return { receipts: issued.map((receipt, index) => ({ studentId: toIssue[index]!.studentId, id: receipt.id })), refused };
}

/**
 * Records a payment: pays the oldest dues first and answers the receipt (`created` false when the
 * Idempotency-Key was seen before for this student with the same payment: the same receipt, nothing
 * new recorded; with another payment: 422). The receipt number comes from the financial year's
 * counter row, incremented (and so locked) in this transaction: a rolled-back payment gives its
 * number back, so numbers have no gaps. A transaction that collides with another (deadlock) runs again.
 */
/**
 * The UPI transaction ID of a payment (issue 38): the 12 digits in a UPI payment's reference. At most one
 * receipt that is not cancelled has it; a family's report of it waits for the office to confirm it.
 */
export function utrOf(input: { mode: string; reference?: string | null }): string | null {
  // A bank transfer by IMPS/UPI carries the same 12-digit transaction number (issue 53: typing the
  // mode "bank transfer" made a second receipt for a UTR already receipted).
  return (input.mode === 'upi' || input.mode === 'bank_transfer') && input.reference ? extractUtr(input.reference) : null;
}

/** Refuses a UTR another live receipt has. A family's pending report of it does not block the office (see supersedeClaims). */
async function assertUtrFree(tx: DbExecutor, utr: string): Promise<void> {
  const [receipt] = await tx.select({ number: feeReceipts.number }).from(feeReceipts).where(and(eq(feeReceipts.utr, utr), isNull(feeReceipts.cancelledAt))).limit(1);
  if (receipt) {
    const message = PAYMENT_CLAIM_MESSAGES.utrOnReceipt.replace('{number}', receipt.number);
    throw new AppError('CONFLICT', message, { reference: message });
  }
}

/**
 * The office's own entry wins over a family's pending report of the same UTR (issue 53: a pending
 * report blocked its UTR for everyone): the report becomes `superseded`, which the family reads on
 * its Fees screen, with the receipt's number when the receipt is theirs. Inside the payment's transaction.
 */
async function supersedeClaims(tx: DbExecutor, actor: AuditActor, utr: string, receipt: { id: string; studentId: string }): Promise<void> {
  const claims = await tx
    .update(paymentClaims)
    .set({ status: 'superseded', decidedBy: actor?.userId ?? null, decidedAt: new Date(), receiptId: sql`case when ${paymentClaims.studentId} = ${receipt.studentId} then ${receipt.id}::uuid else null end` })
    .where(and(eq(paymentClaims.utr, utr), eq(paymentClaims.status, 'pending')))
    .returning({ id: paymentClaims.id, studentId: paymentClaims.studentId, amountPaise: paymentClaims.amountPaise });
  for (const claim of claims) {
    await recordAudit(tx, actor, {
      action: 'status',
      entityType: 'payment_claim',
      entityId: claim.id,
      relatedId: claim.studentId,
      text: { key: 'payment_claim.superseded', values: { amount: formatPaise(claim.amountPaise), utr } },
      changes: { status: { old: 'pending', new: 'superseded' } },
    });
  }
}

/** The open dues in the order a payment pays them: the due it names first (issue 54), then the oldest. */
export function namedDueFirst<T extends { id: string }>(open: readonly T[], dueId: string | null | undefined): T[] {
  const named = dueId ? open.find((due) => due.id === dueId) : undefined;
  return named ? [named, ...open.filter((due) => due !== named)] : [...open];
}

type OpenDue = Awaited<ReturnType<typeof lockOpenDues>>[number];

/**
 * A student's open dues in payment order, each's invoiced part (what is left on its due-date invoice,
 * decision 070) first and then the rest of its balance, which a payment invoices as before. A due
 * invoiced in full has no rest.
 */
export function splitOverInvoices(ordered: readonly OpenDue[], invoices: readonly OpenDueInvoice[]) {
  const parts: ({ invoice: OpenDueInvoice } | { due: OpenDue })[] = [];
  const uninvoiced: OpenDue[] = [];
  for (const due of ordered) {
    let rest = due.balance;
    for (const invoice of invoices.filter((entry) => entry.dueId === due.id)) {
      parts.push({ invoice });
      rest -= invoice.dueLeft;
    }
    if (rest > 0) {
      const part = { ...due, balance: rest };
      parts.push({ due: part });
      uninvoiced.push(part);
    }
  }
  return { parts, uninvoiced, settlements: invoices.filter((invoice) => ordered.some((due) => due.id === invoice.dueId)) };
}

/** Money paid into dues without GST (none registered on the payment's date): each takes its balance, oldest first. */
function plainAllocations(dues: readonly { id: string; balance: number }[], money: number): { dueId: string; amount: number }[] {
  const allocations: { dueId: string; amount: number }[] = [];
  let left = money;
  for (const due of dues) {
    if (left === 0) break;
    const amount = Math.min(left, due.balance);
    allocations.push({ dueId: due.id, amount });
    left -= amount;
  }
  return allocations;
}

/** One allocation per due (a due partly invoiced and partly not is paid by both parts of one payment). */
function mergeAllocations(allocations: readonly { dueId: string; amount: number }[]): { dueId: string; amount: number }[] {
  const byDue = new Map<string, number>();
  for (const allocation of allocations) if (allocation.amount > 0) byDue.set(allocation.dueId, (byDue.get(allocation.dueId) ?? 0) + allocation.amount);
  return [...byDue].map(([dueId, amount]) => ({ dueId, amount }));
}

export async function recordPayment(
  db: Db,
  actor: AuditActor,
  studentId: string,
  input: PaymentInput,
  idempotencyKey?: string,
  /**
   * `confirmsClaim`: the family's "I have paid" this payment confirms, marked confirmed in the same transaction.
   * `dueFirst`: the due the payment names (the claim's due, the credit's reference), paid first.
   * `bankCredit`: the statement credit this receipt is made of, taken in the same transaction, so one
   * credit makes one receipt whoever confirms it and for whichever student (issue 53).
   */
  options: { confirmsClaim?: string; dueFirst?: string | null; bankCredit?: string } = {},
): Promise<{ receipt: Receipt; created: boolean }> {
  const requestHash = paymentRequestHash(studentId, input);
  const utr = utrOf(input);
  if (idempotencyKey) {
    const seenId = await receiptIdForKey(db, studentId, idempotencyKey, requestHash);
    if (seenId) return existingReceipt(db, seenId);
  }
  await assertPaymentDate(db, input.date);
  try {
    const { id, created } = await transactionWithRetry(db, async (tx) => {
      const [student] = await tx.select({ name: users.name, state: students.state, address: students.address }).from(students).innerJoin(users, eq(users.id, students.userId)).where(eq(students.id, studentId)).limit(1);
      if (!student) throw new AppError('NOT_FOUND', 'Student not found');
      const open = await lockOpenDues(tx, studentId);
      if (idempotencyKey) {
        // A tap that waited on these rows for the first one: its receipt is committed and visible now.
        const seenId = await receiptIdForKey(tx, studentId, idempotencyKey, requestHash);
        if (seenId) return { id: seenId, created: false };
      }
      if (utr) await assertUtrFree(tx, utr);
      if (input.dueId && !open.some((due) => due.id === input.dueId)) throw new AppError('BAD_REQUEST', FEE_MESSAGES.dueNotOpen, { dueId: FEE_MESSAGES.dueNotOpen });
      const outstanding = open.reduce((sum, due) => sum + due.balance, 0);
      if (outstanding === 0) throw new AppError('CONFLICT', FEE_MESSAGES.nothingDue);
      // GST (issue 57): registered on the payment's date, the receipt is a tax invoice; with fee plans
      // quoted without GST the family owes the dues plus the tax, and the taxable value pays the dues.
      const registration = await registrationOn(tx, input.date);
      if (input.payerGstin && !registration) throw new AppError('BAD_REQUEST', GST_MESSAGES.payerNotRegistered, { payerGstin: GST_MESSAGES.payerNotRegistered });
      const ordered = namedDueFirst(open, input.dueId ?? options.dueFirst);
      const payer = input.payerGstin ? { gstin: input.payerGstin, name: input.payerName ?? null, address: input.payerAddress ?? null } : null;
      // Dues already invoiced on their due dates (decision 070): the money against them is a receipt naming
      // the invoice, not a new supply; only the rest of the payment is a tax document, as before.
      const { settlements, uninvoiced, parts } = splitOverInvoices(ordered, await openDueInvoices(tx, ordered.map((due) => due.id)));
      // The place of supply decides CGST + SGST or IGST, and with prices excluding GST the tax on top (decision 062).
      const place = registration && uninvoiced.length > 0 ? placeOfSupplyOf(registration, student.state, payer?.gstin ?? null, uninvoiced) : undefined;
      const payable = settlements.reduce((sum, invoice) => sum + invoice.moneyLeft, 0) + payableWithTax(registration, uninvoiced, place?.interState);
      if (input.amount > payable) {
        const message = FEE_MESSAGES.moreThanDue.replace('{amount}', formatPaise(payable));
        throw new AppError('BAD_REQUEST', message, { amount: message });
      }
      // The money goes over the dues in their order: an invoiced part takes what is left on its invoice, the rest what it costs.
      let left = input.amount;
      let taxedMoney = 0;
      const settled: { invoiceId: string; amount: number; due: number; dueId: string }[] = [];
      for (const part of parts) {
        if (left === 0) break;
        if ('invoice' in part) {
          const money = Math.min(left, part.invoice.moneyLeft);
          settled.push({ invoiceId: part.invoice.id, amount: money, due: duePartOf(part.invoice, money), dueId: part.invoice.dueId });
          left -= money;
        } else {
          const money = Math.min(left, payableWithTax(registration, [part.due], place?.interState));
          taxedMoney += money;
          left -= money;
        }
      }
      let tax = registration && taxedMoney > 0 ? invoiceTax(registration, student.state, payer, uninvoiced, taxedMoney) : null;
      const uninvoicedAllocations = tax ? tax.allocations : plainAllocations(uninvoiced, taxedMoney);
      // Money into refundable deposits only is no supply (decision 062): a plain receipt, on no GST document and in no return,
      // in the deposit receipts' own series so the tax invoices' numbers stay consecutive (decision 071) when it pays nothing else.
      const depositOnly = tax !== null && tax.deposit === taxedMoney && settled.length === 0;
      if (tax && tax.deposit === taxedMoney) tax = null;
      const recipientAddress = input.studentAddress ?? student.address;
      // An unregistered recipient's address goes on a tax invoice of ₹50,000 or more (CGST rule 46(e)); asked for when missing.
      if (tax && !payer && tax.taxable >= RECIPIENT_ADDRESS_THRESHOLD_PAISE && !recipientAddress) {
        throw new AppError('BAD_REQUEST', GST_MESSAGES.studentAddressRequired, { studentAddress: GST_MESSAGES.studentAddressRequired });
      }
      const recipient = tax && !payer ? { address: recipientAddress ?? null, state: student.state } : null;
      const againstInvoices =
        settled.length > 0
          ? { settlements: settled, allocations: mergeAllocations([...settled.map((entry) => ({ dueId: entry.dueId, amount: entry.due })), ...uninvoicedAllocations]) }
          : {};
      const [issued] = await issueReceipts(tx, actor, [
        { studentId, studentName: student.name, open: ordered, outstanding, payment: { ...input, utr, tax, recipient, depositOnly, ...againstInvoices }, idempotency: idempotencyKey ? { key: idempotencyKey, requestHash } : undefined },
      ]);
      const receiptId = issued!.id;
      if (options.confirmsClaim) {
        const [confirmed] = await tx
          .update(paymentClaims)
          .set({ status: 'confirmed', decidedBy: actor?.userId ?? null, decidedAt: new Date(), receiptId })
          .where(and(eq(paymentClaims.id, options.confirmsClaim), eq(paymentClaims.status, 'pending')))
          .returning({ id: paymentClaims.id });
        if (!confirmed) throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.notPending);
      }
      if (utr) await supersedeClaims(tx, actor, utr, { id: receiptId, studentId });
      if (options.bankCredit) {
        // Two office sessions confirming one credit at once (for two students): the second waits on this
        // row, finds it taken and rolls back, giving its receipt number back.
        const [taken] = await tx
          .update(bankStatementCredits)
          .set({ receiptId })
          .where(and(eq(bankStatementCredits.id, options.bankCredit), isNull(bankStatementCredits.receiptId), isNull(bankStatementCredits.setAsideAt)))
          .returning({ id: bankStatementCredits.id });
        if (!taken) throw new AppError('CONFLICT', STATEMENT_MESSAGES.alreadyReceipted);
      }
      // The family's receipt mail: the fees module's own job, queued with the receipt (decision 083).
      await queueJob(tx, 'fee-receipt', { receiptId });
      return { id: receiptId, created: true };
    });
    if (!created) return existingReceipt(db, id);
    const [receipt] = await receiptsWhere(db, eq(feeReceipts.id, id));
    return { receipt: receipt!, created: true };
  } catch (error) {
    // Two payments with one UTR at the same instant (a hand entry and a confirmation): the second lost the unique UTR.
    const unique = findPostgresError(error);
    if (utr && unique?.code === '23505' && unique.constraint === 'fee_receipts_utr_idx') {
      throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.utrTaken, { reference: PAYMENT_CLAIM_MESSAGES.utrTaken });
    }
    // Two taps at the same instant: the second waited on the first's rows and lost the unique key.
    if (idempotencyKey && findPostgresError(error)?.code === '23505') {
      const seenId = await receiptIdForKey(db, studentId, idempotencyKey, requestHash);
      if (seenId) return existingReceipt(db, seenId);
    }
    throw error;
  }
}

/**
 * Cancels a receipt with a reason: it keeps its number, its allocations are taken off the dues, and it
 * is audited. A tax invoice's cancellation makes a credit note (issue 57): the next number of its own
 * gap-free series for the financial year of the day it is made (CN/2026-27/0001), referring to the invoice.
 */
export async function cancelReceipt(db: Db, actor: AuditActor, id: string, reason: string): Promise<Receipt> {
  await transactionWithRetry(db, async (tx) => {
    const [receipt] = await tx.select().from(feeReceipts).where(eq(feeReceipts.id, id)).for('update').limit(1);
    if (!receipt) throw new AppError('NOT_FOUND', FEE_MESSAGES.receiptNotFound);
    if (receipt.cancelledAt) throw new AppError('CONFLICT', FEE_MESSAGES.alreadyCancelled);
    // The dues it paid, locked in the dues' order before the update below changes them.
    await tx
      .select({ id: feeDues.id })
      .from(feeDues)
      .innerJoin(feeAllocations, eq(feeAllocations.dueId, feeDues.id))
      .where(eq(feeAllocations.receiptId, id))
      .orderBy(...DUE_LOCK_ORDER)
      .for('update', { of: feeDues });
    let creditNote: { creditNoteFinancialYear: string; creditNoteSeq: number; creditNoteNumber: string; creditNoteDate: string } | Record<string, never> = {};
    if (receipt.taxRateBp !== null) {
      const today = await academyToday(tx);
      // CGST Act s.34(2): no credit note after 30 November following the end of the supply's financial year.
      const lastDate = creditNoteLastDate(receipt.date);
      if (today > lastDate) {
        throw new AppError('CONFLICT', GST_MESSAGES.creditNoteTooLate.replace('{year}', financialYearOf(receipt.date)).replace('{date}', formatDate(lastDate)));
      }
      const year = financialYearOf(today);
      const [counter] = await tx
        .insert(feeCreditNoteCounters)
        .values({ financialYear: year, lastSeq: 1 })
        .onConflictDoUpdate({ target: [feeCreditNoteCounters.academyId, feeCreditNoteCounters.financialYear], set: { lastSeq: sql`${feeCreditNoteCounters.lastSeq} + 1` } })
        .returning({ last: feeCreditNoteCounters.lastSeq });
      creditNote = { creditNoteFinancialYear: year, creditNoteSeq: counter!.last, creditNoteNumber: creditNoteNumber(year, counter!.last), creditNoteDate: today };
    }
    await tx
      .update(feeReceipts)
      .set({ cancelledAt: new Date(), cancelledBy: actor?.userId ?? null, cancelReason: reason, ...creditNote })
      .where(eq(feeReceipts.id, id));
    await tx.execute(sql`update ${feeDues} set paid_paise = ${feeDues}.paid_paise - a.amount_paise from ${feeAllocations} a where a.receipt_id = ${id} and a.due_id = ${feeDues}.id`);
    await recordAudit(tx, actor, {
      action: 'status',
      entityType: 'fee_receipt',
      entityId: id,
      relatedId: receipt.studentId,
      text: { key: 'fee_receipt.cancelled', values: { number: receipt.number, amount: formatPaise(receipt.amountPaise), reason } },
      changes: {
        status: { old: 'valid', new: 'cancelled' },
        reason: { old: null, new: reason },
        ...('creditNoteNumber' in creditNote ? { creditNote: { old: null, new: creditNote.creditNoteNumber } } : {}),
      },
    });
  });
  const [receipt] = await receiptsWhere(db, eq(feeReceipts.id, id));
  return receipt!;
}

/** A receipt for its PDF, through the access layer (another student's answers 404, as a missing one). */
export async function receiptFor(db: DbExecutor, actor: Actor, id: string) {
  const receipt = await printableReceipt(db, id, receiptReadScope(actor));
  if (!receipt) throw new AppError('NOT_FOUND', FEE_MESSAGES.receiptNotFound);
  return receipt;
}

/** A credit note for its PDF by its number, through the access layer (as its receipt: another family's answers 404, as a missing one). */
export async function creditNoteFor(db: DbExecutor, actor: Actor, number: string) {
  const [row] = await db
    .select({ id: feeReceipts.id })
    .from(feeReceipts)
    .where(and(eq(feeReceipts.creditNoteNumber, number), receiptReadScope(actor)))
    .limit(1);
  const receipt = row ? await printableReceipt(db, row.id) : undefined;
  if (!receipt?.creditNote || !receipt.tax) throw new AppError('NOT_FOUND', GST_MESSAGES.creditNoteNotFound);
  return receipt;
}

/**
 * What a tax invoice prints beyond the receipt (issue 57): the supplier as registered then, and an
 * unregistered recipient's address and state as copied at the invoice (decision 062; an invoice from
 * before the copy was kept prints the student's address on record).
 */
export type PrintableInvoice = { legalName: string | null; tradeName: string | null; address: string | null; recipientAddress: string | null; recipientState: string | null };
export type PrintableReceipt = Receipt & { batches: string[]; invoice?: PrintableInvoice | undefined; dueInvoice?: { dueDate: string } | undefined };

/** A receipt with the names of the batches it paid, for its PDF; `scope` narrows who may read it (none: the receipt mail job). */
export async function printableReceipt(db: DbExecutor, id: string, scope?: SQL): Promise<PrintableReceipt | undefined> {
  const [receipt] = await receiptsWhere(db, and(eq(feeReceipts.id, id), scope));
  if (!receipt) return undefined;
  const batchNames = await db
    .selectDistinct({ name: batches.name })
    .from(feeAllocations)
    .innerJoin(feeDues, eq(feeDues.id, feeAllocations.dueId))
    .innerJoin(batches, eq(batches.id, feeDues.batchId))
    .where(eq(feeAllocations.receiptId, id));
  let invoice: PrintableInvoice | undefined;
  if (receipt.tax) {
    const [row] = await db
      .select({
        legalName: gstRegistrations.legalName,
        tradeName: gstRegistrations.tradeName,
        address: gstRegistrations.address,
        recipientAddress: sql<string | null>`coalesce(${feeReceipts.recipientAddress}, case when ${feeReceipts.roundOffPaise} is null then ${students.address} end)`,
        recipientState: feeReceipts.recipientState,
      })
      .from(feeReceipts)
      .innerJoin(students, eq(students.id, feeReceipts.studentId))
      .leftJoin(gstRegistrations, eq(gstRegistrations.id, feeReceipts.gstRegistrationId))
      .where(eq(feeReceipts.id, id))
      .limit(1);
    invoice = row ?? { legalName: null, tradeName: null, address: null, recipientAddress: null, recipientState: null };
  }
  return { ...receipt, batches: batchNames.map((row) => row.name), invoice };
}

/**
 * Takes back opening receipts (a register import undone, decision 032): what they paid comes off their
 * dues, the receipts go, and each year's counter is rewound to the last number still in use. Runs in the
 * caller's transaction.
 */
export async function removeOpeningReceipts(tx: DbExecutor, receiptIds: string[]): Promise<void> {
  if (receiptIds.length === 0) return;
  await tx.execute(
    sql`update ${feeDues} set paid_paise = ${feeDues}.paid_paise - a.amount_paise from ${feeAllocations} a where a.due_id = ${feeDues}.id and a.receipt_id in (${sql.join(
      receiptIds.map((receipt) => sql`${receipt}`),
      sql`, `,
    )})`,
  );
  await tx.delete(feeAllocations).where(inArray(feeAllocations.receiptId, receiptIds));
  const years = await tx.delete(feeReceipts).where(inArray(feeReceipts.id, receiptIds)).returning({ year: feeReceipts.financialYear });
  for (const year of new Set(years.map((row) => row.year))) {
    await tx
      .update(feeReceiptCounters)
      .set({ lastSeq: sql`coalesce((select max(${feeReceipts.seq}) from ${feeReceipts} where ${feeReceipts.financialYear} = ${year} and ${feeReceipts.series} = ''), 0)` })
      .where(eq(feeReceiptCounters.financialYear, year));
  }
}
