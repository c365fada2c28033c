import { sql } from 'drizzle-orm';
import { index, integer, jsonb, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { academyId, academyRow } from './academy-column';
import { createdAt, requiredRef } from './columns';

/**
 * Domain events (decision 026): what happened in one module, written in the same transaction as the
 * change itself, so an event exists exactly when its change was committed. The types and their
 * payloads are listed in src/events/catalog.ts. Rows older than 30 days are pruned.
 */
export const domainEvents = academyTable(
  'domain_events',
  {
    ...academyRow(),
    type: varchar({ length: 100 }).notNull(),
    payload: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('domain_events_created_idx').on(table.academyId, table.createdAt)],
);

/**
 * One row per event and handler subscribed to its type, written with the event: the delivery's state.
 * `pending` until the handler succeeded (`done`, never run again) or gave up after its last attempt
 * (`failed`); a failed attempt keeps its error and waits until `nextAttemptAt`.
 */
export const domainEventDeliveries = academyTable(
  'domain_event_deliveries',
  {
    academyId: academyId(),
    eventId: requiredRef(() => domainEvents.id, 'cascade'),
    handler: varchar({ length: 100 }).notNull(),
    /** 'pending', 'done' or 'failed'. */
    status: varchar({ length: 20 }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** When a pending delivery may be tried (again); null once done or failed. */
    nextAttemptAt: timestamp({ withTimezone: true }).defaultNow(),
    lastError: text(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'domain_event_deliveries_pkey', columns: [table.academyId, table.eventId, table.handler] }),
    index('domain_event_deliveries_academy_idx').on(table.academyId),
    // The delivery job's question: which pending deliveries are due?
    index('domain_event_deliveries_due_idx')
      .on(table.academyId, table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
