/** A payment recorded: one transaction, its dues paid in order, a UTR at most once, an Idempotency-Key answered again. */
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatDate } from '@academy/shared/calendar';
import { formatPaise, paymentDateRange } from '@academy/shared/money';
import { GST_MESSAGES } from '@academy/shared/schemas/gst';
import { FEE_MESSAGES, PAYMENT_CLAIM_MESSAGES, STATEMENT_MESSAGES, type paymentInputSchema, type Receipt } from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { queueJob } from '../../events/queue-job';
import { bankStatementCredits, feeReceipts, paymentClaims, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findPostgresError } from '../../lib/postgres-errors';
import { recordAudit, type AuditActor } from '../audit';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { lockOpenDues, receiptsWhere } from './fee-queries';
import { extractUtr } from './bank-statement';
import { invoiceTax, payableWithTax, placeOfSupplyOf, registrationOn } from '../gst';
import { RECIPIENT_ADDRESS_THRESHOLD_PAISE } from '@academy/shared/gst';
import { duePartOf, openDueInvoices, type OpenDueInvoice } from './due-invoices.service';
import { issueReceipts } from './issue-receipts';
import { joinOn, thisAcademy } from '../../db/same-academy';

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
    .where(and(eq(feeReceipts.studentId, studentId), eq(feeReceipts.idempotencyKey, key), thisAcademy(feeReceipts)))
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
  const [receipt] = await tx.select({ number: feeReceipts.number }).from(feeReceipts).where(and(eq(feeReceipts.utr, utr), isNull(feeReceipts.cancelledAt), thisAcademy(feeReceipts))).limit(1);
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

/**
 * Records a payment: pays the oldest dues first and answers the receipt (`created` false when the
 * Idempotency-Key was seen before for this student with the same payment: the same receipt, nothing
 * new recorded; with another payment: 422). The receipt number comes from the financial year's
 * counter row, incremented (and so locked) in this transaction: a rolled-back payment gives its
 * number back, so numbers have no gaps. A transaction that collides with another (deadlock) runs again.
 */
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
      const [student] = await tx.select({ name: users.name, state: students.state, address: students.address }).from(students).innerJoin(users, joinOn(users.id, students.userId)).where(and(eq(students.id, studentId), thisAcademy(students), thisAcademy(users))).limit(1);
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
      const ordered = namedDueFirst(open, input.dueId ?? options.dueFirst);
      const { tax, recipient, depositOnly, againstInvoices } = await receiptTax(tx, student, ordered, input);
      const [issued] = await issueReceipts(tx, actor, [
        { studentId, studentName: student.name, open: ordered, outstanding, payment: { ...input, utr, tax, recipient, depositOnly, ...againstInvoices }, idempotency: idempotencyKey ? { key: idempotencyKey, requestHash } : undefined },
      ]);
      const receiptId = issued!.id;
      await afterReceipt(tx, actor, { id: receiptId, studentId }, utr, options);
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

type Registration = Awaited<ReturnType<typeof registrationOn>>;
type PaymentStudent = { state: string | null; address: string | null };

/**
 * What the payment's receipt is: a tax invoice's GST (issue 57) when registered on the payment's date,
 * the money against due-date invoices (decision 070), a deposit receipt (decision 071), the recipient
 * (decision 062). Inside the payment's transaction, the student's dues locked.
 */
async function receiptTax(tx: DbExecutor, student: PaymentStudent, ordered: readonly OpenDue[], input: PaymentInput) {
  // GST (issue 57): registered on the payment's date, the receipt is a tax invoice; with fee plans
  // quoted without GST the family owes the dues plus the tax, and the taxable value pays the dues.
  const registration = await registrationOn(tx, input.date);
  if (input.payerGstin && !registration) throw new AppError('BAD_REQUEST', GST_MESSAGES.payerNotRegistered, { payerGstin: GST_MESSAGES.payerNotRegistered });
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
  const { settled, taxedMoney } = spreadOverParts(parts, input.amount, registration, place?.interState);
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
  return { tax, recipient, depositOnly, againstInvoices };
}

/** The money over the dues in their order: an invoiced part takes what is left on its invoice, the rest what it costs. */
function spreadOverParts(parts: ReturnType<typeof splitOverInvoices>['parts'], amount: number, registration: Registration, interState: boolean | undefined) {
  let left = amount;
  let taxedMoney = 0;
  const settled: { invoiceId: string; amount: number; due: number; dueId: string }[] = [];
  for (const part of parts) {
    if (left === 0) break;
    if ('invoice' in part) {
      const money = Math.min(left, part.invoice.moneyLeft);
      settled.push({ invoiceId: part.invoice.id, amount: money, due: duePartOf(part.invoice, money), dueId: part.invoice.dueId });
      left -= money;
    } else {
      const money = Math.min(left, payableWithTax(registration, [part.due], interState));
      taxedMoney += money;
      left -= money;
    }
  }
  return { settled, taxedMoney };
}

/**
 * What the receipt settles besides the dues, in its transaction: the family's claim it confirms, the
 * pending reports of its UTR, the statement credit it is made of; and its mail queued (decision 083).
 */
async function afterReceipt(tx: DbExecutor, actor: AuditActor, receipt: { id: string; studentId: string }, utr: string | null, options: { confirmsClaim?: string; bankCredit?: string }) {
  const receiptId = receipt.id;
  if (options.confirmsClaim) {
    const [confirmed] = await tx
      .update(paymentClaims)
      .set({ status: 'confirmed', decidedBy: actor?.userId ?? null, decidedAt: new Date(), receiptId })
      .where(and(eq(paymentClaims.id, options.confirmsClaim), eq(paymentClaims.status, 'pending')))
      .returning({ id: paymentClaims.id });
    if (!confirmed) throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.notPending);
  }
  if (utr) await supersedeClaims(tx, actor, utr, receipt);
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
}
