import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RESET_TOKEN_PURPOSES } from '@academy/shared/schemas/auth';
import { users } from './users';
import { academyId } from './academy-column';

/**
 * Links to choose a password: sent by forgot-password (`reset`, 30 minutes) or to a new account
 * (`welcome`, 7 days). Single use; only the sha256 of the token is kept.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    academyId: academyId(),
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    purpose: text({ enum: RESET_TOKEN_PURPOSES }).notNull().default('reset'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('password_reset_tokens_user_id_idx').on(table.userId, table.createdAt),
    index('password_reset_tokens_academy_expires_idx').on(table.academyId, table.expiresAt),
    check('password_reset_tokens_purpose_check', sql`${table.purpose} in ('reset', 'welcome')`),
  ],
);
