import { sql } from 'drizzle-orm';
import { check, index, integer, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { academyId } from './academy-column';

/**
 * Signing in (modules/auth): failed sign-ins and phone codes, the tries only auth writes. The sessions and
 * password links they lead to are modules/sessions' (schema/sessions.ts).
 */

/** Failed sign-ins, kept in the database so the limit holds across restarts and several servers. */
export const loginFailures = academyTable(
  'login_failures',
  {
    academyId: academyId(),
    id: uuid().primaryKey().defaultRandom(),
    email: varchar({ length: 254 }).notNull(),
    ip: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_email_created_idx').on(table.academyId, table.email, table.createdAt),
    index('login_failures_ip_created_idx').on(table.academyId, table.ip, table.createdAt),
  ],
);

/**
 * Six-digit codes sent to a phone (issue 37), one row per code; only the newest of a phone and purpose
 * works: `sign-in` (a parent signing in) or `admission` (a family without email proving its phone on
 * the admission form, answered with a proof the form sends back once, like the email codes). The code
 * is stored as an HMAC keyed with the server's secret (a million values would otherwise be reversed at
 * once). The rows also count the sends per phone and per client address.
 */
export const signInCodes = academyTable(
  'sign_in_codes',
  {
    academyId: academyId(),
    id: uuid().primaryKey().defaultRandom(),
    purpose: text({ enum: ['sign-in', 'admission'] }).notNull().default('sign-in'),
    phone: varchar({ length: 20 }).notNull(),
    // sha256 of the random proof handed out when an admission code is right.
    proofHash: text(),
    proofExpiresAt: timestamp({ withTimezone: true }),
    proofUsedAt: timestamp({ withTimezone: true }),
    codeHash: text().notNull(),
    ip: varchar({ length: 64 }).notNull(),
    wrongTries: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /**
     * When its message was queued to the phone (issue 53). Null: an ask that sent nothing (a number that
     * is no parent's, or past the phone's allowance); such a row only counts the client's asks and never
     * works as a code. The phone's allowance and the academy's hourly ceiling count sent rows only.
     */
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sign_in_codes_phone_created_idx').on(table.phone, table.createdAt),
    index('sign_in_codes_phone_sent_idx').on(table.phone, table.sentAt),
    index('sign_in_codes_sent_idx').on(table.academyId, table.sentAt).where(sql`${table.sentAt} is not null`),
    index('sign_in_codes_ip_created_idx').on(table.academyId, table.ip, table.createdAt),
    index('sign_in_codes_proof_idx').on(table.proofHash),
    check('sign_in_codes_purpose_check', sql`${table.purpose} in ('sign-in', 'admission')`),
  ],
);
