import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../../db/client';
import { batches, batchStudents } from '../../db/schema';

export type BatchRecord = Omit<typeof batches.$inferInsert, 'id' | 'academyId'> & { studentIds: readonly string[] };

/**
 * Batches with their students, as a whole year's timetable is set up at once (the demo academy), in
 * the caller's transaction: one statement for the batches, one for their students. No capacity or
 * clash checks and no fee dues: the caller brings a consistent plan. Answers the ids in order.
 */
export async function insertBatches(tx: DbExecutor, records: readonly BatchRecord[]): Promise<string[]> {
  const rows = records.map(({ studentIds: _students, ...values }) => ({ ...values, id: randomUUID() }));
  if (rows.length === 0) return [];
  await tx.insert(batches).values(rows);
  const enrolments = records.flatMap((record, index) => record.studentIds.map((studentId) => ({ batchId: rows[index]!.id, studentId })));
  if (enrolments.length > 0) await tx.insert(batchStudents).values(enrolments);
  return rows.map((row) => row.id);
}
