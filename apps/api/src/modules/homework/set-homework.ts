/** The teacher's homework: set on a batch, its attachments added, edited, deleted while no work is in. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
    HOMEWORK_MESSAGES, type HomeworkDetail, type HomeworkInputValues
} from '@academy/shared/schemas/homework';
import type { Db, DbExecutor } from '../../db/client';
import { batches, homework, homeworkFiles, homeworkSubmissions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import type { Actor } from '../../access/actor';
import { assertStaffOfBatch } from '../../access/batches';
import { homeworkManageScope, homeworkNotFound, settingTeacherId } from '../../access/homework';
import { diffChanges, recordAudit } from '../audit';
import { emitEvent } from '../../events/emit';
import { homeworkDetail } from './homework-reads';
import { thisAcademy } from '../../db/same-academy';

/** A file as the route stored it, before its row exists. */
export type UploadedHomeworkFile = { key: string; size: number; fileName: string; contentType: string };

export async function discard(storage: FileStorage, keys: string[]) {
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

/** The homework, locked for a change, if the actor may manage it (404 otherwise). */
export async function lockManagedHomework(tx: DbExecutor, actor: Actor, id: string) {
  const [row] = await tx
    .select({ id: homework.id, batchId: homework.batchId, title: homework.title, instructions: homework.instructions, dueAt: homework.dueAt, handIn: homework.handIn })
    .from(homework)
    .where(and(and(eq(homework.id, id), homeworkManageScope(actor)), thisAcademy(homework)))
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
