import { sql, type SQL } from 'drizzle-orm';
import type { AbsenceReason } from '@academy/shared/schemas/conversations';
import type { z } from 'zod';
import { ATTENDANCE_MAX_RANGE_DAYS, type AttendanceBatch, type AttendanceStatistics, type attendanceRangeQuerySchema } from '@academy/shared/schemas/attendance';
import { daysBetween } from '@academy/shared/calendar';
import { academyTimeZoneSql, academyTodaySql } from '../../db/academy-today';
import { academySql, type DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { assertStaffOfBatch } from '../../access/batches';


/** What the attendance module's reads share: the batch as staff may read it, the statistics columns, an absence's reason, a range's length. */

export type RangeQuery = z.output<typeof attendanceRangeQuerySchema>;
export type BatchRow = AttendanceBatch & { teacherRecordId: string; today: string; archived: boolean; startTime: string; timeZone: string };
export type StatisticsRow = AttendanceStatistics;

/**
 * The statistics columns of an aggregate over attendance rows aliased `a`: counts per status, total,
 * and (present + late) ÷ marked as a percentage with one decimal (null when nothing is marked).
 */
export const STATISTICS = sql.raw(`
  count(a.status) filter (where a.status = 'present')::int as present,
  count(a.status) filter (where a.status = 'absent')::int as absent,
  count(a.status) filter (where a.status = 'late')::int as late,
  count(a.status) filter (where a.status = 'excused')::int as excused,
  count(a.status)::int as total,
  round(100.0 * count(a.status) filter (where a.status in ('present', 'late')) / nullif(count(a.status), 0), 1)::float8 as percentage`);

export function statisticsOf(row: StatisticsRow | undefined): AttendanceStatistics {
  return {
    present: row?.present ?? 0,
    absent: row?.absent ?? 0,
    late: row?.late ?? 0,
    excused: row?.excused ?? 0,
    total: row?.total ?? 0,
    percentage: row?.percentage ?? null,
  };
}

/** The batch with its standard, subject and teacher, in one query; 404 when there is none. */
/** The batch row (BatchRow's columns) of `batchId`, as a statement or a subquery of a bigger one. */
export function batchRowSql(batchId: string): SQL {
  return sql`
    select b.id as "_id", b.name, b.start_date as "startDate", b.end_date as "endDate",
      json_build_object('_id', st.id, 'name', st.name, 'level', st.level) as standard,
      json_build_object('_id', sub.id, 'name', sub.name, 'code', sub.code) as subject,
      json_build_object('_id', t.id, 'name', tu.name) as teacher,
      b.teacher_id as "teacherRecordId",
      (b.archived_at is not null) as archived,
      to_char(b.start_time, 'HH24:MI') as "startTime", ${academyTimeZoneSql()} as "timeZone",
      -- Today where the academy is, in the same round trip (its settings row, else the default zone).
      to_char(${academyTodaySql()}, 'YYYY-MM-DD') as today
    from batches b
    join standards st on st.id = b.standard_id and st.academy_id = b.academy_id
    join subjects sub on sub.id = b.subject_id and sub.academy_id = b.academy_id
    join teachers t on t.id = b.teacher_id and t.academy_id = b.academy_id
    join users tu on tu.id = t.user_id and tu.academy_id = t.academy_id
    where b.academy_id = ${academySql()} and b.id = ${batchId}`;
}

export async function loadBatch(db: DbExecutor, batchId: string): Promise<BatchRow> {
  const { rows } = await db.execute<BatchRow>(batchRowSql(batchId));
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Batch not found');
  return row;
}

export function publicBatch({ teacherRecordId: _teacherRecordId, today: _today, archived: _archived, startTime: _startTime, timeZone: _timeZone, ...batch }: BatchRow): AttendanceBatch {
  return batch;
}

/**
 * The batch, if this actor may mark and read its attendance (the rule: access/batches
 * assertStaffOfBatch). Students read theirs under /student.
 */
export async function batchForStaff(db: DbExecutor, actor: Actor, batchId: string): Promise<BatchRow> {
  const batch = await loadBatch(db, batchId);
  assertStaffOfBatch(actor, batch.teacherRecordId);
  return batch;
}

/** An absence's reason as the family gave it (issue 60), read with the marks: only on an absent, late or (once accepted) excused mark. */
export type ReasonJson = { _id: string; text: string; byName: string; byRelation: string; at: string; excused: boolean };
export function REASON_JSON(student: string | SQL, date: string | SQL, status: string) {
  const column = (value: string | SQL) => (typeof value === 'string' ? sql.raw(value) : value);
  return sql`(select json_build_object('_id', ar.id, 'text', ar.text, 'byName', ar.by_name, 'byRelation', ar.by_relation, 'at', ar.at, 'excused', ar.excused_at is not null)
    from absence_reasons ar where ar.academy_id = ${academySql()} and ar.student_id = ${column(student)} and ar.date = ${column(date)} and ${sql.raw(status)} in ('absent', 'late', 'excused'))`;
}
export function reasonOf(row: ReasonJson | null): AbsenceReason | null {
  return row ? { _id: row._id, text: row.text, by: { name: row.byName, relation: row.byRelation }, at: new Date(row.at).toISOString(), excused: row.excused } : null;
}


export function assertRangeLength(startDate: string, endDate: string) {
  if (daysBetween(startDate, endDate) >= ATTENDANCE_MAX_RANGE_DAYS) {
    const message = `Choose a range of at most ${ATTENDANCE_MAX_RANGE_DAYS} days`;
    throw new AppError('BAD_REQUEST', message, { endDate: message });
  }
}
