import { sql } from 'drizzle-orm';
import { boolean, check, index, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { LANGUAGES } from '@academy/shared/languages';
import { ROLES } from '@academy/shared/roles';
import { academyId } from './academy-column';
import { createdAt } from './columns';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export { timestamps };

export const users = academyTable(
  'users',
  {
    academyId: academyId(),
    id: uuid().primaryKey().defaultRandom(),
    name: varchar({ length: 120 }).notNull(),
    // Always stored lower-case; the unique index on lower(email) guards against any path that forgets.
    // Null only for a student without an email of their own (issue 21): they sign in with their student ID.
    email: varchar({ length: 254 }),
    // Null until the person sets a password (an account created with a set-password mail).
    passwordHash: text(),
    role: text({ enum: ROLES }).notNull(),
    avatarUrl: text(),
    // The language the person reads the app and their mails in (issue 20).
    language: text({ enum: LANGUAGES }).notNull().default('en'),
    isActive: boolean().notNull().default(true),
    lastLoginAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(table.academyId, sql`lower(${table.email})`),
    index('users_role_idx').on(table.academyId, table.role),
    // Student and teacher lists search names and emails with ILIKE '%…%' (pg_trgm).
    index('users_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    check('users_role_check', sql`${table.role} in ('admin', 'teacher', 'student', 'parent')`),
    // Staff need an email; a student signs in with their student ID (issue 21), a parent may have only a phone (issue 37).
    check('users_email_required_check', sql`${table.email} is not null or ${table.role} in ('student', 'parent')`),
    check('users_language_check', sql`${table.language} in ('en', 'mr', 'hi')`),
  ],
);

/**
 * The user who did something to a row (made, marked, decided it): deleting the account keeps the row
 * and clears the link.
 */
export const userRef = () => uuid().references(() => users.id, { onDelete: 'set null' });

/** Who made the row and when: the pair most records of the office's work carry. */
export const createdByAndAt = () => ({ createdBy: userRef(), createdAt: createdAt() });
