import { sql } from 'drizzle-orm';
import { ATTEMPT_GRACE_SECONDS } from '@academy/shared/schemas/online-tests';
import type { Db } from '../../db/client';
import { academySql } from '../../db/same-academy';

/**
 * When the online tests' two sweeps have work (decision 115): the deadline job submits attempts past their
 * end, the closing job records a test's scores after its results time. Each runs when its next work is due
 * (these times) and every 10 minutes behind that; publishing a test queues a run of each at its times.
 */

/** A published test's scores are recorded this long after its results time (the closing job). */
const CLOSING_DELAY_SECONDS = 60;
export const CLOSING_DELAY = sql.raw(`interval '${CLOSING_DELAY_SECONDS} seconds'`);

/** How often the deadline job looks while a published test is open: an attempt may start at any moment. */
const OPEN_TEST_SWEEP_MS = 30_000;

/** When the closing job records a published test's scores: a second after its results time and the delay. */
export function recordingTimeOf(test: { closes_at: Date; results_at: Date | null }): Date {
  return new Date((test.results_at ?? test.closes_at).getTime() + (CLOSING_DELAY_SECONDS + 1) * 1000);
}

const asDate = (value: Date | string | null | undefined) => (value === null || value === undefined ? undefined : new Date(value));

/**
 * When the deadline job is next needed: the first unsubmitted attempt's end (its grace past), within
 * OPEN_TEST_SWEEP_MS while a published test is open, or the next test's opening; undefined when none is known.
 */
export async function nextAttemptDeadline(db: Db): Promise<Date | undefined> {
  const academy = academySql();
  const { rows } = await db.execute<{ next: Date | string | null }>(sql`
    select least(
      (select min(least(a.ends_at + ${ATTEMPT_GRACE_SECONDS + 1}::float8 * interval '1 second', ot.closes_at))
        from online_test_attempts a join online_tests ot on ot.id = a.online_test_id and ot.academy_id = a.academy_id
        where a.academy_id = ${academy} and ot.academy_id = ${academy} and a.submitted_at is null),
      (select now() + ${OPEN_TEST_SWEEP_MS}::float8 * interval '1 millisecond' where exists (
        select 1 from online_tests where academy_id = ${academy} and published_at is not null and opens_at <= now() and closes_at > now())),
      (select min(opens_at) from online_tests where academy_id = ${academy} and published_at is not null and opens_at > now())
    ) as next`);
  return asDate(rows[0]?.next);
}

/** When the closing job is next needed: the first published test not yet recorded, at its recording time. */
export async function nextTestClosing(db: Db): Promise<Date | undefined> {
  const { rows } = await db.execute<{ next: Date | string | null }>(sql`
    select min(coalesce(results_at, closes_at)) + ${CLOSING_DELAY} + interval '1 second' as next
    from online_tests where academy_id = ${academySql()} and published_at is not null and marks_recorded_at is null`);
  return asDate(rows[0]?.next);
}
