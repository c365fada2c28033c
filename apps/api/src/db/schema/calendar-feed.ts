import { index, text, uuid } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { users } from './users';
import { academyId } from './academy-column';
import { createdAt } from './columns';

/**
 * A secret address per user for phone calendars, which subscribe without a session cookie. Only the
 * token's hash is kept: the address is shown once, and asking for a new one stops the old one.
 */
export const calendarFeeds = academyTable(
  'calendar_feeds',
  {
    academyId: academyId(),
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Random: globally unique, as the feed's address is looked up by it.
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [index('calendar_feeds_academy_idx').on(table.academyId)],
);
