/** Reading homework: one with its submissions, a student's, a child's, a batch's, the list of hand-ins, a file. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
    HOMEWORK_MESSAGES,
    homeworkStatusOf,
    type BatchHomeworkItem,
    type HomeworkDetail,
    type HomeworkFile, type HomeworkItem,
    type HomeworkRecordRow, type Submission,
    type SubmissionList
} from '@academy/shared/schemas/homework';
import type { DbExecutor } from '../../db/client';
import { batches, batchStudents, homework, homeworkFiles, homeworkSubmissions, students, teachers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { assertStaffOfBatch, batchScope } from '../../access/batches';
import { childIdOf } from '../../access/parents';
import { studentIdOf } from '../../access/actor';
import { homeworkManageScope, homeworkNotFound, homeworkOfStudent, homeworkReadScope, ownSubmissionStudentId, submissionOwnerScope } from '../../access/homework';
import { academySql, joinOn, qualified, thisAcademy } from '../../db/same-academy';

const teacherUsers = alias(users, 'teacher_users');

const fileUrl = (id: string) => `/api/homework-files/${id}`;
const toFile = (row: { id: string; fileName: string; contentType: string; fileSize: number }): HomeworkFile => ({
  _id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.fileSize,
  url: fileUrl(row.id),
});

async function loadHomework(db: DbExecutor, actor: Actor, id: string) {
  const [row] = await db
    .select({
      id: homework.id,
      title: homework.title,
      instructions: homework.instructions,
      dueAt: homework.dueAt,
      handIn: homework.handIn,
      createdAt: homework.createdAt,
      batchId: batches.id,
      batchName: batches.name,
      teacherId: teachers.id,
      teacherName: teacherUsers.name,
    })
    .from(homework)
    .innerJoin(batches, joinOn(batches.id, homework.batchId))
    .leftJoin(teachers, joinOn(teachers.id, homework.teacherId))
    .leftJoin(teacherUsers, joinOn(teacherUsers.id, teachers.userId))
    .where(and(eq(homework.id, id), homeworkReadScope(actor)))
    .limit(1);
  if (!row) throw homeworkNotFound();
  const attachments = await db
    .select({ id: homeworkFiles.id, fileName: homeworkFiles.fileName, contentType: homeworkFiles.contentType, fileSize: homeworkFiles.fileSize })
    .from(homeworkFiles)
    .where(and(eq(homeworkFiles.homeworkId, id), isNull(homeworkFiles.submissionId)))
    .orderBy(asc(homeworkFiles.position), asc(homeworkFiles.createdAt));
  return {
    _id: row.id,
    title: row.title,
    instructions: row.instructions,
    dueAt: row.dueAt.toISOString(),
    handIn: row.handIn,
    batch: { _id: row.batchId, name: row.batchName },
    teacher: row.teacherId ? { _id: row.teacherId, name: row.teacherName ?? '' } : null,
    attachments: attachments.map(toFile),
    createdAt: row.createdAt.toISOString(),
  };
}

export const submissionColumns = {
  id: homeworkSubmissions.id,
  studentId: homeworkSubmissions.studentId,
  status: homeworkSubmissions.status,
  late: homeworkSubmissions.late,
  submittedAt: homeworkSubmissions.submittedAt,
  reviewedAt: homeworkSubmissions.reviewedAt,
  comment: homeworkSubmissions.comment,
  marks: homeworkSubmissions.marks,
  pagesRemovedAt: homeworkSubmissions.pagesRemovedAt,
};
type SubmissionRow = {
  id: string;
  studentId: string;
  status: 'submitted' | 'done' | 'redo';
  late: boolean;
  submittedAt: Date;
  reviewedAt: Date | null;
  comment: string | null;
  marks: number | null;
  pagesRemovedAt: Date | null;
};

/** Submissions with their pages: one query for all the pages (no query per submission). */
export async function withPages(db: DbExecutor, rows: SubmissionRow[]): Promise<Map<string, Submission>> {
  const ids = rows.map((row) => row.id);
  const pages = ids.length
    ? await db
        .select({ id: homeworkFiles.id, submissionId: homeworkFiles.submissionId, fileName: homeworkFiles.fileName, contentType: homeworkFiles.contentType, fileSize: homeworkFiles.fileSize })
        .from(homeworkFiles)
        .where(inArray(homeworkFiles.submissionId, ids))
        .orderBy(asc(homeworkFiles.position))
    : [];
  const result = new Map<string, Submission>();
  for (const row of rows) {
    result.set(row.id, {
      _id: row.id,
      status: row.status,
      late: row.late,
      submittedAt: row.submittedAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      comment: row.comment,
      marks: row.marks,
      pages: pages.filter((page) => page.submissionId === row.id).map(toFile),
      pagesRemovedAt: row.pagesRemovedAt?.toISOString() ?? null,
    });
  }
  return result;
}

/** GET /api/homework/{id}: anyone who may read it; a student sees their own submission with it. */
export async function homeworkDetail(db: DbExecutor, actor: Actor, id: string): Promise<HomeworkDetail> {
  const detail = await loadHomework(db, actor, id);
  let submission: Submission | null = null;
  const studentId = ownSubmissionStudentId(actor);
  if (studentId) {
    const rows = await db
      .select(submissionColumns)
      .from(homeworkSubmissions)
      .where(and(eq(homeworkSubmissions.homeworkId, id), eq(homeworkSubmissions.studentId, studentId)));
    submission = rows[0] ? ((await withPages(db, rows)).get(rows[0].id) ?? null) : null;
  }
  return { ...detail, submission, status: homeworkStatusOf(submission, new Date(detail.dueAt), new Date()) };
}

/** The columns of a homework every list shows (a student's, a batch's), as the list rows name them. */
const homeworkListColumns = { id: homework.id, title: homework.title, dueAt: homework.dueAt, handIn: homework.handIn };

/** The homework of a student's batches with where each stands for them, latest due first. */
async function homeworkForStudent(db: DbExecutor, studentId: string, now = new Date()): Promise<HomeworkItem[]> {
  const rows = await db
    .select({
      ...homeworkListColumns,
      batchId: batches.id,
      batchName: batches.name,
      submissionStatus: homeworkSubmissions.status,
      late: homeworkSubmissions.late,
      comment: homeworkSubmissions.comment,
      marks: homeworkSubmissions.marks,
    })
    .from(homework)
    .innerJoin(batches, joinOn(batches.id, homework.batchId))
    .leftJoin(homeworkSubmissions, and(joinOn(homeworkSubmissions.homeworkId, homework.id), eq(homeworkSubmissions.studentId, studentId)))
    .where(homeworkOfStudent(studentId))
    .orderBy(desc(homework.dueAt), desc(homework.id))
    .limit(200);
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    dueAt: row.dueAt.toISOString(),
    status: homeworkStatusOf(row.submissionStatus ? { status: row.submissionStatus } : null, row.dueAt, now),
    handIn: row.handIn,
    batch: { _id: row.batchId, name: row.batchName },
    late: row.late ?? false,
    comment: row.comment ?? null,
    marks: row.marks ?? null,
  }));
}

/** GET /api/student/homework. */
export async function studentHomework(db: DbExecutor, actor: Actor): Promise<{ homework: HomeworkItem[] }> {
  return { homework: await homeworkForStudent(db, studentIdOf(actor)) };
}

/** GET /api/parent/children/{id}/homework: the child's list, as they see it (another family's child: 404). */
export async function childHomework(db: DbExecutor, actor: Actor, studentId: string): Promise<{ homework: HomeworkItem[] }> {
  return { homework: await homeworkForStudent(db, childIdOf(actor, studentId)) };
}

/** GET /api/batches/{id}/homework: a batch's homework with who handed in, late and checked. */
export async function batchHomework(db: DbExecutor, actor: Actor, batchId: string): Promise<{ homework: BatchHomeworkItem[]; record: HomeworkRecordRow[] }> {
  const [batch] = await db
    .select({ id: batches.id, name: batches.name, teacherId: batches.teacherId })
    .from(batches)
    .where(and(eq(batches.id, batchId), batchScope(actor)))
    .limit(1);
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  assertStaffOfBatch(actor, batch.teacherId);
  const rows = await db
    .select({
      ...homeworkListColumns,
      // The batch's students (every row is of this batch), the academy as a parameter in each table: Citus
      // takes a select-list subquery beside an aggregate only in a statement on one shard (decision 053).
      students: sql<number>`(select count(*)::int from ${batchStudents} where ${batchStudents.batchId} = ${batchId} and ${batchStudents.academyId} = ${academySql()})`,
      handedIn: sql<number>`count(${homeworkSubmissions.id})::int`,
      late: sql<number>`count(${homeworkSubmissions.id}) filter (where ${homeworkSubmissions.late})::int`,
      checked: sql<number>`count(${homeworkSubmissions.id}) filter (where ${homeworkSubmissions.status} = 'done')::int`,
    })
    .from(homework)
    .leftJoin(homeworkSubmissions, joinOn(homeworkSubmissions.homeworkId, homework.id))
    .where(and(thisAcademy(homework), eq(homework.batchId, batchId)))
    .groupBy(homework.academyId, homework.id)
    .orderBy(desc(homework.dueAt), desc(homework.id))
    .limit(200);
  // Per student: the homework handed in on paper that was due by now, what they handed in, and on time (one statement).
  const record = await db
    .select({
      studentId: students.id,
      name: users.name,
      due: sql<number>`count(${homework.id}) filter (where ${homework.dueAt} <= now())::int`,
      handedIn: sql<number>`count(${homeworkSubmissions.id})::int`,
      onTime: sql<number>`count(${homeworkSubmissions.id}) filter (where not ${homeworkSubmissions.late})::int`,
    })
    .from(batchStudents)
    .innerJoin(students, joinOn(students.id, batchStudents.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(homework, and(joinOn(homework.batchId, batchStudents.batchId), eq(homework.handIn, true)))
    .leftJoin(homeworkSubmissions, and(joinOn(homeworkSubmissions.homeworkId, homework.id), eq(homeworkSubmissions.studentId, students.id)))
    .where(eq(batchStudents.batchId, batchId))
    .groupBy(students.academyId, students.id, users.name)
    .orderBy(asc(users.name), asc(students.id));
  return {
    record: record.map((row) => ({ student: { _id: row.studentId, name: row.name }, due: row.due, handedIn: row.handedIn, onTime: row.onTime })),
    homework: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      dueAt: row.dueAt.toISOString(),
      handIn: row.handIn,
      batch: { _id: batch.id, name: batch.name },
      students: row.students,
      handedIn: row.handedIn,
      late: row.late,
      checked: row.checked,
    })),
  };
}

/** 404 unless the actor may set and check this homework (its batch's teacher, the admin). */
export async function assertManagesHomework(db: DbExecutor, actor: Actor, id: string): Promise<{ id: string; batchId: string }> {
  const [owned] = await db
    .select({ id: homework.id, batchId: homework.batchId })
    .from(homework)
    .where(and(eq(homework.id, id), homeworkManageScope(actor)))
    .limit(1);
  if (!owned) throw homeworkNotFound();
  return owned;
}

/** GET /api/homework/{id}/submissions: every student of the batch and their submission (the batch's teacher, the admin). */
export async function listSubmissions(db: DbExecutor, actor: Actor, id: string): Promise<SubmissionList> {
  const owned = await assertManagesHomework(db, actor, id);
  const detail = await loadHomework(db, actor, id);
  const rows = await db
    .select({ ...submissionColumns, studentId: students.id, name: users.name, submissionId: homeworkSubmissions.id })
    .from(batchStudents)
    .innerJoin(students, joinOn(students.id, batchStudents.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(homeworkSubmissions, and(eq(homeworkSubmissions.homeworkId, id), joinOn(homeworkSubmissions.studentId, students.id)))
    .where(eq(batchStudents.batchId, owned.batchId))
    .orderBy(asc(users.name), asc(students.id));
  const submitted = rows.filter((row) => row.submissionId !== null) as unknown as (SubmissionRow & { name: string })[];
  const pages = await withPages(db, submitted);
  return {
    homework: detail,
    submissions: rows.map((row) => ({ student: { _id: row.studentId, name: row.name }, submission: row.submissionId ? (pages.get(row.submissionId) ?? null) : null })),
  };
}

/** GET /api/homework-files/{id}: an attachment for whoever may read the homework; a page for its student, their parent and staff. */
export async function homeworkFileFor(db: DbExecutor, actor: Actor, id: string): Promise<{ fileKey: string; fileName: string; contentType: string }> {
  const [row] = await db
    .select({ fileKey: homeworkFiles.fileKey, fileName: homeworkFiles.fileName, contentType: homeworkFiles.contentType })
    .from(homeworkFiles)
    .innerJoin(homework, joinOn(homework.id, homeworkFiles.homeworkId))
    // The page's submission by `exists`, not a left join: for staff the scope is `true`, PostgreSQL 15 then
    // drops the join and Citus refuses outer joins with a constant condition (decision 053).
    .where(
      and(
        eq(homeworkFiles.id, id),
        homeworkReadScope(actor),
        sql`(${qualified(homeworkFiles.submissionId)} is null or exists (select 1 from ${homeworkSubmissions} where ${homeworkSubmissions.id} = ${qualified(homeworkFiles.submissionId)} and ${homeworkSubmissions.academyId} = ${qualified(homeworkFiles.academyId)} and ${submissionOwnerScope(actor, sql`${homeworkSubmissions.studentId}`)}))`,
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', HOMEWORK_MESSAGES.fileNotFound);
  return row;
}
