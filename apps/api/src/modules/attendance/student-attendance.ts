import { sql, type SQL } from 'drizzle-orm';
import { STUDENT_RECENT_RECORDS, type AttendanceBatch, type AttendanceMonth, type StudentAttendance } from '@academy/shared/schemas/attendance';
import type { AttendanceStatus } from '@academy/shared/attendance-statuses';
import { academySql, executeNamed, type DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { cacheKey, cachedRead } from '../../lib/read-cache';
import { studentIdOf, type Actor } from '../../access/actor';
import { childIdOf } from '../../access/parents';
import { assertRangeLength, batchForStaff, loadBatch, publicBatch, reasonOf, REASON_JSON, STATISTICS, statisticsOf, type BatchRow, type RangeQuery, type ReasonJson, type StatisticsRow } from './attendance-reads';

type RecordJson = { _id: string; date: string; status: AttendanceStatus; remark: string | null; markedAt: string; markedById: string | null; markedByName: string | null; batchId: string; batchName: string; reason: ReasonJson | null };

type RecordsRow = { records: RecordJson[]; totals: ({ batchId: string | null } & StatisticsRow)[]; months: ({ month: string } & StatisticsRow)[] };

/**
 * The columns `records`, `totals` and `months` of one student's marks over the batches `batchIds` selects
 * (a uuid[] parameter), or over all their batches when it is null (every mark is in one of them): the newest
 * `recordLimit` records when given, statistics per batch and overall, and months; SQL does all the counting.
 * The CTE `a` holds each mark's batch, date and status only: the index on (academy, student, batch, date)
 * with the status gives them without reading the table (a year's 600 marks lie in 600 table pages). Of
 * the newest `recordLimit` only, the rest (remark, who and when) is read, by the day's unique key.
 * The CTE `counted` counts per batch, per month and overall in one pass over `a` (grouping sets; `g` says
 * which: 1 a batch, 2 a month, 3 all), so the marks are read and counted once (issue 74).
 */
function studentRecordsSql(studentId: string, batchIds: SQL | null, range: { startDate?: string; endDate?: string }, recordLimit?: number) {
  const ofStudent = sql`a.academy_id = ${academySql()} and a.student_id = ${studentId} ${batchIds ? sql`and a.batch_id ${batchIds}` : sql``}
        ${range.startDate ? sql`and a.date >= ${range.startDate}` : sql``}
        ${range.endDate ? sql`and a.date <= ${range.endDate}` : sql``}`;
  const month = sql`date_trunc('month', a.date::timestamp)`;
  const marks = sql`a as (
      select a.batch_id, a.date, a.status from attendance_records a where ${ofStudent}
    ), counted as (
      select grouping(a.batch_id, ${month}) as g, a.batch_id as "batchId", to_char(${month}, 'YYYY-MM') as month, ${STATISTICS}
      from a group by grouping sets ((a.batch_id), (${month}), ())
    )`;
  // The records listed: the newest few found in `a` (by date first: only those days' batches are looked up
  // for the order by name) and then read by key, or over a range all of them, read at once (a range is
  // asked for its whole list).
  const listed =
    recordLimit === undefined
      ? sql`select a.id, a.batch_id, a.date, a.status, a.remark, a.marked_at, a.marked_by, b.name as batch_name
          from attendance_records a join batches b on b.id = a.batch_id and b.academy_id = ${academySql()} where ${ofStudent}`
      : sql`select r.id, r.batch_id, r.date, r.status, r.remark, r.marked_at, r.marked_by, newest.batch_name
          from (
            select n.batch_id, n.date, b.name as batch_name
            from (select a.batch_id, a.date from a order by a.date desc fetch first ${recordLimit} rows with ties) n
            join batches b on b.id = n.batch_id and b.academy_id = ${academySql()}
            order by n.date desc, b.name limit ${recordLimit}
          ) newest
          join attendance_records r on r.academy_id = ${academySql()} and r.batch_id = newest.batch_id and r.date = newest.date and r.student_id = ${studentId}`;
  // Who marked each record: with the newest few only (a limit), looked up by key for each; over a whole
  // range, every user of the academy hashed once costs less than hundreds of lookups.
  const markerName = recordLimit === undefined ? sql`mu.name` : sql`(select mu.name from users mu where mu.id = r.marked_by and mu.academy_id = ${academySql()})`;
  const markerJoin = recordLimit === undefined ? sql`left join users mu on mu.id = r.marked_by and mu.academy_id = ${academySql()}` : sql``;
  const columns = sql`
      (select coalesce(json_agg(json_build_object(
          '_id', r.id, 'date', r.date, 'status', r.status, 'remark', r.remark, 'markedAt', r.marked_at, 'reason', ${REASON_JSON(sql`${studentId}::uuid`, 'r.date', 'r.status')},
          'markedById', r.marked_by, 'markedByName', ${markerName}, 'batchId', r.batch_id, 'batchName', r.batch_name
        ) order by r.date desc, r.batch_name), '[]'::json)
        from (${listed}) r ${markerJoin}) as records,
      (select coalesce(json_agg(t) filter (where t.g <> 2), '[]'::json) from counted t) as totals,
      (select coalesce(json_agg(t order by t.month) filter (where t.g = 2), '[]'::json) from counted t) as months`;
  return { marks, columns };
}

/** What studentRecordsSql's columns read, as the answers use it. */
function recordsOf({ records, totals, months }: RecordsRow) {
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

/** Records, statistics and months of one student over the given batches, in one statement that reads the marks once. */
async function studentRecords(db: DbExecutor, studentId: string, batchIds: string[], range: { startDate?: string; endDate?: string }, recordLimit?: number) {
  const { marks, columns } = studentRecordsSql(studentId, sql`= any(${sql.param(batchIds)}::uuid[])`, range, recordLimit);
  const { rows } = await db.execute<RecordsRow>(sql`with ${marks} select ${columns}`);
  return recordsOf(rows[0]!);
}

/** The student, and whether they are (or were) in the batch: enrolled, archived but enrolled, or marked there once. */
async function studentInBatch(db: DbExecutor, studentId: string, batchId: string) {
  const { rows } = await db.execute<{ _id: string; name: string; email: string; belongs: boolean }>(sql`
    select s.id as "_id", u.name, u.email,
      exists (select 1 from batch_students where batch_id = ${batchId} and student_id = s.id and academy_id = s.academy_id)
        or exists (select 1 from attendance_records where student_id = s.id and academy_id = s.academy_id and batch_id = ${batchId}) as belongs
    from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id where s.id = ${studentId}`);
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

/**
 * The student, their batches (enrolled now or marked before; with standard, subject, teacher) and
 * their marks in those batches, in ONE statement (one round trip: issue 74).
 */
async function readAttendanceOfStudent(db: DbExecutor, studentId: string, range: { startDate?: string; endDate?: string }): Promise<StudentAttendance> {
  const { marks, columns } = studentRecordsSql(
    studentId,
    null,
    range,
    // A year of every batch is over a thousand marks: without a range only the newest are listed.
    range.startDate && range.endDate ? undefined : STUDENT_RECENT_RECORDS,
  );
  // A named statement: parsed and planned once per connection, as much as it took to run (issue 74).
  // The batches marked: counted's rows per batch when `a` holds every mark (no range), a few rows where
  // `a` holds hundreds; else from all the student's marks.
  const markedBatches = range.startDate || range.endDate
    ? sql`select batch_id from attendance_records where academy_id = ${academySql()} and student_id = ${studentId}`
    : sql`select "batchId" from counted where g = 1`;
  const { rows } = await executeNamed<RecordsRow & { student: { _id: string; name: string; email: string } | null; batches: AttendanceBatch[] }>(db, 'academy_student_attendance', sql`
    with ${marks}, mine as materialized (
      -- The batch's standard, subject and teacher each looked up by its key for these few batches (the
      -- columns are required references): joins made PostgreSQL hash every user and batch of the academy.
      -- Each names the academy by value: on Citus the statement then stays on the academy's shard (decision 053).
      select b.id as "_id", b.name, b.start_date as "startDate", b.end_date as "endDate",
        (select json_build_object('_id', st.id, 'name', st.name, 'level', st.level) from standards st where st.academy_id = ${academySql()} and st.academy_id = b.academy_id and st.id = b.standard_id) as standard,
        (select json_build_object('_id', sub.id, 'name', sub.name, 'code', sub.code) from subjects sub where sub.academy_id = ${academySql()} and sub.academy_id = b.academy_id and sub.id = b.subject_id) as subject,
        (select json_build_object('_id', t.id, 'name', tu.name) from teachers t join users tu on tu.id = t.user_id and tu.academy_id = t.academy_id where t.academy_id = ${academySql()} and t.academy_id = b.academy_id and t.id = b.teacher_id) as teacher,
        (select st.level from standards st where st.academy_id = ${academySql()} and st.academy_id = b.academy_id and st.id = b.standard_id) as level, b.start_time
      from batches b
      where b.academy_id = ${academySql()} and b.id in (select batch_id from batch_students where academy_id = ${academySql()} and student_id = ${studentId} union ${markedBatches})
    )
    select
      (select json_build_object('_id', s.id, 'name', u.name, 'email', u.email) from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id where s.academy_id = ${academySql()} and s.id = ${studentId}) as student,
      (select coalesce(json_agg(json_build_object('_id', m."_id", 'name', m.name, 'startDate', m."startDate", 'endDate', m."endDate", 'standard', m.standard, 'subject', m.subject, 'teacher', m.teacher)
        order by m.level, m.start_time, m.name), '[]'::json) from mine m) as batches,
      ${columns}`);
  const { student, batches: batchRows, ...marked } = rows[0]!;
  if (!student) throw new AppError('NOT_FOUND', 'Student not found');
  const result = recordsOf(marked);
  const batches = batchRows.map((batch) => ({ batch, statistics: result.perBatch.get(batch._id) ?? statisticsOf(undefined) }));
  return studentAttendance(student, null, range, result, batches);
}
