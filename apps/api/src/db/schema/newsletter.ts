import { sql } from 'drizzle-orm';
import { uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { academyRow } from './academy-column';
import { createdAt } from './columns';

export const newsletterSubscriptions = academyTable(
  'newsletter_subscriptions',
  {
    ...academyRow(),
    // Stored lower-case; the unique index on lower(email) makes a second subscription impossible.
    email: varchar({ length: 254 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_lower_unique').on(table.academyId, sql`lower(${table.email})`)],
);
