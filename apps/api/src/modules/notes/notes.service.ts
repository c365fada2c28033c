import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NOTE_MESSAGES, type Note, type NoteInputValues, type NoteList, type NoteTarget, type NoteUpdateValues, type PublicNote } from '@academy/shared/schemas/notes';
import type { StandardRef, SubjectRef } from '@academy/shared/schemas/common';
import { type Db, type DbExecutor, joinOn, thisAcademy } from '../../db/client';
import { batches, notes, standards, students, subjects, teachers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStorage, StoredFile } from '../../lib/storage';
import type { Actor } from '../../access/actor';
import { batchScope } from '../../access/batches';
import {
  assertMayChangeNote,
  assertMayShareWithBatch,
  assertMayShareWithStudent,
  noteListScope,
  noteManageScope,
  noteNotFound,
  noteReadScope,
  ofEnrolledBatch,
  ownNotesTeacherId,
  writingTeacherId,
} from '../../access/notes';
import { studentScope, taughtBy } from '../../access/students';
import { diffChanges, recordAudit } from '../audit';
import { emitEvent } from '../../events/emit';

/** Who may see and change which note: access/notes. Anonymous callers are `null`. */
type Reader = Actor | null;

const studentUsers = alias(users, 'student_users');
const teacherUsers = alias(users, 'teacher_users');

function targetOf(row: { batchId: string | null; studentId: string | null }): NoteTarget {
  if (row.batchId) return 'batch';
  if (row.studentId) return 'student';
  return 'personal';
}

/** Where a page starts and how long it is; no page: every matching note (one note by id, the public list). */
type PageWindow = { page: number; limit: number };

/**
 * Notes with their references, newest first, in one query; with a page window, that page and the
 * number of all matching notes (count(*) over ()), so a page costs one statement.
 */
async function loadNotes(db: DbExecutor, reader: Reader, where: SQL | undefined, window?: PageWindow): Promise<{ notes: Note[]; total: number }> {
  const query = db
    .select({
      _id: notes.id,
      title: notes.title,
      description: notes.description,
      subjectId: subjects.id,
      subjectName: subjects.name,
      subjectCode: subjects.code,
      standardId: standards.id,
      standardName: standards.name,
      standardLevel: standards.level,
      batchId: batches.id,
      batchName: batches.name,
      studentId: students.id,
      studentName: studentUsers.name,
      teacherId: teachers.id,
      teacherName: teacherUsers.name,
      isPublic: notes.isPublic,
      fileName: notes.fileName,
      fileSize: notes.fileSize,
      canManage: sql<boolean>`${noteManageScope(reader)}`,
      createdAt: notes.createdAt,
      updatedAt: notes.updatedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(notes)
    .leftJoin(subjects, joinOn(subjects.id, notes.subjectId))
    .leftJoin(standards, joinOn(standards.id, notes.standardId))
    .leftJoin(batches, joinOn(batches.id, notes.batchId))
    .leftJoin(students, joinOn(students.id, notes.studentId))
    .leftJoin(studentUsers, joinOn(studentUsers.id, students.userId))
    .leftJoin(teachers, joinOn(teachers.id, notes.teacherId))
    .leftJoin(teacherUsers, joinOn(teacherUsers.id, teachers.userId))
    .where(where)
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .$dynamic();
  const rows = await (window ? query.limit(window.limit).offset((window.page - 1) * window.limit) : query);
  let total = rows[0]?.total ?? 0;
  if (window && rows.length === 0 && window.page > 1) {
    // Past the last page the window count has no row to ride on.
    const [counted] = await db.select({ value: sql<number>`count(*)::int` }).from(notes).where(where);
    total = counted?.value ?? 0;
  }
  return {
    total,
    notes: rows.map((row) => ({
      _id: row._id,
      title: row.title,
      description: row.description,
      subject: row.subjectId ? { _id: row.subjectId, name: row.subjectName!, code: row.subjectCode! } : null,
      standard: row.standardId ? { _id: row.standardId, name: row.standardName!, level: row.standardLevel! } : null,
      target: targetOf(row),
      batch: row.batchId ? { _id: row.batchId, name: row.batchName! } : null,
      student: row.studentId ? { _id: row.studentId, name: row.studentName! } : null,
      teacher: row.teacherId ? { _id: row.teacherId, name: row.teacherName! } : null,
      isPublic: row.isPublic,
      fileName: row.fileName,
      fileSize: row.fileSize,
      fileUrl: `/api/notes/file/${row._id}`,
      canManage: Boolean(row.canManage),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** One page of notes in the lists' shape. */
async function notePage(db: DbExecutor, reader: Reader, where: SQL | undefined, window: PageWindow): Promise<NoteList> {
  const { notes: page, total } = await loadNotes(db, reader, where, window);
  return { notes: page, pagination: { page: window.page, limit: window.limit, total } };
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(ilike(notes.title, pattern), ilike(notes.description, pattern), ilike(notes.fileName, pattern));
}

function targetCondition(target: NoteTarget | undefined): SQL | undefined {
  if (target === 'batch') return isNotNull(notes.batchId);
  if (target === 'student') return isNotNull(notes.studentId);
  if (target === 'personal') return and(isNull(notes.batchId), isNull(notes.studentId));
  return undefined;
}

export type NoteListFilters = { batch?: string; subject?: string; target?: NoteTarget; search?: string } & PageWindow;

/** GET /api/notes: an admin all notes, a teacher theirs and their batches', a student theirs; one page. */
export async function listNotes(db: DbExecutor, reader: Reader, filters: NoteListFilters): Promise<NoteList> {
  return notePage(
    db,
    reader,
    and(
      noteListScope(reader),
      filters.batch ? eq(notes.batchId, filters.batch) : undefined,
      filters.subject ? eq(notes.subjectId, filters.subject) : undefined,
      targetCondition(filters.target),
      searchCondition(filters.search),
    ),
    filters,
  );
}

export async function getNote(db: DbExecutor, reader: Reader, id: string): Promise<Note> {
  const {
    notes: [note],
  } = await loadNotes(db, reader, and(eq(notes.id, id), noteReadScope(reader)));
  if (!note) throw noteNotFound(reader);
  return note;
}

/** GET /api/notes/teacher: the signed-in teacher's own notes, one page. */
export async function teacherOwnNotes(db: DbExecutor, reader: Reader, window: PageWindow): Promise<NoteList> {
  const teacherId = ownNotesTeacherId(reader);
  if (!teacherId) return { notes: [], pagination: { page: window.page, limit: window.limit, total: 0 } };
  return notePage(db, reader, eq(notes.teacherId, teacherId), window);
}

/** GET /api/notes/batch/{id}: the notes of a batch; its teacher, its students and admins only. */
export async function notesOfBatch(db: DbExecutor, reader: Actor, batchId: string, window: PageWindow): Promise<NoteList> {
  const [batch] = await db.select({ id: batches.id }).from(batches).where(and(eq(batches.id, batchId), batchScope(reader))).limit(1);
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  return notePage(db, reader, eq(notes.batchId, batchId), window);
}

/**
 * GET /api/notes/student/{id}: the notes a student gets (their batches' and their own). A student
 * may ask only about themselves; a teacher about a student of their batches (and sees only the
 * notes they could list anyway); an admin about anyone.
 */
export async function notesOfStudent(db: DbExecutor, reader: Actor, studentId: string, window: PageWindow): Promise<NoteList> {
  const [student] = await db.select({ id: students.id }).from(students).where(and(eq(students.id, studentId), studentScope(reader))).limit(1);
  if (!student) throw new AppError('NOT_FOUND', 'Student not found');
  return notePage(db, reader, and(or(ofEnrolledBatch(studentId), eq(notes.studentId, studentId)), noteListScope(reader)), window);
}

/** GET /api/public/notes: the public notes, and the subjects and standards they cover (the page's filters). */
export async function listPublicNotes(
  db: DbExecutor,
  filters: { subject?: string; standard?: string; search?: string },
): Promise<{ notes: PublicNote[]; subjects: SubjectRef[]; standards: StandardRef[] }> {
  const [{ notes: list }, subjectRows, standardRows] = await Promise.all([
    loadNotes(
      db,
      null,
      and(eq(notes.isPublic, true), filters.subject ? eq(notes.subjectId, filters.subject) : undefined, filters.standard ? eq(notes.standardId, filters.standard) : undefined, searchCondition(filters.search)),
    ),
    db
      .selectDistinct({ _id: subjects.id, name: subjects.name, code: subjects.code })
      .from(notes)
      .innerJoin(subjects, joinOn(subjects.id, notes.subjectId))
      .where(eq(notes.isPublic, true))
      .orderBy(asc(subjects.name), asc(subjects.id)),
    db
      .selectDistinct({ _id: standards.id, name: standards.name, level: standards.level })
      .from(notes)
      .innerJoin(standards, joinOn(standards.id, notes.standardId))
      .where(eq(notes.isPublic, true))
      .orderBy(asc(standards.level), asc(standards.id)),
  ]);
  return {
    notes: list.map((note) => ({
      _id: note._id,
      title: note.title,
      description: note.description,
      subject: note.subject,
      standard: note.standard,
      teacher: note.teacher,
      fileName: note.fileName,
      fileSize: note.fileSize,
      fileUrl: note.fileUrl,
      createdAt: note.createdAt,
    })),
    subjects: subjectRows,
    standards: standardRows,
  };
}

/** The file of a note this reader may open; same answers as getNote when they may not. */
export async function noteFileFor(db: DbExecutor, reader: Reader, id: string): Promise<{ fileKey: string; fileName: string; fileSize: number; fileSha256: string }> {
  const [row] = await db
    .select({ fileKey: notes.fileKey, fileName: notes.fileName, fileSize: notes.fileSize, fileSha256: notes.fileSha256 })
    .from(notes)
    .where(and(eq(notes.id, id), noteReadScope(reader)))
    .limit(1);
  if (!row) throw noteNotFound(reader);
  return row;
}

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
