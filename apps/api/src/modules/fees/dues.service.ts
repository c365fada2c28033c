import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isDueNow } from '@academy/shared/due-now';
import { formatPaise, paiseToRupees as rupees } from '@academy/shared/money';
import { upiNote, upiPayLink, upiReference } from '@academy/shared/upi';
import { FEE_MESSAGES, type concessionInputSchema, type Ledger } from '@academy/shared/schemas/fees';
import { PAYMENT_SETTINGS_MESSAGES } from '@academy/shared/schemas/payments';
import type { LateJoinRule } from '@academy/shared/schemas/batches';
import type { Db, DbExecutor } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { batches, feeConcessions, feeDues, feePlanInstalments, feePlans, feeReceipts, students, users } from '../../db/schema';
import { mayReadFeesOf } from '../../access/fees';
import { studentIdOf, type Actor } from '../../access/actor';
import { childIdOf } from '../../access/parents';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { academyToday, getAcademySettings, upiPayee } from '../../academy-settings';
import { DUE_LOCK_ORDER, dueDeliverySql, dueDepositSql, dueFields, dueStatus, dueTaxableSql, lockOpenDues, receiptsWhere } from './fee-queries';
import { registrationOn, taxOnTopOf } from '../gst';
import { insertDues } from './plans.service';
import { lateJoinerInstalments } from '@academy/shared/late-join';
import { claimsOfStudent } from './payment-claims.service';
import { assertNotInvoiced, creditInvoicesOfDues, dueInvoicesOf, invoicedDueGst } from './due-invoices.service';
import { joinOn, thisAcademy } from '../../db/same-academy';

/**
 * A student's dues: made at enrolment, cancelled at removal when the office says so, lowered by
 * concessions, and read as the ledger (dues, receipts, balance) by the office, the student and parents.
 */

type ConcessionInput = z.output<typeof concessionInputSchema>;

// ---------------------------------------------------------------- enrolment

/** What an enrolment tells the dues it makes: only some of the batch's plans, how a late joiner pays. */
export type EnrolmentDuesOptions = {
  /** Only these of the batch's plans (a register names the plan a student is on). */
  planIds?: readonly string[];
  /** Instalments due before the joining date (today): `shift` (the default) or `prorate` (decision 039). */
  lateJoin?: LateJoinRule;
};

/** Enrolment's part (batches.service enrolStudent, same transaction): the batch's plans become the student's dues. */
export async function createDuesForEnrolment(tx: DbExecutor, batchId: string, studentId: string, options: EnrolmentDuesOptions = {}): Promise<number> {
  return createDuesForEnrolments(tx, batchId, [studentId], options);
}

/**
 * createDuesForEnrolment for many students joining one batch (a bulk enrolment, a register's import):
 * three statements per plan, whatever the number of students. The joining date is the academy's
 * today; a plan's instalments due before it are shifted or pro-rated (@academy/shared/late-join), so nobody is
 * overdue on the day they join.
 */
export async function createDuesForEnrolments(tx: DbExecutor, batchId: string, studentIds: readonly string[], options: EnrolmentDuesOptions = {}): Promise<number> {
  if (studentIds.length === 0) return 0;
  const { planIds, lateJoin = 'shift' } = options;
  const plans = await tx
    .select({ id: feePlans.id, name: feePlans.name, seq: feePlanInstalments.seq, dueDate: feePlanInstalments.dueDate, amountPaise: feePlanInstalments.amountPaise })
    .from(feePlans)
    .innerJoin(feePlanInstalments, joinOn(feePlanInstalments.planId, feePlans.id))
    .where(and(thisAcademy(feePlans), thisAcademy(feePlanInstalments), eq(feePlans.batchId, batchId), planIds ? inArray(feePlans.id, [...planIds]) : undefined))
    .orderBy(asc(feePlans.id), asc(feePlanInstalments.seq));
  if (plans.length === 0) return 0;
  const [[batch], settings, joiningDate] = await Promise.all([
    tx.select({ startDate: batches.startDate, endDate: batches.endDate }).from(batches).where(and(thisAcademy(batches), eq(batches.id, batchId))).limit(1),
    getAcademySettings(tx),
    academyToday(tx),
  ]);
  const join = { joiningDate, rule: lateJoin, graceDays: settings.lateJoinerGraceDays, batch: batch! };
  // Enrolled again after a removal: the plan's open dues are still there.
  const existing = await tx
    .select({ studentId: feeDues.studentId, planId: feeDues.planId })
    .from(feeDues)
    .where(and(thisAcademy(feeDues), inArray(feeDues.studentId, [...studentIds]), eq(feeDues.batchId, batchId), eq(feeDues.status, 'open')));
  const has = new Set(existing.map((row) => `${row.studentId}|${row.planId}`));
  let created = 0;
  for (const planId of new Set(plans.map((row) => row.id))) {
    const rows = plans.filter((row) => row.id === planId);
    const without = studentIds.filter((studentId) => !has.has(`${studentId}|${planId}`));
    const instalments = lateJoinerInstalments(rows, join);
    created += await insertDues(tx, { id: planId, name: rows[0]!.name, batchId, instalments, instalmentCount: rows.length }, without);
  }
  return created;
}

/** Removal's part, when the office says so: the student's dues of this batch that nothing has paid are cancelled. */
export async function cancelUnpaidDuesOfBatch(tx: DbExecutor, batchId: string, studentId: string): Promise<number> {
  // Locked first in the dues' order (a payment of this student may be locking them), then cancelled.
  const toCancel = await tx
    .select({ id: feeDues.id })
    .from(feeDues)
    .where(and(and(eq(feeDues.studentId, studentId), eq(feeDues.batchId, batchId), eq(feeDues.status, 'open'), eq(feeDues.paidPaise, 0)), thisAcademy(feeDues)))
    .orderBy(...DUE_LOCK_ORDER)
    .for('update');
  if (toCancel.length === 0) return 0;
  // A removed due's invoice (issued on its due date, decision 070) is answered by its credit note, never left standing.
  await creditInvoicesOfDues(
    tx,
    null,
    toCancel.map((row) => row.id),
    'Student removed from the batch; the unpaid instalment is cancelled',
  );
  await tx.update(feeDues).set({ status: 'cancelled' }).where(and(thisAcademy(feeDues), inArray(feeDues.id, toCancel.map((row) => row.id))));
  return toCancel.length;
}

// ---------------------------------------------------------------- the ledger



/** GET /api/student/fees: the student's own ledger. */
export async function ownLedger(db: DbExecutor, actor: Actor): Promise<Ledger> {
  return studentLedger(db, studentIdOf(actor));
}

/** GET /api/parent/children/{studentId}/fees: a child's ledger, the one the child sees (another family's child: 404). */
export async function childLedger(db: DbExecutor, actor: Actor, studentId: string): Promise<Ledger> {
  return studentLedger(db, childIdOf(actor, studentId));
}

/**
 * THE ledger of one student: dues (paid and balance each), payments, concessions and totals. The
 * admin's student page, the student's own fees screen (and a parent's, later) all read this.
 * Four queries, whatever the number of dues and payments.
 */
export async function studentLedger(db: DbExecutor, studentId: string): Promise<Ledger> {
  const [found] = await db
    .select({ _id: students.id, name: users.name, code: students.studentCode, state: students.state })
    .from(students)
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(and(thisAcademy(students), eq(students.id, studentId)))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Student not found');
  const { code, state, ...student } = found;
  const [dueRows, payments, concessions, today, payee, claims, invoices] = await Promise.all([
    db
      .select({ due: feeDues, batchName: batches.name, taxable: dueTaxableSql().mapWith(Boolean), deposit: dueDepositSql().mapWith(Boolean), delivery: dueDeliverySql() })
      .from(feeDues)
      .leftJoin(batches, joinOn(batches.id, feeDues.batchId))
      .where(and(thisAcademy(feeDues), eq(feeDues.studentId, studentId)))
      .orderBy(asc(feeDues.dueDate), asc(feeDues.seq), asc(feeDues.createdAt)),
    receiptsWhere(db, eq(feeReceipts.studentId, studentId)),
    db.select().from(feeConcessions).where(and(thisAcademy(feeConcessions), eq(feeConcessions.studentId, studentId))).orderBy(desc(feeConcessions.createdAt)),
    academyToday(db),
    upiPayee(db),
    claimsOfStudent(db, studentId),
    dueInvoicesOf(db, { studentId }),
  ]);
  // With fee plans quoted excluding GST the family sees each balance + GST = what it pays (issue 57).
  const registration = await registrationOn(db, today);
  let taxOnBalance = 0;
  const totals = { due: 0, concession: 0, paid: 0, balance: 0, overdue: 0, dueNow: 0 };
  const dues = dueRows.map(({ due, batchName, taxable, deposit, delivery }) => {
    const balance = due.status === 'open' ? due.amountPaise - due.concessionPaise - due.paidPaise : 0;
    const status = dueStatus({ status: due.status, balance, dueDate: due.dueDate }, today);
    if (due.status === 'open') {
      totals.due += due.amountPaise;
      totals.concession += due.concessionPaise;
      totals.paid += due.paidPaise;
      totals.balance += balance;
      if (status === 'overdue') totals.overdue += balance;
      // Due now by the one definition the reminder and the pay page use (issue 73).
      if (isDueNow({ dueDate: due.dueDate, balancePaise: balance, open: true }, today)) totals.dueNow += balance;
    }
    const invoice = invoices.get(due.id) ?? null;
    // A due invoiced on its date owes what is left on its invoice (decision 070), whatever the settings say today.
    const gst = invoice ? invoicedDueGst(invoice, balance) : taxOnTopOf(registration, { balance, taxable, deposit, delivery }, state);
    taxOnBalance += gst?.tax ?? 0;
    return {
      ...dueFields(due, batchName, balance),
      status,
      // The UPI request asks for what is paid: the balance plus GST on top when prices exclude it.
      upi: payee && balance > 0 ? dueUpiRequest(payee, { code, name: student.name }, { number: due.number, label: due.label, balancePaise: gst?.total ?? balance }) : null,
      gst: gst ? { tax: rupees(gst.tax), total: rupees(gst.total) } : null,
      invoice,
    };
  });
  return {
    student,
    dues,
    payments,
    claims,
    concessions: concessions.map((row) => ({ _id: row.id, kind: row.kind, value: row.kind === 'amount' ? rupees(row.value) : row.value, amount: rupees(row.amountPaise), reason: row.reason, createdAt: row.createdAt.toISOString() })),
    totals: { due: rupees(totals.due), concession: rupees(totals.concession), paid: rupees(totals.paid), balance: rupees(totals.balance), overdue: rupees(totals.overdue), dueNow: rupees(totals.dueNow) },
    gst: registration && !registration.pricesIncludeTax && taxOnBalance > 0 ? { rate: registration.rateBp / 100, tax: rupees(taxOnBalance), total: rupees(totals.balance + taxOnBalance) } : null,
  };
}

/** A due's UPI request (issue 38): its balance to the academy's UPI ID, named by the due's reference. */
export function dueUpiRequest(
  payee: { vpa: string; payeeName: string },
  student: { code: string; name: string },
  due: { number: number; label: string; balancePaise: number },
): { link: string; reference: string } {
  const reference = upiReference(student.code, due.number);
  return { reference, link: upiPayLink({ ...payee, amountPaise: due.balancePaise, note: upiNote(reference, student.name, due.label), reference }) };
}

/**
 * GET /api/dues/{id}/upi-qr.svg: the UPI request of one due, for the office, the student or their
 * parent (anyone else's due answers 404, as a missing one does). 409 when the academy has no UPI ID or
 * nothing is left to pay.
 */
export async function dueUpiFor(db: DbExecutor, actor: Actor, dueId: string): Promise<{ link: string; reference: string }> {
  return dueUpiWhere(db, dueId, (studentId) => mayReadFeesOf(actor, studentId));
}

/** A due's UPI request when `mayRead` allows its student (the access layer's rule, or a pay link's student); else 404. */
export async function dueUpiWhere(db: DbExecutor, dueId: string, mayRead: (studentId: string) => boolean): Promise<{ link: string; reference: string }> {
  const [row] = await db
    .select({ due: feeDues, code: students.studentCode, name: users.name, state: students.state, taxable: dueTaxableSql().mapWith(Boolean), deposit: dueDepositSql().mapWith(Boolean), delivery: dueDeliverySql() })
    .from(feeDues)
    .innerJoin(students, joinOn(students.id, feeDues.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(eq(feeDues.id, dueId))
    .limit(1);
  if (!row || !mayRead(row.due.studentId)) throw new AppError('NOT_FOUND', FEE_MESSAGES.dueNotFound);
  const payee = await upiPayee(db);
  if (!payee) throw new AppError('CONFLICT', PAYMENT_SETTINGS_MESSAGES.upiNotSetUp);
  const balance = row.due.status === 'open' ? row.due.amountPaise - row.due.concessionPaise - row.due.paidPaise : 0;
  if (balance <= 0) throw new AppError('CONFLICT', PAYMENT_SETTINGS_MESSAGES.nothingToPay);
  // The QR code asks for what the ledger's UPI request asks: what is left on the due's invoice, else the balance plus GST on top when prices exclude it.
  const invoice = (await dueInvoicesOf(db, { dueIds: [dueId] })).get(dueId);
  const gst = invoice ? invoicedDueGst(invoice, balance) : taxOnTopOf(await registrationOn(db, await academyToday(db)), { balance, taxable: row.taxable, deposit: row.deposit, delivery: row.delivery }, row.state);
  return dueUpiRequest(payee, { code: row.code, name: row.name }, { number: row.due.number, label: row.due.label, balancePaise: gst?.total ?? balance });
}

/** A ledger through the access layer: the admin any student's, a student their own (else 404). */
export async function ledgerFor(db: DbExecutor, actor: Actor, studentId: string): Promise<Ledger> {
  if (!mayReadFeesOf(actor, studentId)) throw new AppError('NOT_FOUND', 'Student not found');
  return studentLedger(db, studentId);
}
// ---------------------------------------------------------------- concessions

/**
 * A concession: a percentage takes that share off each open due's remaining amount; an amount is
 * taken off the latest dues first (the nearest ones stay as they were). Refused above what is due.
 */
export async function addConcession(db: Db, actor: AuditActor, studentId: string, input: ConcessionInput): Promise<Ledger> {
  await transactionWithRetry(db, async (tx) => {
    const [student] = await tx.select({ name: users.name }).from(students).innerJoin(users, joinOn(users.id, students.userId)).where(eq(students.id, studentId)).limit(1);
    if (!student) throw new AppError('NOT_FOUND', 'Student not found');
    const open = await lockOpenDues(tx, studentId);
    const outstanding = open.reduce((sum, due) => sum + due.balance, 0);
    if (outstanding === 0) throw new AppError('CONFLICT', FEE_MESSAGES.nothingDue);
    const parts = new Map<string, number>();
    if (input.kind === 'percent') {
      for (const due of open) parts.set(due.id, Math.floor((due.balance * input.percent) / 100));
    } else {
      if (input.amount > outstanding) {
        const message = FEE_MESSAGES.concessionTooBig.replace('{amount}', formatPaise(outstanding));
        throw new AppError('BAD_REQUEST', message, { amount: message });
      }
      let left = input.amount;
      for (const due of [...open].reverse()) {
        const part = Math.min(left, due.balance);
        if (part > 0) parts.set(due.id, part);
        left -= part;
      }
    }
    // An invoiced due is lowered only after its invoice's credit note (decision 070, CGST Act s.34).
    await assertNotInvoiced(
      tx,
      open.filter((due) => (parts.get(due.id) ?? 0) > 0),
    );
    const total = [...parts.values()].reduce((sum, value) => sum + value, 0);
    for (const [dueId, part] of parts) {
      if (part > 0) await tx.update(feeDues).set({ concessionPaise: sql`${feeDues.concessionPaise} + ${part}` }).where(eq(feeDues.id, dueId));
    }
    const [row] = await tx
      .insert(feeConcessions)
      .values({ studentId, kind: input.kind, value: input.kind === 'amount' ? input.amount : input.percent, amountPaise: total, reason: input.reason, createdBy: actor?.userId ?? null })
      .returning({ id: feeConcessions.id });
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'fee_concession',
      entityId: row!.id,
      relatedId: studentId,
      text:
        input.kind === 'percent'
          ? { key: 'fee_concession.percent', values: { student: student.name, amount: formatPaise(total), percent: input.percent, reason: input.reason } }
          : { key: 'fee_concession.amount', values: { student: student.name, amount: formatPaise(total), reason: input.reason } },
      changes: { amount: { old: null, new: rupees(total) }, reason: { old: null, new: input.reason } },
    });
  });
  return studentLedger(db, studentId);
}

/** Removes the dues an enrolment made since `since` (an import undone: nothing paid them), in the caller's transaction. */
export async function removeDuesOfEnrolmentSince(tx: DbExecutor, studentId: string, batchId: string, since: Date): Promise<void> {
  await tx.delete(feeDues).where(and(thisAcademy(feeDues), eq(feeDues.studentId, studentId), eq(feeDues.batchId, batchId), gte(feeDues.createdAt, since)));
}
