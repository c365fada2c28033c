import type { DbExecutor } from '../../db/client';
import { attendanceRecords } from '../../db/schema';

export type PastMark = Omit<typeof attendanceRecords.$inferInsert, 'id' | 'academyId'>;

/**
 * Marks of past class days, as they were taken (who marked, when), in the caller's transaction: the
 * demo academy's weeks of attendance, in one statement per 1,000 marks. The caller brings marks of
 * enrolled students on class days; nothing is checked, no alert is sent.
 */
export async function recordPastAttendance(tx: DbExecutor, marks: readonly PastMark[]): Promise<void> {
  for (let start = 0; start < marks.length; start += 1000) await tx.insert(attendanceRecords).values(marks.slice(start, start + 1000));
}
