import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyId } from './academy-column';

/**
 * Request counters of the rate limits, shared by every server on the database: one row per route and
 * client (or account) per fixed window. Rows past `expiresAt` are dead; a job prunes them.
 */
export const rateLimitHits = pgTable(
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
export const jobs = pgTable(
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
 * The progress of the admin's manual backups and restores (modules/backups/backup-jobs.ts), shared so
 * that the Backup screen can follow a job whichever server its poll reaches. `state` is the BackupJob
 * the API answers; `heartbeatAt` moves while the job runs, so a job of a server that died is seen as
 * stopped, not running forever.
 */
export const backupJobs = pgTable(
  'backup_jobs',
  {
    academyId: academyId(),
    id: uuid().primaryKey(),
    state: jsonb().notNull(),
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('backup_jobs_heartbeat_idx').on(table.academyId, table.heartbeatAt)],
);
