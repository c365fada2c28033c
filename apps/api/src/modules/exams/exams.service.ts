import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { parse } from 'csv-parse/sync';
import {
  fromHalfMarks,
  isHalfStep,
  toHalfMarks,
  type marksSubmissionSchema,
  type StudentExam,
  type StudentExams,
  type Exam,
  type examInputSchema,
  type ExamResults,
} from '@academy/shared/schemas/exams';
import { academySql, type Db, type DbExecutor } from '../../db/client';
import { students } from '../../db/schema';
import { queueJob } from '../../events/queue-job';
import { AppError } from '../../lib/app-error';
import { studentIdOf, type Actor } from '../../access/actor';
import { assertStaffOfBatch } from '../../access/batches';
import { childIdOf } from '../../access/parents';
import { taughtBy } from '../../access/students';
import { staffExamsTeacherId } from '../../access/exams';
import { diffChanges, recordAudit } from '../audit';
import { averageAndHighest, competitionRanks, percentageOf } from './ranking';
import { formatDate } from '@academy/shared/calendar';
import { thisAcademyTimeZoneSql } from '../../db/academy-today';

type ExamInput = z.output<typeof examInputSchema>;
type MarksSubmission = z.output<typeof marksSubmissionSchema>;

type ExamRow = {
  _id: string;
  name: string;
  date: string;
  maxHalfMarks: number;
  topic: string | null;
  publishedAt: Date | string | null;
  correctedAt: Date | string | null;
  entered: number;
  batchId: string;
  batchName: string;
  subjectId: string;
  subjectName: string;
  subjectCode: string;
  teacherId: string;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toExam(row: ExamRow): Exam {
  return {
    _id: row._id,
    batch: { _id: row.batchId, name: row.batchName, subject: { _id: row.subjectId, name: row.subjectName, code: row.subjectCode } },
    name: row.name,
    date: row.date,
    maxMarks: fromHalfMarks(row.maxHalfMarks),
    topic: row.topic,
    publishedAt: iso(row.publishedAt),
    correctedAt: iso(row.correctedAt),
    entered: row.entered,
  };
}

const examColumns = () => sql`t.id as "_id", t.name, t.date, t.max_half_marks as "maxHalfMarks", t.topic, t.published_at as "publishedAt",
  t.corrected_at as "correctedAt", (select count(*)::int from exam_marks m where m.exam_id = t.id and m.academy_id = t.academy_id and m.academy_id = ${academySql()}) as entered,
  b.id as "batchId", b.name as "batchName", sub.id as "subjectId", sub.name as "subjectName", sub.code as "subjectCode", b.teacher_id as "teacherId"`;
const EXAM_FROM = sql`from exams t join batches b on b.id = t.batch_id and b.academy_id = t.academy_id join subjects sub on sub.id = b.subject_id and sub.academy_id = b.academy_id`;

/** The row, if this actor may manage its test (the batch's teacher or an admin; anyone else 404). */
function staffExam(actor: Actor, row: ExamRow | undefined): ExamRow {
  if (!row) throw new AppError('NOT_FOUND', 'Test not found');
  try {
    assertStaffOfBatch(actor, row.teacherId);
  } catch {
    throw new AppError('NOT_FOUND', 'Test not found');
  }
  return row;
}

/** The test, if this actor may manage it. */
async function examForStaff(db: DbExecutor, actor: Actor, examId: string): Promise<ExamRow> {
  const { rows } = await db.execute<ExamRow>(sql`select ${examColumns()} ${EXAM_FROM} where t.academy_id = ${academySql()} and t.id = ${examId}`);
  return staffExam(actor, rows[0]);
}

/**
 * The test as it is now, its row locked until the transaction ends. Every change of marks and every
 * change of the test takes this lock first, so they take turns: a save of marks checks them against
 * the maximum no other request can lower meanwhile, and lowering the maximum checks the marks no
 * other request can raise meanwhile (issue 35, finding 3: a 19 stood under a maximum of 16).
 * Migration 0029's triggers refuse the same in the database, whatever the code does.
 */
async function lockExamForStaff(tx: DbExecutor, actor: Actor, examId: string): Promise<ExamRow> {
  const { rows } = await tx.execute<ExamRow>(sql`select ${examColumns()} ${EXAM_FROM} where t.academy_id = ${academySql()} and t.id = ${examId} for no key update of t`);
  return staffExam(actor, rows[0]);
}

async function batchForStaff(db: DbExecutor, actor: Actor, batchId: string): Promise<{ id: string; name: string; teacherId: string }> {
  const { rows } = await db.execute<{ id: string; name: string; teacherId: string }>(sql`select id, name, teacher_id as "teacherId" from batches where id = ${batchId}`);
  const batch = rows[0];
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  assertStaffOfBatch(actor, batch.teacherId);
  return batch;
}

/** GET /api/batches/{id}/tests: newest first. */
export async function listBatchExams(db: DbExecutor, actor: Actor, batchId: string): Promise<Exam[]> {
  await batchForStaff(db, actor, batchId);
  const { rows } = await db.execute<ExamRow>(sql`select ${examColumns()} ${EXAM_FROM} where t.batch_id = ${batchId} order by t.date desc, t.created_at desc`);
  return rows.map(toExam);
}

/** GET /api/tests/{id} */
export async function getExam(db: DbExecutor, actor: Actor, examId: string): Promise<Exam> {
  return toExam(await examForStaff(db, actor, examId));
}

/** POST /api/batches/{id}/tests */
export async function createExam(db: Db, actor: Actor, batchId: string, input: ExamInput): Promise<Exam> {
  const batch = await batchForStaff(db, actor, batchId);
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into exams (batch_id, name, date, max_half_marks, topic, created_by)
      values (${batchId}, ${input.name}, ${input.date}, ${toHalfMarks(input.maxMarks)}, ${input.topic ?? null}, ${actor.userId}) returning id`);
    const examId = rows[0]!.id;
    await recordAudit(tx, actor, {
      action: 'test.create',
      entityType: 'test',
      entityId: examId,
      relatedId: batchId,
      text: { key: 'test.created', values: { name: input.name, date: formatDate(input.date), max: input.maxMarks, batch: batch.name } },
    });
    return examId;
  });
  return getExam(db, actor, id);
}

/** PUT /api/tests/{id}: the maximum may not drop below marks already entered. */
export async function updateExam(db: Db, actor: Actor, examId: string, input: ExamInput): Promise<Exam> {
  await db.transaction(async (tx) => {
    const before = await lockExamForStaff(tx, actor, examId);
    const { rows } = await tx.execute<{ highest: number | null }>(sql`select max(half_marks)::int as highest from exam_marks where exam_id = ${examId}`);
    const highest = rows[0]?.highest ?? null;
    if (highest !== null && highest > toHalfMarks(input.maxMarks)) {
      const message = `Maximum marks cannot be below the highest marks already entered (${fromHalfMarks(highest)})`;
      throw new AppError('BAD_REQUEST', message, { maxMarks: message });
    }
    await tx.execute(sql`
      update exams set name = ${input.name}, date = ${input.date}, max_half_marks = ${toHalfMarks(input.maxMarks)}, topic = ${input.topic ?? null},
        corrected_at = case when published_at is not null then now() else corrected_at end, updated_at = now()
      where id = ${examId}`);
    await recordAudit(tx, actor, {
      action: before.publishedAt ? 'test.correct' : 'test.update',
      entityType: 'test',
      entityId: examId,
      relatedId: before.batchId,
      text: { key: before.publishedAt ? 'test.corrected' : 'test.updated', values: { name: input.name, batch: before.batchName } },
      changes: diffChanges(
        { name: before.name, date: before.date, maxMarks: fromHalfMarks(before.maxHalfMarks), topic: before.topic },
        { name: input.name, date: input.date, maxMarks: input.maxMarks, topic: input.topic ?? null },
      ),
    });
  });
  return getExam(db, actor, examId);
}

/** DELETE /api/tests/{id}: with its marks. */
export async function deleteExam(db: Db, actor: Actor, examId: string): Promise<void> {
  const test = await examForStaff(db, actor, examId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from exams where id = ${examId}`);
    await recordAudit(tx, actor, {
      action: 'test.delete',
      entityType: 'test',
      entityId: examId,
      relatedId: test.batchId,
      text: { key: 'test.deleted', values: { name: test.name, date: formatDate(test.date), batch: test.batchName } },
    });
  });
}

type Row = { studentId: string; halfMarks: number | null; absent: boolean };

/**
 * Saves rows of marks, all or nothing, in one transaction: each must name an active student of the
 * batch and have marks from 0 to the maximum; the refusal names every bad row (`marks.3.marks`).
 * A published test becomes "corrected" (and the audit entry says so).
 */
const ROW_WORDS = {
  row: { notInBatch: (n: number) => `Row ${n}: this student is not in this batch`, tooHigh: (n: number, max: number) => `Row ${n}: marks cannot be more than ${max}`, check: (list: string) => `Nothing was saved: check rows ${list}` },
  line: { notInBatch: (n: number) => `Line ${n}: this student is not in this batch`, tooHigh: (n: number, max: number) => `Line ${n}: marks cannot be more than ${max}`, check: (list: string) => `Nothing was saved: check lines ${list}` },
};

async function saveRows(db: Db, actor: Actor, examId: string, rows: Row[], numbers: (index: number) => number, unit: keyof typeof ROW_WORDS, fromCsv: boolean): Promise<number> {
  const words = ROW_WORDS[unit];
  return db.transaction(async (tx) => {
    // The maximum and the enrolment are read under the test's lock.
    const test = await lockExamForStaff(tx, actor, examId);
    const { rows: enrolled } = await tx.execute<{ id: string }>(sql`
      select bs.student_id as id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active'
      where bs.batch_id = ${test.batchId} and bs.student_id = any(${sql.param(rows.map((row) => row.studentId))}::uuid[])`);
    const enrolledIds = new Set(enrolled.map((row) => row.id));
    const errors: Record<string, string> = {};
    const bad: number[] = [];
    rows.forEach((row, index) => {
      if (!enrolledIds.has(row.studentId)) {
        errors[`marks.${index}.studentId`] = words.notInBatch(numbers(index));
      } else if (!row.absent && row.halfMarks !== null && row.halfMarks > test.maxHalfMarks) {
        errors[`marks.${index}.marks`] = words.tooHigh(numbers(index), fromHalfMarks(test.maxHalfMarks));
      } else return;
      bad.push(numbers(index));
    });
    if (bad.length > 0) throw new AppError('BAD_REQUEST', words.check(bad.join(', ')), errors);
    await tx.execute(sql`
      insert into exam_marks (exam_id, student_id, half_marks, absent, entered_by, entered_at)
      select ${test._id}, i.student_id, case when i.absent then null else i.half_marks end, i.absent, ${actor.userId}, now()
      from unnest(${sql.param(rows.map((row) => row.studentId))}::uuid[], ${sql.param(rows.map((row) => row.halfMarks))}::int[], ${sql.param(rows.map((row) => row.absent))}::boolean[])
        as i(student_id, half_marks, absent)
      on conflict (academy_id, exam_id, student_id) do update
        set half_marks = excluded.half_marks, absent = excluded.absent, entered_by = excluded.entered_by, entered_at = excluded.entered_at`);
    const corrected = test.publishedAt !== null;
    if (corrected) await tx.execute(sql`update exams set corrected_at = now() where id = ${test._id}`);
    const absent = rows.filter((row) => row.absent).length;
    await recordAudit(tx, actor, {
      action: corrected ? 'test.correct' : 'test.marks',
      entityType: 'test',
      entityId: test._id,
      relatedId: test.batchId,
      text: {
        key: corrected ? (fromCsv ? 'test.marks_corrected_imported' : 'test.marks_corrected') : fromCsv ? 'test.marks_imported' : 'test.marks_entered',
        values: { name: test.name, batch: test.batchName, marked: rows.length - absent, absent },
      },
    });
    return rows.length;
  });
}

/** PUT /api/tests/{id}/marks */
export async function saveMarks(db: Db, actor: Actor, examId: string, input: MarksSubmission): Promise<ExamResults> {
  const rows = input.marks.map((row) => ({ studentId: row.studentId, absent: row.absent === true, halfMarks: row.absent ? null : toHalfMarks(row.marks!) }));
  await saveRows(db, actor, examId, rows, (index) => index + 1, 'row', false);
  return getResults(db, actor, examId);
}

/**
 * POST /api/tests/{id}/marks/import: CSV with a header row naming `email` and `marks` (any order,
 * other columns ignored); the email column may hold the student ID instead, as sign-in does (a child
 * without an email of their own, issue 21); marks "A", "AB" or "absent" mark the student absent. Every bad line is named
 * (line numbers as a spreadsheet shows them) and nothing is saved until all are right.
 */
export async function importMarksCsv(db: Db, actor: Actor, examId: string, csv: string): Promise<ExamResults> {
  const test = await examForStaff(db, actor, examId);
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), { skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch {
    throw new AppError('BAD_REQUEST', 'The file is not a readable CSV file', { csv: 'The file is not a readable CSV file' });
  }
  const header = (records[0] ?? []).map((cell) => cell.toLowerCase());
  const emailColumn = header.indexOf('email');
  const marksColumn = header.indexOf('marks');
  if (emailColumn < 0 || marksColumn < 0) {
    const message = 'The first line must name the columns email and marks';
    throw new AppError('BAD_REQUEST', message, { csv: message });
  }
  const lines = records.slice(1);
  if (lines.length === 0) throw new AppError('BAD_REQUEST', 'The CSV file has no rows of marks', { csv: 'The CSV file has no rows of marks' });
  if (lines.length > 500) throw new AppError('BAD_REQUEST', 'At most 500 rows at once', { csv: 'At most 500 rows at once' });
  // Emails in lower case, student IDs (no "@") in upper case: the key each is stored under.
  const emails = lines.map((line) => {
    const value = (line[emailColumn] ?? '').trim();
    return value.includes('@') ? value.toLowerCase() : value.toUpperCase();
  });
  // Only the batch's active students are looked up: whether an email or student ID belongs to anyone
  // else in the academy is none of the importer's business (issue 35, finding 10a), so "no such
  // student" and "not in this batch" are one answer.
  const { rows: found } = await db.execute<{ key: string; id: string }>(sql`
    select lower(u.email) as key, s.id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active' join users u on u.id = s.user_id and u.academy_id = s.academy_id
    where bs.batch_id = ${test.batchId} and lower(u.email) = any(${sql.param(emails)}::text[])
    union all
    select s.student_code as key, s.id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active'
    where bs.batch_id = ${test.batchId} and s.student_code = any(${sql.param(emails)}::text[])`);
  const idOf = new Map(found.map((row) => [row.key, row.id]));
  const errors: Record<string, string> = {};
  const rows: Row[] = [];
  const seen = new Map<string, number>();
  lines.forEach((line, index) => {
    const lineNumber = index + 2;
    const email = emails[index]!;
    const raw = (line[marksColumn] ?? '').trim();
    const studentId = idOf.get(email);
    const absent = /^(a|ab|absent)$/i.test(raw);
    const marks = Number(raw);
    let problem: string | undefined;
    if (!studentId) problem = `Line ${lineNumber}: no student of this batch has the email or student ID ${email || '(empty)'}`;
    else if (seen.has(studentId)) problem = `Line ${lineNumber}: the student of line ${seen.get(studentId)} again`;
    else if (!absent && (raw === '' || !isHalfStep(marks) || marks < 0)) problem = `Line ${lineNumber}: marks must be a number in steps of 0.5, or A for absent`;
    if (problem) {
      errors[`line.${lineNumber}`] = problem;
      return;
    }
    seen.set(studentId!, lineNumber);
    rows.push({ studentId: studentId!, absent, halfMarks: absent ? null : toHalfMarks(marks) });
  });
  const problems = Object.values(errors);
  if (problems.length === 1) throw new AppError('BAD_REQUEST', `Nothing was saved: ${problems[0]}`, errors);
  if (problems.length > 1) throw new AppError('BAD_REQUEST', `Nothing was saved: ${problems.length} lines have mistakes`, errors);
  // Line numbers for the checks that need the database (enrolment, the maximum).
  const lineOf = [...seen.values()];
  await saveRows(db, actor, examId, rows, (index) => lineOf[index]!, 'line', true);
  return getResults(db, actor, examId);
}

/** POST /api/tests/{id}/publish: students see the results from now on. Publishing again changes nothing. */
export async function publishExam(db: Db, actor: Actor, examId: string): Promise<Exam> {
  const test = await examForStaff(db, actor, examId);
  if (test.publishedAt) return toExam(test);
  if (test.entered === 0) throw new AppError('BAD_REQUEST', 'Enter marks before publishing the results');
  await db.transaction(async (tx) => {
    await tx.execute(sql`update exams set published_at = now() where id = ${examId}`);
    // The families hear of it (WhatsApp, SMS or email: the family outbox) by this module's job, after this commits.
    await queueJob(tx, 'exam-results-messages', { examId });
    await recordAudit(tx, actor, { action: 'test.publish', entityType: 'test', entityId: examId, relatedId: test.batchId, text: { key: 'test.published', values: { name: test.name, batch: test.batchName } } });
  });
  return getExam(db, actor, examId);
}

/** GET /api/tests/{id}/results: the roster (active students of the batch, then anyone else with marks) with marks and ranks. */
export async function getResults(db: DbExecutor, actor: Actor, examId: string): Promise<ExamResults> {
  const test = await examForStaff(db, actor, examId);
  const { rows } = await db.execute<{ _id: string; name: string; email: string; halfMarks: number | null; absent: boolean | null }>(sql`
    with people as (
      select bs.student_id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active' where bs.academy_id = ${academySql()} and bs.batch_id = ${test.batchId}
      union select m.student_id from exam_marks m where m.academy_id = ${academySql()} and m.exam_id = ${examId}
    )
    select s.id as "_id", u.name, u.email, m.half_marks as "halfMarks", m.absent
    from people p join students s on s.id = p.student_id and s.academy_id = ${academySql()} join users u on u.id = s.user_id and u.academy_id = s.academy_id
    left join exam_marks m on m.exam_id = ${examId} and m.student_id = s.id and m.academy_id = s.academy_id
    order by lower(u.name), s.id`);
  const marks = rows.map((row) => ({ ...row, absent: row.absent === true }));
  const ranks = competitionRanks(marks);
  const { average, highest, present } = averageAndHighest(marks);
  return {
    test: toExam(test),
    rows: marks.map((row) => ({
      student: { _id: row._id, name: row.name, email: row.email },
      marks: row.halfMarks === null ? null : fromHalfMarks(row.halfMarks),
      absent: row.absent,
      percentage: percentageOf(row.halfMarks, test.maxHalfMarks),
      rank: ranks.get(row) ?? null,
    })),
    average,
    highest,
    present,
    absent: marks.filter((row) => row.absent).length,
  };
}

/**
 * THE student's view of their tests (GET /api/student/tests, the staff's student page, the report
 * card; a parent's view calls it for each child): published tests of the batches the student is in or
 * has marks in, oldest first, each with the student's own marks, percentage and rank and the batch's
 * average and highest. Other students' marks are read only as numbers to rank and average (no names,
 * no ids) and never leave this function.
 * `teacherId` narrows it to one teacher's batches; `includeUnpublished` is for staff; `from`/`to` a period.
 */
export async function examsOfStudent(
  db: DbExecutor,
  studentId: string,
  options: { teacherId?: string; includeUnpublished?: boolean; from?: string; to?: string } = {},
): Promise<StudentExams> {
  const { rows } = await db.execute<ExamRow & { studentName: string; marks: { halfMarks: number | null; absent: boolean; mine: boolean }[] | null }>(sql`
    with mine as (
      select t.id from exams t
      -- A test of their batch held on or after the day they joined it, or one they have a mark in; a
      -- test held before they joined is not theirs (issue 42: not "absent", left out of chart and card).
      where t.academy_id = ${academySql()} and (t.batch_id in (select batch_id from batch_students where academy_id = ${academySql()} and student_id = ${studentId}
                             and (enrolled_at at time zone ${thisAcademyTimeZoneSql()})::date <= t.date)
          or exists (select 1 from exam_marks m where m.exam_id = t.id and m.academy_id = t.academy_id and m.academy_id = ${academySql()} and m.student_id = ${studentId}))
        ${options.includeUnpublished ? sql`` : sql`and t.published_at is not null`}
        ${options.teacherId ? sql`and t.batch_id in (select id from batches where academy_id = ${academySql()} and teacher_id = ${options.teacherId})` : sql``}
        ${options.from ? sql`and t.date >= ${options.from}` : sql``}
        ${options.to ? sql`and t.date <= ${options.to}` : sql``}
    )
    select ${examColumns()}, (select u.name from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id where s.academy_id = ${academySql()} and s.id = ${studentId}) as "studentName",
      (select json_agg(json_build_object('halfMarks', m.half_marks, 'absent', m.absent, 'mine', m.student_id = ${studentId})) from exam_marks m where m.exam_id = t.id and m.academy_id = t.academy_id and m.academy_id = ${academySql()}) as marks
    ${EXAM_FROM}
    where t.academy_id = ${academySql()} and t.id in (select id from mine)
    order by t.date, t.created_at`);
  let studentName = rows[0]?.studentName;
  if (studentName === undefined) {
    const { rows: found } = await db.execute<{ name: string }>(sql`select u.name from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id where s.id = ${studentId}`);
    if (!found[0]) throw new AppError('NOT_FOUND', 'Student not found');
    studentName = found[0].name;
  }
  const tests: StudentExam[] = rows.map((row) => {
    const marks = row.marks ?? [];
    const ranks = competitionRanks(marks);
    const own = marks.find((mark) => mark.mine);
    const { average, highest, present } = averageAndHighest(marks);
    const ownHalf = own && !own.absent ? own.halfMarks : null;
    return {
      test: toExam(row),
      marks: ownHalf === null ? null : fromHalfMarks(ownHalf),
      absent: own?.absent ?? false,
      percentage: percentageOf(ownHalf, row.maxHalfMarks),
      rank: own ? (ranks.get(own) ?? null) : null,
      ranked: present,
      average,
      averagePercentage: average === null ? null : Math.round((average * 2 * 1000) / row.maxHalfMarks) / 10,
      highest,
    };
  });
  return { student: { _id: studentId, name: studentName }, tests };
}

/** GET /api/students/{id}/tests (staff): an admin every test of the student, a teacher those of their batches (none: 404). */
export async function examsOfStudentForStaff(db: DbExecutor, actor: Actor, studentId: string): Promise<StudentExams> {
  const teacherId = staffExamsTeacherId(actor);
  if (teacherId === undefined) return examsOfStudent(db, studentId, { includeUnpublished: true });
  const [taught] = await db.select({ id: students.id }).from(students).where(and(eq(students.id, studentId), taughtBy(teacherId))).limit(1);
  if (!taught) throw new AppError('NOT_FOUND', 'Student not found');
  return examsOfStudent(db, studentId, { teacherId, includeUnpublished: true });
}

/** GET /api/student/tests: the student's own published results. */
export async function ownExams(db: DbExecutor, actor: Actor): Promise<StudentExams> {
  return examsOfStudent(db, studentIdOf(actor));
}

/** GET /api/parent/children/{studentId}/tests: a child's published results, the answer the child sees (another family's child: 404). */
export async function childExams(db: DbExecutor, actor: Actor, studentId: string): Promise<StudentExams> {
  return examsOfStudent(db, childIdOf(actor, studentId));
}

/**
 * One student's marks from a read OMR sheet (issue 76): the same save as typed marks (the test's lock,
 * the enrolment and maximum checks, "corrected" after publishing, the audit entry), so ranks, report
 * cards and the parents' messages treat them exactly alike.
 */
export async function saveScannedMarks(db: Db, actor: Actor, examId: string, studentId: string, halfMarks: number): Promise<void> {
  await saveRows(db, actor, examId, [{ studentId, halfMarks, absent: false }], (index) => index + 1, 'row', false);
}

/** The test's row for the OMR module, if this actor may manage it (anyone else: 404). */
export async function examForOmr(db: DbExecutor, actor: Actor, examId: string): Promise<{ id: string; name: string; date: string; batchId: string; batchName: string; maxMarks: number }> {
  const row = await examForStaff(db, actor, examId);
  return { id: row._id, name: row.name, date: row.date, batchId: row.batchId, batchName: row.batchName, maxMarks: fromHalfMarks(row.maxHalfMarks) };
}
