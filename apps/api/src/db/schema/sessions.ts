import { sql } from 'drizzle-orm';
import { check, index, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { RESET_TOKEN_PURPOSES } from '@academy/shared/schemas/auth';
import { users } from './users';
import { academyId } from './academy-column';

/**
 * An account's ways in (modules/sessions): its sessions and its set-password links. Owned by a small
 * module of their own, low in the house, because two rooms change them: auth opens, renews and ends
 * sessions and sends reset links; users ends an account's sessions (a new password, a disabled account)
 * and sends its welcome link. Users stands below auth, so neither could own them and call the other.
 */

export const sessions = academyTable(
  'sessions',
  {
    academyId: academyId(),
    id: uuid().primaryKey().defaultRandom(),
    // sha256 of the cookie's random token: a stolen database copy holds no usable session.
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 512 }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), index('sessions_expires_at_idx').on(table.academyId, table.expiresAt)],
);

/**
 * Links to choose a password: sent by forgot-password (`reset`, 30 minutes) or to a new account
 * (`welcome`, 7 days). Single use; only the sha256 of the token is kept.
 */
export const passwordResetTokens = academyTable(
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
