import type { DbExecutor } from '../../db/client';
import { examMarks, exams } from '../../db/schema';

export type PastExam = Omit<typeof exams.$inferInsert, 'id' | 'academyId'>;
export type PastMarks = Omit<typeof examMarks.$inferInsert, 'id' | 'academyId' | 'examId'>;

/**
 * A test held and published in the past with its marks (the demo academy's weekly tests), in the
 * caller's transaction; no results message is queued (the families heard of it then). Answers its id.
 */
export async function recordPastExam(tx: DbExecutor, exam: PastExam, marks: readonly PastMarks[]): Promise<string> {
  const [row] = await tx.insert(exams).values(exam).returning({ id: exams.id });
  if (marks.length > 0) await tx.insert(examMarks).values(marks.map((mark) => ({ ...mark, examId: row!.id })));
  return row!.id;
}
