/** Reading tests: a batch's, one test and its results, a student's tests (their own, a child's, for the staff), the OMR module's row. */
import { and, eq, sql } from 'drizzle-orm';
import { fromHalfMarks, type StudentExam, type StudentExams, type Exam, type ExamResults } from '@academy/shared/schemas/exams';
import { academySql, type DbExecutor } from '../../db/client';
import { students } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { studentIdOf, type Actor } from '../../access/actor';
import { childIdOf } from '../../access/parents';
import { taughtBy } from '../../access/students';
import { staffExamsTeacherId } from '../../access/exams';
import { averageAndHighest, competitionRanks, percentageOf } from './ranking';
import { academyTimeZoneSql } from '../../db/academy-today';
import { batchForStaff, examColumns, EXAM_FROM, examForStaff, toExam, type ExamRow } from './exam-rows';

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
                             and (enrolled_at at time zone ${academyTimeZoneSql()})::date <= t.date)
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

/** The test's row for the OMR module, if this actor may manage it (anyone else: 404). */
export async function examForOmr(db: DbExecutor, actor: Actor, examId: string): Promise<{ id: string; name: string; date: string; batchId: string; batchName: string; maxMarks: number }> {
  const row = await examForStaff(db, actor, examId);
  return { id: row._id, name: row.name, date: row.date, batchId: row.batchId, batchName: row.batchName, maxMarks: fromHalfMarks(row.maxHalfMarks) };
}
