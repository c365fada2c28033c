import { sql, type SQL } from 'drizzle-orm';
import type { AbsenceReason } from '@academy/shared/schemas/conversations';
import type { z } from 'zod';
import { ATTENDANCE_MAX_RANGE_DAYS, attendanceOpensAt, closedDayMessage, notOpenYetMessage, STUDENT_RECENT_RECORDS, type AttendanceBatch, type AttendanceDay, type AttendanceHistory, type AttendanceMonth, type AttendanceStatistics, type attendanceRangeQuerySchema, type attendanceSubmissionSchema, type StudentAttendance } from '@academy/shared/schemas/attendance';
import type { AttendanceStatus } from '@academy/shared/attendance-statuses';
import type { AttendanceDemo } from '@academy/shared/schemas/demo-classes';
import { ACADEMIC_YEAR_MESSAGES } from '@academy/shared/schemas/academic-years';
import { clockIn, dateIn, daysBetween, formatClock, formatDate, shiftDate } from '@academy/shared/calendar';
import { academyTimeZoneSql, academyTodaySql } from '../../db/academy-today';
import { type Db, type DbExecutor, academySql } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { cacheKey, cachedRead } from '../../lib/read-cache';
import { emitEvent } from '../../events/emit';
import { academyToday } from '../../academy-settings';
import { studentIdOf, type Actor } from '../../access/actor';
import { assertStaffOfBatch } from '../../access/batches';
import { assertStaffOfBatchDay } from '../../access/attendance';
import { childIdOf } from '../../access/parents';
import { closureTitleOn } from '../closures';
import { recordAudit } from '../audit';
import { announcePastDayChange, forgetPastDayTotals } from './past-days-cache';

type Submission = z.output<typeof attendanceSubmissionSchema>;
type RangeQuery = z.output<typeof attendanceRangeQuerySchema>;
type BatchRow = AttendanceBatch & { teacherRecordId: string; today: string; archived: boolean; startTime: string; timeZone: string };
type StatisticsRow = AttendanceStatistics;

// Still offered here for the module's importers (and its public face) until they import @academy/shared/calendar.

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

function statisticsOf(row: StatisticsRow | undefined): AttendanceStatistics {
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
async function loadBatch(db: DbExecutor, batchId: string): Promise<BatchRow> {
  const { rows } = await db.execute<BatchRow>(sql`
    select b.id as "_id", b.name, b.start_date as "startDate", b.end_date as "endDate",
      json_build_object('_id', st.id, 'name', st.name, 'level', st.level) as standard,
      json_build_object('_id', sub.id, 'name', sub.name, 'code', sub.code) as subject,
      json_build_object('_id', t.id, 'name', tu.name) as teacher,
      b.teacher_id as "teacherRecordId",
      (b.archived_at is not null) as archived,
      to_char(b.start_time, 'HH24:MI') as "startTime", ${academyTimeZoneSql} as "timeZone",
      -- Today where the academy is, in the same round trip (its settings row, else the default zone).
      to_char(${academyTodaySql}, 'YYYY-MM-DD') as today
    from batches b
    join standards st on st.id = b.standard_id and st.academy_id = b.academy_id
    join subjects sub on sub.id = b.subject_id and sub.academy_id = b.academy_id
    join teachers t on t.id = b.teacher_id and t.academy_id = b.academy_id
    join users tu on tu.id = t.user_id and tu.academy_id = t.academy_id
    where b.id = ${batchId}`);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Batch not found');
  return row;
}

function publicBatch({ teacherRecordId: _teacherRecordId, today: _today, archived: _archived, startTime: _startTime, timeZone: _timeZone, ...batch }: BatchRow): AttendanceBatch {
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

type DayRow = {
  _id: string;
  name: string;
  enrolled: boolean;
  status: AttendanceStatus | null;
  remark: string | null;
  markedAt: Date | null;
  markedById: string | null;
  markedByName: string | null;
  reason: ReasonJson | null;
} & StatisticsRow;

/** An absence's reason as the family gave it (issue 60), read with the marks: only on an absent, late or (once accepted) excused mark. */
type ReasonJson = { _id: string; text: string; byName: string; byRelation: string; at: string; excused: boolean };
function REASON_JSON(student: string | SQL, date: string | SQL, status: string) {
  const column = (value: string | SQL) => (typeof value === 'string' ? sql.raw(value) : value);
  return sql`(select json_build_object('_id', ar.id, 'text', ar.text, 'byName', ar.by_name, 'byRelation', ar.by_relation, 'at', ar.at, 'excused', ar.excused_at is not null)
    from absence_reasons ar where ar.academy_id = ${academySql()} and ar.student_id = ${column(student)} and ar.date = ${column(date)} and ${sql.raw(status)} in ('absent', 'late', 'excused'))`;
}
function reasonOf(row: ReasonJson | null): AbsenceReason | null {
  return row ? { _id: row._id, text: row.text, by: { name: row.byName, relation: row.byRelation }, at: new Date(row.at).toISOString(), excused: row.excused } : null;
}

/** The roster of a day with its marks; the statistics come from the same statement (window aggregates). */
async function dayOf(db: DbExecutor, batch: BatchRow, date: string, today: string): Promise<Omit<AttendanceDay, 'opensAt'>> {
  const [{ rows }, closure, demos] = await Promise.all([db.execute<DayRow>(sql`
    with enrolled as (
      select bs.student_id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id
      where bs.batch_id = ${batch._id} and s.status = 'active'
    ), marks as (
      select student_id, status, remark, marked_at, marked_by from attendance_records where academy_id = ${academySql()} and batch_id = ${batch._id} and date = ${date}
    )
    select s.id as "_id", u.name, (e.student_id is not null) as enrolled, a.status, a.remark, ${REASON_JSON('s.id', sql`${date}::date`, 'a.status')} as reason,
      a.marked_at as "markedAt", a.marked_by as "markedById", mu.name as "markedByName",
      count(a.status) filter (where a.status = 'present') over () ::int as present,
      count(a.status) filter (where a.status = 'absent') over () ::int as absent,
      count(a.status) filter (where a.status = 'late') over () ::int as late,
      count(a.status) filter (where a.status = 'excused') over () ::int as excused,
      count(a.status) over () ::int as total,
      round(100.0 * count(a.status) filter (where a.status in ('present', 'late')) over () / nullif(count(a.status) over (), 0), 1)::float8 as percentage
    from enrolled e
    full join marks a on a.student_id = e.student_id
    join students s on s.id = coalesce(e.student_id, a.student_id)
    join users u on u.id = s.user_id and u.academy_id = s.academy_id
    left join users mu on mu.id = a.marked_by
    order by (e.student_id is not null) desc, lower(u.name), s.id`), closureTitleOn(db, batch._id, date), demosOn(db, batch._id, date)]);
  let latest: DayRow | undefined;
  for (const row of rows) {
    if (row.markedAt && (!latest || new Date(row.markedAt) > new Date(latest.markedAt!))) latest = row;
  }
  return {
    batch: publicBatch(batch),
    date,
    today,
    markedAt: latest ? new Date(latest.markedAt!).toISOString() : null,
    markedBy: latest?.markedById ? { _id: latest.markedById, name: latest.markedByName ?? '' } : null,
    closure,
    students: rows.map((row) => ({ _id: row._id, name: row.name, enrolled: row.enrolled, status: row.status, remark: row.remark, reason: reasonOf(row.reason) })),
    statistics: statisticsOf(rows[0]),
    demos,
  };
}

/**
 * The day's demo students (issue 41): enquiries the office booked into this batch's class that day.
 * Their marks live on the booking (admission_demos), never in attendance_records, so no count, report,
 * dashboard or absence alert of the batch sees them.
 */
async function demosOn(db: DbExecutor, batchId: string, date: string): Promise<AttendanceDemo[]> {
  const { rows } = await db.execute<AttendanceDemo>(sql`
    select d.id as "_id", e.student_name as name, d.status
    from admission_demos d join admission_enquiries e on e.id = d.enquiry_id
    where d.batch_id = ${batchId} and d.date = ${date}
    order by lower(e.student_name), d.id`);
  return rows;
}

/** GET /api/attendance/{batchId}/{date}: any valid date may be read (an unmarked one lists the roster). */
export async function getAttendanceDay(db: DbExecutor, actor: Actor, batchId: string, date: string, opensMinutesBefore: number | null = null): Promise<AttendanceDay> {
  // A teacher's roster is opened again and again through the class: kept (lib/read-cache.ts), and
  // the rule (may this actor see this batch?) is checked on every request.
  const today = await academyToday(db);
  const { startTime, timeZone, ...day } = await cachedRead(db, cacheKey('attendance-day', batchId, date, today), DAY_TABLES, async () => {
    const batch = await loadBatch(db, batchId);
    return { ...(await dayOf(db, batch, date, today)), startTime: batch.startTime, timeZone: batch.timeZone };
  });
  // The day's batch names its teacher's record: the one who may read it besides the admin, and that
  // day's substitute (issue 58), looked up on every request like the rule itself.
  await assertStaffOfBatchDay(db, actor, batchId, day.batch.teacher._id, date);
  // The clock moves while the answer is kept: the window is worked out on every request.
  return { ...day, opensAt: opensAtNow({ startTime, timeZone }, date, opensMinutesBefore) };
}

/** 'HH:mm' from which `date` may be marked when that is still ahead today (attendanceOpensAt); null otherwise. */
function opensAtNow(batch: { startTime: string; timeZone: string }, date: string, opensMinutesBefore: number | null): string | null {
  const now = new Date();
  if (date !== dateIn(batch.timeZone, now)) return null;
  return attendanceOpensAt(batch.startTime, opensMinutesBefore, clockIn(batch.timeZone, now));
}

/** What a day's roster reads: the batch, its enrolled students, the day's marks and closures. */
const DAY_TABLES = ['absence_reasons', 'academy_settings', 'batches', 'standards', 'subjects', 'teachers', 'users', 'batch_students', 'students', 'attendance_records', 'announcements', 'announcement_batches', 'admission_demos', 'admission_enquiries'] as const;

/** Refuses a day that cannot have had a class: in the future, before the batch starts or after it ends. */
function assertMarkableDate(batch: BatchRow, date: string, today: string) {
  let message: string | undefined;
  if (date > today) message = 'Attendance cannot be marked for a future date';
  else if (date < batch.startDate) message = `The batch starts on ${formatDate(batch.startDate)}: attendance cannot be marked before that`;
  else if (date > batch.endDate) message = `The batch ended on ${formatDate(batch.endDate)}: attendance cannot be marked after that`;
  if (message) throw new AppError('BAD_REQUEST', message, { date: message });
}

/**
 * POST /api/attendance/batch/{batchId}: one day's marks, all or nothing, in one transaction. Every
 * record must be an active student of the batch; the answer names each one that is not. Submitting a
 * day again replaces its marks: enrolled students left out of the new list lose theirs (marks of
 * students who have since left the batch stay as history).
 */
export async function submitAttendance(db: Db, actor: Actor, batchId: string, input: Submission, saveDemoMarks: DemoMarksSaver, opensMinutesBefore: number | null = null): Promise<AttendanceDay> {
  const batch = await loadBatch(db, batchId);
  // The batch's teacher, the admin, or the substitute of this very day (issue 58).
  await assertStaffOfBatchDay(db, actor, batchId, batch.teacherRecordId, input.date);
  // A past year's batch (issue 39): its attendance stays as it was.
  if (batch.archived) throw new AppError('CONFLICT', ACADEMIC_YEAR_MESSAGES.attendanceArchived);
  const today = batch.today;
  assertMarkableDate(batch, input.date, today);
  // Today's register before the class (issue 54): marks taken at 05:15 for a 07:00 class would alert families of an
  // absence before the child could have come. Refused until the window opens; nothing is saved.
  const opensAt = opensAtNow(batch, input.date, opensMinutesBefore);
  if (opensAt) {
    const message = notOpenYetMessage(formatClock(opensAt), formatClock(batch.startTime));
    throw new AppError('CONFLICT', message, { date: message });
  }
  const closure = await closureTitleOn(db, batchId, input.date);
  if (closure) {
    const message = closedDayMessage(formatDate(input.date), closure);
    throw new AppError('BAD_REQUEST', message, { date: message });
  }
  const studentIds = input.records.map((record) => record.studentId);
  await db.transaction(async (tx) => {
    // A batch with no student yet may have only demo students to mark: its records are left alone then.
    if (input.records.length > 0) {
      // Submissions of one batch take turns (the row lock), and enrolment cannot change under this one.
      // The same statement tells whether the day was marked before (a correction, for the audit log).
      const { rows: enrolled } = await tx.execute<{ id: string | null; marked_before: boolean }>(sql`
        with locked as (select id, academy_id from batches where academy_id = ${academySql()} and id = ${batchId} for no key update)
        select bs.student_id as id, exists (select 1 from attendance_records a where a.academy_id = ${academySql()} and a.batch_id = locked.id and a.date = ${input.date}) as marked_before
        from locked
        left join (batch_students bs join students s on s.id = bs.student_id and s.academy_id = ${academySql()} and s.status = 'active')
          on bs.academy_id = ${academySql()} and bs.batch_id = locked.id and bs.student_id = any(${sql.param(studentIds)}::uuid[])`);
      const markedBefore = enrolled[0]?.marked_before ?? false;
      const enrolledIds = new Set(enrolled.flatMap((row) => (row.id ? [row.id] : [])));
      const errors: Record<string, string> = {};
      const bad: number[] = [];
      input.records.forEach((record, index) => {
        if (enrolledIds.has(record.studentId)) return;
        bad.push(index + 1);
        errors[`records.${index}.studentId`] = `Record ${index + 1}: student ${record.studentId} is not an active student of this batch`;
      });
      if (bad.length > 0) {
        const which = bad.length === 1 ? `record ${bad[0]} names a student` : `records ${bad.join(', ')} name students`;
        throw new AppError('BAD_REQUEST', `Nothing was saved: ${which} not enrolled in this batch`, errors);
      }
      // One statement: enrolled students left out lose that day's mark, the listed ones are inserted or
      // replaced. Three array parameters instead of six per student keep it quick to parse and plan.
      await tx.execute(sql`
        with removed as (
          delete from attendance_records a
          using batch_students bs, students s
          where a.academy_id = ${academySql()} and a.batch_id = ${batchId} and a.date = ${input.date}
            and bs.academy_id = a.academy_id and bs.batch_id = a.batch_id and bs.student_id = a.student_id and s.academy_id = a.academy_id and s.id = a.student_id and s.status = 'active'
            and a.student_id <> all(${sql.param(studentIds)}::uuid[])
        )
        insert into attendance_records (batch_id, student_id, date, status, remark, marked_by, marked_at)
        select ${batchId}, i.student_id, ${input.date}, i.status, i.remark, ${actor.userId}, now()
        from unnest(${sql.param(studentIds)}::uuid[], ${sql.param(input.records.map((record) => record.status))}::text[], ${sql.param(input.records.map((record) => record.remark ?? null))}::text[])
          as i(student_id, status, remark)
        on conflict (academy_id, batch_id, date, student_id) do update
          set status = excluded.status, remark = excluded.remark, marked_by = excluded.marked_by, marked_at = excluded.marked_at`);
      const count = (status: string) => input.records.filter((record) => record.status === status).length;
      await recordAudit(tx, actor, {
        action: markedBefore ? 'attendance.correct' : 'attendance.submit',
        entityType: 'attendance',
        entityId: batchId,
        text: { key: markedBefore ? 'attendance.corrected' : 'attendance.marked', values: { batch: batch.name, date: formatDate(input.date), present: count('present'), absent: count('absent'), late: count('late') } },
      });
      // A correction of a past day: the other servers forget their kept counts when this commits.
      if (input.date < today) await announcePastDayChange(tx);
      // Other modules react once this commits (parents: the absence alerts), decision 026. Whether the
      // day is today is decided now, not when the event is delivered (which may be after midnight).
      const marks = input.records.map((record) => ({ studentId: record.studentId, status: record.status }));
      await emitEvent(tx, { type: 'attendance.marked', payload: { batchId, date: input.date, marks, onTheDay: input.date === today } });
    }
    // The day's demo students (issue 41): their marks are kept on their bookings, apart from the batch's.
    if (input.demos.length > 0) await saveDemoMarks(tx, actor, { id: batch._id, name: batch.name }, input.date, input.demos);
  });
  if (input.date < today && input.records.length > 0) forgetPastDayTotals(db);
  return { ...(await dayOf(db, batch, input.date, today)), opensAt: null };
}

/** A demo student's mark as submitted with the day (issue 41). */
export type DemoMark = Submission['demos'][number];

/**
 * Saves the marks of the day's demo students (issue 41) on their bookings, in the submission's
 * transaction, so the answer shows them at once. The bookings (admission_demos) are the admissions
 * module's, which stands above attendance: app.ts hands its saver in (no import runs back up). It
 * refuses (AppError, nothing saved) a demo student not booked in this batch on this day.
 */
export type DemoMarksSaver = (tx: DbExecutor, actor: Actor, batch: { id: string; name: string }, date: string, demos: DemoMark[]) => Promise<void>;

/** A range given in the query, or the default: the last four weeks of the batch up to today. */
function historyRange(batch: BatchRow, query: RangeQuery, today: string): { startDate: string; endDate: string } {
  const lastDay = [today, batch.endDate].sort()[0]!;
  const endDate = query.endDate ?? (query.startDate && query.startDate > lastDay ? query.startDate : lastDay);
  const startDate = query.startDate ?? [shiftDate(endDate, -27), batch.startDate].sort().at(-1)!;
  const effectiveStart = startDate > endDate ? endDate : startDate;
  assertRangeLength(effectiveStart, endDate);
  return { startDate: effectiveStart, endDate };
}

function assertRangeLength(startDate: string, endDate: string) {
  if (daysBetween(startDate, endDate) >= ATTENDANCE_MAX_RANGE_DAYS) {
    const message = `Choose a range of at most ${ATTENDANCE_MAX_RANGE_DAYS} days`;
    throw new AppError('BAD_REQUEST', message, { endDate: message });
  }
}

/** GET /api/attendance/batch/{batchId}/history: a student × date grid for a range (default: the last four weeks). */
export async function getBatchHistory(db: DbExecutor, actor: Actor, batchId: string, query: RangeQuery): Promise<AttendanceHistory> {
  const batch = await batchForStaff(db, actor, batchId);
  const { startDate, endDate } = historyRange(batch, query, batch.today);
  const inRange = sql`a.batch_id = ${batchId} and a.date between ${startDate} and ${endDate}`;
  const [students, dates, records] = await Promise.all([
    db.execute<{ _id: string; name: string; enrolled: boolean } & StatisticsRow>(sql`
      with people as (
        select bs.student_id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id where bs.batch_id = ${batchId} and s.status = 'active'
        union
        select distinct a.student_id from attendance_records a where ${inRange}
      )
      select s.id as "_id", u.name, (s.status = 'active' and exists (select 1 from batch_students bs where bs.batch_id = ${batchId} and bs.student_id = s.id)) as enrolled,
        ${STATISTICS}
      from people p
      join students s on s.id = p.student_id
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

type RecordJson = { _id: string; date: string; status: AttendanceStatus; remark: string | null; markedAt: string; markedById: string | null; markedByName: string | null; batchId: string; batchName: string; reason: ReasonJson | null };

/**
 * Records (the newest `recordLimit` when given), statistics per batch and overall (ROLLUP), and months
 * of one student, over the given batches, in one statement that reads the marks once; SQL does all the counting.
 */
async function studentRecords(db: DbExecutor, studentId: string, batchIds: string[], range: { startDate?: string; endDate?: string }, recordLimit?: number) {
  const { rows } = await db.execute<{ records: RecordJson[]; totals: ({ batchId: string | null } & StatisticsRow)[]; months: ({ month: string } & StatisticsRow)[] }>(sql`
    with a as (
      select a.id, a.batch_id, a.date, a.status, a.remark, a.marked_at, a.marked_by
      from attendance_records a
      where a.academy_id = ${academySql()} and a.student_id = ${studentId} and a.batch_id = any(${sql.param(batchIds)}::uuid[])
        ${range.startDate ? sql`and a.date >= ${range.startDate}` : sql``}
        ${range.endDate ? sql`and a.date <= ${range.endDate}` : sql``}
    )
    select
      (select coalesce(json_agg(json_build_object(
          '_id', r.id, 'date', r.date, 'status', r.status, 'remark', r.remark, 'markedAt', r.marked_at, 'reason', ${REASON_JSON(sql`${studentId}::uuid`, 'r.date', 'r.status')},
          'markedById', r.marked_by, 'markedByName', mu.name, 'batchId', r.batch_id, 'batchName', r.batch_name
        ) order by r.date desc, r.batch_name), '[]'::json)
        from (
          select a.*, b.name as batch_name from a join batches b on b.id = a.batch_id and b.academy_id = ${academySql()}
          order by a.date desc, b.name ${recordLimit === undefined ? sql`` : sql`limit ${recordLimit}`}
        ) r left join users mu on mu.id = r.marked_by and mu.academy_id = ${academySql()}) as records,
      (select coalesce(json_agg(t), '[]'::json) from (select a.batch_id as "batchId", ${STATISTICS} from a group by rollup (a.batch_id)) t) as totals,
      (select coalesce(json_agg(t order by t.month), '[]'::json) from (select to_char(a.date, 'YYYY-MM') as month, ${STATISTICS} from a group by 1) t) as months`);
  const { records, totals, months } = rows[0]!;
  const statistics = statisticsOf(totals.find((row) => row.batchId === null));
  return {
    records: records.map((row) => ({
      _id: row._id,
      date: row.date,
      status: row.status,
      remark: row.remark,
      markedAt: new Date(row.markedAt).toISOString(),
      markedBy: row.markedById ? { _id: row.markedById, name: row.markedByName ?? '' } : null,
      batch: { _id: row.batchId, name: row.batchName },
      reason: reasonOf(row.reason),
    })),
    // Every mark is counted in `total` (a status is never null).
    recordsTotal: statistics.total,
    statistics,
    perBatch: new Map(totals.filter((row) => row.batchId !== null).map((row) => [row.batchId!, statisticsOf(row)])),
    monthly: months.map(({ month, ...row }): AttendanceMonth => ({ month, ...statisticsOf(row) })),
  };
}

/** The student, and whether they are (or were) in the batch: enrolled, archived but enrolled, or marked there once. */
async function studentInBatch(db: DbExecutor, studentId: string, batchId: string) {
  const { rows } = await db.execute<{ _id: string; name: string; email: string; belongs: boolean }>(sql`
    select s.id as "_id", u.name, u.email,
      exists (select 1 from batch_students where batch_id = ${batchId} and student_id = s.id)
        or exists (select 1 from attendance_records where student_id = s.id and batch_id = ${batchId}) as belongs
    from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id where s.id = ${studentId}`);
  return rows[0];
}

async function studentOf(db: DbExecutor, studentId: string) {
  const { rows } = await db.execute<{ _id: string; name: string; email: string }>(sql`
    select s.id as "_id", u.name, u.email from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id where s.id = ${studentId}`);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'Student not found');
  return rows[0];
}

function rangeOf(query: RangeQuery) {
  if (query.startDate && query.endDate) assertRangeLength(query.startDate, query.endDate);
  return { startDate: query.startDate, endDate: query.endDate };
}

async function oneBatchAttendance(db: DbExecutor, batch: BatchRow, studentId: string, query: RangeQuery): Promise<StudentAttendance> {
  const range = rangeOf(query);
  // Both at once (the caller may already read this batch): the marks are only returned once the
  // student is known to belong to it.
  const [found, result] = await Promise.all([studentInBatch(db, studentId, batch._id), studentRecords(db, studentId, [batch._id], range)]);
  if (!found) throw new AppError('NOT_FOUND', 'Student not found');
  const { belongs, ...student } = found;
  if (!belongs) throw new AppError('NOT_FOUND', 'This student is not in this batch');
  return studentAttendance(student, publicBatch(batch), range, result, [{ batch: publicBatch(batch), statistics: result.statistics }]);
}

/** The answer of a student's attendance, of one batch or of all theirs: the range asked and the marks read. */
function studentAttendance(
  student: StudentAttendance['student'],
  batch: StudentAttendance['batch'],
  range: { startDate?: string; endDate?: string },
  result: Pick<StudentAttendance, 'records' | 'recordsTotal' | 'statistics' | 'monthly'>,
  batches: StudentAttendance['batches'],
): StudentAttendance {
  return {
    student,
    batch,
    startDate: range.startDate ?? null,
    endDate: range.endDate ?? null,
    records: result.records,
    recordsTotal: result.recordsTotal,
    statistics: result.statistics,
    monthly: result.monthly,
    batches,
  };
}

/** GET /api/attendance/student/{studentId}/batch/{batchId}: for the batch's teacher or an admin. */
export async function getStudentBatchAttendance(db: DbExecutor, actor: Actor, studentId: string, batchId: string, query: RangeQuery): Promise<StudentAttendance> {
  return oneBatchAttendance(db, await batchForStaff(db, actor, batchId), studentId, query);
}

/** GET /api/student/attendance/{batchId}: the signed-in student's own marks in one of their batches (else 404). */
export async function getOwnBatchAttendance(db: DbExecutor, actor: Actor, batchId: string, query: RangeQuery): Promise<StudentAttendance> {
  const studentId = studentIdOf(actor);
  const batch = await loadBatch(db, batchId).catch(() => undefined);
  if (!batch || !(await studentInBatch(db, studentId, batchId))?.belongs) throw new AppError('NOT_FOUND', 'Batch not found');
  return oneBatchAttendance(db, batch, studentId, query);
}

/** GET /api/student/attendance: the signed-in student's marks in all their batches, with per-batch counts. */
export async function getOwnAttendance(db: DbExecutor, actor: Actor, query: RangeQuery): Promise<StudentAttendance> {
  return attendanceOfStudent(db, studentIdOf(actor), query);
}

/** GET /api/parent/children/{studentId}/attendance: a parent's child, in the same shape (another family's child: 404). */
export async function getChildAttendance(db: DbExecutor, actor: Actor, studentId: string, query: RangeQuery): Promise<StudentAttendance> {
  return attendanceOfStudent(db, childIdOf(actor, studentId), query);
}

/** A student's marks in all their batches (enrolled now or marked before), with per-batch and monthly counts. */
async function attendanceOfStudent(db: DbExecutor, studentId: string, query: RangeQuery): Promise<StudentAttendance> {
  const range = rangeOf(query);
  // Opened by the student and their parents again and again: kept (lib/read-cache.ts).
  return cachedRead(db, cacheKey('student-attendance', studentId, range), STUDENT_ATTENDANCE_TABLES, () => readAttendanceOfStudent(db, studentId, range));
}

/** What a student's attendance reads: their batches (with standard, subject, teacher) and marks. */
const STUDENT_ATTENDANCE_TABLES = ['absence_reasons', 'batches', 'standards', 'subjects', 'teachers', 'users', 'batch_students', 'students', 'attendance_records'] as const;

async function readAttendanceOfStudent(db: DbExecutor, studentId: string, range: { startDate?: string; endDate?: string }): Promise<StudentAttendance> {
  const { rows: batchRows } = await db.execute<AttendanceBatch>(sql`
    select b.id as "_id", b.name, b.start_date as "startDate", b.end_date as "endDate",
      json_build_object('_id', st.id, 'name', st.name, 'level', st.level) as standard,
      json_build_object('_id', sub.id, 'name', sub.name, 'code', sub.code) as subject,
      json_build_object('_id', t.id, 'name', tu.name) as teacher
    from batches b
    join standards st on st.id = b.standard_id and st.academy_id = b.academy_id
    join subjects sub on sub.id = b.subject_id and sub.academy_id = b.academy_id
    join teachers t on t.id = b.teacher_id and t.academy_id = b.academy_id
    join users tu on tu.id = t.user_id and tu.academy_id = t.academy_id
    where b.id in (select batch_id from batch_students where student_id = ${studentId} union select batch_id from attendance_records where student_id = ${studentId})
    order by st.level, b.start_time, b.name`);
  const [student, result] = await Promise.all([
    studentOf(db, studentId),
    studentRecords(
      db,
      studentId,
      batchRows.map((batch) => batch._id),
      range,
      // A year of every batch is over a thousand marks: without a range only the newest are listed.
      range.startDate && range.endDate ? undefined : STUDENT_RECENT_RECORDS,
    ),
  ]);
  const batches = batchRows.map((batch) => ({ batch, statistics: result.perBatch.get(batch._id) ?? statisticsOf(undefined) }));
  return studentAttendance(student, null, range, result, batches);
}

/**
 * The office accepts a family's reason for an absence (issue 60), or takes it back: the student's
 * absent marks of that day become excused (or absent again), so every statistic counts them apart.
 * Inside the caller's transaction (which audits it); a past day's kept counts are forgotten on commit.
 */
export async function excuseAbsence(tx: DbExecutor, studentId: string, date: string, excused: boolean): Promise<void> {
  await tx.execute(sql`
    update attendance_records set status = ${excused ? 'excused' : 'absent'}
    where student_id = ${studentId} and date = ${date} and status = ${excused ? 'absent' : 'excused'}`);
  if (date < (await academyToday(tx))) await announcePastDayChange(tx);
}
