import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, requiredRef } from './columns';

/**
 * The platform's own tables (issue 55, decision 053): the academies this deployment hosts, their own
 * domains and the operators who run the platform. These are the only tables without `academy_id` and
 * without row-level security; lib/tenancy.ts names them in PLATFORM_TABLES.
 *
 * A one-academy installation (ACADEMY_HOSTING=one) has exactly one row, made by migration 0057 with the
 * fixed id FIRST_ACADEMY_ID, to which every existing row was given.
 */
export const academies = pgTable(
  'academies',
  {
    id: idColumn(),
    // The academy's address: `<slug>.<BASE_DOMAIN>`. Lower case letters, digits and hyphens.
    slug: varchar({ length: 40 }).notNull(),
    name: varchar({ length: 120 }).notNull(),
    city: varchar({ length: 80 }),
    language: varchar({ length: 2 }).notNull().default('en'),
    // The first part of its students' IDs (SHR-2026-0001): from its name at sign-up (issue 73), LAT for
    // the first academy (issue 21). Capitals, 2 to 6 letters.
    studentIdPrefix: varchar({ length: 6 }).notNull().default('LAT'),
    // active | suspended (site and sign-ins show a notice, jobs pause) | closed (data removed 30 days after closedAt)
    status: varchar({ length: 12 }).notNull().default('active'),
    suspendedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('academies_slug_unique').on(table.slug),
    check('academies_status_check', sql`${table.status} in ('active', 'suspended', 'closed')`),
    check('academies_slug_check', sql`${table.slug} ~ '^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$'`),
  ],
);

/** An academy's own domain (`www.shreeacademy.in`), served once verified by a DNS TXT record or a file. */
export const academyDomains = pgTable(
  'academy_domains',
  {
    id: idColumn(),
    academyId: requiredRef(() => academies.id, 'cascade'),
    // Lower case, no port.
    domain: varchar({ length: 253 }).notNull(),
    // The value the TXT record `_academy.<domain>` or the file /.well-known/academy-verification must hold.
    verificationToken: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // Several academies may claim a domain while none has proved it (a squatter cannot block its owner);
    // once one proves it, it is that academy's alone and the other claims are removed.
    uniqueIndex('academy_domains_verified_domain_unique').on(table.domain).where(sql`${table.verifiedAt} is not null`),
    uniqueIndex('academy_domains_academy_domain_unique').on(table.academyId, table.domain),
  ],
);
