import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { academies } from './academies';
import { users } from './users';
import { createdAt, idColumn, requiredRef } from './columns';

/**
 * The codes that prove a new academy's owner reads their email (issue 55, "Start your academy" at the
 * platform's address). A PLATFORM table (lib/tenancy.ts): the academy does not exist yet when the code is
 * sent. Only the code's keyed hash is kept; a code expires, allows five wrong tries and is used once.
 * Its rows are also the send log the per-email and per-address limits count (db/code-send-limits.ts).
 */
export const academySignupCodes = pgTable(
  'academy_signup_codes',
  {
    id: idColumn(),
    // Lower case.
    email: varchar({ length: 254 }).notNull(),
    codeHash: text().notNull(),
    ip: varchar({ length: 64 }).notNull(),
    wrongTries: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    // When an academy was made with it: a code starts one academy only.
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('academy_signup_codes_email_created_idx').on(table.email, table.createdAt), index('academy_signup_codes_ip_created_idx').on(table.ip, table.createdAt)],
);

/**
 * A new academy's owner carried signed in from the platform's address to the academy's own (a cookie
 * cannot cross hosts): a random token, kept as its sha256, valid two minutes, used once, exchanged at
 * the academy's address for a session (POST /api/auth/hand-off). An ACADEMY table: row-level security
 * keeps one academy's hand-offs from another's address.
 */
export const signInHandOffs = academyTable(
  'sign_in_hand_offs',
  {
    academyId: uuid()
      .notNull()
      .default(sql`current_academy_id()`)
      .references(() => academies.id),
    id: idColumn(),
    userId: requiredRef(() => users.id, 'cascade'),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('sign_in_hand_offs_academy_user_idx').on(table.academyId, table.userId),
    // Unique within the academy, as every academy key is (issue 71): a restore or a copy never meets another academy's row.
    unique('sign_in_hand_offs_academy_token_unique').on(table.academyId, table.tokenHash),
  ],
);
