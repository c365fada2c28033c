/** Writing notes: a note shared (with a batch, a student, or kept personal), changed and deleted, its file kept with it. */
import { and, eq, sql } from 'drizzle-orm';
import { NOTE_MESSAGES, type Note, type NoteInputValues, type NoteUpdateValues } from '@academy/shared/schemas/notes';
import { type Db, type DbExecutor, thisAcademy } from '../../db/client';
import { batches, notes, standards, students, subjects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStorage, StoredFile } from '../../lib/storage';
import type { Actor } from '../../access/actor';
import { assertMayChangeNote, assertMayShareWithBatch, assertMayShareWithStudent, noteManageScope, noteReadScope, writingTeacherId } from '../../access/notes';
import { taughtBy } from '../../access/students';
import { diffChanges, recordAudit } from '../audit';
import { emitEvent } from '../../events/emit';
import { getNote } from './note-reads';

/** A note's writer: an admin, or a teacher with a teacher record (the routes' rule `withRecord` in access/notes). */
export type NoteWriter = Actor;

type Target = {
  batchId: string | null;
  studentId: string | null;
  ownerTeacherId: string | null | undefined;
  batchStandardId: string | null;
  batchSubjectId: string | null;
};

/**
 * Checks the target against the writer: a teacher shares with their own batches and the students
 * of those batches, or keeps a personal note; an admin with anyone. `ownerTeacherId` undefined
 * means "keep the current owner" (an admin editing a note that is not for a batch).
 */
async function resolveTarget(tx: DbExecutor, writer: NoteWriter, input: NoteInputValues): Promise<Target> {
  const teacherId = writingTeacherId(writer);
  if (input.batch) {
    const [batch] = await tx
      .select({ teacherId: batches.teacherId, standardId: batches.standardId, subjectId: batches.subjectId })
      .from(batches)
      .where(eq(batches.id, input.batch))
      .limit(1);
    if (!batch) throw new AppError('BAD_REQUEST', NOTE_MESSAGES.unknownBatch, { batch: NOTE_MESSAGES.unknownBatch });
    assertMayShareWithBatch(writer, batch.teacherId);
    return { batchId: input.batch, studentId: null, ownerTeacherId: batch.teacherId, batchStandardId: batch.standardId, batchSubjectId: batch.subjectId };
  }
  if (input.student) {
    const [student] = await tx.select({ id: students.id, standardId: students.standardId }).from(students).where(eq(students.id, input.student)).limit(1);
    if (!student) throw new AppError('BAD_REQUEST', NOTE_MESSAGES.unknownStudent, { student: NOTE_MESSAGES.unknownStudent });
    if (teacherId) assertMayShareWithStudent(writer, (await tx.select({ id: students.id }).from(students).where(and(eq(students.id, input.student), taughtBy(teacherId))).limit(1)).length > 0);
    return { batchId: null, studentId: input.student, ownerTeacherId: teacherId, batchStandardId: null, batchSubjectId: null };
  }
  return { batchId: null, studentId: null, ownerTeacherId: teacherId, batchStandardId: null, batchSubjectId: null };
}

async function assertReferencesExist(tx: DbExecutor, input: NoteInputValues) {
  if (input.subject && (await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, input.subject)).limit(1)).length === 0) {
    throw new AppError('BAD_REQUEST', 'Choose a subject from the list', { subject: 'Choose a subject from the list' });
  }
  if (input.standard && (await tx.select({ id: standards.id }).from(standards).where(eq(standards.id, input.standard)).limit(1)).length === 0) {
    throw new AppError('BAD_REQUEST', 'Choose a standard from the list', { standard: 'Choose a standard from the list' });
  }
}

function detailsOf(input: NoteInputValues, target: Target) {
  return {
    title: input.title,
    description: input.description ?? '',
    // A batch note is about that batch's subject unless the teacher chose another (issue 18 point 9).
    subjectId: input.subject ?? target.batchSubjectId,
    // A batch note is for that batch's standard unless the teacher chose another.
    standardId: input.standard ?? target.batchStandardId,
    batchId: target.batchId,
    studentId: target.studentId,
    isPublic: input.isPublic,
  };
}

/** The note's students are told in their bell once this commits (the notifications module, decision 026). */
async function notify(tx: DbExecutor, noteId: string, target: Target) {
  if (!target.batchId && !target.studentId) return;
  await emitEvent(tx, { type: 'note.shared', payload: { noteId } });
}

/** Deletes a stored file after a failed write; a failure to delete must not hide the first error. */
async function discard(storage: FileStorage, file: Pick<StoredFile, 'key'> | undefined) {
  if (file) await storage.remove(file.key).catch(() => {});
}

export type UploadedFile = StoredFile & { fileName: string };

/**
 * Saves a note for an already stored file, tells its students in the same transaction, and
 * deletes the file again if anything fails, so no file is left without its note.
 */
export async function createNote(db: Db, storage: FileStorage, writer: NoteWriter, input: NoteInputValues, file: UploadedFile): Promise<Note> {
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const target = await resolveTarget(tx, writer, input);
      await assertReferencesExist(tx, input);
      const [row] = await tx
        .insert(notes)
        .values({
          ...detailsOf(input, target),
          teacherId: target.ownerTeacherId ?? null,
          fileKey: file.key,
          fileName: file.fileName,
          fileSize: file.size,
          fileSha256: file.sha256,
          uploadedBy: writer.userId,
        })
        .returning({ id: notes.id });
      await notify(tx, row!.id, target);
      // The file's name and size are recorded, never its content.
      await recordAudit(tx, writer, {
        action: 'note.upload',
        entityType: 'note',
        entityId: row!.id,
        text: { key: 'note.uploaded', values: { title: input.title, file: file.fileName } },
        changes: diffChanges({}, { ...detailsOf(input, target), fileName: file.fileName, fileSize: file.size }),
      });
      return row!.id;
    });
  } catch (error) {
    await discard(storage, file);
    throw error;
  }
  return getNote(db, writer, id);
}

/** Loads a note for a change: 404 when the writer cannot see it, 403 when they may only read it. */
async function lockForChange(tx: DbExecutor, writer: NoteWriter, id: string) {
  const [row] = await tx
    .select({
      fileKey: notes.fileKey,
      teacherId: notes.teacherId,
      batchId: notes.batchId,
      studentId: notes.studentId,
      title: notes.title,
      description: notes.description,
      subjectId: notes.subjectId,
      standardId: notes.standardId,
      isPublic: notes.isPublic,
      canManage: sql<boolean>`${noteManageScope(writer)}`,
    })
    .from(notes)
    .where(and(eq(notes.id, id), noteReadScope(writer), thisAcademy(notes)))
    .limit(1)
    .for('update', { of: notes });
  if (!row) throw new AppError('NOT_FOUND', NOTE_MESSAGES.notFound);
  assertMayChangeNote(Boolean(row.canManage));
  return row;
}

/**
 * The note's details after a change: a field that was not sent keeps its current value. The target
 * changes only when `batch` or `student` is sent (the one not sent is then cleared).
 */
function mergeChange(current: Awaited<ReturnType<typeof lockForChange>>, input: NoteUpdateValues, sent: ReadonlySet<string>): NoteInputValues {
  const keep = <T>(field: string, value: T, currentValue: T): T => (sent.has(field) ? value : currentValue);
  const newTarget = sent.has('batch') || sent.has('student');
  return {
    title: input.title ?? current.title,
    description: keep('description', input.description, current.description),
    subject: keep('subject', input.subject, current.subjectId),
    standard: keep('standard', input.standard, current.standardId),
    batch: newTarget ? input.batch : current.batchId,
    student: newTarget ? input.student : current.studentId,
    isPublic: keep('isPublic', input.isPublic, current.isPublic),
  };
}

/**
 * PUT /api/notes/{id}: the details and target sent (the rest stays as it is), and optionally a new
 * file (the old one is deleted once the change is committed; the new one if it fails). Students
 * newly reached are told.
 */
export async function updateNote(
  db: Db,
  storage: FileStorage,
  writer: NoteWriter,
  id: string,
  change: NoteUpdateValues,
  sent: ReadonlySet<string>,
  file?: UploadedFile,
): Promise<Note> {
  let replacedKey: string | undefined;
  try {
    await db.transaction(async (tx) => {
      const current = await lockForChange(tx, writer, id);
      const input = mergeChange(current, change, sent);
      const target = await resolveTarget(tx, writer, input);
      await assertReferencesExist(tx, input);
      // An admin keeps the current owner unless the note moves to a batch (then it is its teacher's).
      const teacherId = writingTeacherId(writer) ?? (target.batchId ? target.ownerTeacherId : current.teacherId);
      await tx
        .update(notes)
        .set({
          ...detailsOf(input, target),
          teacherId: teacherId ?? null,
          ...(file ? { fileKey: file.key, fileName: file.fileName, fileSize: file.size, fileSha256: file.sha256 } : {}),
          updatedAt: new Date(),
        })
        .where(eq(notes.id, id));
      const targetChanged = current.batchId !== target.batchId || current.studentId !== target.studentId;
      if (targetChanged) await notify(tx, id, target);
      await recordAudit(tx, writer, {
        action: 'update',
        entityType: 'note',
        entityId: id,
        text: file ? { key: 'note.updated_file', values: { title: input.title, file: file.fileName } } : { key: 'note.updated', values: { title: input.title } },
        changes: diffChanges(current, { ...detailsOf(input, target), ...(file ? { fileName: file.fileName } : {}) }),
      });
      if (file) replacedKey = current.fileKey;
    });
  } catch (error) {
    await discard(storage, file);
    throw error;
  }
  // The note already points at the new file: a file that cannot be deleted is only wasted space.
  if (replacedKey) await discard(storage, { key: replacedKey });
  return getNote(db, writer, id);
}

/** Deletes a note (its notifications go with it), then its file once the delete is committed. */
export async function deleteNote(db: Db, storage: FileStorage, writer: NoteWriter, id: string): Promise<void> {
  const fileKey = await db.transaction(async (tx) => {
    const current = await lockForChange(tx, writer, id);
    await tx.delete(notes).where(eq(notes.id, id));
    await recordAudit(tx, writer, { action: 'delete', entityType: 'note', entityId: id, text: { key: 'note.deleted', values: { title: current.title } } });
    return current.fileKey;
  });
  // The note is gone either way: a file that cannot be deleted is only wasted space.
  await discard(storage, { key: fileKey });
}
