/** A test's row as the staff's screens and its use cases read it, and the checks that this member of staff may manage it. */
import { sql } from 'drizzle-orm';
import { fromHalfMarks, type Exam } from '@academy/shared/schemas/exams';
import { academySql, type DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { assertStaffOfBatch } from '../../access/batches';

export type ExamRow = {
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

export function toExam(row: ExamRow): Exam {
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

export const examColumns = () => sql`t.id as "_id", t.name, t.date, t.max_half_marks as "maxHalfMarks", t.topic, t.published_at as "publishedAt",
  t.corrected_at as "correctedAt", (select count(*)::int from exam_marks m where m.exam_id = t.id and m.academy_id = t.academy_id and m.academy_id = ${academySql()}) as entered,
  b.id as "batchId", b.name as "batchName", sub.id as "subjectId", sub.name as "subjectName", sub.code as "subjectCode", b.teacher_id as "teacherId"`;
export const EXAM_FROM = sql`from exams t join batches b on b.id = t.batch_id and b.academy_id = t.academy_id join subjects sub on sub.id = b.subject_id and sub.academy_id = b.academy_id`;

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
export async function examForStaff(db: DbExecutor, actor: Actor, examId: string): Promise<ExamRow> {
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
export async function lockExamForStaff(tx: DbExecutor, actor: Actor, examId: string): Promise<ExamRow> {
  const { rows } = await tx.execute<ExamRow>(sql`select ${examColumns()} ${EXAM_FROM} where t.academy_id = ${academySql()} and t.id = ${examId} for no key update of t`);
  return staffExam(actor, rows[0]);
}

export async function batchForStaff(db: DbExecutor, actor: Actor, batchId: string): Promise<{ id: string; name: string; teacherId: string }> {
  const { rows } = await db.execute<{ id: string; name: string; teacherId: string }>(sql`select id, name, teacher_id as "teacherId" from batches where id = ${batchId}`);
  const batch = rows[0];
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  assertStaffOfBatch(actor, batch.teacherId);
  return batch;
}

