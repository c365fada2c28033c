/** Reading students: the office's filtered and paged list, one student with their batches, a student's own profile. */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
    type Student,
    type StudentDetail,
    type StudentList, type studentFilterQuerySchema,
    type studentListQuerySchema
} from '@academy/shared/schemas/students';
import type { DbExecutor } from '../../db/client';
import { batches, batchStudents, standards, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import { cacheKey, cachedRead } from '../../lib/read-cache';
import { listBatchSummaries } from '../../read-models/batch-summaries';
import { firstParentColumn, parentPhoneMatches } from '../../read-models/first-parent';
import { joinOn, qualified, thisAcademy } from '../../db/same-academy';

export type FilterQuery = z.output<typeof studentFilterQuerySchema>;
type ListQuery = z.output<typeof studentListQuerySchema>;

/** A student's school and enrolment fields, as the reads answer them and the audit log compares them. */
export const studentSchoolingColumns = {
  school: students.school,
  board: students.board,
  medium: students.medium,
  admissionDate: students.admissionDate,
  status: students.status,
  state: students.state,
};

const studentColumns = {
  _id: students.id,
  studentCode: students.studentCode,
  name: users.name,
  email: users.email,
  avatarUrl: users.avatarUrl,
  gender: students.gender,
  address: students.address,
  phone: students.phone,
  // The spec's parent fields: the student's first linked parent (decision 030).
  parentName: firstParentColumn(students.id, 'name'),
  parentPhone: firstParentColumn(students.id, 'phone'),
  parentEmail: firstParentColumn(students.id, 'email'),
  dateOfBirth: students.dateOfBirth,
  standardId: standards.id,
  standardName: standards.name,
  standardLevel: standards.level,
  ...studentSchoolingColumns,
  createdAt: students.createdAt,
  // Every change of the student's account (name, email, picture) also touches this row; a sign-in does not.
  updatedAt: students.updatedAt,
};

type StudentRow = Omit<Student, 'standard' | 'createdAt' | 'updatedAt'> & {
  standardId: string | null;
  standardName: string | null;
  standardLevel: number | null;
  createdAt: Date;
  updatedAt: Date;
};

function toStudent(row: StudentRow): Student {
  const { standardId, standardName, standardLevel, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    standard: standardId ? { _id: standardId, name: standardName!, level: standardLevel! } : null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

export function selectStudents<T extends SelectedFields>(db: DbExecutor, extra: T = {} as T) {
  return db
    .select({ ...studentColumns, ...extra })
    .from(students)
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(standards, joinOn(standards.id, students.standardId));
}

export function filters(query: FilterQuery): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    // The academy as a parameter: the list, its count and the CSV reach one shard on Citus (decision 053).
    thisAcademy(students),
    query.status === 'all' ? undefined : eq(students.status, query.status),
    query.standardId ? eq(students.standardId, query.standardId) : undefined,
    query.batchId
      ? sql`exists (select 1 from ${batchStudents} where ${batchStudents.batchId} = ${query.batchId} and ${batchStudents.studentId} = ${students.id} and ${batchStudents.academyId} = ${qualified(students.academyId)})`
      : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(students.studentCode, pattern), ilike(students.phone, pattern), parentPhoneMatches(students.id, pattern)) : undefined,
  );
}

export function ordering(query: FilterQuery): SQL[] {
  const direction = query.order === 'desc' ? desc : asc;
  const byName = direction(sql`lower(${users.name})`);
  switch (query.sort) {
    case 'createdAt':
      return [direction(students.createdAt), direction(students.id)];
    case 'standardLevel':
      // Students without a standard come last either way.
      return [sql`${standards.level} ${sql.raw(query.order === 'desc' ? 'desc' : 'asc')} nulls last`, asc(sql`lower(${users.name})`), asc(students.id)];
    default:
      return [byName, direction(students.id)];
  }
}

/**
 * A page of students, filtered, searched and sorted in the database: one query for the page and its
 * total (count(*) over ()), one for the page's batch names.
 */
export async function listStudents(db: DbExecutor, query: ListQuery): Promise<StudentList> {
  // The office opens and searches this list all day: pages are kept (lib/read-cache.ts).
  return cachedRead(db, cacheKey('students', query), ['students', 'users', 'standards', 'batch_students', 'batches', 'parent_students', 'parents'], () => readStudentList(db, query));
}

async function readStudentList(db: DbExecutor, query: ListQuery): Promise<StudentList> {
  const where = filters(query);
  const rows = await selectStudents(db, { total: sql<number>`count(*) over ()`.mapWith(Number) })
    .where(where)
    .orderBy(...ordering(query))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page the window count has no row to ride on. No join to standards: the filters do
    // not read it and a left join on its key adds no row (Citus refuses the outer join PostgreSQL 15
    // would remove, decision 053).
    const [counted] = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(students)
      .innerJoin(users, joinOn(users.id, students.userId))
      .where(where);
    total = counted?.value ?? 0;
  }
  const ids = rows.map((row) => row._id);
  const enrolments = ids.length
    ? await db
        .select({ studentId: batchStudents.studentId, _id: batches.id, name: batches.name })
        .from(batchStudents)
        .innerJoin(batches, joinOn(batches.id, batchStudents.batchId))
        .where(inArray(batchStudents.studentId, ids))
        .orderBy(asc(batches.name))
    : [];
  return {
    students: rows.map(({ total: _total, ...row }) => ({
      ...toStudent(row),
      batches: enrolments.filter((enrolment) => enrolment.studentId === row._id).map(({ _id, name }) => ({ _id, name })),
    })),
    pagination: { page: query.page, limit: query.limit, total },
  };
}

async function findStudentRow(db: DbExecutor, where: SQL) {
  const [row] = await selectStudents(db, { passwordSet: sql<boolean>`(${users.passwordHash} is not null)`, lastLoginAt: users.lastLoginAt })
    .where(where)
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Student not found');
  return row;
}

/** The batches a student is enrolled in, with subject, teacher and schedule. */
export function studentBatches(db: DbExecutor, studentId: string) {
  return listBatchSummaries(db, sql`exists (select 1 from ${batchStudents} where ${batchStudents.batchId} = ${batches.id} and ${batchStudents.academyId} = ${qualified(batches.academyId)} and ${batchStudents.studentId} = ${studentId})`);
}

/** One student with their batches and account (GET /api/students/{id}). */
export async function getStudent(db: DbExecutor, id: string): Promise<StudentDetail> {
  const { passwordSet, lastLoginAt, ...row } = await findStudentRow(db, eq(students.id, id));
  return { ...toStudent(row), batches: await studentBatches(db, row._id), passwordSet, lastLoginAt: lastLoginAt?.toISOString() ?? null };
}

/** The student's own profile (GET /api/student/profile), found by their account. */
export async function getStudentProfile(db: DbExecutor, userId: string): Promise<Student> {
  const { passwordSet: _passwordSet, lastLoginAt: _lastLoginAt, ...row } = await findStudentRow(db, eq(students.userId, userId));
  return toStudent(row);
}
