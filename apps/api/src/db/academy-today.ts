import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@academy/shared/schedule';
import { academySettings } from './schema';
import { academySql } from './same-academy';

/*
 * The server's "today" inside SQL (issue 36 point 3): the one place a query works out the academy's
 * date, so a query needs no round trip for the settings first. In TypeScript the same day comes from
 * `academyToday` (settings service), built on `todayIn` of @academy/shared/calendar.
 */

/**
 * The academy's time zone, read inside the query: its settings row, else the default zone. The row is named
 * by the academy's value, not only by row-level security: on Citus the statement then reaches that academy's
 * shard alone (decision 053). Built for each statement, inside the academy's work.
 */
export const academyTimeZoneSql = (): SQL => sql`coalesce((select ${academySettings.timeZone} from ${academySettings} where ${academySettings.academyId} = ${academySql()}), ${DEFAULT_TIME_ZONE})`;

/** Today (a `date`) where the academy is, not where the database server is. */
export const academyTodaySql = (): SQL => sql`(now() at time zone ${academyTimeZoneSql()})::date`;

/**
 * The instant a day begins where the academy is: `day` is a 'YYYY-MM-DD' value or a SQL date
 * expression (`sql\`${date}::date + 1\`` for the next day's start, the end of a day). `timeZone`, when
 * the caller already has the settings, saves the lookup. The one spelling of "start of the day in the
 * zone" (issue 79): a range of timestamps for a day is `>= start(day)` and `< start(day + 1)`.
 */
export function academyDayStartSql(day: SQL | string, timeZone: SQL | string = academyTimeZoneSql()): SQL {
  return sql`((${day})::date::timestamp at time zone ${timeZone})`;
}
