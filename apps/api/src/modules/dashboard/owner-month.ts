import { sql, type SQL } from 'drizzle-orm';
import type { OwnerMonth } from '@academy/shared/schemas/dashboard';
import { shiftDate } from '@academy/shared/calendar';
import { paiseToRupees as rupees } from '@academy/shared/money';
import { academyDayStartSql, academyTimeZoneSql } from '../../db/academy-today';
import { academySql } from '../../db/same-academy';

/** The calendar month before 'YYYY-MM'. */
function monthBefore(month: string): string {
  return shiftDate(`${month}-01`, -1).slice(0, 7);
}

/**
 * The owner's month (issue 42), columns of the kept counts' statement: the money in this month, all of last month and last
 * month to the same day (receipts by date: fee_receipts_date_idx); the open dues past their date per
 * batch (the dues list's partial index fee_dues_outstanding_idx); enquiries by creation instant
 * (admission_enquiries_created_idx) and students by admission date (students_admission_date_idx), this
 * month and last. The week's attendance per batch is read with the kept counts (readDashboardSummary).
 */
export type MonthRow = {
  collected: { this_month: number; last_month: number; last_month_to_date: number };
  overdue_by_batch: { batch_id: string | null; batch_name: string | null; amount: number; families: number }[];
  overdue: { amount: number; families: number };
  enquiries: { this_month: number; last_month: number };
  admissions: { this_month: number; last_month: number };
};

/** The owner's month as a CTE (`overdue`) and the columns of MonthRow, read by the kept counts' statement (one round trip). */
export function ownerMonthSql(today: string): { cte: SQL; columns: SQL } {
  const month = today.slice(0, 7);
  const lastMonth = monthBefore(month);
  const monthStart = `${month}-01`;
  const lastMonthStart = `${lastMonth}-01`;
  const lastMonthToDate = lastMonthToDateOf(today);
  // Every table names the academy: the statement goes to one shard on Citus (decision 053).
  const zone = academyTimeZoneSql();
  const academy = academySql();
  return {
    cte: sql`overdue as (
        select d.batch_id, d.student_id, d.amount_paise - d.concession_paise - d.paid_paise as balance
        from fee_dues d
        where d.academy_id = ${academy} and d.status = 'open' and d.amount_paise - d.concession_paise - d.paid_paise > 0 and d.due_date < ${today}::date
      )`,
    columns: sql`
        (select json_build_object(
            'this_month', coalesce(sum(r.amount_paise) filter (where r.date >= ${monthStart}::date), 0),
            'last_month', coalesce(sum(r.amount_paise) filter (where r.date < ${monthStart}::date), 0),
            'last_month_to_date', coalesce(sum(r.amount_paise) filter (where r.date <= ${lastMonthToDate}::date), 0))
          from fee_receipts r
          where r.academy_id = ${academy} and r.date between ${lastMonthStart}::date and ${today}::date and r.cancelled_at is null and r.mode <> 'opening_balance') as collected,
        (select coalesce(json_agg(json_build_object('batch_id', o.batch_id, 'batch_name', b.name, 'amount', o.amount, 'families', o.families)
            order by o.amount desc, b.name nulls last), '[]'::json)
          from (select batch_id, sum(balance) as amount, count(distinct student_id)::int as families from overdue group by batch_id) o
          left join batches b on b.id = o.batch_id and b.academy_id = ${academy}) as overdue_by_batch,
        (select json_build_object('amount', coalesce(sum(balance), 0), 'families', count(distinct student_id)::int) from overdue) as overdue,
        (select json_build_object(
            'this_month', count(*) filter (where e.created_at >= ${academyDayStartSql(monthStart, zone)}),
            'last_month', count(*) filter (where e.created_at < ${academyDayStartSql(monthStart, zone)}))
          from admission_enquiries e
          where e.academy_id = ${academy} and e.created_at >= ${academyDayStartSql(lastMonthStart, zone)}
            and e.created_at < ${academyDayStartSql(sql`${today}::date + 1`, zone)}) as enquiries,
        (select json_build_object(
            'this_month', count(*) filter (where s.admission_date >= ${monthStart}::date),
            'last_month', count(*) filter (where s.admission_date < ${monthStart}::date))
          from students s
          where s.academy_id = ${academy} and s.admission_date between ${lastMonthStart}::date and ${today}::date) as admissions`,
  };
}

/** The same day of last month, or its last day when it is shorter (31 March → 28/29 February). */
function lastMonthToDateOf(today: string): string {
  const lastMonthEnd = shiftDate(`${today.slice(0, 7)}-01`, -1);
  const sameDay = `${lastMonthEnd.slice(0, 7)}-${today.slice(8, 10)}`;
  return sameDay > lastMonthEnd ? lastMonthEnd : sameDay;
}

export function ownerMonthOf(row: MonthRow, today: string, monthlyFeeTarget: OwnerMonth['collected']['target']): Omit<OwnerMonth, 'attendanceThisWeek'> {
  const month = today.slice(0, 7);
  return {
    month,
    lastMonth: monthBefore(month),
    today,
    collected: {
      thisMonth: rupees(Number(row.collected.this_month)),
      lastMonth: rupees(Number(row.collected.last_month)),
      lastMonthToDate: rupees(Number(row.collected.last_month_to_date)),
      target: monthlyFeeTarget,
    },
    overdueByBatch: row.overdue_by_batch.map((entry) => ({
      batch: entry.batch_id && entry.batch_name !== null ? { _id: entry.batch_id, name: entry.batch_name } : null,
      amount: rupees(Number(entry.amount)),
      families: entry.families,
    })),
    overdue: { amount: rupees(Number(row.overdue.amount)), families: row.overdue.families },
    enquiries: { thisMonth: row.enquiries.this_month, lastMonth: row.enquiries.last_month },
    admissions: { thisMonth: row.admissions.this_month, lastMonth: row.admissions.last_month },
  };
}

