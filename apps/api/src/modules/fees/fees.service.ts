import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import type { z } from 'zod';
import { daysBetween, financialYearOf, formatDate, todayIn } from '@academy/shared/calendar';
import { formatPaise, paiseToRupees as rupees, paymentDateRange, receiptNumber } from '@academy/shared/money';
import {
  FEE_MESSAGES,
  type concessionInputSchema,
  type Due,
  type DuesList,
  type duesFilterQuerySchema,
  type duesQuerySchema,
  type FeePlan,
  type feePlanInputSchema,
  type feePlanUpdateSchema,
  type FeeSummary,
  type Ledger,
  type paymentInputSchema,
  type Receipt,
  type reminderInputSchema,
} from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { batches, batchStudents, feeAllocations, feeConcessions, feeDues, feePlanInstalments, feePlans, feeReceiptCounters, feeReceipts, feeReminders, students, users } from '../../db/schema';
import { mayReadFeesOf, receiptReadScope } from '../../access/fees';
import { studentIdOf, type Actor } from '../../access/actor';
import { childIdOf } from '../../access/parents';
import { AppError } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';
import { findPostgresError } from '../../lib/postgres-errors';
import { containsPattern } from '../../lib/search';
import { recordAudit, type AuditActor } from '../audit';
import { academyToday, getAcademySettings } from '../settings';

type PlanInput = z.output<typeof feePlanInputSchema>;
type PlanUpdate = z.output<typeof feePlanUpdateSchema>;
type PaymentInput = z.output<typeof paymentInputSchema>;
type ConcessionInput = z.output<typeof concessionInputSchema>;
type DuesQuery = z.output<typeof duesQuerySchema>;
type DuesFilter = z.output<typeof duesFilterQuerySchema>;
type ReminderInput = z.output<typeof reminderInputSchema>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** What is left of a due (paise), as SQL. */
const balanceSql = sql<number>`(${feeDues.amountPaise} - ${feeDues.concessionPaise} - ${feeDues.paidPaise})`;
/**
 * The one order in which dues are locked (FOR UPDATE), everywhere: oldest first, and the id last so
 * that no two dues tie (two batches' instalments due the same day, made in one transaction, have the
 * same date, seq and created_at). Transactions that lock rows in one total order cannot deadlock.
 */
const DUE_LOCK_ORDER = [asc(feeDues.dueDate), asc(feeDues.seq), asc(feeDues.createdAt), asc(feeDues.id)];

// ---------------------------------------------------------------- plans

const instalmentLabel = (planName: string, seq: number, count: number) => (count === 1 ? planName : `${planName} · ${seq}/${count}`);

async function plansWhere(db: DbExecutor, where: SQL | undefined): Promise<FeePlan[]> {
  const rows = await db
    .select({
      _id: feePlans.id,
      name: feePlans.name,
      batchId: batches.id,
      batchName: batches.name,
      amountPaise: feePlans.amountPaise,
      createdAt: feePlans.createdAt,
      updatedAt: feePlans.updatedAt,
      studentCount: sql<number>`(select count(distinct ${feeDues.studentId})::int from ${feeDues} where ${feeDues.planId} = ${feePlans.id} and ${feeDues.status} = 'open')`,
    })
    .from(feePlans)
    .innerJoin(batches, eq(batches.id, feePlans.batchId))
    .where(where)
    .orderBy(asc(batches.name), asc(feePlans.name));
  const instalments = rows.length
    ? await db.select().from(feePlanInstalments).where(inArray(feePlanInstalments.planId, rows.map((row) => row._id))).orderBy(asc(feePlanInstalments.seq))
    : [];
  return rows.map((row) => ({
    _id: row._id,
    name: row.name,
    batch: { _id: row.batchId, name: row.batchName },
    amount: rupees(row.amountPaise),
    instalments: instalments.filter((entry) => entry.planId === row._id).map((entry) => ({ dueDate: entry.dueDate, amount: rupees(entry.amountPaise) })),
    studentCount: row.studentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export function listPlans(db: DbExecutor): Promise<FeePlan[]> {
  return plansWhere(db, undefined);
}

export async function getPlan(db: DbExecutor, id: string): Promise<FeePlan> {
  const [plan] = await plansWhere(db, eq(feePlans.id, id));
  if (!plan) throw new AppError('NOT_FOUND', FEE_MESSAGES.planNotFound);
  return plan;
}

async function assertBatch(tx: DbExecutor, batchId: string): Promise<string> {
  const [batch] = await tx.select({ name: batches.name }).from(batches).where(eq(batches.id, batchId)).limit(1);
  if (!batch) throw new AppError('BAD_REQUEST', 'Choose a batch from the list', { batch: 'Choose a batch from the list' });
  return batch.name;
}

type PlanForDues = { id: string; name: string; batchId: string; instalments: { seq: number; dueDate: string; amountPaise: number }[] };

/** Dues of one plan for these students (one INSERT); `fromDate` skips instalments due before it. */
async function insertDues(tx: DbExecutor, plan: PlanForDues, studentIds: string[], fromDate?: string): Promise<number> {
  const instalments = plan.instalments.filter((entry) => !fromDate || entry.dueDate >= fromDate);
  const rows = studentIds.flatMap((studentId) =>
    instalments.map((entry) => ({
      studentId,
      planId: plan.id,
      batchId: plan.batchId,
      seq: entry.seq,
      label: instalmentLabel(plan.name, entry.seq, plan.instalments.length),
      dueDate: entry.dueDate,
      amountPaise: entry.amountPaise,
    })),
  );
  if (rows.length > 0) await tx.insert(feeDues).values(rows);
  return rows.length;
}

function planSnapshot(input: PlanInput) {
  return { name: input.name, batch: input.batch, amount: rupees(input.amount), instalments: input.instalments.map((entry) => `${entry.dueDate}: ${formatPaise(entry.amount)}`).join('; ') };
}

/**
 * A plan for a batch. Students already enrolled get their dues at once (the plan applies to the
 * batch), in the same transaction.
 */
export async function createPlan(db: Db, actor: AuditActor, input: PlanInput): Promise<FeePlan> {
  const id = await db.transaction(async (tx) => {
    const batchName = await assertBatch(tx, input.batch);
    const [plan] = await tx.insert(feePlans).values({ name: input.name, batchId: input.batch, amountPaise: input.amount }).returning({ id: feePlans.id });
    const instalments = input.instalments.map((entry, index) => ({ planId: plan!.id, seq: index + 1, dueDate: entry.dueDate, amountPaise: entry.amount }));
    await tx.insert(feePlanInstalments).values(instalments);
    const enrolled = await tx.select({ id: batchStudents.studentId }).from(batchStudents).innerJoin(students, eq(students.id, batchStudents.studentId)).where(and(eq(batchStudents.batchId, input.batch), eq(students.status, 'active')));
    await insertDues(tx, { id: plan!.id, name: input.name, batchId: input.batch, instalments }, enrolled.map((row) => row.id));
    const after = planSnapshot(input);
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'fee_plan',
      entityId: plan!.id,
      relatedId: input.batch,
      text: { key: 'fee_plan.created', values: { name: input.name, amount: formatPaise(input.amount), batch: batchName } },
      changes: Object.fromEntries(Object.entries(after).map(([key, value]) => [key, { old: null, new: value }])),
    });
    return plan!.id;
  });
  return getPlan(db, id);
}

/**
 * Changes a plan. With `applyToEnrolled`, enrolled students' future dues of this plan that nothing
 * has paid yet are cancelled and made again from the new instalments (dues already paid in part,
 * and past ones, stay as they were); without it, only students enrolled later get the new dues.
 */
export async function updatePlan(db: Db, actor: AuditActor, id: string, input: PlanUpdate): Promise<FeePlan> {
  await transactionWithRetry(db, async (tx) => {
    const [before] = await tx.select().from(feePlans).where(eq(feePlans.id, id)).for('update').limit(1);
    if (!before) throw new AppError('NOT_FOUND', FEE_MESSAGES.planNotFound);
    const oldInstalments = await tx.select().from(feePlanInstalments).where(eq(feePlanInstalments.planId, id)).orderBy(asc(feePlanInstalments.seq));
    const batchName = await assertBatch(tx, input.batch);
    await tx.update(feePlans).set({ name: input.name, batchId: input.batch, amountPaise: input.amount, updatedAt: new Date() }).where(eq(feePlans.id, id));
    await tx.delete(feePlanInstalments).where(eq(feePlanInstalments.planId, id));
    const instalments = input.instalments.map((entry, index) => ({ planId: id, seq: index + 1, dueDate: entry.dueDate, amountPaise: entry.amount }));
    await tx.insert(feePlanInstalments).values(instalments);
    let moved = 0;
    if (input.applyToEnrolled) {
      const today = await academyToday(tx);
      // Locked first in the dues' order (a payment may be locking some of them), then cancelled.
      const toCancel = await tx
        .select({ id: feeDues.id })
        .from(feeDues)
        .where(and(eq(feeDues.planId, id), eq(feeDues.status, 'open'), eq(feeDues.paidPaise, 0), eq(feeDues.concessionPaise, 0), sql`${feeDues.dueDate} >= ${today}`))
        .orderBy(...DUE_LOCK_ORDER)
        .for('update');
      const cancelled = toCancel.length
        ? await tx.update(feeDues).set({ status: 'cancelled' }).where(inArray(feeDues.id, toCancel.map((row) => row.id))).returning({ studentId: feeDues.studentId })
        : [];
      const studentIds = [...new Set(cancelled.map((row) => row.studentId))];
      moved = studentIds.length;
      await insertDues(tx, { id, name: input.name, batchId: input.batch, instalments }, studentIds, today);
    }
    const oldSnapshot = {
      name: before.name,
      batch: before.batchId,
      amount: rupees(before.amountPaise),
      instalments: oldInstalments.map((entry) => `${entry.dueDate}: ${formatPaise(entry.amountPaise)}`).join('; '),
    };
    const newSnapshot = planSnapshot(input);
    const changes = Object.fromEntries(
      Object.entries(newSnapshot)
        .filter(([key, value]) => oldSnapshot[key as keyof typeof oldSnapshot] !== value)
        .map(([key, value]) => [key, { old: oldSnapshot[key as keyof typeof oldSnapshot], new: value }]),
    );
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'fee_plan',
      entityId: id,
      relatedId: input.batch,
      text: input.applyToEnrolled ? { key: 'fee_plan.updated_moved', values: { name: input.name, batch: batchName, count: moved } } : { key: 'fee_plan.updated', values: { name: input.name, batch: batchName } },
      changes: Object.keys(changes).length ? changes : null,
    });
  });
  return getPlan(db, id);
}

/** Deletes a plan that no student has dues from (a plan in use answers 409). */
export async function deletePlan(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [plan] = await tx.select().from(feePlans).where(eq(feePlans.id, id)).for('update').limit(1);
    if (!plan) throw new AppError('NOT_FOUND', FEE_MESSAGES.planNotFound);
    const [used] = await tx.select({ id: feeDues.id }).from(feeDues).where(eq(feeDues.planId, id)).limit(1);
    if (used) throw new AppError('CONFLICT', FEE_MESSAGES.planInUse);
    await tx.delete(feePlans).where(eq(feePlans.id, id));
    await recordAudit(tx, actor, { action: 'delete', entityType: 'fee_plan', entityId: id, relatedId: plan.batchId, text: { key: 'fee_plan.deleted', values: { name: plan.name } }, changes: { name: { old: plan.name, new: null } } });
  });
}

// ---------------------------------------------------------------- enrolment

/** Enrolment's part (batches.service enrolStudent, same transaction): the batch's plans become the student's dues. */
export async function createDuesForEnrolment(tx: DbExecutor, batchId: string, studentId: string): Promise<number> {
  const plans = await tx
    .select({ id: feePlans.id, name: feePlans.name, seq: feePlanInstalments.seq, dueDate: feePlanInstalments.dueDate, amountPaise: feePlanInstalments.amountPaise })
    .from(feePlans)
    .innerJoin(feePlanInstalments, eq(feePlanInstalments.planId, feePlans.id))
    .where(eq(feePlans.batchId, batchId))
    .orderBy(asc(feePlans.id), asc(feePlanInstalments.seq));
  // Enrolled again after a removal: the plan's open dues are still there.
  const existing = plans.length
    ? await tx.select({ planId: feeDues.planId }).from(feeDues).where(and(eq(feeDues.studentId, studentId), eq(feeDues.batchId, batchId), eq(feeDues.status, 'open')))
    : [];
  let created = 0;
  for (const planId of new Set(plans.map((row) => row.id))) {
    if (existing.some((row) => row.planId === planId)) continue;
    const rows = plans.filter((row) => row.id === planId);
    created += await insertDues(tx, { id: planId, name: rows[0]!.name, batchId, instalments: rows }, [studentId]);
  }
  return created;
}

/** Removal's part, when the office says so: the student's dues of this batch that nothing has paid are cancelled. */
export async function cancelUnpaidDuesOfBatch(tx: DbExecutor, batchId: string, studentId: string): Promise<number> {
  // Locked first in the dues' order (a payment of this student may be locking them), then cancelled.
  const toCancel = await tx
    .select({ id: feeDues.id })
    .from(feeDues)
    .where(and(eq(feeDues.studentId, studentId), eq(feeDues.batchId, batchId), eq(feeDues.status, 'open'), eq(feeDues.paidPaise, 0)))
    .orderBy(...DUE_LOCK_ORDER)
    .for('update');
  if (toCancel.length === 0) return 0;
  await tx.update(feeDues).set({ status: 'cancelled' }).where(inArray(feeDues.id, toCancel.map((row) => row.id)));
  return toCancel.length;
}

// ---------------------------------------------------------------- the ledger

function dueStatus(row: { status: string; balance: number; dueDate: string }, today: string): Due['status'] {
  if (row.status === 'cancelled') return 'cancelled';
  if (row.balance <= 0) return 'paid';
  return row.dueDate < today ? 'overdue' : 'due';
}

async function receiptsWhere(db: DbExecutor, where: SQL | undefined): Promise<Receipt[]> {
  const rows = await db
    .select({ receipt: feeReceipts, studentName: users.name })
    .from(feeReceipts)
    .innerJoin(students, eq(students.id, feeReceipts.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(where)
    .orderBy(desc(feeReceipts.date), desc(feeReceipts.createdAt));
  const allocations = rows.length
    ? await db
        .select({ receiptId: feeAllocations.receiptId, dueId: feeAllocations.dueId, label: feeDues.label, amountPaise: feeAllocations.amountPaise, dueDate: feeDues.dueDate })
        .from(feeAllocations)
        .innerJoin(feeDues, eq(feeDues.id, feeAllocations.dueId))
        .where(inArray(feeAllocations.receiptId, rows.map((row) => row.receipt.id)))
        .orderBy(asc(feeDues.dueDate), asc(feeDues.seq))
    : [];
  return rows.map(({ receipt, studentName }) => ({
    _id: receipt.id,
    number: receipt.number,
    date: receipt.date,
    amount: rupees(receipt.amountPaise),
    mode: receipt.mode,
    reference: receipt.reference,
    note: receipt.note,
    student: { _id: receipt.studentId, name: studentName },
    allocations: allocations.filter((entry) => entry.receiptId === receipt.id).map((entry) => ({ dueId: entry.dueId, label: entry.label, amount: rupees(entry.amountPaise) })),
    balanceAfter: rupees(receipt.balanceAfterPaise),
    cancelled: receipt.cancelledAt ? { at: receipt.cancelledAt.toISOString(), reason: receipt.cancelReason ?? '' } : null,
    createdAt: receipt.createdAt.toISOString(),
  }));
}

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
  const [student] = await db.select({ _id: students.id, name: users.name }).from(students).innerJoin(users, eq(users.id, students.userId)).where(eq(students.id, studentId)).limit(1);
  if (!student) throw new AppError('NOT_FOUND', 'Student not found');
  const [dueRows, payments, concessions, today] = await Promise.all([
    db
      .select({ due: feeDues, batchName: batches.name })
      .from(feeDues)
      .leftJoin(batches, eq(batches.id, feeDues.batchId))
      .where(eq(feeDues.studentId, studentId))
      .orderBy(asc(feeDues.dueDate), asc(feeDues.seq), asc(feeDues.createdAt)),
    receiptsWhere(db, eq(feeReceipts.studentId, studentId)),
    db.select().from(feeConcessions).where(eq(feeConcessions.studentId, studentId)).orderBy(desc(feeConcessions.createdAt)),
    academyToday(db),
  ]);
  const totals = { due: 0, concession: 0, paid: 0, balance: 0, overdue: 0 };
  const dues = dueRows.map(({ due, batchName }) => {
    const balance = due.status === 'open' ? due.amountPaise - due.concessionPaise - due.paidPaise : 0;
    const status = dueStatus({ status: due.status, balance, dueDate: due.dueDate }, today);
    if (due.status === 'open') {
      totals.due += due.amountPaise;
      totals.concession += due.concessionPaise;
      totals.paid += due.paidPaise;
      totals.balance += balance;
      if (status === 'overdue') totals.overdue += balance;
    }
    return {
      _id: due.id,
      label: due.label,
      batch: due.batchId && batchName ? { _id: due.batchId, name: batchName } : null,
      dueDate: due.dueDate,
      amount: rupees(due.amountPaise),
      concession: rupees(due.concessionPaise),
      paid: rupees(due.paidPaise),
      balance: rupees(balance),
      status,
    };
  });
  return {
    student,
    dues,
    payments,
    concessions: concessions.map((row) => ({ _id: row.id, kind: row.kind, value: row.kind === 'amount' ? rupees(row.value) : row.value, amount: rupees(row.amountPaise), reason: row.reason, createdAt: row.createdAt.toISOString() })),
    totals: { due: rupees(totals.due), concession: rupees(totals.concession), paid: rupees(totals.paid), balance: rupees(totals.balance), overdue: rupees(totals.overdue) },
  };
}

/** A ledger through the access layer: the admin any student's, a student their own (else 404). */
export async function ledgerFor(db: DbExecutor, actor: Actor, studentId: string): Promise<Ledger> {
  if (!mayReadFeesOf(actor, studentId)) throw new AppError('NOT_FOUND', 'Student not found');
  return studentLedger(db, studentId);
}

// ---------------------------------------------------------------- payments and receipts

async function lockOpenDues(tx: DbExecutor, studentId: string) {
  return tx
    .select({ id: feeDues.id, label: feeDues.label, balance: balanceSql.mapWith(Number) })
    .from(feeDues)
    .where(and(eq(feeDues.studentId, studentId), eq(feeDues.status, 'open'), sql`${balanceSql} > 0`))
    .orderBy(...DUE_LOCK_ORDER)
    .for('update');
}

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
export async function recordPayment(db: Db, actor: AuditActor, studentId: string, input: PaymentInput, idempotencyKey?: string): Promise<{ receipt: Receipt; created: boolean }> {
  const requestHash = paymentRequestHash(studentId, input);
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
      return { id: receipt!.id, created: true };
    });
    if (!created) return existingReceipt(db, id);
    const [receipt] = await receiptsWhere(db, eq(feeReceipts.id, id));
    return { receipt: receipt!, created: true };
  } catch (error) {
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

// ---------------------------------------------------------------- concessions

/**
 * A concession: a percentage takes that share off each open due's remaining amount; an amount is
 * taken off the latest dues first (the nearest ones stay as they were). Refused above what is due.
 */
export async function addConcession(db: Db, actor: AuditActor, studentId: string, input: ConcessionInput): Promise<Ledger> {
  await transactionWithRetry(db, async (tx) => {
    const [student] = await tx.select({ name: users.name }).from(students).innerJoin(users, eq(users.id, students.userId)).where(eq(students.id, studentId)).limit(1);
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

// ---------------------------------------------------------------- dues, reminders, summary

function duesFilters(query: DuesFilter, today: string): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    eq(feeDues.status, 'open'),
    sql`${balanceSql} > 0`,
    query.overdue === 'true' ? sql`${feeDues.dueDate} < ${today}` : query.overdue === 'false' ? sql`${feeDues.dueDate} >= ${today}` : undefined,
    query.batch ? eq(feeDues.batchId, query.batch) : undefined,
    pattern ? ilike(users.name, pattern) : undefined,
  );
}

function selectDues(db: DbExecutor) {
  return db
    .select({
      due: feeDues,
      studentName: users.name,
      batchName: batches.name,
      lastReminderAt: sql<Date | null>`(select max(${feeReminders.queuedAt}) from ${feeReminders} where ${feeReminders.dueId} = ${feeDues.id})`.mapWith((value) => (value ? new Date(value) : null)),
    })
    .from(feeDues)
    .innerJoin(students, eq(students.id, feeDues.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(batches, eq(batches.id, feeDues.batchId));
}

/** The totals over every due of the filter; the students' names are joined only to search them (the join costs on thousands of dues). */
function duesTotals(db: DbExecutor, where: SQL | undefined, today: string, searching: boolean) {
  const totals = db
    .select({
      count: sql<number>`count(*)::int`,
      outstanding: sql<number>`coalesce(sum(${balanceSql}), 0)`.mapWith(Number),
      overdue: sql<number>`coalesce(sum(${balanceSql}) filter (where ${feeDues.dueDate} < ${today}), 0)`.mapWith(Number),
    })
    .from(feeDues)
    .$dynamic();
  return searching ? totals.innerJoin(students, eq(students.id, feeDues.studentId)).innerJoin(users, eq(users.id, students.userId)).where(where) : totals.where(where);
}

/** Unpaid dues, overdue (oldest) first, with totals over the whole filter: one query for the page, one for the totals. */
export async function listDues(db: DbExecutor, query: DuesQuery): Promise<DuesList> {
  const today = await academyToday(db);
  const where = duesFilters(query, today);
  // The page's dues are chosen first on narrow rows (id, date, name), then read in full with their last
  // reminder: the reminder look-up and the wide rows cost 50 times, not once per open due (thousands).
  const page = db
    .select({ id: feeDues.id, sortName: sql<string>`lower(${users.name})`.as('sort_name') })
    .from(feeDues)
    .innerJoin(students, eq(students.id, feeDues.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(where)
    .orderBy(asc(feeDues.dueDate), asc(sql`lower(${users.name})`), asc(feeDues.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  const [rows, [totals]] = await Promise.all([
    selectDues(db).innerJoin(page, eq(page.id, feeDues.id)).orderBy(asc(feeDues.dueDate), asc(page.sortName), asc(feeDues.id)),
    duesTotals(db, where, today, Boolean(query.search)),
  ]);
  return {
    dues: rows.map(({ due, studentName, batchName, lastReminderAt }) => {
      const balance = due.amountPaise - due.concessionPaise - due.paidPaise;
      return {
        _id: due.id,
        label: due.label,
        batch: due.batchId && batchName ? { _id: due.batchId, name: batchName } : null,
        dueDate: due.dueDate,
        amount: rupees(due.amountPaise),
        concession: rupees(due.concessionPaise),
        paid: rupees(due.paidPaise),
        balance: rupees(balance),
        status: dueStatus({ status: due.status, balance, dueDate: due.dueDate }, today),
        student: { _id: due.studentId, name: studentName },
        overdueDays: Math.max(0, daysBetween(due.dueDate, today)),
        lastReminderAt: lastReminderAt ? lastReminderAt.toISOString() : null,
      };
    }),
    totals: { outstanding: rupees(totals?.outstanding ?? 0), overdue: rupees(totals?.overdue ?? 0), count: totals?.count ?? 0 },
    pagination: { page: query.page, limit: query.limit, total: totals?.count ?? 0 },
  };
}

/** The dues list's filter as a CSV document (amounts in rupees, two decimals). */
export async function exportDuesCsv(db: DbExecutor, query: DuesFilter, language: Language = 'en'): Promise<{ csv: string; fileName: string }> {
  const today = await academyToday(db);
  const rows = await selectDues(db).where(duesFilters(query, today)).orderBy(asc(feeDues.dueDate), asc(sql`lower(${users.name})`), asc(feeDues.id));
  const money = (paise: number) => (paise / 100).toFixed(2);
  const csv = toCsv(
    ['Student', 'Batch', 'Due', 'Due date', 'Amount (₹)', 'Concession (₹)', 'Paid (₹)', 'Balance (₹)', 'Days overdue', 'Last reminder'],
    rows.map(({ due, studentName, batchName, lastReminderAt }) => [
      studentName,
      batchName,
      due.label,
      due.dueDate,
      money(due.amountPaise),
      money(due.concessionPaise),
      money(due.paidPaise),
      money(due.amountPaise - due.concessionPaise - due.paidPaise),
      String(Math.max(0, daysBetween(due.dueDate, today))),
      lastReminderAt ? lastReminderAt.toISOString() : '',
    ]),
    language,
  );
  return { csv, fileName: `fee-dues-${today}.csv` };
}

export type FeeReminderPayload = { studentId: string; dueIds: string[] };

/**
 * Reminders for the chosen dues (or every overdue one): at most one per due per week (a due reminded
 * in the last 7 days is skipped), recorded in fee_reminders and audited, then one job per student
 * (lib/jobs.ts) sends them with retries. Answers how many dues were queued and skipped.
 */
export async function queueFeeReminders(
  db: Db,
  actor: AuditActor,
  input: ReminderInput,
  enqueue: (payload: FeeReminderPayload) => Promise<unknown>,
): Promise<{ queued: number; skipped: number }> {
  const today = await academyToday(db);
  const weekAgo = new Date(Date.now() - WEEK_MS);
  const byStudent = await transactionWithRetry(db, async (tx) => {
    const chosen = await tx
      .select({ id: feeDues.id, studentId: feeDues.studentId })
      .from(feeDues)
      .where(
        and(
          eq(feeDues.status, 'open'),
          sql`${balanceSql} > 0`,
          input.allOverdue ? sql`${feeDues.dueDate} < ${today}` : inArray(feeDues.id, input.dueIds ?? []),
        ),
      )
      .orderBy(...DUE_LOCK_ORDER)
      .for('update');
    if (chosen.length === 0) return { groups: new Map<string, string[]>(), skipped: input.dueIds?.length ?? 0 };
    const recent = await tx
      .selectDistinct({ dueId: feeReminders.dueId })
      .from(feeReminders)
      .where(and(inArray(feeReminders.dueId, chosen.map((row) => row.id)), sql`${feeReminders.queuedAt} > ${weekAgo}`));
    const recentIds = new Set(recent.map((row) => row.dueId));
    const toSend = chosen.filter((row) => !recentIds.has(row.id));
    if (toSend.length > 0) {
      await tx.insert(feeReminders).values(toSend.map((row) => ({ dueId: row.id, queuedBy: actor?.userId ?? null })));
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'fee_reminder',
        text: { key: 'fee_reminder.sent', values: { dues: toSend.length, students: new Set(toSend.map((row) => row.studentId)).size } },
        changes: { dues: { old: null, new: toSend.length } },
      });
    }
    const groups = new Map<string, string[]>();
    for (const row of toSend) groups.set(row.studentId, [...(groups.get(row.studentId) ?? []), row.id]);
    // Skipped: reminded this week, or (when chosen by id) paid or cancelled meanwhile.
    return { groups, skipped: (input.allOverdue ? chosen.length : new Set(input.dueIds).size) - toSend.length };
  });
  for (const [studentId, dueIds] of byStudent.groups) await enqueue({ studentId, dueIds });
  const queued = [...byStudent.groups.values()].reduce((sum, ids) => sum + ids.length, 0);
  return { queued, skipped: byStudent.skipped };
}

/** The money in and out for the dashboard card and the Fees screen: five small aggregate queries. */
export async function feeSummary(db: DbExecutor): Promise<FeeSummary> {
  const today = await academyToday(db);
  const monthStart = `${today.slice(0, 7)}-01`;
  const valid = sql`${feeReceipts.cancelledAt} is null`;
  const [[month], [outstanding], byMode, byDay, byMonth, byBatch] = await Promise.all([
    db.select({ amount: sql<number>`coalesce(sum(${feeReceipts.amountPaise}), 0)`.mapWith(Number) }).from(feeReceipts).where(and(valid, sql`${feeReceipts.date} >= ${monthStart}`)),
    db
      .select({
        amount: sql<number>`coalesce(sum(${balanceSql}), 0)`.mapWith(Number),
        overdue: sql<number>`coalesce(sum(${balanceSql}) filter (where ${feeDues.dueDate} < ${today}), 0)`.mapWith(Number),
      })
      .from(feeDues)
      .where(and(eq(feeDues.status, 'open'), sql`${balanceSql} > 0`)),
    db
      .select({ mode: feeReceipts.mode, amount: sql<number>`sum(${feeReceipts.amountPaise})`.mapWith(Number) })
      .from(feeReceipts)
      .where(and(valid, sql`${feeReceipts.date} >= ${monthStart}`))
      .groupBy(feeReceipts.mode)
      .orderBy(feeReceipts.mode),
    db
      .select({ date: feeReceipts.date, amount: sql<number>`sum(${feeReceipts.amountPaise})`.mapWith(Number) })
      .from(feeReceipts)
      .where(and(valid, sql`${feeReceipts.date} > (${today}::date - 30)`))
      .groupBy(feeReceipts.date)
      .orderBy(desc(feeReceipts.date)),
    db
      .select({ month: sql<string>`to_char(${feeReceipts.date}, 'YYYY-MM')`, amount: sql<number>`sum(${feeReceipts.amountPaise})`.mapWith(Number) })
      .from(feeReceipts)
      .where(and(valid, sql`${feeReceipts.date} > (${today}::date - 366)`))
      .groupBy(sql`1`)
      .orderBy(desc(sql`1`)),
    db
      .select({ _id: batches.id, name: batches.name, amount: sql<number>`sum(${balanceSql})`.mapWith(Number) })
      .from(feeDues)
      .innerJoin(batches, eq(batches.id, feeDues.batchId))
      .where(and(eq(feeDues.status, 'open'), sql`${balanceSql} > 0`))
      .groupBy(batches.id, batches.name)
      .orderBy(desc(sql`3`)),
  ]);
  return {
    collectedThisMonth: rupees(month?.amount ?? 0),
    outstanding: rupees(outstanding?.amount ?? 0),
    overdue: rupees(outstanding?.overdue ?? 0),
    byMode: byMode.map((row) => ({ mode: row.mode, amount: rupees(row.amount) })),
    byDay: byDay.map((row) => ({ date: row.date, amount: rupees(row.amount) })),
    byMonth: byMonth.map((row) => ({ month: row.month, amount: rupees(row.amount) })),
    outstandingByBatch: byBatch.map((row) => ({ batch: { _id: row._id, name: row.name }, amount: rupees(row.amount) })),
  };
}
