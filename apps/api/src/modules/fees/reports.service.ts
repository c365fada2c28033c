import { and, asc, between, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import type { z } from 'zod';
import { academicYearEnd, academicYearStart, daysBetween, shiftDate } from '@academy/shared/calendar';
import { paiseToRupees as rupees } from '@academy/shared/money';
import type { DuesList, duesFilterQuerySchema, duesQuerySchema, FeeReport, FeeSummary } from '@academy/shared/schemas/fees';
import type { DbExecutor } from '../../db/client';
import { bankStatementCredits, bankStatements, batches, feeDues, feeReceipts, feeReminders, paymentClaims, students, users } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { academyCurrentYear, academyToday } from '../../academy-settings';
import { balanceSql, dueDeliverySql, dueDepositSql, dueFields, dueStatus, duesFilters, dueTaxableSql } from './fee-queries';
import { registrationOn, taxOnTopOf } from '../gst';
import { dueInvoicesOf, invoicedDueGst } from './due-invoices.service';
import { academySql, joinOn, qualified, thisAcademy } from '../../db/same-academy';

/** The office's fee reports: dues outstanding (list and CSV) and the money in for the dashboard and the Fees screen. */

type DuesQuery = z.output<typeof duesQuerySchema>;
type DuesFilter = z.output<typeof duesFilterQuerySchema>;


function selectDues(db: DbExecutor) {
  return db
    .select({
      due: feeDues,
      studentName: users.name,
      batchName: batches.name,
      studentState: students.state,
      taxable: dueTaxableSql().mapWith(Boolean),
      deposit: dueDepositSql().mapWith(Boolean),
      delivery: dueDeliverySql(),
      lastReminderAt: sql<Date | null>`(select max(${feeReminders.queuedAt}) from ${feeReminders} where ${thisAcademy(feeReminders)} and ${feeReminders.dueId} = ${feeDues.id} and ${feeReminders.academyId} = ${qualified(feeDues.academyId)})`.mapWith((value) => (value ? new Date(value) : null)),
    })
    .from(feeDues)
    // Every table names the academy by value (the dues' own in the caller's where): on Citus the list reaches the academy's shard alone (decision 053).
    .innerJoin(students, and(joinOn(students.id, feeDues.studentId), thisAcademy(students)))
    .innerJoin(users, and(joinOn(users.id, students.userId), thisAcademy(users)))
    .leftJoin(batches, and(joinOn(batches.id, feeDues.batchId), thisAcademy(batches)))
    .$dynamic();
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
  return searching
    ? totals.innerJoin(students, and(joinOn(students.id, feeDues.studentId), thisAcademy(students))).innerJoin(users, and(joinOn(users.id, students.userId), thisAcademy(users))).where(and(thisAcademy(feeDues), where))
    : totals.where(and(thisAcademy(feeDues), where));
}

/** Unpaid dues, overdue (oldest) first, with totals over the whole filter: one query for the page, one for the totals. */
export async function listDues(db: DbExecutor, query: DuesQuery): Promise<DuesList> {
  const today = await academyToday(db);
  const where = duesFilters(query, today);
  // The page's dues are chosen first on narrow rows (id, date, name), then read in full with their last
  // reminder: the reminder look-up and the wide rows cost 50 times, not once per open due (thousands).
  const page = db
    .select({ academyId: feeDues.academyId, id: feeDues.id, sortName: sql<string>`lower(${users.name})`.as('sort_name') })
    .from(feeDues)
    .innerJoin(students, joinOn(students.id, feeDues.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(and(thisAcademy(feeDues), thisAcademy(students), thisAcademy(users), where))
    .orderBy(asc(feeDues.dueDate), asc(sql`lower(${users.name})`), asc(feeDues.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  const [rows, [totals], registration, invoices] = await Promise.all([
    selectDues(db).innerJoin(page, joinOn(page.id, feeDues.id)).where(thisAcademy(feeDues)).orderBy(asc(feeDues.dueDate), asc(page.sortName), asc(feeDues.id)),
    duesTotals(db, where, today, Boolean(query.search)),
    registrationOn(db, today),
    // A due invoiced on its due date shows its invoice (decision 070) and owes what is left on it, as the ledger.
    dueInvoicesOf(db, { dueIds: db.select({ id: page.id }).from(page) }),
  ]);
  return {
    dues: rows.map(({ due, studentName, studentState, batchName, lastReminderAt, taxable, deposit, delivery }) => {
      const balance = due.amountPaise - due.concessionPaise - due.paidPaise;
      // With fee plans quoted excluding GST the office sees balance + GST = what the family pays (issue 57).
      const invoice = invoices.get(due.id) ?? null;
      const gst = invoice ? invoicedDueGst(invoice, balance) : taxOnTopOf(registration, { balance, taxable, deposit, delivery }, studentState);
      return {
        ...dueFields(due, batchName, balance),
        status: dueStatus({ status: due.status, balance, dueDate: due.dueDate }, today),
        student: { _id: due.studentId, name: studentName },
        overdueDays: Math.max(0, daysBetween(due.dueDate, today)),
        lastReminderAt: lastReminderAt ? lastReminderAt.toISOString() : null,
        gst: gst ? { tax: rupees(gst.tax), total: rupees(gst.total) } : null,
        invoice,
      };
    }),
    totals: { outstanding: rupees(totals?.outstanding ?? 0), overdue: rupees(totals?.overdue ?? 0), count: totals?.count ?? 0 },
    pagination: { page: query.page, limit: query.limit, total: totals?.count ?? 0 },
  };
}

/** The dues list's filter as a CSV document (amounts in rupees, two decimals). */
export async function exportDuesCsv(db: DbExecutor, query: DuesFilter, language: Language = 'en'): Promise<{ csv: string; fileName: string }> {
  const today = await academyToday(db);
  const rows = await selectDues(db).where(and(thisAcademy(feeDues), duesFilters(query, today))).orderBy(asc(feeDues.dueDate), asc(sql`lower(${users.name})`), asc(feeDues.id));
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

/** Money that came in: not a cancelled receipt, nor an opening balance carried over from a register (issue 39). */
const moneyIn = sql`${feeReceipts.cancelledAt} is null and ${feeReceipts.mode} <> 'opening_balance'`;

/**
 * A statement credit still waiting for the office: no receipt made of it, its UTR on no live receipt
 * (a family's confirmed report), and not set aside (a refund, interest; issue 54).
 */
// Each table names the academy as a parameter: a select-list subquery beside an aggregate reaches one
// shard on Citus only so (decision 053).
const unreconciled = (): SQL => sql`${bankStatementCredits.academyId} = ${academySql()} and ${bankStatementCredits.receiptId} is null and ${bankStatementCredits.setAsideAt} is null and not exists (select 1 from ${feeReceipts} r where r.utr = ${bankStatementCredits.utr} and r.academy_id = ${academySql()} and r.cancelled_at is null)`;
const unreconciledC = (): SQL => sql`c.academy_id = ${academySql()} and c.receipt_id is null and c.set_aside_at is null and not exists (select 1 from ${feeReceipts} r where r.utr = c.utr and r.academy_id = ${academySql()} and r.cancelled_at is null)`;

/** The money in and out for the dashboard card and the Fees screen's tiles: two small aggregate queries. */
export async function feeSummary(db: DbExecutor): Promise<FeeSummary> {
  const today = await academyToday(db);
  const monthStart = `${today.slice(0, 7)}-01`;
  const [[month], [outstanding]] = await Promise.all([
    db
      .select({
        amount: sql<number>`coalesce(sum(${feeReceipts.amountPaise}), 0)`.mapWith(Number),
        // What waits for the office (issue 38), in the same statement: families' UPI reports, statement credits not yet receipts.
        pendingClaims: sql<number>`(select count(*) from ${paymentClaims} where ${paymentClaims.academyId} = ${academySql()} and ${paymentClaims.status} = 'pending')`.mapWith(Number),
        unreconciledCredits: sql<number>`(select count(*) from ${bankStatementCredits} where ${unreconciled()})`.mapWith(Number),
        // Where the dashboard's link goes (issue 54): the newest statement with such a credit.
        unreconciledStatementId: sql<string | null>`(select c.statement_id from ${bankStatementCredits} c join ${bankStatements} s on s.id = c.statement_id and s.academy_id = ${academySql()} where ${unreconciledC()} order by s.uploaded_at desc limit 1)`,
      })
      .from(feeReceipts)
      .where(and(thisAcademy(feeReceipts), moneyIn, sql`${feeReceipts.date} >= ${monthStart}`)),
    db
      .select({
        amount: sql<number>`coalesce(sum(${balanceSql}), 0)`.mapWith(Number),
        overdue: sql<number>`coalesce(sum(${balanceSql}) filter (where ${feeDues.dueDate} < ${today}), 0)`.mapWith(Number),
        // Due now (issue 73): `isDueNow` of due-now.ts in SQL, an open due with a balance whose date has come.
        dueNow: sql<number>`coalesce(sum(${balanceSql}) filter (where ${feeDues.dueDate} <= ${today}), 0)`.mapWith(Number),
      })
      .from(feeDues)
      .where(and(thisAcademy(feeDues), eq(feeDues.status, 'open'), sql`${balanceSql} > 0`)),
  ]);
  return {
    collectedThisMonth: rupees(month?.amount ?? 0),
    outstanding: rupees(outstanding?.amount ?? 0),
    overdue: rupees(outstanding?.overdue ?? 0),
    dueNow: rupees(outstanding?.dueNow ?? 0),
    pendingClaims: month?.pendingClaims ?? 0,
    unreconciledCredits: month?.unreconciledCredits ?? 0,
    unreconciledStatementId: month?.unreconciledStatementId ?? null,
  };
}

/**
 * The Fees screen's report for one academic year (the current one without `year`; issue 39): four
 * aggregate queries side by side, over the receipts dated in the year (index on their date) and the
 * dues of the batches that started in it.
 */
export async function feeReport(db: DbExecutor, year?: string): Promise<FeeReport> {
  const today = await academyToday(db);
  const current = await academyCurrentYear(db, today);
  const name = year ?? current;
  const from = academicYearStart(name);
  // A year not over yet is reported until today; a future year has nothing yet.
  const to = name === current ? today : academicYearEnd(name);
  const inYear = and(moneyIn, between(feeReceipts.date, from, to));
  const [byMode, byMonth, byDay, byBatch] = await Promise.all([
    db
      .select({ mode: feeReceipts.mode, amount: sql<number>`sum(${feeReceipts.amountPaise})`.mapWith(Number) })
      .from(feeReceipts)
      .where(inYear)
      .groupBy(feeReceipts.mode)
      .orderBy(feeReceipts.mode),
    db
      .select({ month: sql<string>`to_char(${feeReceipts.date}, 'YYYY-MM')`, amount: sql<number>`sum(${feeReceipts.amountPaise})`.mapWith(Number) })
      .from(feeReceipts)
      .where(inYear)
      .groupBy(sql`1`),
    name === current
      ? db
          .select({ date: feeReceipts.date, amount: sql<number>`sum(${feeReceipts.amountPaise})`.mapWith(Number) })
          .from(feeReceipts)
          .where(and(moneyIn, sql`${feeReceipts.date} > (${today}::date - 30)`))
          .groupBy(feeReceipts.date)
          .orderBy(desc(feeReceipts.date))
      : Promise.resolve([]),
    db
      .select({
        _id: batches.id,
        name: batches.name,
        billed: sql<number>`coalesce(sum(${feeDues.amountPaise}) filter (where ${feeDues.status} <> 'cancelled'), 0)`.mapWith(Number),
        concession: sql<number>`coalesce(sum(${feeDues.concessionPaise}) filter (where ${feeDues.status} <> 'cancelled'), 0)`.mapWith(Number),
        paid: sql<number>`coalesce(sum(${feeDues.paidPaise}) filter (where ${feeDues.status} <> 'cancelled'), 0)`.mapWith(Number),
        outstanding: sql<number>`coalesce(sum(${balanceSql}) filter (where ${feeDues.status} = 'open' and ${balanceSql} > 0), 0)`.mapWith(Number),
        carriedOver: sql<number>`coalesce(sum(${balanceSql}) filter (where ${feeDues.status} = 'carried_over'), 0)`.mapWith(Number),
      })
      .from(batches)
      .innerJoin(feeDues, joinOn(feeDues.batchId, batches.id))
      .where(between(batches.startDate, from, academicYearEnd(name)))
      .groupBy(batches.academyId, batches.id, batches.name)
      .orderBy(asc(batches.name)),
  ]);
  const collected = new Map(byMonth.map((row) => [row.month, row.amount]));
  // Every month from June, so a month without money shows as nothing rather than missing.
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = shiftDate(`${month}-01`, 32).slice(0, 7)) months.push(month);
  return {
    year: name,
    collected: rupees(byMode.reduce((sum, row) => sum + row.amount, 0)),
    byMode: byMode.map((row) => ({ mode: row.mode, amount: rupees(row.amount) })),
    byDay: byDay.map((row) => ({ date: row.date, amount: rupees(row.amount) })),
    byMonth: months.map((month) => ({ month, amount: rupees(collected.get(month) ?? 0) })),
    // The batches with the most left unpaid first.
    byBatch: [...byBatch].sort((a, b) => b.outstanding + b.carriedOver - (a.outstanding + a.carriedOver)).map(({ _id, name: batchName, ...amounts }) => ({
      batch: { _id, name: batchName },
      billed: rupees(amounts.billed),
      concession: rupees(amounts.concession),
      paid: rupees(amounts.paid),
      outstanding: rupees(amounts.outstanding),
      carriedOver: rupees(amounts.carriedOver),
    })),
  };
}

/**
 * An academic year's money for the dashboard's year card (issue 39): the dues falling due in it (billed,
 * conceded, still open, carried into the next year) and the money that came in during it. Paise.
 */
export async function yearFeeTotals(db: DbExecutor, from: string, to: string): Promise<{ billed: number; concession: number; collected: number; outstanding: number; carriedOver: number }> {
  const [[dues], [receipts]] = await Promise.all([
    db
      .select({
        billed: sql<number>`coalesce(sum(${feeDues.amountPaise}), 0)`.mapWith(Number),
        concession: sql<number>`coalesce(sum(${feeDues.concessionPaise}), 0)`.mapWith(Number),
        outstanding: sql<number>`coalesce(sum(${balanceSql}) filter (where ${feeDues.status} = 'open' and ${balanceSql} > 0), 0)`.mapWith(Number),
        carriedOver: sql<number>`coalesce(sum(${balanceSql}) filter (where ${feeDues.status} = 'carried_over'), 0)`.mapWith(Number),
      })
      .from(feeDues)
      .where(and(thisAcademy(feeDues), sql`${feeDues.status} <> 'cancelled'`, between(feeDues.dueDate, from, to))),
    db
      .select({ collected: sql<number>`coalesce(sum(${feeReceipts.amountPaise}), 0)`.mapWith(Number) })
      .from(feeReceipts)
      .where(and(thisAcademy(feeReceipts), moneyIn, between(feeReceipts.date, from, to))),
  ]);
  return { billed: dues?.billed ?? 0, concession: dues?.concession ?? 0, outstanding: dues?.outstanding ?? 0, carriedOver: dues?.carriedOver ?? 0, collected: receipts?.collected ?? 0 };
}
