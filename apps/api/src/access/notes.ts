import { eq, or, sql, type SQL } from 'drizzle-orm';
import { NOTE_MESSAGES } from '@academy/shared/schemas/notes';
import { batches, batchStudents, notes } from '../db/schema';
import { academySql } from '../db/same-academy';
import { AppError } from '../lib/app-error';
import type { Actor } from './actor';
import { ANYONE, own, SIGNED_IN, STAFF, TEACHER, withRecord, type RouteRules } from './rules';

/**
 * Notes. An admin sees and manages every note; a teacher their own notes and the notes of their
 * batches, and manages their own; a student the notes of the batches they are enrolled in and the
 * notes addressed to them; anyone (signed in or not) the public ones.
 */
export const noteRoutes: RouteRules = {
  'GET /api/notes': SIGNED_IN,
  'GET /api/notes/teacher': TEACHER,
  'GET /api/notes/batch/:id': own(SIGNED_IN),
  'GET /api/notes/student/:id': own(SIGNED_IN),
  // Public notes open for anyone; any other note needs a session (401) and must be the caller's (404).
  'GET /api/notes/:id': own(ANYONE),
  'GET /api/notes/file/:id': own(ANYONE),
  'GET /api/public/notes': ANYONE,
  // Writers: an admin, or a teacher whose account has its teacher record (else 403).
  'POST /api/notes/upload': withRecord(STAFF),
  'POST /api/notes': withRecord(STAFF),
  'PUT /api/notes/:id': withRecord(own(STAFF)),
  'DELETE /api/notes/:id': withRecord(own(STAFF)),
};

// Qualified by hand: inside a subquery a bare "batch_id" would name the subquery's own table.
const noteBatchId = sql.raw('"notes"."batch_id"');
const noteAcademyId = sql.raw('"notes"."academy_id"');

function ofTeacherBatch(teacherId: string): SQL {
  return sql`exists (select 1 from ${batches} b where b.id = ${noteBatchId} and b.academy_id = ${noteAcademyId} and b.academy_id = ${academySql()} and b.teacher_id = ${teacherId})`;
}

/** Notes of the batches a student is enrolled in. */
export function ofEnrolledBatch(studentId: string): SQL {
  return sql`exists (select 1 from ${batchStudents} bs where bs.batch_id = ${noteBatchId} and bs.academy_id = ${noteAcademyId} and bs.academy_id = ${academySql()} and bs.student_id = ${studentId})`;
}

/** The notes in this actor's lists (public notes of others are on /resources, not here). */
export function noteListScope(actor: Actor | null): SQL | undefined {
  if (!actor) return sql`false`;
  switch (actor.role) {
    case 'admin':
      return undefined;
    case 'teacher':
      return actor.teacherId ? or(eq(notes.teacherId, actor.teacherId), ofTeacherBatch(actor.teacherId)) : sql`false`;
    case 'student':
      return actor.studentId ? or(ofEnrolledBatch(actor.studentId), eq(notes.studentId, actor.studentId)) : sql`false`;
    case 'parent':
      // A parent reads what their children get: their batches' notes and the notes addressed to them.
      return actor.childIds?.length ? or(...actor.childIds.map((childId) => or(ofEnrolledBatch(childId), eq(notes.studentId, childId)))) : sql`false`;
    default:
      return sql`false`;
  }
}

/** The notes this actor may open (and download): their lists plus every public note. */
export function noteReadScope(actor: Actor | null): SQL | undefined {
  const listed = noteListScope(actor);
  return listed === undefined ? undefined : or(listed, eq(notes.isPublic, true));
}

/** The notes this actor may change or delete: an admin every note, a teacher their own. */
export function noteManageScope(actor: Actor | null): SQL {
  if (actor?.role === 'admin') return sql`true`;
  if (actor?.role === 'teacher' && actor.teacherId) return eq(notes.teacherId, actor.teacherId);
  return sql`false`;
}

/** Missing and not-for-you answer the same: 401 for a visitor (sign in first), 404 otherwise. */
export function noteNotFound(actor: Actor | null): AppError {
  return actor ? new AppError('NOT_FOUND', NOTE_MESSAGES.notFound) : new AppError('UNAUTHENTICATED');
}

/** A note the actor can see but not change: 403 (404 when they cannot see it comes from noteReadScope). */
export function assertMayChangeNote(canManage: boolean): void {
  if (!canManage) throw new AppError('FORBIDDEN', 'Only the teacher who shared this note can change it');
}

/** The teacher whose own notes this actor lists (/notes/teacher): a teacher themselves; nobody else has any. */
export function ownNotesTeacherId(actor: Actor | null): string | undefined {
  return actor?.role === 'teacher' ? actor.teacherId : undefined;
}

/**
 * The teacher a writer writes as: a teacher always themselves (the note is theirs); an admin as
 * nobody (undefined), so the note's owner follows its batch or stays as it was.
 */
export function writingTeacherId(writer: Actor): string | undefined {
  return writer.role === 'teacher' ? writer.teacherId : undefined;
}

/** A teacher shares only with their own batches (the batch exists: the caller checked). */
export function assertMayShareWithBatch(actor: Actor, batchTeacherId: string | null): void {
  if (actor.role === 'teacher' && batchTeacherId !== actor.teacherId) throw new AppError('FORBIDDEN', NOTE_MESSAGES.notYourBatch, { batch: NOTE_MESSAGES.notYourBatch });
}

/** A teacher shares only with the students of their batches (`teaches` from studentScope). */
export function assertMayShareWithStudent(actor: Actor, teaches: boolean): void {
  if (actor.role === 'teacher' && !teaches) throw new AppError('FORBIDDEN', NOTE_MESSAGES.notYourStudent, { student: NOTE_MESSAGES.notYourStudent });
}
