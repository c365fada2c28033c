import { index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { academies } from './academies';

/**
 * Platform tables that let work find its academy before any academy is entered (issue 55, decision
 * 053). They hold ids and times only, never an academy's content; lib/tenancy.ts names them in
 * PLATFORM_TABLES.
 */

/**
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

/**
 * Which academy a WhatsApp Business phone number belongs to: Meta's webhook names the number
 * (`metadata.phone_number_id`), so a delivery arriving at the base domain finds its academy, and that
 * academy's app secret checks its signature. Kept when an academy saves its WhatsApp settings.
 */
export const academyWhatsappNumbers = pgTable(
  'academy_whatsapp_numbers',
  {
    phoneNumberId: varchar({ length: 64 }).primaryKey(),
    academyId: uuid()
      .notNull()
      .references(() => academies.id, { onDelete: 'cascade' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('academy_whatsapp_numbers_academy_idx').on(table.academyId)],
);
