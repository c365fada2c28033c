import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { attendanceOpensAt, closedDayMessage, notOpenYetMessage, type AttendanceDay, type attendanceSubmissionSchema } from '@academy/shared/schemas/attendance';
import type { AttendanceStatus } from '@academy/shared/attendance-statuses';
import type { AttendanceDemo } from '@academy/shared/schemas/demo-classes';
import { ACADEMIC_YEAR_MESSAGES } from '@academy/shared/schemas/academic-years';
import { clockIn, dateIn, formatClock, formatDate } from '@academy/shared/calendar';
import { type Db, type DbExecutor, academySql, executeNamed } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { cacheKey, cachedRead, keptVariant } from '../../lib/read-cache';
import { emitEvent } from '../../events/emit';
import { academyToday } from '../../academy-settings';
import type { Actor } from '../../access/actor';
import { assertStaffOfBatchDay } from '../../access/attendance';
import { closureTitleOn, closureTitleSql } from '../closures';
import { recordAudit } from '../audit';
import { announcePastDayChange, forgetPastDayTotals } from './past-days-cache';
import { batchRowSql, loadBatch, publicBatch, reasonOf, REASON_JSON, statisticsOf, type BatchRow, type ReasonJson, type StatisticsRow } from './attendance-reads';

type Submission = z.output<typeof attendanceSubmissionSchema>;

type DayRow = {
  _id: string;
  name: string;
  enrolled: boolean;
  status: AttendanceStatus | null;
  remark: string | null;
  /** A timestamp as JSON text (the day's rows come as one JSON array). */
  markedAt: string | null;
  markedById: string | null;
  markedByName: string | null;
  reason: ReasonJson | null;
} & StatisticsRow;

/**
 * The roster of a day with its marks (the statistics from window aggregates), the closure that closes
 * it and its demo students, each a subquery of ONE statement; with the batch too when `batch` is not
 * given (one round trip for the whole day: issue 74).
 */
async function readDay(db: DbExecutor, batchId: string, date: string, batch?: BatchRow): Promise<{ batch: BatchRow | null; rows: DayRow[]; closure: string | null; demos: AttendanceDemo[] }> {
  // A named statement: parsed and planned once per connection, as much as it took to run (issue 74).
  const { rows: [row] } = await executeNamed<{ batch: BatchRow | null; students: DayRow[]; closure: string | null; demos: AttendanceDemo[] }>(db, 'academy_attendance_day', sql`
    select ${batch ? sql`null::json` : sql`(select row_to_json(b) from (${batchRowSql(batchId)}) b)`} as batch,
      (select coalesce(json_agg(d order by d.enrolled desc, lower(d.name), d."_id"), '[]'::json) from (
        with enrolled as (
          -- Each enrolled student's status looked up by key: a join hashed every student of the academy.
          select bs.student_id from batch_students bs
          where bs.academy_id = ${academySql()} and bs.batch_id = ${batchId}
            and (select s.status from students s where s.academy_id = ${academySql()} and s.academy_id = bs.academy_id and s.id = bs.student_id) = 'active'
        ), marks as (
          select student_id, status, remark, marked_at, marked_by from attendance_records where academy_id = ${academySql()} and batch_id = ${batchId} and date = ${date}
        )
        select s.id as "_id", s.name, (e.student_id is not null) as enrolled, a.status, a.remark, ${REASON_JSON('s.id', sql`${date}::date`, 'a.status')} as reason,
          a.marked_at as "markedAt", a.marked_by as "markedById",
          (select mu.name from users mu where mu.id = a.marked_by and mu.academy_id = ${academySql()}) as "markedByName",
          count(a.status) filter (where a.status = 'present') over () ::int as present,
          count(a.status) filter (where a.status = 'absent') over () ::int as absent,
          count(a.status) filter (where a.status = 'late') over () ::int as late,
          count(a.status) filter (where a.status = 'excused') over () ::int as excused,
          count(a.status) over () ::int as total,
          round(100.0 * count(a.status) filter (where a.status in ('present', 'late')) over () / nullif(count(a.status) over (), 0), 1)::float8 as percentage
        -- The roster's students (enrolled, or marked that day and gone since), each with their name looked up
        -- by key: joined on either side of a full join, PostgreSQL hashed every student of the academy.
        from (select student_id from enrolled union select student_id from marks) p
        cross join lateral (
          select s.id, u.name from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id
          where s.academy_id = ${academySql()} and s.id = p.student_id limit 1
        ) s
        left join enrolled e on e.student_id = p.student_id
        left join marks a on a.student_id = p.student_id
      ) d) as students,
      ${closureTitleSql(batchId, date)} as closure,
      -- The day's demo students (issue 41): enquiries the office booked into this batch's class that day.
      -- Their marks live on the booking (admission_demos), never in attendance_records, so no count,
      -- report, dashboard or absence alert of the batch sees them.
      (select coalesce(json_agg(json_build_object('_id', d.id, 'name', e.student_name, 'status', d.status) order by lower(e.student_name), d.id), '[]'::json)
        from admission_demos d join admission_enquiries e on e.id = d.enquiry_id and e.academy_id = d.academy_id
        where d.academy_id = ${academySql()} and d.batch_id = ${batchId} and d.date = ${date}) as demos`);
  return { batch: row!.batch, rows: row!.students, closure: row!.closure, demos: row!.demos };
}

function dayAnswer(batch: BatchRow, date: string, today: string, { rows, closure, demos }: { rows: DayRow[]; closure: string | null; demos: AttendanceDemo[] }): Omit<AttendanceDay, 'opensAt'> {
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

/** The day of a batch already read (after a submission). */
async function dayOf(db: DbExecutor, batch: BatchRow, date: string, today: string): Promise<Omit<AttendanceDay, 'opensAt'>> {
  return dayAnswer(batch, date, today, await readDay(db, batch._id, date, batch));
}

/** GET /api/attendance/{batchId}/{date}: any valid date may be read (an unmarked one lists the roster). */
export async function getAttendanceDay(db: DbExecutor, actor: Actor, batchId: string, date: string, opensMinutesBefore: number | null = null): Promise<AttendanceDay> {
  // A teacher's roster is opened again and again through the class: kept (lib/read-cache.ts), and
  // the rule (may this actor see this batch?) is checked on every request.
  const today = await academyToday(db);
  const kept = await cachedRead(db, cacheKey('attendance-day', batchId, date, today), DAY_TABLES, async () => {
    // The batch and its day in one round trip; no batch (or another academy's): 404 as loadBatch.
    const read = await readDay(db, batchId, date);
    const batch = read.batch;
    if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
    return { ...dayAnswer(batch, date, today, read), startTime: batch.startTime, timeZone: batch.timeZone };
  });
  // The day's batch names its teacher's record: the one who may read it besides the admin, and that
  // day's substitute (issue 58), looked up on every request like the rule itself.
  await assertStaffOfBatchDay(db, actor, batchId, kept.batch.teacher._id, date);
  // The clock moves while the answer is kept: the window is worked out on every request, and the
  // answer with it is kept beside the day (the same object, written once) while the window stays.
  const opensAt = opensAtNow(kept, date, opensMinutesBefore);
  return keptVariant(kept, String(opensAt), () => {
    const { startTime: _startTime, timeZone: _timeZone, ...day } = kept;
    return { ...day, opensAt };
  });
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
 * module's, which stands above attendance: app/api-routes.ts hands its saver in (no import runs back up). It
 * refuses (AppError, nothing saved) a demo student not booked in this batch on this day.
 */
export type DemoMarksSaver = (tx: DbExecutor, actor: Actor, batch: { id: string; name: string }, date: string, demos: DemoMark[]) => Promise<void>;
