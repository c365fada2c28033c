/** The lectures a month's pay counts: classes taken (attendance, substitutes), late ones, the office's corrections. */
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { academySql } from '../../db/same-academy';
import { monthRange, previousMonth, type LectureRow } from './pay-calc';

export type LectureQueryRow = LectureRow & { teacherId: string };

/**
 * The classes taken between two dates: each batch's day with attendance marks counts once, for that
 * day's substitute, else the teacher who submitted the marks, else (the office marked it) the batch's
 * teacher; a day a closure closed for that batch counts for nobody. One statement for the whole academy.
 */
async function takenBetween(db: DbExecutor, start: string, end: string, teacherId?: string): Promise<LectureQueryRow[]> {
  // Every table names the academy as a parameter: one shard on Citus (decision 053).
  const academy = academySql();
  const { rows } = await db.execute<LectureQueryRow>(sql`
    with days as (
      select a.batch_id, a.date, (array_agg(a.marked_by order by a.marked_at desc))[1] as marked_by
      from attendance_records a where a.academy_id = ${academy} and a.date between ${start} and ${end}
      group by a.batch_id, a.date
    ), lectures as (
      select d.batch_id, d.date, b.name as batch_name,
        coalesce(s.teacher_id, mt.id, b.teacher_id) as teacher_id, (s.teacher_id is not null) as substitute,
        (extract(epoch from (b.end_time - b.start_time)) / 60)::int as minutes
      from days d
      join batches b on b.id = d.batch_id and b.academy_id = ${academy}
      left join batch_substitutions s on s.batch_id = d.batch_id and s.academy_id = ${academy} and s.date = d.date
      left join teachers mt on mt.user_id = d.marked_by and mt.academy_id = ${academy}
      where not exists (
        select 1 from announcements an
        where an.academy_id = ${academy} and an.closure and an.start_date <= d.date and an.end_date >= d.date
          and (not exists (select 1 from announcement_batches ab where ab.announcement_id = an.id and ab.academy_id = ${academy})
            or exists (select 1 from announcement_batches ab where ab.announcement_id = an.id and ab.academy_id = ${academy} and ab.batch_id = d.batch_id)))
    )
    select l.teacher_id as "teacherId", to_char(l.date, 'YYYY-MM-DD') as date, l.batch_id as "batchId", l.batch_name as "batchName", l.minutes, 1 as count,
      case when l.substitute then 'substitute' else 'attendance' end as source, null as reason
    from lectures l
    ${teacherId ? sql`where l.teacher_id = ${teacherId}` : sql``}
    order by l.date, l.batch_name`);
  return rows;
}

/** How many approved months just before an open one are searched for classes marked after their approval. */
const LATE_MONTHS = 3;

/**
 * Classes of the approved months just before `month` (up to LATE_MONTHS, while they are approved) that
 * their snapshot does not hold: marked after the approval. They are paid in `month`, the next open one.
 */
async function lateLectures(db: DbExecutor, month: string, teacherId?: string): Promise<LectureQueryRow[]> {
  const earlier = [previousMonth(month)];
  while (earlier.length < LATE_MONTHS) earlier.push(previousMonth(earlier.at(-1)!));
  const { rows: approved } = await db.execute<{ month: string }>(sql`select month from payroll_months where month = any(${sql.param(earlier)}::text[])`);
  const locked = new Set(approved.map((row) => row.month));
  const months: string[] = [];
  for (const candidate of earlier) {
    if (!locked.has(candidate)) break;
    months.push(candidate);
  }
  if (months.length === 0) return [];
  const [taken, { rows: paid }] = await Promise.all([
    takenBetween(db, monthRange(months.at(-1)!).start, monthRange(months[0]!).end, teacherId),
    db.execute<{ key: string }>(sql`
      select distinct (e->>'batchId') || '|' || (e->>'date') as key
      from payroll_lines pl cross join lateral jsonb_array_elements(pl.lectures) e
      where pl.month = any(${sql.param(months)}::text[]) and e->>'source' in ('attendance', 'substitute')`),
  ]);
  const snapshot = new Set(paid.map((row) => row.key));
  return taken.filter((lecture) => !snapshot.has(`${lecture.batchId}|${lecture.date}`)).map((lecture) => ({ ...lecture, source: 'late' as const }));
}

/**
 * The month's lectures of every teacher (or one): the classes taken in it, those of the approved months
 * before it marked after their approval, and the office's corrections counted in it.
 */
export async function monthLectures(db: DbExecutor, month: string, teacherId?: string): Promise<LectureQueryRow[]> {
  const { start, end } = monthRange(month);
  const [taken, late, { rows: corrections }] = await Promise.all([
    takenBetween(db, start, end, teacherId),
    lateLectures(db, month, teacherId),
    db.execute<LectureQueryRow>(sql`
      select c.teacher_id as "teacherId", to_char(c.date, 'YYYY-MM-DD') as date, c.batch_id as "batchId", b.name as "batchName", c.minutes, c.lectures as count, 'correction' as source, c.reason
      from lecture_corrections c join batches b on b.id = c.batch_id and b.academy_id = c.academy_id
      where c.pay_month = ${month} ${teacherId ? sql`and c.teacher_id = ${teacherId}` : sql``}
      order by c.date, c.created_at`),
  ]);
  return [...late, ...taken, ...corrections];
}
