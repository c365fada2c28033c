import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { academies } from './academies';
import { createdAt, idColumn, requiredRef } from './columns';

/** The people who run the platform (made from the CLI); they never read an academy's records. */
export const operators = pgTable(
  'operators',
  {
    id: idColumn(),
    email: varchar({ length: 254 }).notNull(),
    name: varchar({ length: 120 }).notNull(),
    passwordHash: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('operators_email_unique').on(sql`lower(${table.email})`)],
);

/** An operator's signed-in session at the base domain (the token's hash, as users' sessions keep it). */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: idColumn(),
    operatorId: requiredRef(() => operators.id, 'cascade'),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('operator_sessions_token_hash_unique').on(table.tokenHash), index('operator_sessions_operator_idx').on(table.operatorId)],
);

/**
 * Platform tables of the operator's screens (issue 55, decision 053); named in PLATFORM_TABLES.
 *
 * `academy_usage`: each academy's figures (counts only, never a record), counted inside that academy's
 * context (row-level security) and kept here so the operator's list of 300 academies is one query.
 * Refreshed when older than a few minutes, a few academies at a time (modules/operator/usage.service.ts).
 */
export const academyUsage = pgTable('academy_usage', {
  // The academy's own id (academies.id). Not called academy_id: that column marks the academy tables,
  // which row-level security guards; this row is the platform's, about one academy.
  id: uuid()
    .primaryKey()
    .references(() => academies.id, { onDelete: 'cascade' }),
  students: integer().notNull().default(0),
  staff: integer().notNull().default(0),
  storageBytes: bigint({ mode: 'number' }).notNull().default(0),
  messagesThisMonth: integer().notNull().default(0),
  lastActivityAt: timestamp({ withTimezone: true }),
  countedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The operators' failed sign-ins at the base domain (the same throttle as users' login_failures, which
 * is an academy table the platform's address cannot see). Rows older than a day are removed.
 */
export const operatorLoginFailures = pgTable(
  'operator_login_failures',
  {
    id: idColumn(),
    email: varchar({ length: 254 }).notNull(),
    ip: varchar({ length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('operator_login_failures_email_idx').on(table.email, table.createdAt), index('operator_login_failures_ip_idx').on(table.ip, table.createdAt)],
);
