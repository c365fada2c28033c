/** Opening balances from a register import, and their removal when the import is undone (decision 032). */
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { formatPaise } from '@academy/shared/money';
import { FEE_MESSAGES, OPENING_BALANCE_NOTE } from '@academy/shared/schemas/fees';
import type { DbExecutor } from '../../db/client';
import { feeAllocations, feeDues, feeReceiptCounters, feeReceipts } from '../../db/schema';
import { academySql, thisAcademy } from '../../db/same-academy';
import { type AuditActor } from '../audit';
import { lockOpenDuesOf } from './fee-queries';
import { type ReceiptToIssue, issueReceipts } from './issue-receipts';

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
 * Takes back opening receipts (a register import undone, decision 032): what they paid comes off their
 * dues, the receipts go, and each year's counter is rewound to the last number still in use. Runs in the
 * caller's transaction.
 */
export async function removeOpeningReceipts(tx: DbExecutor, receiptIds: string[]): Promise<void> {
  if (receiptIds.length === 0) return;
  await tx.execute(
    sql`update ${feeDues} set paid_paise = ${feeDues}.paid_paise - a.amount_paise from ${feeAllocations} a where a.due_id = ${feeDues}.id and a.academy_id = ${feeDues}.academy_id and ${feeDues}.academy_id = ${academySql()} and a.receipt_id in (${sql.join(
      receiptIds.map((receipt) => sql`${receipt}`),
      sql`, `,
    )})`,
  );
  await tx.delete(feeAllocations).where(inArray(feeAllocations.receiptId, receiptIds));
  const years = await tx.delete(feeReceipts).where(inArray(feeReceipts.id, receiptIds)).returning({ year: feeReceipts.financialYear });
  for (const year of new Set(years.map((row) => row.year))) {
    // The counter locked first (a receipt being issued holds it till it commits), then the last number still
    // in use read apart: Citus takes no subquery inside an UPDATE's coalesce (decision 053).
    await tx
      .select({ year: feeReceiptCounters.financialYear })
      .from(feeReceiptCounters)
      .where(and(thisAcademy(feeReceiptCounters), eq(feeReceiptCounters.financialYear, year)))
      .for('update');
    const [last] = await tx
      .select({ seq: max(feeReceipts.seq) })
      .from(feeReceipts)
      .where(and(thisAcademy(feeReceipts), eq(feeReceipts.financialYear, year), eq(feeReceipts.series, '')));
    await tx
      .update(feeReceiptCounters)
      .set({ lastSeq: last?.seq ?? 0 })
      .where(and(thisAcademy(feeReceiptCounters), eq(feeReceiptCounters.financialYear, year)));
  }
}
