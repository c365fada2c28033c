import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  HOMEWORK_MESSAGES,
  homeworkStatusOf,
  type BatchHomeworkItem,
  type HomeworkDetail,
  type HomeworkFile,
  type HomeworkInputValues,
  type HomeworkItem,
  type HomeworkRecordRow,
  type HomeworkReviewValues,
  type HomeworkTicksInput,
  type Submission,
  type SubmissionList,
} from '@academy/shared/schemas/homework';
import type { Db, DbExecutor } from '../../db/client';
import { batches, batchStudents, homework, homeworkFiles, homeworkSubmissions, students, teachers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import type { Actor } from '../../access/actor';
import { assertStaffOfBatch, batchScope } from '../../access/batches';
import { childIdOf } from '../../access/parents';
import { studentIdOf } from '../../access/actor';
import { homeworkManageScope, homeworkNotFound, homeworkOfStudent, homeworkReadScope, ownSubmissionStudentId, settingTeacherId, submissionOwnerScope } from '../../access/homework';
import { diffChanges, recordAudit } from '../audit';
import { emitEvent } from '../../events/emit';

/** A file as the route stored it, before its row exists. */
export type UploadedHomeworkFile = { key: string; size: number; fileName: string; contentType: string };

const teacherUsers = alias(users, 'teacher_users');

const fileUrl = (id: string) => `/api/homework-files/${id}`;
const toFile = (row: { id: string; fileName: string; contentType: string; fileSize: number }): HomeworkFile => ({
  _id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.fileSize,
  url: fileUrl(row.id),
});

async function discard(storage: FileStorage, keys: string[]) {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => {})));
}

/** POST /api/batches/{id}/homework: its teacher or the admin; the batch's students are told. */
export async function setHomework(db: Db, writer: Actor, batchId: string, input: HomeworkInputValues): Promise<HomeworkDetail> {
  const id = await db.transaction(async (tx) => {
    const [batch] = await tx.select({ id: batches.id, teacherId: batches.teacherId }).from(batches).where(eq(batches.id, batchId)).limit(1);
    if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
    assertStaffOfBatch(writer, batch.teacherId);
    const [row] = await tx
      .insert(homework)
      .values({
        batchId,
        teacherId: settingTeacherId(writer, batch.teacherId),
        title: input.title,
        instructions: input.instructions,
        dueAt: new Date(input.dueAt),
        handIn: input.handIn,
        createdBy: writer.userId,
      })
      .returning({ id: homework.id });
    // The batch's students are told in their bell once this commits (the notifications module, decision 026).
    await emitEvent(tx, { type: 'homework.set', payload: { homeworkId: row!.id } });
    await recordAudit(tx, writer, { action: 'homework.set', entityType: 'homework', entityId: row!.id, relatedId: batchId, text: { key: 'homework.set', values: { title: input.title } } });
    return row!.id;
  });
  return homeworkDetail(db, writer, id);
}

/** The homework with its attachments, if the actor may read it (404 otherwise). */
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
    .innerJoin(batches, eq(batches.id, homework.batchId))
    .leftJoin(teachers, eq(teachers.id, homework.teacherId))
    .leftJoin(teacherUsers, eq(teacherUsers.id, teachers.userId))
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

const submissionColumns = {
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
async function withPages(db: DbExecutor, rows: SubmissionRow[]): Promise<Map<string, Submission>> {
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

/** The homework of a student's batches with where each stands for them, latest due first. */
async function homeworkForStudent(db: DbExecutor, studentId: string, now = new Date()): Promise<HomeworkItem[]> {
  const rows = await db
    .select({
      id: homework.id,
      title: homework.title,
      dueAt: homework.dueAt,
      handIn: homework.handIn,
      batchId: batches.id,
      batchName: batches.name,
      submissionStatus: homeworkSubmissions.status,
      late: homeworkSubmissions.late,
      comment: homeworkSubmissions.comment,
      marks: homeworkSubmissions.marks,
    })
    .from(homework)
    .innerJoin(batches, eq(batches.id, homework.batchId))
    .leftJoin(homeworkSubmissions, and(eq(homeworkSubmissions.homeworkId, homework.id), eq(homeworkSubmissions.studentId, studentId)))
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
      id: homework.id,
      title: homework.title,
      dueAt: homework.dueAt,
      handIn: homework.handIn,
      students: sql<number>`(select count(*)::int from ${batchStudents} where ${batchStudents.batchId} = ${homework.batchId})`,
      handedIn: sql<number>`count(${homeworkSubmissions.id})::int`,
      late: sql<number>`count(${homeworkSubmissions.id}) filter (where ${homeworkSubmissions.late})::int`,
      checked: sql<number>`count(${homeworkSubmissions.id}) filter (where ${homeworkSubmissions.status} = 'done')::int`,
    })
    .from(homework)
    .leftJoin(homeworkSubmissions, eq(homeworkSubmissions.homeworkId, homework.id))
    .where(eq(homework.batchId, batchId))
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
    .innerJoin(students, eq(students.id, batchStudents.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(homework, and(eq(homework.batchId, batchStudents.batchId), eq(homework.handIn, true)))
    .leftJoin(homeworkSubmissions, and(eq(homeworkSubmissions.homeworkId, homework.id), eq(homeworkSubmissions.studentId, students.id)))
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
    .innerJoin(students, eq(students.id, batchStudents.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(homeworkSubmissions, and(eq(homeworkSubmissions.homeworkId, id), eq(homeworkSubmissions.studentId, students.id)))
    .where(eq(batchStudents.batchId, owned.batchId))
    .orderBy(asc(users.name), asc(students.id));
  const submitted = rows.filter((row) => row.submissionId !== null) as unknown as (SubmissionRow & { name: string })[];
  const pages = await withPages(db, submitted);
  return {
    homework: detail,
    submissions: rows.map((row) => ({ student: { _id: row.studentId, name: row.name }, submission: row.submissionId ? (pages.get(row.submissionId) ?? null) : null })),
  };
}

/**
 * POST /api/homework/{id}/submissions: a student of the batch hands in pages (again after a redo:
 * the new pages replace the old). Late when after the due time. Returns the files to remove.
 */
export async function handIn(db: Db, storage: FileStorage, actor: Actor, id: string, files: UploadedHomeworkFile[]): Promise<Submission> {
  const studentId = studentIdOf(actor);
  let replaced: string[] = [];
  let submissionId: string;
  try {
    submissionId = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: homework.id, dueAt: homework.dueAt, handIn: homework.handIn, title: homework.title })
        .from(homework)
        .where(and(eq(homework.id, id), homeworkReadScope(actor)))
        .limit(1);
      if (!row) throw homeworkNotFound();
      if (!row.handIn) throw new AppError('CONFLICT', HOMEWORK_MESSAGES.notHandedIn);
      if (files.length === 0) throw new AppError('BAD_REQUEST', HOMEWORK_MESSAGES.pagesRequired, { pages: HOMEWORK_MESSAGES.pagesRequired });
      const now = new Date();
      const late = now.getTime() > row.dueAt.getTime();
      const [existing] = await tx
        .select({ id: homeworkSubmissions.id, status: homeworkSubmissions.status })
        .from(homeworkSubmissions)
        .where(and(eq(homeworkSubmissions.homeworkId, id), eq(homeworkSubmissions.studentId, studentId)))
        .for('update');
      if (existing?.status === 'done') throw new AppError('CONFLICT', HOMEWORK_MESSAGES.alreadyDone);
      let saved: string;
      if (existing) {
        const old = await tx.delete(homeworkFiles).where(eq(homeworkFiles.submissionId, existing.id)).returning({ key: homeworkFiles.fileKey });
        replaced = old.map((file) => file.key);
        await tx
          .update(homeworkSubmissions)
          .set({ status: 'submitted', late, submittedAt: now, reviewedAt: null, reviewedBy: null })
          .where(eq(homeworkSubmissions.id, existing.id));
        saved = existing.id;
      } else {
        const [created] = await tx.insert(homeworkSubmissions).values({ homeworkId: id, studentId, late, submittedAt: now }).returning({ id: homeworkSubmissions.id });
        saved = created!.id;
      }
      await tx.insert(homeworkFiles).values(
        files.map((file, position) => ({ homeworkId: id, submissionId: saved, position, fileKey: file.key, fileName: file.fileName, contentType: file.contentType, fileSize: file.size })),
      );
      await recordAudit(tx, actor, {
        action: 'homework.submit',
        entityType: 'homework',
        entityId: id,
        relatedId: studentId,
        text: { key: late ? 'homework.submitted_late' : 'homework.submitted', values: { title: row.title, pages: files.length } },
      });
      return saved;
    });
  } catch (error) {
    await discard(
      storage,
      files.map((file) => file.key),
    );
    throw error;
  }
  await discard(storage, replaced);
  const rows = await db.select(submissionColumns).from(homeworkSubmissions).where(eq(homeworkSubmissions.id, submissionId));
  return (await withPages(db, rows)).get(submissionId)!;
}

/** PUT /api/homework-submissions/{id}/review: done or redo, with a comment and optional marks. */
export async function reviewSubmission(db: Db, actor: Actor, id: string, input: HomeworkReviewValues): Promise<Submission> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: homeworkSubmissions.id, title: homework.title, studentName: users.name })
      .from(homeworkSubmissions)
      .innerJoin(homework, eq(homework.id, homeworkSubmissions.homeworkId))
      .innerJoin(students, eq(students.id, homeworkSubmissions.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(and(eq(homeworkSubmissions.id, id), homeworkManageScope(actor)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', HOMEWORK_MESSAGES.submissionNotFound);
    await tx
      .update(homeworkSubmissions)
      .set({ status: input.status, comment: input.comment ?? null, marks: input.marks ?? null, reviewedAt: new Date(), reviewedBy: actor.userId })
      .where(eq(homeworkSubmissions.id, id));
    await recordAudit(tx, actor, {
      action: 'homework.review',
      entityType: 'homework',
      entityId: id,
      text: { key: input.status === 'done' ? 'homework.checked_done' : 'homework.checked_redo', values: { title: row.title, student: row.studentName } },
    });
  });
  const rows = await db.select(submissionColumns).from(homeworkSubmissions).where(eq(homeworkSubmissions.id, id));
  return (await withPages(db, rows)).get(id)!;
}

/** POST /api/homework/{id}/attachments: the teacher's PDFs or pictures, after the homework is set. */
export async function addAttachments(db: Db, storage: FileStorage, actor: Actor, id: string, files: UploadedHomeworkFile[]): Promise<HomeworkDetail> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ id: homework.id, title: homework.title }).from(homework).where(and(eq(homework.id, id), homeworkManageScope(actor))).limit(1);
      if (!row) throw homeworkNotFound();
      if (files.length === 0) throw new AppError('BAD_REQUEST', HOMEWORK_MESSAGES.filesRequired, { files: HOMEWORK_MESSAGES.filesRequired });
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(homeworkFiles)
        .where(and(eq(homeworkFiles.homeworkId, id), isNull(homeworkFiles.submissionId)));
      await tx
        .insert(homeworkFiles)
        .values(files.map((file, index) => ({ homeworkId: id, position: count + index, fileKey: file.key, fileName: file.fileName, contentType: file.contentType, fileSize: file.size })));
      await recordAudit(tx, actor, { action: 'homework.attach', entityType: 'homework', entityId: id, text: { key: 'homework.attached', values: { title: row.title, files: files.length } } });
    });
  } catch (error) {
    await discard(
      storage,
      files.map((file) => file.key),
    );
    throw error;
  }
  return homeworkDetail(db, actor, id);
}

/** GET /api/homework-files/{id}: an attachment for whoever may read the homework; a page for its student, their parent and staff. */
export async function homeworkFileFor(db: DbExecutor, actor: Actor, id: string): Promise<{ fileKey: string; fileName: string; contentType: string }> {
  const [row] = await db
    .select({ fileKey: homeworkFiles.fileKey, fileName: homeworkFiles.fileName, contentType: homeworkFiles.contentType })
    .from(homeworkFiles)
    .innerJoin(homework, eq(homework.id, homeworkFiles.homeworkId))
    .leftJoin(homeworkSubmissions, eq(homeworkSubmissions.id, homeworkFiles.submissionId))
    .where(and(eq(homeworkFiles.id, id), homeworkReadScope(actor), sql`(${homeworkFiles.submissionId} is null or ${submissionOwnerScope(actor, sql`${homeworkSubmissions.studentId}`)})`))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', HOMEWORK_MESSAGES.fileNotFound);
  return row;
}

/** The homework, locked for a change, if the actor may manage it (404 otherwise). */
async function lockManagedHomework(tx: DbExecutor, actor: Actor, id: string) {
  const [row] = await tx
    .select({ id: homework.id, batchId: homework.batchId, title: homework.title, instructions: homework.instructions, dueAt: homework.dueAt, handIn: homework.handIn })
    .from(homework)
    .where(and(eq(homework.id, id), homeworkManageScope(actor)))
    .limit(1)
    .for('update');
  if (!row) throw homeworkNotFound();
  return row;
}

async function hasWork(tx: DbExecutor, homeworkId: string): Promise<boolean> {
  const [work] = await tx.select({ id: homeworkSubmissions.id }).from(homeworkSubmissions).where(eq(homeworkSubmissions.homeworkId, homeworkId)).limit(1);
  return Boolean(work);
}

/**
 * PUT /api/homework/{id}: its batch's teacher or the admin corrects the title, instructions and due
 * time. Whether it is handed in changes only while nobody has handed in (or been ticked). A new due time
 * marks what was handed in late or on time again by it, so a deadline moved later forgives.
 */
export async function updateHomework(db: Db, actor: Actor, id: string, input: HomeworkInputValues): Promise<HomeworkDetail> {
  await db.transaction(async (tx) => {
    const before = await lockManagedHomework(tx, actor, id);
    if (input.handIn !== before.handIn && (await hasWork(tx, id))) throw new AppError('CONFLICT', HOMEWORK_MESSAGES.handInLocked);
    const after = { title: input.title, instructions: input.instructions, dueAt: new Date(input.dueAt), handIn: input.handIn };
    await tx
      .update(homework)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(homework.id, id));
    if (after.handIn && after.dueAt.getTime() !== before.dueAt.getTime()) {
      await tx
        .update(homeworkSubmissions)
        .set({ late: sql`${homeworkSubmissions.submittedAt} > ${after.dueAt.toISOString()}::timestamptz` })
        .where(eq(homeworkSubmissions.homeworkId, id));
    }
    await recordAudit(tx, actor, {
      action: 'homework.update',
      entityType: 'homework',
      entityId: id,
      relatedId: before.batchId,
      text: { key: 'homework.updated', values: { title: input.title } },
      changes: diffChanges(
        { title: before.title, instructions: before.instructions, dueAt: before.dueAt.toISOString(), handIn: before.handIn },
        { ...after, dueAt: after.dueAt.toISOString() },
      ),
    });
  });
  return homeworkDetail(db, actor, id);
}

/**
 * DELETE /api/homework/{id}: refused (409) once any student has handed in or been ticked, so that no
 * student's work, check or mark disappears with it (decision 056); before that it goes with its
 * attachments and the students' notifications, and its files leave the storage after the commit.
 */
export async function deleteHomework(db: Db, storage: FileStorage, actor: Actor, id: string): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const row = await lockManagedHomework(tx, actor, id);
    if (await hasWork(tx, id)) throw new AppError('CONFLICT', HOMEWORK_MESSAGES.hasWork);
    const files = await tx.delete(homeworkFiles).where(eq(homeworkFiles.homeworkId, id)).returning({ key: homeworkFiles.fileKey });
    await tx.delete(homework).where(eq(homework.id, id));
    await recordAudit(tx, actor, { action: 'homework.delete', entityType: 'homework', entityId: id, relatedId: row.batchId, text: { key: 'homework.deleted', values: { title: row.title } } });
    return files.map((file) => file.key);
  });
  await discard(storage, keys);
}

/**
 * PUT /api/homework/{id}/done-in-class: homework done in class, ticked per student by the teacher. The
 * list is every student who did it: each becomes a `done` submission without pages (so the parent and the
 * student see "done" like any checked homework), and a student left out is unticked.
 */
export async function setDoneInClass(db: Db, actor: Actor, id: string, input: HomeworkTicksInput): Promise<SubmissionList> {
  await db.transaction(async (tx) => {
    const row = await lockManagedHomework(tx, actor, id);
    if (row.handIn) throw new AppError('CONFLICT', HOMEWORK_MESSAGES.ticksOnlyInClass);
    const ticked = [...new Set(input.studentIds)];
    if (ticked.length > 0) {
      const enrolled = await tx
        .select({ studentId: batchStudents.studentId })
        .from(batchStudents)
        .where(and(eq(batchStudents.batchId, row.batchId), inArray(batchStudents.studentId, ticked)));
      if (enrolled.length !== ticked.length) throw new AppError('BAD_REQUEST', HOMEWORK_MESSAGES.notInBatch, { studentIds: HOMEWORK_MESSAGES.notInBatch });
    }
    const now = new Date();
    const removed = await tx
      .delete(homeworkSubmissions)
      .where(and(eq(homeworkSubmissions.homeworkId, id), ticked.length > 0 ? notInArray(homeworkSubmissions.studentId, ticked) : undefined))
      .returning({ id: homeworkSubmissions.id });
    const added =
      ticked.length > 0
        ? await tx
            .insert(homeworkSubmissions)
            .values(ticked.map((studentId) => ({ homeworkId: id, studentId, status: 'done' as const, late: false, submittedAt: now, reviewedAt: now, reviewedBy: actor.userId })))
            .onConflictDoNothing()
            .returning({ id: homeworkSubmissions.id })
        : [];
    if (removed.length > 0 || added.length > 0) {
      await recordAudit(tx, actor, {
        action: 'homework.tick',
        entityType: 'homework',
        entityId: id,
        relatedId: row.batchId,
        text: { key: 'homework.ticked', values: { title: row.title, done: ticked.length } },
      });
    }
  });
  return listSubmissions(db, actor, id);
}

