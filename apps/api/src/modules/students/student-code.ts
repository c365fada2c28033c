import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { studentIdCounters } from '../../db/schema';
import { formatStudentCode, studentIdPrefix } from '../../db/student-code';

/*
 * The year's admission counters (`student_id_counters`), written only here: the students module owns
 * them with the students they number (db/student-code.ts keeps the pure format and the academy's prefix).
 */

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
  return formatStudentCode(year, row!.last, await studentIdPrefix(tx));
}

/** nextStudentCode for `count` students admitted the same year (a register's import): one counter update, the numbers in order. */
export async function nextStudentCodes(tx: DbExecutor, admissionDate: string, count: number): Promise<string[]> {
  const year = Number(admissionDate.slice(0, 4));
  const [row] = await tx
    .insert(studentIdCounters)
    .values({ year, last: count })
    .onConflictDoUpdate({ target: [studentIdCounters.academyId, studentIdCounters.year], set: { last: sql`${studentIdCounters.last} + ${count}` } })
    .returning({ last: studentIdCounters.last });
  const prefix = await studentIdPrefix(tx);
  return Array.from({ length: count }, (_, index) => formatStudentCode(year, row!.last - count + index + 1, prefix));
}
