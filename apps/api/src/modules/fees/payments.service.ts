import { createHash } from 'node:crypto';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { financialYearOf, formatDate, todayIn } from '@academy/shared/calendar';
import { formatPaise, paiseToRupees as rupees, paymentDateRange, receiptNumber } from '@academy/shared/money';
import { FEE_MESSAGES, PAYMENT_CLAIM_MESSAGES, type paymentInputSchema, type Receipt } from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { emitEvent } from '../../events/emit';
import { batches, feeAllocations, feeDues, feeReceiptCounters, feeReceipts, paymentClaims, students, users } from '../../db/schema';
import { receiptReadScope } from '../../access/fees';
import { type Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { findPostgresError } from '../../lib/postgres-errors';
import { recordAudit, type AuditActor } from '../audit';
import { getAcademySettings } from '../settings';
import { DUE_LOCK_ORDER, lockOpenDues, receiptsWhere } from './fee-queries';
import { extractUtr } from './bank-statement';

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
  const { earliest, latest } = paymentDateRange(todayIn(settings.timeZone), settings.paymentsLockedBefore);
  if (date > latest) throw new AppError('BAD_REQUEST', FEE_MESSAGES.futureDate, { date: FEE_MESSAGES.futureDate });
  if (date < earliest) {
    const message = FEE_MESSAGES.dateBeforeEarliest.replace('{date}', formatDate(earliest));
    throw new AppError('BAD_REQUEST', message, { date: message });
  }
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
  return input.mode === 'upi' && input.reference ? extractUtr(input.reference) : null;
}

/** Refuses a UTR another live receipt has, or that a family reported (unless this payment confirms that report). */
async function assertUtrFree(tx: DbExecutor, utr: string, confirmsClaim: string | undefined): Promise<void> {
  const [receipt] = await tx.select({ number: feeReceipts.number }).from(feeReceipts).where(and(eq(feeReceipts.utr, utr), isNull(feeReceipts.cancelledAt))).limit(1);
  if (receipt) {
    const message = PAYMENT_CLAIM_MESSAGES.utrOnReceipt.replace('{number}', receipt.number);
    throw new AppError('CONFLICT', message, { reference: message });
  }
  const [claim] = await tx.select({ id: paymentClaims.id }).from(paymentClaims).where(and(eq(paymentClaims.utr, utr), ne(paymentClaims.status, 'rejected'))).limit(1);
  if (claim && claim.id !== confirmsClaim) throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.utrClaimed, { reference: PAYMENT_CLAIM_MESSAGES.utrClaimed });
}

export async function recordPayment(
  db: Db,
  actor: AuditActor,
  studentId: string,
  input: PaymentInput,
  idempotencyKey?: string,
  /** `confirmsClaim`: the family's "I have paid" this payment confirms, marked confirmed in the same transaction. */
  options: { confirmsClaim?: string } = {},
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
      const [student] = await tx.select({ name: users.name }).from(students).innerJoin(users, eq(users.id, students.userId)).where(eq(students.id, studentId)).limit(1);
      if (!student) throw new AppError('NOT_FOUND', 'Student not found');
      const open = await lockOpenDues(tx, studentId);
      if (idempotencyKey) {
        // A tap that waited on these rows for the first one: its receipt is committed and visible now.
        const seenId = await receiptIdForKey(tx, studentId, idempotencyKey, requestHash);
        if (seenId) return { id: seenId, created: false };
      }
      if (utr) await assertUtrFree(tx, utr, options.confirmsClaim);
      const outstanding = open.reduce((sum, due) => sum + due.balance, 0);
      if (outstanding === 0) throw new AppError('CONFLICT', FEE_MESSAGES.nothingDue);
      if (input.amount > outstanding) {
        const message = FEE_MESSAGES.moreThanDue.replace('{amount}', formatPaise(outstanding));
        throw new AppError('BAD_REQUEST', message, { amount: message });
      }
      const year = financialYearOf(input.date);
      const [counter] = await tx
        .insert(feeReceiptCounters)
        .values({ financialYear: year, lastSeq: 1 })
        .onConflictDoUpdate({ target: feeReceiptCounters.financialYear, set: { lastSeq: sql`${feeReceiptCounters.lastSeq} + 1` } })
        .returning({ seq: feeReceiptCounters.lastSeq });
      const number = receiptNumber(year, counter!.seq);
      const [receipt] = await tx
        .insert(feeReceipts)
        .values({
          studentId,
          financialYear: year,
          seq: counter!.seq,
          number,
          date: input.date,
          amountPaise: input.amount,
          mode: input.mode,
          reference: input.reference ?? null,
          utr,
          note: input.note ?? null,
          balanceAfterPaise: outstanding - input.amount,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: idempotencyKey ? requestHash : null,
          createdBy: actor?.userId ?? null,
        })
        .returning({ id: feeReceipts.id });
      let left = input.amount;
      const allocations: { receiptId: string; dueId: string; amountPaise: number }[] = [];
      for (const due of open) {
        if (left === 0) break;
        const amountPaise = Math.min(left, due.balance);
        allocations.push({ receiptId: receipt!.id, dueId: due.id, amountPaise });
        left -= amountPaise;
      }
      await tx.insert(feeAllocations).values(allocations);
      // One statement for every due it paid.
      await tx.execute(sql`update ${feeDues} set paid_paise = ${feeDues}.paid_paise + a.amount_paise from ${feeAllocations} a where a.receipt_id = ${receipt!.id} and a.due_id = ${feeDues}.id`);
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'fee_receipt',
        entityId: receipt!.id,
        relatedId: studentId,
        text: { key: 'fee_receipt.created', values: { number, amount: formatPaise(input.amount), mode: input.mode, student: student.name } },
        changes: { amount: { old: null, new: rupees(input.amount) }, mode: { old: null, new: input.mode }, reference: { old: null, new: input.reference ?? null }, number: { old: null, new: number } },
      });
      if (options.confirmsClaim) {
        const [confirmed] = await tx
          .update(paymentClaims)
          .set({ status: 'confirmed', decidedBy: actor?.userId ?? null, decidedAt: new Date(), receiptId: receipt!.id })
          .where(and(eq(paymentClaims.id, options.confirmsClaim), eq(paymentClaims.status, 'pending')))
          .returning({ id: paymentClaims.id });
        if (!confirmed) throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.notPending);
      }
      // The family's receipt mail and whatever else reacts to a payment (events/catalog.ts).
      await emitEvent(tx, { type: 'payment.recorded', payload: { receiptId: receipt!.id, studentId } });
      return { id: receipt!.id, created: true };
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

/** Cancels a receipt with a reason: it keeps its number, its allocations are taken off the dues, and it is audited. */
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
    await tx.update(feeReceipts).set({ cancelledAt: new Date(), cancelledBy: actor?.userId ?? null, cancelReason: reason }).where(eq(feeReceipts.id, id));
    await tx.execute(sql`update ${feeDues} set paid_paise = ${feeDues}.paid_paise - a.amount_paise from ${feeAllocations} a where a.receipt_id = ${id} and a.due_id = ${feeDues}.id`);
    await recordAudit(tx, actor, {
      action: 'status',
      entityType: 'fee_receipt',
      entityId: id,
      relatedId: receipt.studentId,
      text: { key: 'fee_receipt.cancelled', values: { number: receipt.number, amount: formatPaise(receipt.amountPaise), reason } },
      changes: { status: { old: 'valid', new: 'cancelled' }, reason: { old: null, new: reason } },
    });
    await emitEvent(tx, { type: 'receipt.cancelled', payload: { receiptId: id, studentId: receipt.studentId } });
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

/** A receipt with the names of the batches it paid, for its PDF; `scope` narrows who may read it (none: the receipt mail job). */
export async function printableReceipt(db: DbExecutor, id: string, scope?: SQL): Promise<(Receipt & { batches: string[] }) | undefined> {
  const [receipt] = await receiptsWhere(db, and(eq(feeReceipts.id, id), scope));
  if (!receipt) return undefined;
  const batchNames = await db
    .selectDistinct({ name: batches.name })
    .from(feeAllocations)
    .innerJoin(feeDues, eq(feeDues.id, feeAllocations.dueId))
    .innerJoin(batches, eq(batches.id, feeDues.batchId))
    .where(eq(feeAllocations.receiptId, id));
  return { ...receipt, batches: batchNames.map((row) => row.name) };
}
