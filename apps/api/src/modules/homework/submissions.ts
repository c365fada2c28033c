/** A student's work: pages handed in, checked done or redo, or ticked done in class. */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import {
    HOMEWORK_MESSAGES, type HomeworkReviewValues,
    type HomeworkTicksInput,
    type Submission,
    type SubmissionList
} from '@academy/shared/schemas/homework';
import type { Db } from '../../db/client';
import { batchStudents, homework, homeworkFiles, homeworkSubmissions, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import type { Actor } from '../../access/actor';
import { studentIdOf } from '../../access/actor';
import { homeworkManageScope, homeworkNotFound, homeworkReadScope } from '../../access/homework';
import { recordAudit } from '../audit';
import { submissionColumns, withPages, listSubmissions } from './homework-reads';
import { type UploadedHomeworkFile, discard, lockManagedHomework } from './set-homework';
import { joinOn, thisAcademy } from '../../db/same-academy';

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
        .where(and(and(eq(homeworkSubmissions.homeworkId, id), eq(homeworkSubmissions.studentId, studentId)), thisAcademy(homeworkSubmissions)))
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
      .innerJoin(homework, joinOn(homework.id, homeworkSubmissions.homeworkId))
      .innerJoin(students, joinOn(students.id, homeworkSubmissions.studentId))
      .innerJoin(users, joinOn(users.id, students.userId))
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
        .where(and(thisAcademy(batchStudents), eq(batchStudents.batchId, row.batchId), inArray(batchStudents.studentId, ticked)));
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

