import { sql } from 'drizzle-orm';
import type { AttendanceHistory } from '@academy/shared/schemas/attendance';
import type { AttendanceStatus } from '@academy/shared/attendance-statuses';
import { shiftDate } from '@academy/shared/calendar';
import { academySql, type DbExecutor } from '../../db/client';
import type { Actor } from '../../access/actor';
import { assertRangeLength, batchForStaff, publicBatch, STATISTICS, statisticsOf, type BatchRow, type RangeQuery, type StatisticsRow } from './attendance-reads';

/** A range given in the query, or the default: the last four weeks of the batch up to today. */
function historyRange(batch: BatchRow, query: RangeQuery, today: string): { startDate: string; endDate: string } {
  const lastDay = [today, batch.endDate].sort()[0]!;
  const endDate = query.endDate ?? (query.startDate && query.startDate > lastDay ? query.startDate : lastDay);
  const startDate = query.startDate ?? [shiftDate(endDate, -27), batch.startDate].sort().at(-1)!;
  const effectiveStart = startDate > endDate ? endDate : startDate;
  assertRangeLength(effectiveStart, endDate);
  return { startDate: effectiveStart, endDate };
}

/** GET /api/attendance/batch/{batchId}/history: a student × date grid for a range (default: the last four weeks). */
export async function getBatchHistory(db: DbExecutor, actor: Actor, batchId: string, query: RangeQuery): Promise<AttendanceHistory> {
  const batch = await batchForStaff(db, actor, batchId);
  const { startDate, endDate } = historyRange(batch, query, batch.today);
  const inRange = sql`a.academy_id = ${academySql()} and a.batch_id = ${batchId} and a.date between ${startDate} and ${endDate}`;
  const [students, dates, records] = await Promise.all([
    db.execute<{ _id: string; name: string; enrolled: boolean } & StatisticsRow>(sql`
      with people as (
        select bs.student_id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id where bs.academy_id = ${academySql()} and bs.batch_id = ${batchId} and s.status = 'active'
        union
        select distinct a.student_id from attendance_records a where ${inRange}
      )
      select s.id as "_id", u.name, (s.status = 'active' and exists (select 1 from batch_students bs where bs.academy_id = ${academySql()} and bs.batch_id = ${batchId} and bs.student_id = s.id)) as enrolled,
        ${STATISTICS}
      from people p
      join students s on s.id = p.student_id and s.academy_id = ${academySql()}
      join users u on u.id = s.user_id and u.academy_id = s.academy_id
      left join attendance_records a on a.student_id = s.id and ${inRange}
      group by s.academy_id, s.id, u.name
      order by lower(u.name), s.id`),
    // ROLLUP adds the whole range's row (date null) to the per-day rows.
    db.execute<{ date: string | null } & StatisticsRow>(sql`
      select a.date, ${STATISTICS} from attendance_records a where ${inRange} group by rollup (a.date) order by a.date nulls last`),
    db.execute<{ studentId: string; date: string; status: AttendanceStatus; remark: string | null }>(sql`
      select a.student_id as "studentId", a.date, a.status, a.remark from attendance_records a where ${inRange} order by a.date, a.student_id`),
  ]);
  const perDay = dates.rows.filter((row) => row.date !== null);
  const overall = dates.rows.find((row) => row.date === null);
  return {
    batch: publicBatch(batch),
    startDate,
    endDate,
    dates: perDay.map((row) => ({ date: row.date!, ...statisticsOf(row) })),
    students: students.rows.map(({ _id, name, enrolled, ...row }) => ({ _id, name, enrolled, statistics: statisticsOf(row) })),
    records: records.rows,
    statistics: statisticsOf(overall),
  };
}
