import { sql } from 'drizzle-orm';
import { uuid } from 'drizzle-orm/pg-core';
import { academies } from './academies';
import { idColumn } from './columns';

/**
 * The column every academy table carries (issue 55, decision 053): whose row it is. Its default is the
 * academy of the connection's `app.academy_id` setting (db/client.ts sets it from the async context), so
 * inserts name no academy; row-level security (migration 0058, policy `academy_only`) shows and accepts
 * only the rows of that academy. Keys between academy tables are `(academy_id, …)` (academy-table.ts).
 */
export const academyId = () =>
  uuid()
    .notNull()
    .default(sql`current_academy_id()`)
    .references(() => academies.id);

/** The first columns of most academy tables: whose row it is and the row's own id. */
export const academyRow = () => ({ academyId: academyId(), id: idColumn() });
