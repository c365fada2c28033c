import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { type DbExecutor, qualified, thisAcademy } from '../../db/client';
import { feeDueInvoices, feeDues } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { balanceSql, DUE_LOCK_ORDER } from './fee-queries';
import { lockDueNumbers } from './plans.service';

/*
 * A new academic year's part of the fees (issue 39; docs/decisions/033-the-new-academic-year.md): each
 * student's unpaid dues of the year that ended become ONE "Previous year balance" due of the new year.
 * The old dues keep what was paid and conceded; their status `carried_over` takes them out of the
 * balance, and the new due (no plan, no batch, the student's next due number) puts the same amount in.
 * A due already invoiced on its due date is not carried (see below).
 */

export type CarriedOver = {
  /** Students with a balance carried. */
  students: number;
  amountPaise: number;
  /** Old dues marked carried_over, and the new dues made (what an undo reverses). */
  carriedDueIds: string[];
  createdDueIds: string[];
};

/** Every open due with a balance due before `before` (the new year's 1 June) is carried over into a due on `dueDate`. */
export async function carryOverBalances(tx: DbExecutor, options: { before: string; dueDate: string; label: string }): Promise<CarriedOver> {
  // Locked in the one order of dues (a payment may be locking some of them), then changed.
  const open = await tx
    .select({ id: feeDues.id, studentId: feeDues.studentId, balance: balanceSql.mapWith(Number) })
    .from(feeDues)
    .where(
      and(
        eq(feeDues.status, 'open'),
        lt(feeDues.dueDate, options.before),
        sql`${balanceSql} > 0`,
        // A due with a live tax invoice issued on its due date (decision 070) stays as it is: its invoice is the
        // supply's document, so a "Previous year balance" paid later would be invoiced a second time. Its
        // payments still settle that invoice; cancelling it (a credit note) lets the next year's carry it.
        sql`not exists (select 1 from ${feeDueInvoices} where ${feeDueInvoices.dueId} = ${feeDues.id} and ${feeDueInvoices.academyId} = ${qualified(feeDues.academyId)} and ${feeDueInvoices.creditNoteNumber} is null)`,
        thisAcademy(feeDues),
      ),
    )
    .orderBy(...DUE_LOCK_ORDER)
    .for('update');
  const result: CarriedOver = { students: 0, amountPaise: 0, carriedDueIds: open.map((due) => due.id), createdDueIds: [] };
  if (open.length === 0) return result;
  const owed = new Map<string, number>();
  for (const due of open) owed.set(due.studentId, (owed.get(due.studentId) ?? 0) + due.balance);
  for (let start = 0; start < open.length; start += 1000) {
    await tx
      .update(feeDues)
      .set({ status: 'carried_over' })
      .where(inArray(feeDues.id, open.slice(start, start + 1000).map((due) => due.id)));
  }
  const studentIds = [...owed.keys()].sort();
  const lastNumber = await lockDueNumbers(tx, studentIds);
  for (let start = 0; start < studentIds.length; start += 1000) {
    const created = await tx
      .insert(feeDues)
      .values(
        studentIds.slice(start, start + 1000).map((studentId) => ({
          studentId,
          planId: null,
          batchId: null,
          seq: 1,
          number: (lastNumber.get(studentId) ?? 0) + 1,
          label: options.label,
          dueDate: options.dueDate,
          amountPaise: owed.get(studentId)!,
        })),
      )
      .returning({ id: feeDues.id });
    result.createdDueIds.push(...created.map((row) => row.id));
  }
  result.students = studentIds.length;
  result.amountPaise = [...owed.values()].reduce((sum, amount) => sum + amount, 0);
  return result;
}

/**
 * Takes a carry-over back: the previous year balances are deleted (refused, 409 `paidMessage`, when one
 * was paid or reduced since) and the old dues are open again, as they were.
 */
export async function undoCarryOver(tx: DbExecutor, carriedDueIds: readonly string[], createdDueIds: readonly string[], paidMessage: string): Promise<void> {
  for (let start = 0; start < createdDueIds.length; start += 1000) {
    const ids = createdDueIds.slice(start, start + 1000);
    const [touched] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(feeDues)
      .where(and(inArray(feeDues.id, ids), sql`(${feeDues.paidPaise} > 0 or ${feeDues.concessionPaise} > 0)`));
    if ((touched?.count ?? 0) > 0) throw new AppError('CONFLICT', paidMessage);
    await tx.delete(feeDues).where(inArray(feeDues.id, ids));
  }
  for (let start = 0; start < carriedDueIds.length; start += 1000) {
    await tx
      .update(feeDues)
      .set({ status: 'open' })
      .where(and(inArray(feeDues.id, carriedDueIds.slice(start, start + 1000)), eq(feeDues.status, 'carried_over')));
  }
}
