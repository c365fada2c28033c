import { sql, type SQL } from 'drizzle-orm';

/**
 * This server's clock as a statement's parameter (issue 77, decision 053), where a statement may not call
 * `now()`: Citus refuses a function that is not IMMUTABLE in an upsert's `DO UPDATE SET` and in
 * `RETURNING` on a distributed table (the architecture rule `citus-statements` reports them).
 */
export function appNowSql(now: Date = new Date()): SQL {
  return sql`${now.toISOString()}::timestamptz`;
}
