/** Marks entered: typed rows, a CSV file, one read OMR sheet; all or nothing, each through the same save. */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { parse } from 'csv-parse/sync';
import { fromHalfMarks, isHalfStep, toHalfMarks, type marksSubmissionSchema, type ExamResults } from '@academy/shared/schemas/exams';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../audit';
import { examForStaff, lockExamForStaff } from './exam-rows';
import { getResults } from './exam-reads';

type MarksSubmission = z.output<typeof marksSubmissionSchema>;

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


/**
 * One student's marks from a read OMR sheet (issue 76): the same save as typed marks (the test's lock,
 * the enrolment and maximum checks, "corrected" after publishing, the audit entry), so ranks, report
 * cards and the parents' messages treat them exactly alike.
 */
export async function saveScannedMarks(db: Db, actor: Actor, examId: string, studentId: string, halfMarks: number): Promise<void> {
  await saveRows(db, actor, examId, [{ studentId, halfMarks, absent: false }], (index) => index + 1, 'row', false);
}

