/**
 * The sheets of the academy workbook, one function a sheet (issue 79): its columns, its query and its
 * cells, in the admin's language. writeAcademyWorkbook (exports.service.ts) runs them in order in one
 * read-only snapshot.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CatalogText, CatalogValues } from '@academy/shared/i18n/server-catalog';
import { formatClock } from '@academy/shared/calendar';
import { WEEKDAYS, type Weekday } from '@academy/shared/schedule';
import { academyTimeZoneSql } from '../../db/academy-today';
import { academySql, type DbExecutor } from '../../db/client';
import type { ColumnKind, RawCell } from './workbook-writer';

export type Text = CatalogText<'workbook'>;
export type Column = { header: Text; values?: CatalogValues; kind: ColumnKind; width?: number };
export type Row = Record<string, unknown>;

const GENDERS: Record<string, Text> = { male: 'Male', female: 'Female', other: 'Other' };
const STATUSES: Record<string, Text> = { active: 'Active', archived: 'Archived', alumni: 'Alumni', inactive: 'Inactive', on_leave: 'On leave' };
const BOARDS: Record<string, Text> = { 'State Board': 'State board', CBSE: 'CBSE', ICSE: 'ICSE', Other: 'Other' };
const MEDIUMS: Record<string, Text> = { English: 'English', 'Semi-English': 'Semi-English', Marathi: 'Marathi', Hindi: 'Hindi', Urdu: 'Urdu' };
const RELATIONS: Record<string, Text> = { mother: 'Mother', father: 'Father', guardian: 'Guardian', other: 'Other' };
const MODES: Record<string, Text> = { cash: 'Cash', upi: 'UPI', cheque: 'Cheque', bank_transfer: 'Bank transfer', card: 'Card', opening_balance: 'Opening balance (carried over)' };
const DAYS: Record<Weekday, Text> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const DUE_STATES = { paid: 'Paid', due: 'To pay', overdue: 'Overdue', cancelled: 'Cancelled', carried_over: 'Carried over' } as const satisfies Record<string, Text>;

// A column: a text one with its width, the others as wide as their kind makes them.
const text = (header: Text, width: number): Column => ({ header, kind: 'text', width });
const ofKind = (kind: Exclude<ColumnKind, 'text'>) => (header: Text): Column => ({ header, kind });
const [phone, date, month, money] = [ofKind('phone'), ofKind('date'), ofKind('month'), ofKind('money')];
const [count, number, percent] = [ofKind('count'), ofKind('number'), ofKind('percent')];
// The columns several sheets share.
const STUDENT_ID = text('Student ID', 15);
const STUDENT = text('Student', 26);
const BATCH = text('Batch', 24);
const STATUS = text('Status', 10);

/** What every sheet is written with: the snapshot's sheet maker, and the words of the admin's language. */
export type SheetContext = {
  tx: DbExecutor;
  /** The academy's day of the download (a due's state as the Fees screen shows it that day). */
  today: string;
  sheet: (name: Text, list: Column[], query: SQL, toCells: (row: Row) => RawCell[]) => Promise<number>;
  say: (text: Text, values?: CatalogValues) => string;
  /** A stored code in words (a status, a relation), or the code itself when it has none. */
  wordOf: (words: Record<string, Text>, code: unknown) => string | null;
  yes: (value: unknown) => string | null;
  /** A value nobody gave (decision 040): said so, not a blank that looks forgotten. */
  given: (value: unknown) => string;
};

// Students. Each parent gets columns of their own (Parent 1 name, relation, phone, email; Parent 2 …)
// rather than one "Parents" cell joined with "; ": the office filters a column by one phone,
// sorts by a parent's name and looks a number up (VLOOKUP) only when each cell holds one value.
// Siblings sharing a parent show the same parent on each of their rows.
export async function studentsSheet({ sheet, tx, wordOf, given }: SheetContext): Promise<number> {
  // How many parents the most linked student has: that many groups of parent columns.
  const { rows: [most] } = await tx.execute<{ parents: number }>(sql`
    select coalesce(max(n), 0)::int as parents from (select count(*) as n from parent_students group by student_id) linked`);
  const parentGroups = Math.max(1, most?.parents ?? 0);
  return sheet(
    'Students',
    [
      STUDENT_ID, text('Name', 26), text('Email', 28), phone('Phone (+91)'), text('Gender', 9), date('Date of birth'), text('Standard', 14),
      text('School', 24), text('Board', 12), text('Medium', 12), text('Address', 30), STATUS, date('Admission date'), text('Batches', 30),
      ...Array.from({ length: parentGroups }, (_, index): Column[] => {
        const values = { n: index + 1 };
        return [
          { header: 'Parent {n} name', values, kind: 'text', width: 24 },
          { header: 'Parent {n} relation', values, kind: 'text', width: 10 },
          { header: 'Parent {n} phone (+91)', values, kind: 'phone' },
          { header: 'Parent {n} email', values, kind: 'text', width: 28 },
        ];
      }).flat(),
    ],
    sql`
      select s.student_code, u.name, u.email, s.phone, s.gender, s.date_of_birth, st.name as standard, s.school, s.board, s.medium, s.address, s.status, s.admission_date,
        (select string_agg(b.name, '; ' order by b.name) from batch_students bs join batches b on b.id = bs.batch_id and b.academy_id = bs.academy_id where bs.student_id = s.id and bs.academy_id = s.academy_id) as batches,
        (select json_agg(json_build_object('name', pu.name, 'relation', p.relation, 'phone', p.phone, 'email', pu.email) order by ps.created_at, p.id)
           from parent_students ps join parents p on p.id = ps.parent_id and p.academy_id = ps.academy_id join users pu on pu.id = p.user_id and pu.academy_id = p.academy_id where ps.student_id = s.id and ps.academy_id = s.academy_id) as parents
      from students s
      join users u on u.id = s.user_id and u.academy_id = s.academy_id
      left join standards st on st.id = s.standard_id and st.academy_id = s.academy_id
      order by s.student_code`,
    (row) => {
      const parents = (row.parents as { name: string; relation: string; phone: string | null; email: string | null }[] | null) ?? [];
      return [
        row.student_code as string, row.name as string, row.email as string | null, row.phone as string | null, given(wordOf(GENDERS, row.gender)),
        row.date_of_birth as string | null, row.standard as string | null, row.school as string | null, wordOf(BOARDS, row.board),
        wordOf(MEDIUMS, row.medium), given(row.address), wordOf(STATUSES, row.status), row.admission_date as string, row.batches as string | null,
        ...Array.from({ length: parentGroups }, (_, index) => {
          const parent = parents[index];
          return parent ? [parent.name, wordOf(RELATIONS, parent.relation), parent.phone, parent.email] : [null, null, null, null];
        }).flat(),
      ];
    },
  );
}

export function teachersSheet({ sheet, wordOf }: SheetContext): Promise<number> {
  return sheet(
    'Teachers',
    [
      text('Name', 26), text('Email', 28), phone('Phone (+91)'), text('Gender', 9), text('Qualification', 20), text('Subjects', 24),
      text('Batches', 30), date('Joining date'), STATUS, text('Address', 30),
    ],
    sql`
      select u.name, u.email, t.phone, t.gender, t.qualification,
        (select string_agg(sj.name, '; ' order by sj.name) from teacher_subjects ts join subjects sj on sj.id = ts.subject_id and sj.academy_id = ts.academy_id where ts.teacher_id = t.id and ts.academy_id = t.academy_id) as subjects,
        (select string_agg(b.name, '; ' order by b.name) from batches b where b.teacher_id = t.id and b.academy_id = t.academy_id) as batches,
        t.joining_date, t.status, t.address
      from teachers t join users u on u.id = t.user_id and u.academy_id = t.academy_id
      order by lower(u.name), t.id`,
    (row) => [
      row.name as string, row.email as string, row.phone as string | null, wordOf(GENDERS, row.gender), row.qualification as string,
      row.subjects as string | null, row.batches as string | null, row.joining_date as string | null, wordOf(STATUSES, row.status),
      row.address as string,
    ],
  );
}

export function batchesSheet({ sheet, say }: SheetContext): Promise<number> {
  return sheet(
    'Batches',
    [
      BATCH, text('Standard', 14), text('Subject', 16), text('Teacher', 22), text('Days', 18), text('Start time', 10), text('End time', 10),
      date('Start date'), date('End date'), count('Capacity'),
      // Active students, as the Batches screen counts them (archived ones keep their enrolment as history).
      count('Students enrolled'),
    ],
    sql`
      select b.name, st.name as standard, sj.name as subject, tu.name as teacher, b.schedule_days as days,
        to_char(b.start_time, 'HH24:MI') as start_time, to_char(b.end_time, 'HH24:MI') as end_time, b.start_date, b.end_date, b.capacity,
        (select count(*)::int from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id where bs.batch_id = b.id and bs.academy_id = b.academy_id and s.status = 'active') as enrolled
      from batches b
      join standards st on st.id = b.standard_id and st.academy_id = b.academy_id
      join subjects sj on sj.id = b.subject_id and sj.academy_id = b.academy_id
      join teachers t on t.id = b.teacher_id and t.academy_id = b.academy_id
      join users tu on tu.id = t.user_id and tu.academy_id = t.academy_id
      order by st.level, b.start_time, b.name, b.id`,
    (row) => [
      row.name as string, row.standard as string, row.subject as string, row.teacher as string,
      [...((row.days as Weekday[] | null) ?? [])]
        .sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b))
        .map((day) => say(DAYS[day]))
        .join(', '),
      formatClock(row.start_time as string),
      formatClock(row.end_time as string),
      row.start_date as string, row.end_date as string, row.capacity as number, row.enrolled as number,
    ],
  );
}

export function enrolmentsSheet({ sheet, wordOf }: SheetContext): Promise<number> {
  return sheet(
    'Enrolments',
    [
      BATCH, STUDENT_ID, STUDENT, STATUS, date('Enrolled on'),
    ],
    sql`
      select b.name as batch, s.student_code, u.name, s.status, (bs.enrolled_at at time zone ${academyTimeZoneSql()})::date as enrolled_on
      from batch_students bs
      join batches b on b.id = bs.batch_id and b.academy_id = bs.academy_id
      join students s on s.id = bs.student_id and s.academy_id = bs.academy_id
      join users u on u.id = s.user_id and u.academy_id = s.academy_id
      -- The academy by value (its time zone is read by value): on Citus one shard's statement (decision 053).
      where bs.academy_id = ${academySql()}
      order by b.name, b.id, s.student_code`,
    (row) => [row.batch as string, row.student_code as string, row.name as string, wordOf(STATUSES, row.status), row.enrolled_on as string],
  );
}

// One row per student, batch and month with marks: counted in the database (a year of an academy is
// about two million marks), the names joined to the counts afterwards.
export function attendanceSheet({ sheet }: SheetContext): Promise<number> {
  return sheet(
    'Attendance',
    [
      STUDENT_ID, STUDENT, BATCH, month('Month'), count('Present'), count('Late'), count('Absent'), count('Excused'), count('Days marked'),
      // As everywhere in the app: (present + late) ÷ marked.
      percent('Attendance %'),
    ],
    sql`
      with counted as (
        select academy_id, student_id, batch_id, date_trunc('month', date::timestamp)::date as month,
          count(*) filter (where status = 'present')::int as present,
          count(*) filter (where status = 'late')::int as late,
          count(*) filter (where status = 'absent')::int as absent,
          count(*) filter (where status = 'excused')::int as excused,
          count(*)::int as marked
        from attendance_records
        group by academy_id, student_id, batch_id, date_trunc('month', date::timestamp)
      )
      select s.student_code, u.name, b.name as batch, c.month, c.present, c.late, c.absent, c.excused, c.marked
      from counted c
      join students s on s.id = c.student_id and s.academy_id = c.academy_id
      join users u on u.id = s.user_id and u.academy_id = s.academy_id
      join batches b on b.id = c.batch_id and b.academy_id = c.academy_id
      order by s.student_code, b.name, b.id, c.month`,
    (row) => [
      row.student_code as string, row.name as string, row.batch as string, row.month as string, row.present as number, row.late as number,
      row.absent as number, row.excused as number, row.marked as number,
      ((row.present as number) + (row.late as number)) / (row.marked as number),
    ],
  );
}

export function duesSheet({ sheet, say, today }: SheetContext): Promise<number> {
  return sheet(
    'Dues',
    [
      STUDENT_ID, STUDENT, text('Due', 26), BATCH, date('Due date'), money('Amount (₹)'), money('Concession (₹)'), money('Paid (₹)'),
      money('Balance (₹)'), text('Status', 12),
    ],
    sql`
      select s.student_code, u.name, d.label, b.name as batch, d.due_date, d.status,
        d.amount_paise::float8 as amount, d.concession_paise::float8 as concession, d.paid_paise::float8 as paid
      from fee_dues d
      join students s on s.id = d.student_id and s.academy_id = d.academy_id
      join users u on u.id = s.user_id and u.academy_id = s.academy_id
      left join batches b on b.id = d.batch_id and b.academy_id = d.academy_id
      order by s.student_code, d.due_date, d.number`,
    (row) => {
      const balance = (row.amount as number) - (row.concession as number) - (row.paid as number);
      // The due's state as the Fees screen shows it on the day of the download.
      // A due carried into a previous year balance (decision 033) owes nothing itself any more.
      const state = row.status === 'cancelled' ? 'cancelled' : row.status === 'carried_over' ? 'carried_over' : balance <= 0 ? 'paid' : (row.due_date as string) < today ? 'overdue' : 'due';
      return [row.student_code as string, row.name as string, row.label as string, row.batch as string | null, row.due_date as string, row.amount as number, row.concession as number, row.paid as number, balance, say(DUE_STATES[state])];
    },
  );
}

export function receiptsSheet({ sheet, wordOf, yes }: SheetContext): Promise<number> {
  return sheet(
    'Receipts',
    [
      text('Receipt number', 15), date('Date'), STUDENT_ID, STUDENT, money('Amount (₹)'), text('Mode', 14), text('Reference', 20),
      text('Cancelled', 10), text('Reason for cancelling', 28),
    ],
    sql`
      select r.number, r.date, s.student_code, u.name, r.amount_paise::float8 as amount, r.mode, r.reference, r.cancelled_at is not null as cancelled, r.cancel_reason
      from fee_receipts r
      join students s on s.id = r.student_id and s.academy_id = r.academy_id
      join users u on u.id = s.user_id and u.academy_id = s.academy_id
      order by r.date, r.financial_year, r.seq`,
    (row) => [row.number as string, row.date as string, row.student_code as string, row.name as string, row.amount as number, wordOf(MODES, row.mode), row.reference as string | null, yes(row.cancelled), row.cancel_reason as string | null],
  );
}

// Marks are stored as half-marks (decision 019): shown as marks (72.5).
export function marksSheet({ sheet, yes }: SheetContext): Promise<number> {
  return sheet(
    'Test marks',
    [
      text('Test', 24), text('Topic', 20), BATCH, date('Date'), STUDENT_ID, STUDENT, number('Marks'), number('Maximum marks'), text('Absent', 10),
      text('Published', 10),
    ],
    sql`
      select t.name as test, t.topic, b.name as batch, t.date, s.student_code, u.name, m.half_marks, t.max_half_marks, m.absent, t.published_at is not null as published
      from exam_marks m
      join exams t on t.id = m.exam_id and t.academy_id = m.academy_id
      join batches b on b.id = t.batch_id and b.academy_id = t.academy_id
      join students s on s.id = m.student_id and s.academy_id = m.academy_id
      join users u on u.id = s.user_id and u.academy_id = s.academy_id
      order by t.date, b.name, t.name, t.id, s.student_code`,
    (row) => [
      row.test as string, row.topic as string | null, row.batch as string, row.date as string, row.student_code as string, row.name as string,
      row.half_marks === null ? null : (row.half_marks as number) / 2,
      (row.max_half_marks as number) / 2,
      yes(row.absent), yes(row.published),
    ],
  );
}
