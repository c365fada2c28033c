import { sql } from 'drizzle-orm';
import { pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyId } from './academy-column';

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    academyId: academyId(),
    id: uuid().primaryKey().defaultRandom(),
    // Stored lower-case; the unique index on lower(email) makes a second subscription impossible.
    email: varchar({ length: 254 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_lower_unique').on(table.academyId, sql`lower(${table.email})`)],
);
