import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A secret address per user for phone calendars, which subscribe without a session cookie. Only the
 * token's hash is kept: the address is shown once, and asking for a new one stops the old one.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
