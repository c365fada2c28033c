/** A receipt cancelled with a reason; a tax invoice's cancellation makes a credit note (issue 57). */
import { and, eq, sql } from 'drizzle-orm';
import { formatPaise } from '@academy/shared/money';
import { FEE_MESSAGES, type Receipt } from '@academy/shared/schemas/fees';
import type { Db } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { feeAllocations, feeDues, feeReceipts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { nextCreditNote } from './credit-note-series';
import { DUE_LOCK_ORDER, receiptsWhere } from './fee-queries';
import { joinOn, thisAcademy } from '../../db/same-academy';

/**
 * Cancels a receipt with a reason: it keeps its number, its allocations are taken off the dues, and it
 * is audited. A tax invoice's cancellation makes a credit note (issue 57): the next number of its own
 * gap-free series for the financial year of the day it is made (CN/2026-27/0001), referring to the invoice.
 */
export async function cancelReceipt(db: Db, actor: AuditActor, id: string, reason: string): Promise<Receipt> {
  await transactionWithRetry(db, async (tx) => {
    const [receipt] = await tx.select().from(feeReceipts).where(and(eq(feeReceipts.id, id), thisAcademy(feeReceipts))).for('update').limit(1);
    if (!receipt) throw new AppError('NOT_FOUND', FEE_MESSAGES.receiptNotFound);
    if (receipt.cancelledAt) throw new AppError('CONFLICT', FEE_MESSAGES.alreadyCancelled);
    // The dues it paid, locked in the dues' order before the update below changes them.
    await tx
      .select({ id: feeDues.id })
      .from(feeDues)
      .innerJoin(feeAllocations, joinOn(feeAllocations.dueId, feeDues.id))
      .where(and(eq(feeAllocations.receiptId, id), thisAcademy(feeDues)))
      .orderBy(...DUE_LOCK_ORDER)
      .for('update', { of: feeDues });
    const creditNote = receipt.taxRateBp !== null ? await nextCreditNote(tx, receipt.date) : {};
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
