import { sql, type SQL } from 'drizzle-orm';
import { ONLINE_TEST_MESSAGES } from '@academy/shared/schemas/online-tests';
import { subjects, teacherSubjects } from '../db/schema';
import { qualified } from '../db/same-academy';
import { AppError } from '../lib/app-error';
import { NO_RECORD, type Actor } from './actor';
import { own, SIGNED_IN, STAFF, withRecord, type RouteRules } from './rules';

/**
 * The question bank (issue 40). An admin reads and writes every question; a teacher those of the
 * subjects they teach (teacher_subjects): another subject's question answers 404, and writing one for
 * a subject not theirs 403. Students and parents never see the bank (403): they meet questions only in
 * a test, without the answers. The pictures of questions are open to anyone signed in (a student needs
 * them during a test); their names are random and unguessable.
 */
export const questionRoutes: RouteRules = {
  'GET /api/questions': STAFF,
  'GET /api/questions/subjects': STAFF,
  'GET /api/questions/template.xlsx': STAFF,
  'POST /api/questions/import': withRecord(STAFF),
  'POST /api/questions/images': withRecord(STAFF),
  'GET /api/questions/images/:name': SIGNED_IN,
  'GET /api/questions/:id': own(STAFF),
  'POST /api/questions': withRecord(STAFF),
  'PUT /api/questions/:id': withRecord(own(STAFF)),
  'DELETE /api/questions/:id': withRecord(own(STAFF)),
};

// Qualified by hand: inside the subquery a bare "subject_id" would name teacher_subjects' own column.
const questionSubjectId = sql.raw('"questions"."subject_id"');
const questionAcademyId = sql.raw('"questions"."academy_id"');

function teaches(teacherId: string, subjectId: SQL | typeof subjects.id, academyId: SQL): SQL {
  return sql`exists (select 1 from ${teacherSubjects} ts where ts.teacher_id = ${teacherId} and ts.subject_id = ${subjectId} and ts.academy_id = ${academyId})`;
}

/**
 * The questions this actor may see and change, as a condition on `questions`: an admin every one
 * (undefined), a teacher those of their subjects (none without a teacher record). Anyone else: 403.
 */
export function questionScope(actor: Actor): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'teacher') return teaches(actor.teacherId ?? NO_RECORD, questionSubjectId, questionAcademyId);
  throw new AppError('FORBIDDEN');
}

/** The subjects this actor may write questions for, as a condition on `subjects`: an admin all, a teacher their own. */
export function questionSubjectScope(actor: Actor): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'teacher') return teaches(actor.teacherId ?? NO_RECORD, subjects.id, qualified(subjects.academyId));
  throw new AppError('FORBIDDEN');
}

/** A question missing or of a subject the actor does not teach: the same 404. */
export function questionNotFound(): AppError {
  return new AppError('NOT_FOUND', ONLINE_TEST_MESSAGES.questionNotFound);
}

/** Writing a question for a subject the actor may not write for (`writable` from questionSubjectScope): 403, named on the subject field. */
export function assertMayWriteSubject(writable: boolean): void {
  if (!writable) throw new AppError('FORBIDDEN', ONLINE_TEST_MESSAGES.notYourSubject, { subject: ONLINE_TEST_MESSAGES.notYourSubject });
}
