// The tables of db/: the job runner's (db/job-runner.ts) and the rate limits' counters (db/rate-limit-store.ts).
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { academies } from './academies';
import { academyId } from './academy-column';
import { createdAt } from './columns';

/**
 * Request counters of the rate limits, shared by every server on the database: one row per route and
 * client (or account) per fixed window. Rows past `expiresAt` are dead; a job prunes them.
 */
export const rateLimitHits = academyTable(
  'rate_limit_hits',
  {
    academyId: academyId(),
    key: varchar({ length: 400 }).notNull(),
    hits: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.academyId, table.key] }), index('rate_limit_hits_expires_idx').on(table.academyId, table.expiresAt)],
);

/**
 * The platform's own request counters (issue 55): the rate limits of the platform's address (sign-up, the
 * operator), which is no academy's, and the caps that count across academies (codes sent to one phone
 * number from every academy's forms). Keys only, no academy's records; the same windows as rate_limit_hits.
 */
export const platformRateLimitHits = pgTable(
  'platform_rate_limit_hits',
  {
    key: varchar({ length: 400 }).primaryKey(),
    hits: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('platform_rate_limit_hits_expires_idx').on(table.expiresAt)],
);

/**
 * The job runner's rows (db/job-runner.ts). A periodic job has one row keyed by its name, moved to its next
 * run after each run; a one-off job has its own key and is deleted once done. A runner claims a due
 * row with FOR UPDATE SKIP LOCKED and leases it until `lockedUntil`, so one server runs it.
 */
export const jobs = academyTable(
  'jobs',
  {
    academyId: academyId(),
    // A periodic job's key is its name, the same in every academy: unique per academy.
    key: varchar({ length: 200 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    payload: jsonb().notNull().default(sql`'{}'::jsonb`),
    /** For a periodic job, the time between runs; null for a one-off job. */
    everyMs: bigint({ mode: 'number' }),
    /** When it is due next; null once a one-off job has failed for good. */
    runAt: timestamp({ withTimezone: true }),
    /** Tries of the current run so far (reset after a success or when a periodic job gives up). */
    attempts: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lockedBy: varchar({ length: 100 }),
    lastStartedAt: timestamp({ withTimezone: true }),
    lastFinishedAt: timestamp({ withTimezone: true }),
    /** 'ok', 'retrying' (failed, tried again later) or 'failed' (gave up). */
    lastStatus: varchar({ length: 20 }),
    lastError: text(),
    lastDurationMs: integer(),
    lastAttempts: integer(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.academyId, table.key] }),
    // The runners' poll: due rows first.
    index('jobs_due_idx')
      .on(table.academyId, table.runAt)
      .where(sql`${table.runAt} is not null`),
    index('jobs_name_idx').on(table.name),
  ],
);

/**
 * A platform table that lets work find its academy before any academy is entered (issue 55, decision
 * 053): ids and times only, never an academy's content; lib/tenancy.ts names it in PLATFORM_TABLES.
 *
 * When each academy's earliest job is due (db/job-runner.ts): the runner reads this, not `jobs` (whose
 * row-level security shows one academy at a time), to visit every academy with due work in turn.
 * A trigger on `jobs` (migration 0059) moves it earlier when a job is queued or rescheduled earlier; the
 * runner sets it exactly after each visit. Null: nothing queued.
 */
export const jobHeads = pgTable(
  'job_heads',
  {
    academyId: uuid()
      .primaryKey()
      .references(() => academies.id, { onDelete: 'cascade' }),
    nextDueAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('job_heads_next_due_idx').on(table.nextDueAt)],
);
