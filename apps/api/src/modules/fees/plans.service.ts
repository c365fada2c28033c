import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { formatPaise, paiseToRupees as rupees } from '@academy/shared/money';
import { FEE_MESSAGES, type FeePlan, type feePlanInputSchema, type feePlanUpdateSchema } from '@academy/shared/schemas/fees';
import { lockAdvisoryKeys } from '../../db/advisory-locks';
import type { Db, DbExecutor } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { batches, batchStudents, feeDues, feePlanInstalments, feePlans, students } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { academyToday } from '../../academy-settings';
import { DUE_LOCK_ORDER } from './fee-queries';
import { joinOn, thisAcademy, qualified } from '../../db/same-academy';

/** Fee plans of a batch (instalments) and the dues they make for its students (issue 24, decision 020). */

// Shown on the site only when the office says so (the API's default; the seed and tests may leave it out).
type PlanInput = Omit<z.output<typeof feePlanInputSchema>, 'showOnSite' | 'taxable' | 'deposit'> & { showOnSite?: boolean; taxable?: boolean; deposit?: boolean };
type PlanUpdate = Omit<z.output<typeof feePlanUpdateSchema>, 'showOnSite' | 'taxable' | 'deposit'> & { showOnSite?: boolean; taxable?: boolean; deposit?: boolean };

/** GST of a plan's dues (decision 062): a refundable deposit is no supply, so never taxable. */
const gstFlags = (input: { taxable?: boolean; deposit?: boolean }) => (input.deposit ? { taxable: false, deposit: true } : { taxable: input.taxable ?? true, deposit: false });

const instalmentLabel = (planName: string, seq: number, count: number) => (count === 1 ? planName : `${planName} · ${seq}/${count}`);

async function plansWhere(db: DbExecutor, where: SQL | undefined): Promise<FeePlan[]> {
  const rows = await db
    .select({
      _id: feePlans.id,
      name: feePlans.name,
      batchId: batches.id,
      batchName: batches.name,
      amountPaise: feePlans.amountPaise,
      showOnSite: feePlans.showOnSite,
      taxable: feePlans.taxable,
      deposit: feePlans.deposit,
      createdAt: feePlans.createdAt,
      updatedAt: feePlans.updatedAt,
      studentCount: sql<number>`(select count(distinct ${feeDues.studentId})::int from ${feeDues} where ${thisAcademy(feeDues)} and ${feeDues.planId} = ${feePlans.id} and ${feeDues.academyId} = ${qualified(feePlans.academyId)} and ${feeDues.status} = 'open')`,
    })
    .from(feePlans)
    .innerJoin(batches, joinOn(batches.id, feePlans.batchId))
    // Every table names the academy by value: on Citus the statement reaches the academy's shard alone (decision 053).
    .where(and(thisAcademy(feePlans), thisAcademy(batches), where))
    .orderBy(asc(batches.name), asc(feePlans.name));
  const instalments = rows.length
    ? await db.select().from(feePlanInstalments).where(and(thisAcademy(feePlanInstalments), inArray(feePlanInstalments.planId, rows.map((row) => row._id)))).orderBy(asc(feePlanInstalments.seq))
    : [];
  return rows.map((row) => ({
    _id: row._id,
    name: row.name,
    batch: { _id: row.batchId, name: row.batchName },
    amount: rupees(row.amountPaise),
    instalments: instalments.filter((entry) => entry.planId === row._id).map((entry) => ({ dueDate: entry.dueDate, amount: rupees(entry.amountPaise) })),
    showOnSite: row.showOnSite,
    taxable: row.taxable,
    deposit: row.deposit,
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
  const [batch] = await tx.select({ name: batches.name }).from(batches).where(and(thisAcademy(batches), eq(batches.id, batchId))).limit(1);
  if (!batch) throw new AppError('BAD_REQUEST', 'Choose a batch from the list', { batch: 'Choose a batch from the list' });
  return batch.name;
}

/** `instalmentCount`: the plan's number of instalments, for the labels ("Fees · 3/4"), when `instalments` are fewer (a pro-rated late joiner). */
type PlanForDues = { id: string; name: string; batchId: string; instalments: { seq: number; dueDate: string; amountPaise: number }[]; instalmentCount?: number };

/** Dues of one plan for these students (one INSERT); `fromDate` skips instalments due before it. */
export async function insertDues(tx: DbExecutor, plan: PlanForDues, studentIds: string[], fromDate?: string): Promise<number> {
  const instalments = plan.instalments.filter((entry) => !fromDate || entry.dueDate >= fromDate);
  if (instalments.length === 0 || studentIds.length === 0) return 0;
  const lastNumber = await lockDueNumbers(tx, studentIds);
  const rows = studentIds.flatMap((studentId) =>
    instalments.map((entry, index) => ({
      studentId,
      planId: plan.id,
      batchId: plan.batchId,
      seq: entry.seq,
      number: (lastNumber.get(studentId) ?? 0) + index + 1,
      label: instalmentLabel(plan.name, entry.seq, plan.instalmentCount ?? plan.instalments.length),
      dueDate: entry.dueDate,
      amountPaise: entry.amountPaise,
    })),
  );
  await tx.insert(feeDues).values(rows);
  return rows.length;
}

/**
 * Each student's last due number, with a lock per student held to the end of the transaction, so two
 * enrolments of one student at once number their dues one after the other (issue 38: a due's number
 * is in its UPI reference and never changes). Locked in id order: two transactions never wait on
 * each other in a circle.
 */
export async function lockDueNumbers(tx: DbExecutor, studentIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(studentIds)].sort();
  await lockAdvisoryKeys(tx, ids.map((id) => `fee-due-number:${id}`));
  const rows = await tx
    .select({ studentId: feeDues.studentId, last: sql<number>`max(${feeDues.number})::int` })
    .from(feeDues)
    .where(and(thisAcademy(feeDues), inArray(feeDues.studentId, ids)))
    .groupBy(feeDues.studentId);
  return new Map(rows.map((row) => [row.studentId, row.last]));
}

function planSnapshot(input: PlanInput) {
  return {
    name: input.name,
    batch: input.batch,
    amount: rupees(input.amount),
    instalments: input.instalments.map((entry) => `${entry.dueDate}: ${formatPaise(entry.amount)}`).join('; '),
    showOnSite: input.showOnSite ?? false,
    ...gstFlags(input),
  };
}

/**
 * A plan for a batch. Students already enrolled get their dues at once (the plan applies to the
 * batch), in the same transaction.
 */
export async function createPlan(db: Db, actor: AuditActor, input: PlanInput): Promise<FeePlan> {
  const id = await db.transaction(async (tx) => {
    const batchName = await assertBatch(tx, input.batch);
    const [plan] = await tx.insert(feePlans).values({ name: input.name, batchId: input.batch, amountPaise: input.amount, showOnSite: input.showOnSite ?? false, ...gstFlags(input) }).returning({ id: feePlans.id });
    const instalments = input.instalments.map((entry, index) => ({ planId: plan!.id, seq: index + 1, dueDate: entry.dueDate, amountPaise: entry.amount }));
    await tx.insert(feePlanInstalments).values(instalments);
    const enrolled = await tx.select({ id: batchStudents.studentId }).from(batchStudents).innerJoin(students, joinOn(students.id, batchStudents.studentId)).where(and(thisAcademy(batchStudents), thisAcademy(students), eq(batchStudents.batchId, input.batch), eq(students.status, 'active')));
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
    const [before] = await tx.select().from(feePlans).where(and(eq(feePlans.id, id), thisAcademy(feePlans))).for('update').limit(1);
    if (!before) throw new AppError('NOT_FOUND', FEE_MESSAGES.planNotFound);
    const oldInstalments = await tx.select().from(feePlanInstalments).where(eq(feePlanInstalments.planId, id)).orderBy(asc(feePlanInstalments.seq));
    const batchName = await assertBatch(tx, input.batch);
    await tx.update(feePlans).set({ name: input.name, batchId: input.batch, amountPaise: input.amount, showOnSite: input.showOnSite ?? false, ...gstFlags(input), updatedAt: new Date() }).where(eq(feePlans.id, id));
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
        .where(and(and(eq(feeDues.planId, id), eq(feeDues.status, 'open'), eq(feeDues.paidPaise, 0), eq(feeDues.concessionPaise, 0), sql`${feeDues.dueDate} >= ${today}`), thisAcademy(feeDues)))
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
    const [plan] = await tx.select().from(feePlans).where(and(eq(feePlans.id, id), thisAcademy(feePlans))).for('update').limit(1);
    if (!plan) throw new AppError('NOT_FOUND', FEE_MESSAGES.planNotFound);
    const [used] = await tx.select({ id: feeDues.id }).from(feeDues).where(eq(feeDues.planId, id)).limit(1);
    if (used) throw new AppError('CONFLICT', FEE_MESSAGES.planInUse);
    await tx.delete(feePlans).where(eq(feePlans.id, id));
    await recordAudit(tx, actor, { action: 'delete', entityType: 'fee_plan', entityId: id, relatedId: plan.batchId, text: { key: 'fee_plan.deleted', values: { name: plan.name } }, changes: { name: { old: plan.name, new: null } } });
  });
}
