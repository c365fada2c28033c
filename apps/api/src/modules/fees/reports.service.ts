import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import type { z } from 'zod';
import { daysBetween } from '@academy/shared/calendar';
import { paiseToRupees as rupees } from '@academy/shared/money';
import type { DuesList, duesFilterQuerySchema, duesQuerySchema, FeeSummary } from '@academy/shared/schemas/fees';
import type { DbExecutor } from '../../db/client';
import { bankStatementCredits, batches, feeDues, feeReceipts, feeReminders, paymentClaims, students, users } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { academyToday } from '../settings';
import { balanceSql, dueStatus, duesFilters } from './fee-queries';

/** The office's fee reports: dues outstanding (list and CSV) and the money in for the dashboard and the Fees screen. */

type DuesQuery = z.output<typeof duesQuerySchema>;
type DuesFilter = z.output<typeof duesFilterQuerySchema>;


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

/** The money in and out for the dashboard card and the Fees screen: five small aggregate queries. */
export async function feeSummary(db: DbExecutor): Promise<FeeSummary> {
  const today = await academyToday(db);
  const monthStart = `${today.slice(0, 7)}-01`;
  // Money that came in: not a cancelled receipt, nor an opening balance carried over from a register (issue 39).
  const valid = sql`${feeReceipts.cancelledAt} is null and ${feeReceipts.mode} <> 'opening_balance'`;
  const [[month], [outstanding], byMode, byDay, byMonth, byBatch] = await Promise.all([
    db
      .select({
        amount: sql<number>`coalesce(sum(${feeReceipts.amountPaise}), 0)`.mapWith(Number),
        // What waits for the office (issue 38), in the same statement: families' UPI reports, statement credits not yet receipts.
        pendingClaims: sql<number>`(select count(*) from ${paymentClaims} where ${paymentClaims.status} = 'pending')`.mapWith(Number),
        unreconciledCredits: sql<number>`(select count(*) from ${bankStatementCredits} where ${bankStatementCredits.receiptId} is null)`.mapWith(Number),
      })
      .from(feeReceipts)
      .where(and(valid, sql`${feeReceipts.date} >= ${monthStart}`)),
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
    pendingClaims: month?.pendingClaims ?? 0,
    unreconciledCredits: month?.unreconciledCredits ?? 0,
    byMode: byMode.map((row) => ({ mode: row.mode, amount: rupees(row.amount) })),
    byDay: byDay.map((row) => ({ date: row.date, amount: rupees(row.amount) })),
    byMonth: byMonth.map((row) => ({ month: row.month, amount: rupees(row.amount) })),
    outstandingByBatch: byBatch.map((row) => ({ batch: { _id: row._id, name: row.name }, amount: rupees(row.amount) })),
  };
}
