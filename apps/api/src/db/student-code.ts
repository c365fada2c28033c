import { sql } from 'drizzle-orm';
import type { DbExecutor } from './client';
import { studentIdCounters } from './schema';

/** Fixed prefix of every student ID (issue 21, decision 021): LAT-2026-0042. */
export const STUDENT_ID_PREFIX = 'LAT';

/** The student ID of a year's n-th admission: four digits at least, more after 9999. */
export function formatStudentCode(year: number, number: number): string {
  return `${STUDENT_ID_PREFIX}-${year}-${String(number).padStart(4, '0')}`;
}

/**
 * Takes the next number of the admission year inside the caller's transaction. The counter row stays
 * locked until that transaction ends, so concurrent creations wait for each other, and a rolled-back
 * creation gives its number back: the numbers of a year have no gaps. Every insert into `students`
 * goes through here.
 */
export async function nextStudentCode(tx: DbExecutor, admissionDate: string): Promise<string> {
  const year = Number(admissionDate.slice(0, 4));
  const [row] = await tx
    .insert(studentIdCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: [studentIdCounters.academyId, studentIdCounters.year], set: { last: sql`${studentIdCounters.last} + 1` } })
    .returning({ last: studentIdCounters.last });
  return formatStudentCode(year, row!.last);
}

/** nextStudentCode for `count` students admitted the same year (a register's import): one counter update, the numbers in order. */
export async function nextStudentCodes(tx: DbExecutor, admissionDate: string, count: number): Promise<string[]> {
  const year = Number(admissionDate.slice(0, 4));
  const [row] = await tx
    .insert(studentIdCounters)
    .values({ year, last: count })
    .onConflictDoUpdate({ target: [studentIdCounters.academyId, studentIdCounters.year], set: { last: sql`${studentIdCounters.last} + ${count}` } })
    .returning({ last: studentIdCounters.last });
  return Array.from({ length: count }, (_, index) => formatStudentCode(year, row!.last - count + index + 1));
}
