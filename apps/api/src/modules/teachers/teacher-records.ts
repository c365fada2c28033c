import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../../db/client';
import { teachers, teacherSubjects } from '../../db/schema';

export type TeacherRecord = Omit<typeof teachers.$inferInsert, 'id' | 'academyId'> & { subjectIds: readonly string[] };

/**
 * Teachers' records with their subjects for accounts made in the caller's transaction (the demo
 * academy's staff), in two statements; the subjects must exist. Answers the ids in the inputs' order.
 */
export async function insertTeachers(tx: DbExecutor, records: readonly TeacherRecord[]): Promise<string[]> {
  const rows = records.map(({ subjectIds: _subjects, ...values }) => ({ ...values, id: randomUUID() }));
  if (rows.length === 0) return [];
  await tx.insert(teachers).values(rows);
  const links = records.flatMap((record, index) => record.subjectIds.map((subjectId) => ({ teacherId: rows[index]!.id, subjectId })));
  if (links.length > 0) await tx.insert(teacherSubjects).values(links);
  return rows.map((row) => row.id);
}
