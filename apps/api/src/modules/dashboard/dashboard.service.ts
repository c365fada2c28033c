import { offsiteFailuresSql } from '../backups';
import { sql, type SQL } from 'drizzle-orm';
import type { AttendanceStatistics } from '@academy/shared/schemas/attendance';
import { NEAR_CAPACITY_LIST, NEAR_CAPACITY_SHARE, STUDENT_DASHBOARD_NOTES, type AdminDashboardSummary, type OwnerMonth, type StudentDashboard } from '@academy/shared/schemas/dashboard';
import { executeNamed, type Db } from '../../db/client';
import { studentIdOf, type Actor } from '../../access/actor';
import { activeAnnouncementsCondition, activeAnnouncements } from '../announcements';
import { STATISTICS } from '../attendance';
import { keepPastDayTotals, keptPastDayTotals } from '../attendance';
import { weeklySchedule } from '../batches';
import { listNotes } from '../notes';
import { academyCurrentYear, academyToday, getAcademySettings } from '../../academy-settings';
import { cacheKey, cachedRead, keptVariant } from '../../lib/read-cache';
import { academyDayStartSql, academyTimeZoneSql } from '../../db/academy-today';
import { academySql } from '../../db/same-academy';
import { yearFeeTotals } from '../fees';
import { ownerMonthOf, ownerMonthSql, type MonthRow } from './owner-month';
import { conversationCountsSql } from '../conversations';
import { academicYearEnd, academicYearStart, shiftDate } from '@academy/shared/calendar';
import { paiseToRupees as rupees } from '@academy/shared/money';
import type { YearSummary } from '@academy/shared/schemas/academic-years';
import { MESSAGE_STATUSES, type MessageKind, type MessageStatus } from '@academy/shared/schemas/messaging';

/** Days in the dashboard's attendance trend, today included. */
const TREND_DAYS = 14;

type Row = {
  active_students: number;
  teachers: number;
  batches: number;
  subjects: number;
  standards: number;
  new_registrations: number;
  active_announcements: number;
  recent_students: (Omit<AdminDashboardSummary['recentStudents'][number], 'createdAt'> & { createdAt: string })[];
  recent_registrations: (Omit<AdminDashboardSummary['recentRegistrations'][number], 'createdAt'> & { createdAt: string })[];
  near_capacity: AdminDashboardSummary['batchesNearCapacity'];
  near_capacity_count: number;
  attendance_today: Omit<AdminDashboardSummary['attendance']['today'], 'date'>;
  attendance_past: AdminDashboardSummary['attendance']['trend'] | null;
  attendance_week: { batch_id: string; batch_name: string; total: number; percentage: number | null }[];
};

/** Monday of `today`'s week (the week starts on Monday). */
function weekStartOf(today: string): string {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return shiftDate(today, -((weekday + 6) % 7));
}

/**
 * The admin dashboard in one round trip: counts are SQL aggregates and the two short lists are built
 * as JSON by the same statement, so no table is ever loaded row by row. Only active students count
 * (archived ones keep their enrolment rows as history).
 */
export async function dashboardSummary(db: Db): Promise<AdminDashboardSummary> {
  const today = await academyToday(db);
  const { timeZone } = await getAcademySettings(db);
  const [kept, ofToday] = await Promise.all([
    // The office keeps it open and comes back to it all day: the counts and the owner's month are kept
    // (lib/read-cache.ts) until a table they count changes (the fee tables too: migration 0099).
    cachedRead(db, cacheKey('admin-dashboard', today), DASHBOARD_TABLES, () => readDashboardSummary(db, today)),
    // Today's part, in one statement, kept apart (it changes all day, the counts seldom): off-site
    // backups that failed (decision 044: a warning on the first screen), today's messages to families
    // (statuses change as providers report back) and the families' WhatsApp messages today (issue 60).
    // Its tables announce their changes (migration 0103); messages held for the quiet hours are counted
    // against the clock, so it is read again when the first of them is due (issues 74 and 77: on Citus it
    // was the one statement of a dashboard request, through the coordinator).
    cachedRead(db, cacheKey('admin-dashboard-today', today, timeZone), TODAY_TABLES, () => readToday(db, today, timeZone), (answer) => answer.heldUntil),
  ]);
  // The same two kept answers give the same object: written and compressed once (lib/kept-responses.ts),
  // not for every request (issue 74: 22 KB at 150 batches).
  const { heldUntil: _heldUntil, ...todays } = ofToday; // heldUntil is the kept answer's own, not the screen's
  return keptVariant(kept, JSON.stringify(todays), () => ({ ...kept, ...todays }));
}

type MessageCount = { kind: MessageKind; status: MessageStatus; count: number; held: number };

/**
 * Today's messages to families counted by kind and status (parent_messages_created_at_idx: the day's
 * rows only), `held` those queued until the quiet hours end: a scalar subquery (json array).
 */
function messagesTodaySql(today: string): SQL {
  const zone = academyTimeZoneSql();
  return sql`(select coalesce(json_agg(m), '[]'::json) from (
      select m.kind, m.status, count(*)::int as count, count(*) filter (where m.status = 'queued' and m.not_before > now())::int as held
      from parent_messages m
      where m.academy_id = ${academySql()} and m.created_at >= ${academyDayStartSql(today, zone)} and m.created_at < ${academyDayStartSql(sql`${today}::date + 1`, zone)}
      group by m.kind, m.status) m)`;
}

/** The first time one of today's held messages is due (a scalar subquery; null when none is held). */
function heldUntilSql(today: string): SQL {
  const zone = academyTimeZoneSql();
  return sql`(select min(m.not_before) from parent_messages m
      where m.academy_id = ${academySql()} and m.created_at >= ${academyDayStartSql(today, zone)} and m.created_at < ${academyDayStartSql(sql`${today}::date + 1`, zone)}
        and m.status = 'queued' and m.not_before > now())`;
}

function messagesTodayOf(rows: MessageCount[]): AdminDashboardSummary['messagesToday'] {
  const byStatus = Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as Record<MessageStatus, number>;
  const kinds = new Map<MessageKind, { kind: MessageKind; total: number; waiting: number; failed: number }>();
  let held = 0;
  for (const row of rows) {
    byStatus[row.status] += row.count;
    held += row.held;
    const entry = kinds.get(row.kind) ?? { kind: row.kind, total: 0, waiting: 0, failed: 0 };
    entry.total += row.count;
    if (row.status === 'queued') entry.waiting += row.count;
    if (row.status === 'failed') entry.failed += row.count;
    kinds.set(row.kind, entry);
  }
  const byKind = [...kinds.values()].sort((a, b) => b.total - a.total || a.kind.localeCompare(b.kind));
  return { total: byKind.reduce((sum, entry) => sum + entry.total, 0), byStatus, held, byKind };
}

/** What today's part of the dashboard reads (migration 0103 gives each the change notice). */
const TODAY_TABLES = ['offsite_backups', 'offsite_backup_settings', 'parent_messages', 'conversation_messages', 'conversations', 'academy_settings'] as const;

type Today = Pick<AdminDashboardSummary, 'offsiteBackups' | 'messagesToday' | 'repliesToday'> & {
  /** When the first of today's messages held for the quiet hours is due (ms), so no longer held: the answer changes then. */
  heldUntil: number | undefined;
};

/** Today's part of the dashboard, in one statement: few rows of today, by index. */
async function readToday(db: Db, today: string, timeZone: string): Promise<Today> {
  // A named statement: parsed and planned once per connection.
  const { rows } = await executeNamed<{ offsite: { failed: number; last_error: string | null } | null; messages: MessageCount[]; held_until: Date | null; replies: AdminDashboardSummary['repliesToday'] }>(db, 'academy_dashboard_today', sql`
    select ${offsiteFailuresSql()} as offsite, ${messagesTodaySql(today)} as messages, ${heldUntilSql(today)} as held_until, ${conversationCountsSql(today, timeZone)} as replies`);
  const row = rows[0]!;
  return {
    offsiteBackups: { failed: row.offsite?.failed ?? 0, lastError: row.offsite?.last_error ?? null },
    messagesToday: messagesTodayOf(row.messages),
    repliesToday: row.replies,
    heldUntil: row.held_until?.getTime(),
  };
}

/**
 * The owner's week (issue 42): attendance Monday to today per batch (attendance_date_status_batch_idx,
 * index only). Read with the kept counts (issue 74): marks and batches are watched tables, so it is
 * forgotten with them, and not aggregated again for every request of the dashboard.
 */
function weekAttendanceSql(weekStart: string, today: string): SQL {
  return sql`(select coalesce(json_agg(json_build_object('batch_id', w.batch_id, 'batch_name', b.name, 'total', w.total, 'percentage', w.percentage)
      order by w.percentage nulls last, b.name), '[]'::json)
    from (
      select a.batch_id, count(a.status)::int as total,
        round(100.0 * count(a.status) filter (where a.status in ('present', 'late')) / nullif(count(a.status), 0), 1)::float8 as percentage
      from attendance_records a
      where a.academy_id = ${academySql()} and a.date between ${weekStart}::date and ${today}::date
      group by a.batch_id
    ) w join batches b on b.id = w.batch_id and b.academy_id = ${academySql()})`;
}

/** What the admin dashboard counts and lists. */
const DASHBOARD_TABLES = ['students', 'teachers', 'batches', 'subjects', 'standards', 'admission_enquiries', 'announcements', 'users', 'batch_students', 'attendance_records', 'fee_dues', 'fee_receipts', 'academy_settings'] as const;

async function readDashboardSummary(db: Db, today: string): Promise<Omit<AdminDashboardSummary, 'offsiteBackups' | 'messagesToday' | 'repliesToday'>> {
  const weekStart = weekStartOf(today);
  const ownerMonth = ownerMonthSql(today);
  const { monthlyFeeTarget } = await getAcademySettings(db);
  const keptPast = keptPastDayTotals<AdminDashboardSummary['attendance']['trend']>(db, today);
  // Every table names the academy by value: on Citus the statement then goes to the academy's shard alone
  // (decision 053; leaving some to row-level security sent it to every shard, ~300 ms a first asking there).
  const academy = academySql();
  const { rows } = await db.execute<Row & MonthRow>(sql`
    with enrolment as (
      select bs.academy_id, bs.batch_id, count(*)::int as enrolled
      from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active'
      where bs.academy_id = ${academy} and s.academy_id = ${academy}
      group by bs.academy_id, bs.batch_id
    ),
    near as (
      select b.academy_id, b.id, b.name, b.capacity, b.subject_id, b.teacher_id, e.enrolled
      from batches b join enrolment e on e.batch_id = b.id and e.academy_id = b.academy_id
      where b.academy_id = ${academy} and e.enrolled >= b.capacity * ${NEAR_CAPACITY_SHARE}::numeric and b.archived_at is null
    ),
    ${ownerMonth.cte}
    select
      (select count(*)::int from students where academy_id = ${academy} and status = 'active') as active_students,
      (select count(*)::int from teachers where academy_id = ${academy} and status <> 'inactive') as teachers,
      -- The current year's batches: a rollover archives last year's (issue 39; the year card counts those).
      (select count(*)::int from batches where academy_id = ${academy} and archived_at is null) as batches,
      (select count(*)::int from subjects where academy_id = ${academy}) as subjects,
      (select count(*)::int from standards where academy_id = ${academy}) as standards,
      (select count(*)::int from admission_enquiries where academy_id = ${academy} and status = 'new') as new_registrations,
      (select count(*)::int from announcements where academy_id = ${academy} and ${activeAnnouncementsCondition(today)}) as active_announcements,
      (select coalesce(json_agg(recent), '[]'::json) from (
        select e.id as "_id", e.student_name as "studentName", e.status, e.form, e.created_at as "createdAt",
          case when st.id is null then null else json_build_object('_id', st.id, 'name', st.name, 'level', st.level) end as standard
        from admission_enquiries e left join standards st on st.id = e.standard_id and st.academy_id = e.academy_id and st.academy_id = ${academy}
        where e.academy_id = ${academy}
        order by e.created_at desc, e.id desc
        limit 5
      ) recent) as recent_registrations,
      (select coalesce(json_agg(recent), '[]'::json) from (
        select s.id as "_id", u.name, u.email, s.admission_date as "admissionDate", s.created_at as "createdAt",
          case when st.id is null then null else json_build_object('_id', st.id, 'name', st.name, 'level', st.level) end as standard
        from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id left join standards st on st.id = s.standard_id and st.academy_id = s.academy_id and st.academy_id = ${academy}
        where s.academy_id = ${academy} and u.academy_id = ${academy} and s.status = 'active'
        order by s.created_at desc, s.id desc
        limit 5
      ) recent) as recent_students,
      (select count(*)::int from near) as near_capacity_count,
      (select coalesce(json_agg(fullest), '[]'::json) from (
        select n.id as "_id", n.name, n.capacity, n.enrolled as "enrolledCount", greatest(n.capacity - n.enrolled, 0) as "seatsLeft",
          json_build_object('_id', sub.id, 'name', sub.name, 'code', sub.code) as subject,
          json_build_object('_id', t.id, 'name', tu.name) as teacher
        from near n
        join subjects sub on sub.id = n.subject_id and sub.academy_id = n.academy_id
        join teachers t on t.id = n.teacher_id and t.academy_id = n.academy_id
        join users tu on tu.id = t.user_id and tu.academy_id = t.academy_id
        where sub.academy_id = ${academy} and t.academy_id = ${academy} and tu.academy_id = ${academy}
        order by n.enrolled::float / n.capacity desc, n.name
        limit ${NEAR_CAPACITY_LIST}
      ) fullest) as near_capacity,
      (select row_to_json(marked) from (
        select ${STATISTICS}, count(distinct a.batch_id)::int as "batchesMarked" from attendance_records a where a.academy_id = ${academy} and a.date = ${today}::date
      ) marked) as attendance_today,
      -- The 13 days before today come from the kept counts when there are any (past-days-cache.ts).
      ${
        keptPast
          ? sql`null`
          : sql`(select json_agg(trend order by trend.date) from (
        select to_char(day, 'YYYY-MM-DD') as date, coalesce(marked.total, 0) as total, marked.percentage
        from generate_series(${today}::date - ${TREND_DAYS - 1}::int, ${today}::date - 1, interval '1 day') day
        -- Counted per date first, over the index range of the days (a join against the series made
        -- PostgreSQL hash the whole table: seconds at 2 million marks).
        left join (
          select a.date, count(a.status)::int as total,
            round(100.0 * count(a.status) filter (where a.status in ('present', 'late')) / nullif(count(a.status), 0), 1)::float8 as percentage
          from attendance_records a
          where a.academy_id = ${academy} and a.date between ${today}::date - ${TREND_DAYS - 1}::int and ${today}::date - 1
          group by a.date
        ) marked on marked.date = day::date
      ) trend)`
      } as attendance_past,
      ${weekAttendanceSql(weekStart, today)} as attendance_week,
      ${ownerMonth.columns}
  `);
  const row = rows[0]!;
  const past = keptPast ?? row.attendance_past!;
  if (!keptPast) keepPastDayTotals(db, today, past);
  return summaryOf(row, past, today, weekStart, monthlyFeeTarget);
}

/** The kept part of the dashboard from its statement's row and the past days' totals. */
function summaryOf(row: Row & MonthRow, past: AdminDashboardSummary['attendance']['trend'], today: string, weekStart: string, monthlyFeeTarget: OwnerMonth['collected']['target']): Omit<AdminDashboardSummary, 'offsiteBackups' | 'messagesToday' | 'repliesToday'> {
  const todayTotals = { date: today, total: row.attendance_today.total, percentage: row.attendance_today.percentage };
  return {
    counts: {
      activeStudents: row.active_students,
      teachers: row.teachers,
      batches: row.batches,
      subjects: row.subjects,
      standards: row.standards,
      newRegistrations: row.new_registrations,
      activeAnnouncements: row.active_announcements,
    },
    recentStudents: row.recent_students.map((student) => ({ ...student, createdAt: new Date(student.createdAt).toISOString() })),
    recentRegistrations: row.recent_registrations.map((enquiry) => ({ ...enquiry, createdAt: new Date(enquiry.createdAt).toISOString() })),
    batchesNearCapacity: row.near_capacity,
    batchesNearCapacityTotal: row.near_capacity_count,
    attendance: { today: { date: today, ...row.attendance_today }, trend: [...past, todayTotals] },
    month: {
      ...ownerMonthOf(row, today, monthlyFeeTarget),
      attendanceThisWeek: {
        from: weekStart,
        to: today,
        batches: row.attendance_week.map((entry) => ({ batch: { _id: entry.batch_id, name: entry.batch_name }, total: entry.total, percentage: entry.percentage })),
      },
    },
  };
}

/**
 * The student dashboard in one request: the week's classes (closures included), today's marks and
 * this month's percentage (one statement), the newest notes and the active announcements. The four
 * parts are independent statements run side by side.
 */
export async function studentDashboard(db: Db, actor: Actor): Promise<StudentDashboard> {
  const studentId = studentIdOf(actor);
  const today = await academyToday(db);
  const month = today.slice(0, 7);
  const [schedule, attendance, notes, announcements] = await Promise.all([
    weeklySchedule(db, actor),
    db.execute<{ today: StudentDashboard['attendance']['today']; month_statistics: AttendanceStatistics | null }>(sql`
      select
        (select coalesce(json_agg(json_build_object('batch', json_build_object('_id', b.id, 'name', b.name), 'status', a.status) order by b.name), '[]'::json)
          from attendance_records a join batches b on b.id = a.batch_id and b.academy_id = a.academy_id
          where a.student_id = ${studentId} and a.date = ${today}::date) as today,
        (select row_to_json(m) from (
          select ${STATISTICS} from attendance_records a
          where a.student_id = ${studentId} and a.date between ${`${month}-01`}::date and ${today}::date
        ) m) as month_statistics`),
    listNotes(db, actor, { page: 1, limit: STUDENT_DASHBOARD_NOTES }).then((page) => page.notes),
    activeAnnouncements(db, actor),
  ]);
  const row = attendance.rows[0]!;
  return {
    schedule,
    attendance: { today: row.today, month, monthStatistics: row.month_statistics! },
    notes,
    announcements,
  };
}

/**
 * An academic year at a glance (issue 39; the dashboard's year card, the current year without `year`):
 * its batches (started in it, as the batch list's switcher counts them), the students enrolled in them,
 * their attendance and tests, the enquiries that arrived in it, and its money. One statement for the
 * counts beside the fees module's two.
 */
export async function yearSummary(db: Db, year?: string): Promise<YearSummary> {
  const today = await academyToday(db);
  const current = await academyCurrentYear(db, today);
  const name = year ?? current;
  const from = academicYearStart(name);
  const to = academicYearEnd(name);
  // Every table names the academy by value besides row-level security's: on Citus the statement then reaches
  // that academy's shard alone (decision 053; the time zone's subquery named it, the counts did not).
  const academy = academySql();
  const zone = academyTimeZoneSql();
  const [{ rows }, fees] = await Promise.all([
    db.execute<{ batches: number; students: number; attendance: { total: number; percentage: number | null }; tests: number; enquiries: number; admitted: number }>(sql`
      with year_batches as (select id from batches where academy_id = ${academy} and start_date between ${from}::date and ${to}::date)
      select
        (select count(*)::int from year_batches) as batches,
        (select count(distinct bs.student_id)::int from batch_students bs where bs.academy_id = ${academy} and bs.batch_id in (select id from year_batches)) as students,
        (select json_build_object('total', count(a.status)::int,
            'percentage', round(100.0 * count(a.status) filter (where a.status in ('present', 'late')) / nullif(count(a.status), 0), 1)::float8)
          from attendance_records a where a.academy_id = ${academy} and a.batch_id in (select id from year_batches)) as attendance,
        (select count(*)::int from exams t where t.academy_id = ${academy} and t.batch_id in (select id from year_batches)) as tests,
        (select count(*)::int from admission_enquiries e where e.academy_id = ${academy} and (e.created_at at time zone ${zone})::date between ${from}::date and ${to}::date) as enquiries,
        (select count(*)::int from admission_enquiries e where e.academy_id = ${academy} and e.status = 'admitted' and (e.created_at at time zone ${zone})::date between ${from}::date and ${to}::date) as admitted
    `),
    yearFeeTotals(db, from, to),
  ]);
  const row = rows[0]!;
  return {
    year: name,
    current: name === current,
    batches: row.batches,
    students: row.students,
    attendance: row.attendance,
    tests: row.tests,
    enquiries: row.enquiries,
    admitted: row.admitted,
    fees: {
      billed: rupees(fees.billed),
      concession: rupees(fees.concession),
      collected: rupees(fees.collected),
      outstanding: rupees(fees.outstanding),
      carriedOver: rupees(fees.carriedOver),
    },
  };
}
