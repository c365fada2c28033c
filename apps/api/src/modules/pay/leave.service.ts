import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatDate } from '@academy/shared/calendar';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import { PAY_MESSAGES, type CoveredClass, type Leave, type leaveDecisionInputSchema, type leaveInputSchema, type substitutionInputSchema } from '@academy/shared/schemas/pay';
import type { Db, DbExecutor } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { AppError } from '../../lib/app-error';
import { teacherIdOf, type Actor } from '../../access/actor';
import { recordAudit } from '../audit';
import { notifyParentsOfStudents, PARENT_SENDER_JOB } from '../family-outbox';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { appNowSql } from '../../db/app-time';
import { academySql } from '../../db/same-academy';

type LeaveInput = z.output<typeof leaveInputSchema>;
type DecisionInput = z.output<typeof leaveDecisionInputSchema>;
type SubstitutionInput = z.output<typeof substitutionInputSchema>;

type LeaveRow = Omit<Leave, 'classes'>;

const LEAVE_COLUMNS = sql`l.id as "_id", json_build_object('_id', t.id, 'name', u.name) as teacher, to_char(l.from_date, 'YYYY-MM-DD') as from, to_char(l.to_date, 'YYYY-MM-DD') as to,
  l.half_day as "halfDay", l.reason, l.status, l.unpaid, l.created_at as "createdAt"`;

/**
 * A batch's class days in [from, to] for these teachers' batches: its weekdays within its dates, not
 * archived, not closed (closures), each with its substitute if one is assigned. One statement.
 */
async function classesOf(db: DbExecutor, leave: { teacherId: string; from: string; to: string }[]): Promise<(Leave['classes'][number] & { teacherId: string; leaveFrom: string })[]> {
  if (leave.length === 0) return [];
  // Every table names the academy as a parameter: one shard on Citus (decision 053).
  const academy = academySql();
  const { rows } = await db.execute<Leave['classes'][number] & { teacherId: string; leaveFrom: string }>(sql`
    with leave as (
      select * from unnest(${sql.param(leave.map((item) => item.teacherId))}::uuid[], ${sql.param(leave.map((item) => item.from))}::date[], ${sql.param(leave.map((item) => item.to))}::date[]) as l(teacher_id, from_date, to_date)
    )
    select b.teacher_id as "teacherId", to_char(l.from_date, 'YYYY-MM-DD') as "leaveFrom", b.id as "batchId", b.name as "batchName", to_char(d.day, 'YYYY-MM-DD') as date,
      to_char(b.start_time, 'HH24:MI') as "startTime",
      case when s.id is null then null else json_build_object('_id', st.id, 'name', su.name) end as substitute
    from leave l
    join batches b on b.teacher_id = l.teacher_id and b.academy_id = ${academy} and b.archived_at is null
    cross join lateral generate_series(greatest(l.from_date, b.start_date), least(l.to_date, b.end_date), interval '1 day') as d(day)
    left join batch_substitutions s on s.batch_id = b.id and s.academy_id = b.academy_id and s.date = d.day::date
    left join teachers st on st.id = s.teacher_id and st.academy_id = s.academy_id
    left join users su on su.id = st.user_id and su.academy_id = st.academy_id
    where (array['mon','tue','wed','thu','fri','sat','sun'])[extract(isodow from d.day)::int] = any(b.schedule_days)
      and not exists (
        select 1 from announcements an
        where an.academy_id = ${academy} and an.closure and an.start_date <= d.day::date and an.end_date >= d.day::date
          and (not exists (select 1 from announcement_batches ab where ab.announcement_id = an.id and ab.academy_id = ${academy})
            or exists (select 1 from announcement_batches ab where ab.announcement_id = an.id and ab.academy_id = ${academy} and ab.batch_id = b.id)))
    order by d.day, b.start_time, b.name`);
  return rows;
}

async function withClasses(db: DbExecutor, rows: LeaveRow[]): Promise<Leave[]> {
  const approved = rows.filter((row) => row.status === 'approved');
  const classes = await classesOf(db, approved.map((row) => ({ teacherId: row.teacher._id, from: row.from, to: row.to })));
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    classes: row.status === 'approved' ? classes.filter((item) => item.teacherId === row.teacher._id && item.date >= row.from && item.date <= row.to).map(({ teacherId: _t, leaveFrom: _f, ...item }) => item) : [],
  }));
}

async function leaveById(db: DbExecutor, id: string): Promise<Leave> {
  const { rows } = await db.execute<LeaveRow>(sql`select ${LEAVE_COLUMNS} from teacher_leave l join teachers t on t.id = l.teacher_id and t.academy_id = l.academy_id join users u on u.id = t.user_id and u.academy_id = t.academy_id where l.id = ${id}`);
  if (!rows[0]) throw new AppError('NOT_FOUND', PAY_MESSAGES.leaveNotFound);
  return (await withClasses(db, rows))[0]!;
}

/** POST /api/teacher/leave: the teacher asks for days off (or half a day); the office decides. */
export async function askLeave(db: Db, actor: Actor, input: LeaveInput): Promise<Leave> {
  const teacherId = teacherIdOf(actor);
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into teacher_leave (teacher_id, from_date, to_date, half_day, reason) values (${teacherId}, ${input.from}, ${input.to}, ${input.halfDay}, ${input.reason}) returning id`);
    const leaveId = rows[0]!.id;
    await recordAudit(tx, actor, { action: 'leave.ask', entityType: 'pay', entityId: leaveId, relatedId: teacherId, text: { key: 'pay.leave_asked', values: { from: formatDate(input.from), to: formatDate(input.to) } } });
    return leaveId;
  });
  return leaveById(db, id);
}

/** GET /api/teacher/leave: the teacher's own requests, newest first. */
export async function myLeave(db: DbExecutor, actor: Actor): Promise<{ leave: Leave[] }> {
  const teacherId = teacherIdOf(actor);
  const { rows } = await db.execute<LeaveRow>(sql`
    select ${LEAVE_COLUMNS} from teacher_leave l join teachers t on t.id = l.teacher_id and t.academy_id = l.academy_id join users u on u.id = t.user_id and u.academy_id = t.academy_id
    where l.teacher_id = ${teacherId} order by l.from_date desc, l.created_at desc limit 50`);
  return { leave: await withClasses(db, rows) };
}

/**
 * GET /api/leave: the office's list for the dashboard: requests waiting for a decision, and approved
 * leave not yet over with its classes (those without a substitute need one).
 */
export async function leaveList(db: DbExecutor): Promise<{ leave: Leave[] }> {
  const today = await academyToday(db);
  const { rows } = await db.execute<LeaveRow>(sql`
    select ${LEAVE_COLUMNS} from teacher_leave l join teachers t on t.id = l.teacher_id and t.academy_id = l.academy_id join users u on u.id = t.user_id and u.academy_id = t.academy_id
    where l.status = 'pending' or (l.status = 'approved' and l.to_date >= ${today})
    order by (l.status = 'pending') desc, l.from_date, l.created_at limit 100`);
  return { leave: await withClasses(db, rows) };
}

/** POST /api/leave/{id}/approve | reject: a pending request decided once; approved leave is unpaid unless said otherwise. */
export async function decideLeave(db: Db, actor: Actor, id: string, decision: 'approved' | 'rejected', input: DecisionInput): Promise<Leave> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: string; name: string; from: string; to: string }>(sql`
      select l.status, u.name, to_char(l.from_date, 'YYYY-MM-DD') as from, to_char(l.to_date, 'YYYY-MM-DD') as to
      from teacher_leave l join teachers t on t.id = l.teacher_id and t.academy_id = l.academy_id join users u on u.id = t.user_id and u.academy_id = t.academy_id where l.academy_id = ${academySql()} and l.id = ${id} for update of l`);
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', PAY_MESSAGES.leaveNotFound);
    if (row.status !== 'pending') throw new AppError('CONFLICT', PAY_MESSAGES.leaveDecided);
    const unpaid = decision === 'approved' ? input.unpaid : false;
    await tx.execute(sql`update teacher_leave set status = ${decision}, unpaid = ${unpaid}, decided_by = ${actor.userId}, decided_at = now() where id = ${id}`);
    const values = { name: row.name, from: formatDate(row.from), to: formatDate(row.to) };
    await recordAudit(tx, actor, {
      action: decision === 'approved' ? 'leave.approve' : 'leave.reject',
      entityType: 'pay',
      entityId: id,
      text: { key: decision === 'rejected' ? 'pay.leave_rejected' : unpaid ? 'pay.leave_approved_unpaid' : 'pay.leave_approved_paid', values },
      changes: { status: { old: 'pending', new: decision } },
    });
  });
  return leaveById(db, id);
}

/**
 * POST /api/batches/{id}/substitutions: the teacher who covers the batch's class on one day (a later
 * assignment replaces the earlier one). They then see and mark that day's sheet, and the lecture is
 * theirs. With `notifyFamilies`, the batch's families are told through the family outbox.
 */
export async function assignSubstitute(db: Db, jobs: Jobs | undefined, actor: Actor, batchId: string, input: SubstitutionInput) {
  const { rows: batchRows } = await db.execute<{ name: string; teacherId: string; startDate: string; endDate: string; days: string[]; archived: boolean }>(sql`
    select name, teacher_id as "teacherId", to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate", schedule_days as days, archived_at is not null as archived
    from batches where id = ${batchId}`);
  const batch = batchRows[0];
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  const weekday = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date(`${input.date}T00:00:00Z`).getUTCDay()]!;
  const closed = await db.execute(sql`
    select 1 from announcements an where an.closure and an.start_date <= ${input.date} and an.end_date >= ${input.date}
      and (not exists (select 1 from announcement_batches ab where ab.announcement_id = an.id and ab.academy_id = an.academy_id)
        or exists (select 1 from announcement_batches ab where ab.announcement_id = an.id and ab.academy_id = an.academy_id and ab.batch_id = ${batchId}))`);
  if (batch.archived || !batch.days.includes(weekday) || input.date < batch.startDate || input.date > batch.endDate || closed.rows.length > 0) {
    throw new AppError('BAD_REQUEST', PAY_MESSAGES.substituteNoClass, { date: PAY_MESSAGES.substituteNoClass });
  }
  if (input.teacher === batch.teacherId) throw new AppError('BAD_REQUEST', PAY_MESSAGES.substituteSelf, { teacher: PAY_MESSAGES.substituteSelf });
  const { rows: teacherRows } = await db.execute<{ name: string }>(sql`select u.name from teachers t join users u on u.id = t.user_id and u.academy_id = t.academy_id where t.id = ${input.teacher} and t.status = 'active' and u.is_active`);
  const substitute = teacherRows[0];
  if (!substitute) throw new AppError('BAD_REQUEST', PAY_MESSAGES.substituteUnknown, { teacher: PAY_MESSAGES.substituteUnknown });
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into batch_substitutions (batch_id, date, teacher_id, created_by) values (${batchId}, ${input.date}, ${input.teacher}, ${actor.userId})
      on conflict (academy_id, batch_id, date) do update set teacher_id = excluded.teacher_id, created_by = excluded.created_by, created_at = ${appNowSql()}
      returning id`);
    const values = { batch: batch.name, date: formatDate(input.date), teacher: substitute.name };
    await recordAudit(tx, actor, { action: 'substitute.assign', entityType: 'pay', entityId: input.teacher, relatedId: batchId, text: { key: 'pay.substitute_assigned', values } });
    let familiesTold = 0;
    if (input.notifyFamilies) {
      const { rows: students } = await tx.execute<{ id: string }>(sql`select bs.student_id as id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id where bs.batch_id = ${batchId} and s.status = 'active'`);
      const academy = (await getAcademySettings(tx)).name;
      const messages = Object.fromEntries(
        LANGUAGES.map((language: Language) => {
          const title = word('notification', 'Class of {batch} on {date}: {teacher} will teach it', language, values);
          return [language, { subject: title, text: word('mail', '{parent}, a new announcement from {academy}: {title}', language, { parent: '{parent}', academy, title }) }];
        }),
      ) as Record<Language, { subject: string; text: string }>;
      familiesTold = await notifyParentsOfStudents(
        tx,
        undefined,
        students.map((student) => student.id),
        { kind: 'announcement', key: `substitute:${batchId}:${input.date}:${input.teacher}`, date: input.date, messages, payload: { batch: { _id: batchId, name: batch.name }, date: input.date, teacher: substitute.name }, values: { title: messages.en.subject } },
      );
      // The sender runs once this commits (as announcements do).
      if (familiesTold > 0 && jobs) await jobs.enqueue(PARENT_SENDER_JOB, {}, { transaction: tx });
    }
    return { _id: rows[0]!.id, batchId, date: input.date, teacher: { _id: input.teacher, name: substitute.name }, familiesTold };
  });
}

/**
 * GET /api/teacher/substitutions: the classes the teacher covers as a substitute, two weeks back and a
 * month ahead, with what the marking screen shows of each batch (its own teacher, its schedule).
 */
export async function coveredClasses(db: DbExecutor, actor: Actor): Promise<{ classes: CoveredClass[] }> {
  const teacherId = teacherIdOf(actor);
  const today = await academyToday(db);
  const { rows } = await db.execute<CoveredClass>(sql`
    select to_char(s.date, 'YYYY-MM-DD') as date, json_build_object(
      '_id', b.id, 'name', b.name,
      'standard', json_build_object('_id', st.id, 'name', st.name, 'level', st.level),
      'subject', json_build_object('_id', sub.id, 'name', sub.name, 'code', sub.code),
      'teacher', json_build_object('_id', t.id, 'name', tu.name),
      'startDate', to_char(b.start_date, 'YYYY-MM-DD'), 'endDate', to_char(b.end_date, 'YYYY-MM-DD'),
      'schedule', json_build_object('days', b.schedule_days, 'startTime', to_char(b.start_time, 'HH24:MI'), 'endTime', to_char(b.end_time, 'HH24:MI'))) as batch
    from batch_substitutions s
    join batches b on b.id = s.batch_id and b.academy_id = s.academy_id
    join standards st on st.id = b.standard_id and st.academy_id = b.academy_id
    join subjects sub on sub.id = b.subject_id and sub.academy_id = b.academy_id
    join teachers t on t.id = b.teacher_id and t.academy_id = b.academy_id
    join users tu on tu.id = t.user_id and tu.academy_id = t.academy_id
    where s.teacher_id = ${teacherId} and s.date between (${today}::date - 14) and (${today}::date + 31)
    order by s.date, b.start_time`);
  return { classes: rows };
}
