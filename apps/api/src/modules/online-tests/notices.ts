import { sql } from 'drizzle-orm';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { notifyParentsOfStudents, PARENT_SENDER_JOB } from '../family-outbox';
import { notifyStudentsOfOnlineTest } from '../notifications';
import { academyToday } from '../../academy-settings';
import { academyDateTime } from './papers.service';
import { submitDueAttempts } from './attempts.service';
import { recordClosedTests } from './results.service';
import { nextAttemptDeadline, nextTestClosing } from './sweep-times';

/**
 * The online-tests module's jobs: its two sweeps (below), and the job queued when a test is published
 * (events/catalog.ts, decision 083): its batches' students see it in their bell, their parents get a
 * message by their channel (the family outbox, kind `online-test`). Safe to repeat: a student is told once, a message kept once per key.
 */
export function defineOnlineTestJobs(jobs: Jobs, db: Db): void {
  jobs.define('online-test-notices', {
    label: 'Online tests told to students and parents',
    maxAttempts: 5,
    // One transaction: the messages and the sender's run commit together, or neither (then retried).
    run: (payload) => db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ title: string; opens_at: Date; closes_at: Date; student_ids: string[] | null }>(sql`
        select ot.title, ot.opens_at, ot.closes_at,
          (select array_agg(distinct bs.student_id) from online_test_batches otb join batch_students bs on bs.batch_id = otb.batch_id and bs.academy_id = otb.academy_id
            join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active' where otb.online_test_id = ot.id and otb.academy_id = ot.academy_id) as student_ids
        from online_tests ot where ot.id = ${payload.onlineTestId} and ot.published_at is not null`);
      const test = rows[0];
      if (!test) return;
      const [opens, closes, day] = await Promise.all([academyDateTime(tx, new Date(test.opens_at)), academyDateTime(tx, new Date(test.closes_at)), academyToday(tx, new Date(test.opens_at))]);
      await notifyStudentsOfOnlineTest(tx, { onlineTestId: payload.onlineTestId, title: test.title, opens });
      const messages = Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          {
            subject: word('mail', 'New online test: {test}', language, { test: test.title }),
            text: word('mail', '{parent}, your child has a new online test: {test}. It opens {opens} and closes {closes}.', language, { parent: '{parent}', test: test.title, opens, closes }),
          },
        ]),
      ) as Record<Language, { subject: string; text: string }>;
      const queued = await notifyParentsOfStudents(tx, undefined, test.student_ids ?? [], {
        kind: 'online-test',
        key: `online-test:${payload.onlineTestId}`,
        date: day,
        messages,
        payload: { onlineTest: { _id: payload.onlineTestId, title: test.title, opens, closes } },
        values: { test: test.title, opens, closes },
      });
      if (queued > 0) await jobs.enqueue(PARENT_SENDER_JOB, {}, { transaction: tx });
    }),
  });
  // Attempts past their end are submitted with what was saved; a closed test's scores go into its batches'
  // tests and marks. Each runs when its work is due (sweep-times.ts: an attempt's end, every 30 s while a
  // test is open, a test's recording time; publishing wakes both) and every 10 minutes behind that, so an
  // academy without an open test no longer runs them every minute (decision 115).
  jobs.define('online-test-deadlines', {
    label: 'Online test attempts submitted at their end',
    everyMs: SWEEP_EVERY_MS,
    nextRunAt: () => nextAttemptDeadline(db),
    run: () => submitDueAttempts(db).then(() => undefined),
  });
  jobs.define('online-test-closing', {
    label: 'Closed online tests recorded in tests and marks',
    everyMs: SWEEP_EVERY_MS,
    nextRunAt: () => nextTestClosing(db),
    run: () => recordClosedTests(db).then(() => undefined),
  });
}

/** The online tests' sweeps come at least this often (a test brought in by a restore or an import). */
const SWEEP_EVERY_MS = 10 * 60_000;
