import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { shiftDate } from '@academy/shared/calendar';
import { formatPaise, paiseToRupees as rupees } from '@academy/shared/money';
import { FEE_MESSAGES, MAX_PENDING_CLAIMS_PER_DUE, MAX_PENDING_CLAIMS_PER_STUDENT, PAYMENT_CLAIM_MESSAGES, type PaymentClaim, type PaymentClaimList, type paymentClaimInputSchema, type paymentClaimListQuerySchema, type Receipt } from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import { feeDues, feeReceipts, paymentClaims, students, users } from '../../db/schema';
import { mayReadFeesOf } from '../../access/fees';
import type { Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { findPostgresError } from '../../lib/postgres-errors';
import { recordAudit, type AuditActor } from '../audit';
import { academyToday } from '../../academy-settings';
import { recordPayment } from './payments.service';
import { lockOpenDues } from './fee-queries';
import { joinOn, thisAcademy } from '../../db/same-academy';

/**
 * "I have paid" (issue 38): a student or parent reports a UPI payment with its transaction ID (UTR);
 * the office confirms it, which records the payment and its receipt as if typed by hand (mode UPI,
 * the UTR as reference), or rejects it with a reason the family sees. A UTR is on one report at most
 * (a rejected report frees it) and on one live receipt at most, whichever way it came.
 */

/** How far back a family may report a payment: older ones are a conversation with the office. */
const CLAIM_WINDOW_DAYS = 60;

type ClaimInput = z.output<typeof paymentClaimInputSchema>;
type ClaimListQuery = z.output<typeof paymentClaimListQuerySchema>;

const studentUsers = alias(users, 'student_users');
const claimers = alias(users, 'claimers');

/** Reports as the office and the family read them, newest first: one query whatever the number. */
async function claimsWhere(db: DbExecutor, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<PaymentClaim[]> {
  const query = db
    .select({
      claim: paymentClaims,
      studentName: studentUsers.name,
      dueLabel: feeDues.label,
      claimedBy: claimers.name,
      receiptNumber: feeReceipts.number,
    })
    .from(paymentClaims)
    .innerJoin(students, joinOn(students.id, paymentClaims.studentId))
    .innerJoin(studentUsers, joinOn(studentUsers.id, students.userId))
    .innerJoin(feeDues, joinOn(feeDues.id, paymentClaims.dueId))
    .leftJoin(claimers, joinOn(claimers.id, paymentClaims.claimedBy))
    .leftJoin(feeReceipts, joinOn(feeReceipts.id, paymentClaims.receiptId))
    .where(and(thisAcademy(paymentClaims), where))
    .orderBy(desc(paymentClaims.createdAt), desc(paymentClaims.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ claim, studentName, dueLabel, claimedBy, receiptNumber }) => ({
    _id: claim.id,
    student: { _id: claim.studentId, name: studentName },
    due: { _id: claim.dueId, label: dueLabel },
    amount: rupees(claim.amountPaise),
    utr: claim.utr,
    paidOn: claim.paidOn,
    status: claim.status,
    claimedBy,
    createdAt: claim.createdAt.toISOString(),
    rejectReason: claim.rejectReason,
    receiptNumber,
  }));
}

/** A student's reports, for their ledger (the student's and the parent's Fees screens, the office's student page). */
export function claimsOfStudent(db: DbExecutor, studentId: string): Promise<PaymentClaim[]> {
  return claimsWhere(db, eq(paymentClaims.studentId, studentId));
}

/** POST /api/payment-claims: a student reports a payment of their own due, a parent of a child's (anyone else's due: 404). */
export async function createClaim(db: Db, actor: Actor, input: ClaimInput): Promise<PaymentClaim> {
  const [due] = await db.select({ studentId: feeDues.studentId, status: feeDues.status }).from(feeDues).where(eq(feeDues.id, input.dueId)).limit(1);
  if (!due || !mayReadFeesOf(actor, due.studentId)) throw new AppError('NOT_FOUND', FEE_MESSAGES.dueNotFound);
  const today = await academyToday(db);
  if (input.paidOn > today) throw new AppError('BAD_REQUEST', FEE_MESSAGES.futureDate, { paidOn: FEE_MESSAGES.futureDate });
  if (input.paidOn < shiftDate(today, -CLAIM_WINDOW_DAYS)) throw new AppError('BAD_REQUEST', PAYMENT_CLAIM_MESSAGES.paidOnOld, { paidOn: PAYMENT_CLAIM_MESSAGES.paidOnOld });
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      // A UTR on a live receipt or on another report that waits or was confirmed: the family is told first.
      const [receipt] = await tx.select({ id: feeReceipts.id }).from(feeReceipts).where(and(eq(feeReceipts.utr, input.utr), sql`${feeReceipts.cancelledAt} is null`)).limit(1);
      if (receipt) throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.utrTaken, { utr: PAYMENT_CLAIM_MESSAGES.utrTaken });
      const [reported] = await tx.select({ id: paymentClaims.id }).from(paymentClaims).where(and(eq(paymentClaims.utr, input.utr), inArray(paymentClaims.status, ['pending', 'confirmed']))).limit(1);
      if (reported) throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.utrTaken, { utr: PAYMENT_CLAIM_MESSAGES.utrTaken });
      // The student's dues locked as a payment locks them: two reports at once take turns on the caps below.
      const open = await lockOpenDues(tx, due.studentId);
      if (!open.some((row) => row.id === input.dueId)) throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.duePaid);
      const outstanding = open.reduce((sum, row) => sum + row.balance, 0);
      // Issue 53: reports were unlimited (30 in a row, above the balance). At most a few wait per
      // student and per due, and what waits is never more than what is still due.
      const pending = await tx.select({ dueId: paymentClaims.dueId, amountPaise: paymentClaims.amountPaise }).from(paymentClaims).where(and(eq(paymentClaims.studentId, due.studentId), eq(paymentClaims.status, 'pending')));
      if (pending.length >= MAX_PENDING_CLAIMS_PER_STUDENT || pending.filter((claim) => claim.dueId === input.dueId).length >= MAX_PENDING_CLAIMS_PER_DUE) {
        throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.tooManyPending.replace('{count}', String(pending.length)));
      }
      const waiting = pending.reduce((sum, claim) => sum + claim.amountPaise, 0);
      const left = Math.max(outstanding - waiting, 0);
      if (input.amount > left) {
        const message = (waiting > 0 ? PAYMENT_CLAIM_MESSAGES.pendingAboveBalance : FEE_MESSAGES.moreThanDue).replace('{amount}', formatPaise(left));
        throw new AppError(left === 0 ? 'CONFLICT' : 'BAD_REQUEST', message, { amount: message });
      }
      const [claim] = await tx
        .insert(paymentClaims)
        .values({ studentId: due.studentId, dueId: input.dueId, amountPaise: input.amount, utr: input.utr, paidOn: input.paidOn, claimedBy: actor.userId })
        .returning({ id: paymentClaims.id });
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'payment_claim',
        entityId: claim!.id,
        relatedId: due.studentId,
        text: { key: 'payment_claim.created', values: { amount: formatPaise(input.amount), utr: input.utr } },
        changes: { amount: { old: null, new: rupees(input.amount) }, utr: { old: null, new: input.utr }, paidOn: { old: null, new: input.paidOn } },
      });
      return claim!.id;
    });
  } catch (error) {
    // The same UTR reported twice at once: the unique index keeps one.
    if (findPostgresError(error)?.constraint === 'payment_claims_utr_idx') throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.utrTaken, { utr: PAYMENT_CLAIM_MESSAGES.utrTaken });
    throw error;
  }
  const [claim] = await claimsWhere(db, eq(paymentClaims.id, id));
  return claim!;
}

/** GET /api/payment-claims: the office's queue (one status, or all), with the number still pending. */
export async function listClaims(db: DbExecutor, query: ClaimListQuery): Promise<PaymentClaimList> {
  const where = query.status ? eq(paymentClaims.status, query.status) : undefined;
  const [claims, [total], [pending]] = await Promise.all([
    claimsWhere(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    db.select({ value: count() }).from(paymentClaims).where(where),
    db.select({ value: count() }).from(paymentClaims).where(eq(paymentClaims.status, 'pending')),
  ]);
  const totalCount = total?.value ?? 0;
  return { claims, pending: pending?.value ?? 0, pagination: { total: totalCount, page: query.page, limit: query.limit } };
}

async function pendingClaim(db: DbExecutor, id: string) {
  const [claim] = await db.select().from(paymentClaims).where(eq(paymentClaims.id, id)).limit(1);
  if (!claim) throw new AppError('NOT_FOUND', PAYMENT_CLAIM_MESSAGES.notFound);
  if (claim.status !== 'pending') throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.notPending);
  return claim;
}

/**
 * POST /api/payment-claims/{id}/confirm: records the payment (mode UPI, the UTR as its reference, the
 * day the family paid) and marks the report confirmed in the same transaction; the family's receipt
 * mail follows as for any payment. Confirmed twice: 409, one receipt.
 */
export async function confirmClaim(db: Db, actor: AuditActor, id: string): Promise<{ claim: PaymentClaim; receipt: Receipt }> {
  const claim = await pendingClaim(db, id);
  // The due the family named is paid first, the rest oldest first (issue 54).
  const { receipt } = await recordPayment(db, actor, claim.studentId, { amount: claim.amountPaise, date: claim.paidOn, mode: 'upi', reference: claim.utr }, undefined, { confirmsClaim: id, dueFirst: claim.dueId });
  const [confirmed] = await claimsWhere(db, eq(paymentClaims.id, id));
  return { claim: confirmed!, receipt };
}

/** POST /api/payment-claims/{id}/reject: with a reason the family sees; the UTR may be reported again (a mistyped number). */
export async function rejectClaim(db: Db, actor: AuditActor, id: string, reason: string): Promise<PaymentClaim> {
  await db.transaction(async (tx) => {
    const claim = await pendingClaim(tx, id);
    const [rejected] = await tx
      .update(paymentClaims)
      .set({ status: 'rejected', decidedBy: actor?.userId ?? null, decidedAt: new Date(), rejectReason: reason })
      .where(and(eq(paymentClaims.id, id), eq(paymentClaims.status, 'pending')))
      .returning({ id: paymentClaims.id });
    if (!rejected) throw new AppError('CONFLICT', PAYMENT_CLAIM_MESSAGES.notPending);
    await recordAudit(tx, actor, {
      action: 'status',
      entityType: 'payment_claim',
      entityId: id,
      relatedId: claim.studentId,
      text: { key: 'payment_claim.rejected', values: { amount: formatPaise(claim.amountPaise), utr: claim.utr, reason } },
      changes: { status: { old: 'pending', new: 'rejected' }, reason: { old: null, new: reason } },
    });
  });
  const [claim] = await claimsWhere(db, eq(paymentClaims.id, id));
  return claim!;
}

