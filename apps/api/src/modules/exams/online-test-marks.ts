import { sql } from 'drizzle-orm';
import { academySql } from '../../db/same-academy';
import type { DbExecutor } from '../../db/client';
import { queueJob } from '../../events/queue-job';

/**
 * An online test's scores as a batch's published test (issue 40), so they reach everything tests do:
 * the student's and parent's results, the progress chart, the report card, the parents' message (the
 * `exam-results-messages` job). Called by the online-tests module once the test has closed, in its
 * transaction. A score below zero (negative marking) is recorded as 0, since marks are never negative;
 * a student of the batch who did not take it is absent.
 */
export async function recordOnlineTestMarks(tx: DbExecutor, input: { batchId: string; name: string; date: string; maxHalfMarks: number; onlineTestId: string }): Promise<string> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into exams (batch_id, name, date, max_half_marks, topic, published_at)
    values (${input.batchId}, ${input.name.slice(0, 120)}, ${input.date}, ${input.maxHalfMarks}, 'Online test', now())
    returning id`);
  const examId = rows[0]!.id;
  await tx.execute(sql`
    insert into exam_marks (exam_id, student_id, half_marks, absent)
    select ${examId}, s.id,
      case when a.submitted_at is null then null else least(greatest(a.score_half_marks, 0), ${input.maxHalfMarks}) end,
      a.submitted_at is null
    from batch_students bs
    join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active'
    left join online_test_attempts a on a.online_test_id = ${input.onlineTestId} and a.student_id = s.id and a.academy_id = s.academy_id
    where bs.academy_id = ${academySql()} and bs.batch_id = ${input.batchId}
    returning student_id`); // the academy as a parameter and returning: one shard and no COPY on Citus (decision 053)
  await queueJob(tx, 'exam-results-messages', { examId });
  return examId;
}
