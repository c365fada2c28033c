import { sql } from 'drizzle-orm';
import { academySql } from '../../db/same-academy';
import type { z } from 'zod';
import type { AdmissionsReport, EnquirySource, FunnelRow, LostReason, admissionsReportQuerySchema } from '@academy/shared/schemas/admissions';
import type { DbExecutor } from '../../db/client';
import { academyDayStartSql, academyTimeZoneSql } from '../../db/academy-today';

type ReportQuery = z.output<typeof admissionsReportQuerySchema>;

type FunnelSqlRow = {
  by_source: boolean;
  by_standard: boolean;
  source: EnquirySource | null;
  standard_id: string | null;
  standard_name: string | null;
  standard_level: number | null;
  enquiries: number;
  contacted: number;
  demo: number;
  admitted: number;
  median_days: number | null;
};

function funnelOf(row: Pick<FunnelSqlRow, 'enquiries' | 'contacted' | 'demo' | 'admitted' | 'median_days'>): FunnelRow {
  return {
    enquiries: row.enquiries,
    contacted: row.contacted,
    demo: row.demo,
    admitted: row.admitted,
    conversion: row.enquiries > 0 ? Math.round((1000 * row.admitted) / row.enquiries) / 10 : null,
    medianDaysToAdmit: row.median_days === null ? null : Math.round(row.median_days * 10) / 10,
  };
}

/**
 * GET /api/admissions/report (issue 41): the enquiries created in [from, to] (academy days) through
 * the funnel enquiries → contacted → demo → admitted, per source and per standard, in one statement
 * (grouping sets), and the reasons of those now rejected or lost in a second.
 * - contacted: moved past new, or a contact or a demo class logged (a demo is contact too);
 * - demo: booked into a demo class (admission_demos);
 * - admitted: admitted now; days to admit run from the enquiry's day to its latest admission's.
 */
export async function admissionsReport(db: DbExecutor, query: ReportQuery): Promise<AdmissionsReport> {
  const zone = academyTimeZoneSql();
  // The academy named by value besides row-level security's, in every table, correlated subqueries too (keeping
  // their correlation): on Citus the statement, whose time zone is read from this academy's settings, then goes whole
  // to the academy's shard (decision 053; without it Citus refuses the join).
  const academy = academySql();
  // Bounds as instants, so the index on created_at serves the range.
  const inRange = sql`e.academy_id = ${academy} and e.created_at >= ${academyDayStartSql(query.from, zone)} and e.created_at < ${academyDayStartSql(sql`${query.to}::date + 1`, zone)}`;
  const [funnel, reasons] = await Promise.all([
    db.execute<FunnelSqlRow>(sql`
      with enquiry as (
        select
          e.source,
          e.standard_id,
          exists (select 1 from admission_demos d where d.enquiry_id = e.id and d.academy_id = e.academy_id and d.academy_id = ${academy}) as demo,
          e.status = 'admitted' as admitted,
          e.status <> 'new'
            or exists (select 1 from admission_enquiry_contacts c where c.enquiry_id = e.id and c.academy_id = e.academy_id and c.academy_id = ${academy})
            or exists (select 1 from admission_demos d where d.enquiry_id = e.id and d.academy_id = e.academy_id and d.academy_id = ${academy}) as contacted,
          case when e.status = 'admitted' then
            ((select max(sc.changed_at) from admission_enquiry_status_changes sc where sc.enquiry_id = e.id and sc.academy_id = e.academy_id and sc.academy_id = ${academy} and sc.to_status = 'admitted') at time zone ${zone})::date
              - (e.created_at at time zone ${zone})::date
          end as days_to_admit
        from admission_enquiries e
        where ${inRange}
      ),
      funnel as (
        select
          grouping(source) = 0 as by_source,
          grouping(standard_id) = 0 as by_standard,
          source,
          standard_id,
          count(*)::int as enquiries,
          count(*) filter (where contacted)::int as contacted,
          count(*) filter (where demo)::int as demo,
          count(*) filter (where admitted)::int as admitted,
          percentile_cont(0.5) within group (order by days_to_admit) as median_days
        from enquiry
        group by grouping sets ((source), (standard_id), ())
      )
      select f.*, st.name as standard_name, st.level as standard_level
      from funnel f left join standards st on st.id = f.standard_id and st.academy_id = ${academySql()}
      order by f.enquiries desc, st.level nulls last, st.name, f.source
    `),
    db.execute<{ reason: LostReason; rejected: number; lost: number; total: number }>(sql`
      select e.lost_reason as reason,
        count(*) filter (where e.status = 'rejected')::int as rejected,
        count(*) filter (where e.status = 'lost')::int as lost,
        count(*)::int as total
      from admission_enquiries e
      where ${inRange} and e.status in ('rejected', 'lost') and e.lost_reason is not null
      group by e.lost_reason
      order by total desc, e.lost_reason
    `),
  ]);
  const rows = funnel.rows;
  const total = rows.find((row) => !row.by_source && !row.by_standard);
  const empty = { enquiries: 0, contacted: 0, demo: 0, admitted: 0, median_days: null };
  return {
    from: query.from,
    to: query.to,
    total: funnelOf(total ?? empty),
    bySource: rows.filter((row) => row.by_source).map((row) => ({ source: row.source!, ...funnelOf(row) })),
    byStandard: rows
      .filter((row) => row.by_standard)
      // By level, as the academy thinks of standards; enquiries without one last.
      .sort((a, b) => (a.standard_level ?? Number.MAX_SAFE_INTEGER) - (b.standard_level ?? Number.MAX_SAFE_INTEGER) || (a.standard_name ?? '').localeCompare(b.standard_name ?? ''))
      .map((row) => ({
        standard: row.standard_id ? { _id: row.standard_id, name: row.standard_name!, level: row.standard_level! } : null,
        ...funnelOf(row),
      })),
    lostReasons: reasons.rows,
  };
}
