import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Role } from '@academy/shared/roles';
import type { DbExecutor } from '../db/client';
import { parents, students, teachers, users } from '../db/schema';
import { AppError } from '../lib/app-error';
import { academySql, joinOn, qualified } from '../db/same-academy';

/**
 * Who is calling, as every service sees it: resolved once per request by the session step (one SQL
 * statement with the session), never from Fastify types. `teacherId` / `studentId` are the records
 * behind a teacher's or a student's account (absent when the account has none). A parent's record
 * (`parentId`) and children (`childIds`, the linked students) come from the same statement.
 */
export type Actor = {
  userId: string;
  role: Role;
  teacherId?: string;
  studentId?: string;
  parentId?: string;
  childIds?: string[];
};

/**
 * The columns that turn a users row (joined to its teacher, student and parent rows: `actorJoins`) into an
 * Actor. `academy` is the academy by value (a parameter or a prepared statement's placeholder): every table of
 * the statement names it, so that on Citus the statement reaches that academy's shard alone (decision 053).
 */
export function actorColumns(academy: AcademyValue) {
  return {
    userId: users.id,
    role: users.role,
    teacherId: teachers.id,
    studentId: students.id,
    parentId: parents.id,
    // The parent's children, aggregated in the same statement (primary key of parent_students).
    childIds: sql<string[] | null>`(select array_agg(ps.student_id order by ps.student_id) from parent_students ps where ps.academy_id = ${academy} and ps.academy_id = ${qualified(parents.academyId)} and ps.parent_id = ${parents.id})`,
  };
}

/** The academy as a statement names it: a parameter (`academySql()`) or a prepared statement's placeholder. */
type AcademyValue = SQL | Placeholder;

/** The account's teacher, student and parent rows for `actorColumns`: `query.leftJoin(...)` each, in the academy. */
export function actorJoins(academy: AcademyValue) {
  return [
    [teachers, and(joinOn(teachers.userId, users.id), eq(teachers.academyId, academy))!],
    [students, and(joinOn(students.userId, users.id), eq(students.academyId, academy))!],
    [parents, and(joinOn(parents.userId, users.id), eq(parents.academyId, academy))!],
  ] as const;
}

/** The left joins `actorColumns` needs, for a query that selects from `users`. */
export type ActorRow = { userId: string; role: Role; teacherId: string | null; studentId: string | null; parentId: string | null; childIds: string[] | null };

/** Builds the Actor from a row selected with `actorColumns` (nulls of the left joins dropped). */
export function toActor(row: ActorRow): Actor {
  return {
    userId: row.userId,
    role: row.role,
    ...(row.role === 'teacher' && row.teacherId ? { teacherId: row.teacherId } : {}),
    ...(row.role === 'student' && row.studentId ? { studentId: row.studentId } : {}),
    ...(row.role === 'parent' && row.parentId ? { parentId: row.parentId, childIds: row.childIds ?? [] } : {}),
  };
}

/**
 * The Actor of an account outside a request (the calendar feed's secret address, the CLI). One
 * statement, like the session lookup; undefined for an unknown or inactive account.
 */
export async function actorOfUser(db: DbExecutor, userId: string): Promise<Actor | undefined> {
  const academy = academySql();
  const [[teacherRows, ofTeacher], [studentRows, ofStudent], [parentRows, ofParent]] = actorJoins(academy);
  const [row] = await db
    .select(actorColumns(academy))
    .from(users)
    .leftJoin(teacherRows, ofTeacher)
    .leftJoin(studentRows, ofStudent)
    .leftJoin(parentRows, ofParent)
    .where(and(eq(users.academyId, academy), eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  return row ? toActor(row) : undefined;
}

/** Whether the account stands for its record: an admin needs none; a teacher, student or parent their row. */
export function hasOwnRecord(actor: Actor): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'teacher') return actor.teacherId !== undefined;
  if (actor.role === 'student') return actor.studentId !== undefined;
  return actor.parentId !== undefined;
}

/**
 * The parent record an account stands for (a users row with its left-joined parents row): only a
 * parent's account counts, as in toActor. Used where an email's account must be a family's.
 */
export function parentRecordOf(account: { role: Role; parentId: string | null }): string | undefined {
  return account.role === 'parent' && account.parentId ? account.parentId : undefined;
}

/** The student record an account stands for: only a student's account counts, as in toActor. */
export function studentRecordOf(account: { role: Role; studentId: string | null }): string | undefined {
  return account.role === 'student' && account.studentId ? account.studentId : undefined;
}

/** The teacher record of a teacher actor; an account without one sees nothing (404). */
export function teacherIdOf(actor: Actor): string {
  if (actor.role !== 'teacher') throw new AppError('FORBIDDEN');
  if (!actor.teacherId) throw new AppError('NOT_FOUND', 'Teacher not found');
  return actor.teacherId;
}

/** The student record of a student actor; an account without one sees nothing (404). */
export function studentIdOf(actor: Actor): string {
  if (actor.role !== 'student') throw new AppError('FORBIDDEN');
  if (!actor.studentId) throw new AppError('NOT_FOUND', 'Student not found');
  return actor.studentId;
}

/** Matches no row: the list scope of an actor who may see none (a teacher account without a record). */
export const NO_RECORD = '00000000-0000-0000-0000-000000000000';
