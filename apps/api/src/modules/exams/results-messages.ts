import { sql } from 'drizzle-orm';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { notifyParents, PARENT_SENDER_JOB } from '../family-outbox';

type MarkRow = { studentId: string; child: string; test: string; date: string; halfMarks: number | null; maxHalfMarks: number; absent: boolean };

/** "17.5/20" from half marks; a whole number stays whole. */
const marksText = (half: number) => String(half / 2);

/**
 * The exams module's job queued when results are published (events/catalog.ts, decision 083): each student with a mark (or marked absent) has their parents told, in each
 * parent's language, by their channel (issue 37). Safe to repeat: a message is kept once per key.
 */
export function defineExamJobs(jobs: Jobs, db: Db): void {
  jobs.define('exam-results-messages', {
    label: 'Results told to parents',
    maxAttempts: 5,
    // One transaction: the messages and the sender's run commit together, or neither (then retried).
    run: (payload) => db.transaction(async (tx) => {
      const { rows } = await tx.execute<MarkRow>(sql`
        select m.student_id as "studentId", u.name as child, t.name as test, t.date::text as date,
          m.half_marks as "halfMarks", t.max_half_marks as "maxHalfMarks", m.absent
        from exam_marks m join exams t on t.id = m.exam_id and t.academy_id = m.academy_id join students s on s.id = m.student_id and s.academy_id = m.academy_id join users u on u.id = s.user_id and u.academy_id = s.academy_id
        where m.exam_id = ${payload.examId} and s.status = 'active'`);
      for (const row of rows) {
        const score = (language: Language) => (row.absent || row.halfMarks === null ? word('reportCard', 'Absent', language) : `${marksText(row.halfMarks)}/${marksText(row.maxHalfMarks)}`);
        const messages = Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            {
              subject: word('mail', 'Results of {test}: {child}', language, { test: row.test, child: row.child }),
              text: word('mail', '{parent}, the results of {test} are out. {child}: {score}.', language, { parent: '{parent}', test: row.test, child: row.child, score: score(language) }),
            },
          ]),
        ) as Record<Language, { subject: string; text: string }>;
        await notifyParents(tx, undefined, {
          studentId: row.studentId,
          kind: 'results',
          key: `results:${payload.examId}:${row.studentId}`,
          date: row.date,
          messages,
          payload: { child: { _id: row.studentId, name: row.child }, test: { _id: payload.examId, name: row.test, date: row.date }, score: score('en') },
          values: { child: row.child, test: row.test, score: { en: score('en'), mr: score('mr'), hi: score('hi') } },
        });
      }
      // Sent once this delivery commits (the rows above are in its transaction).
      if (rows.length > 0) await jobs.enqueue(PARENT_SENDER_JOB, {}, { transaction: tx });
    }),
  });
}
