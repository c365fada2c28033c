/** Reading notes: the lists (the office's, a teacher's own, a batch's, a student's, the public ones), one note, its file. */
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Note, type NoteList, type NoteTarget, type PublicNote } from '@academy/shared/schemas/notes';
import type { StandardRef, SubjectRef } from '@academy/shared/schemas/common';
import { type DbExecutor, joinOn } from '../../db/client';
import { batches, notes, standards, students, subjects, teachers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { batchScope } from '../../access/batches';
import {
  noteListScope,
  noteManageScope,
  noteNotFound,
  noteReadScope,
  ofEnrolledBatch,
  ownNotesTeacherId,
} from '../../access/notes';
import { studentScope } from '../../access/students';

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

