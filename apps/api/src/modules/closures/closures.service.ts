import { sql, type SQL } from 'drizzle-orm';
import type { Closure } from '@academy/shared/schemas/announcements';
import { academySql, type DbExecutor } from '../../db/client';

/**
 * Closures: announcements marked `closure` close the academy on their dates (00:00 to 23:59) for
 * their batches, or for every batch when they name none. One rule, used by the schedules, the
 * calendar feeds and attendance marking.
 */

/** Closures overlapping [from, to] that concern at least one of the batches (all of them when `batchIds` is undefined). */
export async function closuresBetween(db: DbExecutor, from: string, to: string, batchIds?: string[]): Promise<Closure[]> {
  // Both tables name the academy by value: on Citus the statement goes to its shard alone (decision 053).
  const { rows } = await db.execute<Closure>(sql`
    select a.start_date as "startDate", a.end_date as "endDate", a.title,
      coalesce(array_agg(ab.batch_id) filter (where ab.batch_id is not null), '{}') as "batchIds"
    from announcements a
    left join announcement_batches ab on ab.announcement_id = a.id and ab.academy_id = a.academy_id and ab.academy_id = ${academySql()}
    where a.academy_id = ${academySql()} and a.closure and a.start_date <= ${to} and a.end_date >= ${from}
    group by a.academy_id, a.id
    ${
      batchIds
        ? sql`having count(ab.batch_id) = 0 or bool_or(ab.batch_id = any(${sql.param(batchIds)}::uuid[]))`
        : sql``
    }
    order by a.start_date, a.title`);
  // node-postgres returns uuid[] as a string[] already; dates stay 'YYYY-MM-DD' (the pool's type parser).
  return rows;
}

/** The closure that closes this batch on this date, if any (its title, for the message). */
export async function closureTitleOn(db: DbExecutor, batchId: string, date: string): Promise<string | null> {
  const found = await closuresBetween(db, date, date, [batchId]);
  return found[0]?.title ?? null;
}

/**
 * closureTitleOn as a scalar subquery (text or null), for a statement that reads it with other things
 * in one round trip (the day's roster): the same closures, the same first one.
 */
export function closureTitleSql(batchId: string, date: string): SQL {
  return sql`(select a.title
    from announcements a
    left join announcement_batches ab on ab.announcement_id = a.id and ab.academy_id = a.academy_id
    where a.academy_id = ${academySql()} and a.closure and a.start_date <= ${date}::date and a.end_date >= ${date}::date
    group by a.academy_id, a.id
    having count(ab.batch_id) = 0 or bool_or(ab.batch_id = ${batchId}::uuid)
    order by a.start_date, a.title
    limit 1)`;
}

