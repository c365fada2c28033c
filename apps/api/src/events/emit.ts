import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { queueJobRun, wakeJobRunners } from '../db/job-runner';
import { SUBSCRIBERS, type DomainEventPayloads, type DomainEventType, type JobPayloads } from './catalog';

/** The job that delivers events to their handlers (defined in app.ts through `defineEventDelivery`). */
export const DOMAIN_EVENTS_JOB = 'domain-events' satisfies keyof JobPayloads;

/** The wake-up run's payload (the catalog's type for this job). */
const WAKE_UP: JobPayloads[typeof DOMAIN_EVENTS_JOB] = { wakeUp: true };

/**
 * Records that something happened, inside the caller's transaction (pass the `tx`, not the pool): the
 * event, one pending delivery per subscribed handler, and a one-off run of the delivery job due now, so
 * the event is handled at the next poll instead of the next periodic run. All of it commits or rolls
 * back with the change itself: a rolled-back change never reaches a handler, a committed one always does.
 */
export async function emitEvent<T extends DomainEventType>(tx: DbExecutor, event: { type: T; payload: DomainEventPayloads[T] }): Promise<string> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into domain_events (type, payload) values (${event.type}, ${JSON.stringify(event.payload)}::jsonb) returning id`);
  const id = rows[0]!.id;
  const handlers: readonly string[] = SUBSCRIBERS[event.type];
  if (handlers.length === 0) return id;
  await tx.execute(sql`
    insert into domain_event_deliveries (event_id, handler)
    values ${sql.join(
      handlers.map((handler) => sql`(${id}::uuid, ${handler})`),
      sql`, `,
    )}`);
  // The wake-up: a run of the delivery job in this transaction (the runner's own `enqueue` uses the pool).
  await queueJobRun(tx, DOMAIN_EVENTS_JOB, WAKE_UP);
  wakeJobRunners();
  return id;
}

/**
 * Forgets the events recorded so far, in the caller's transaction: for a past made up in one go (the
 * demo academy's payments), which is not news to anyone. Their wake-up runs find nothing to deliver.
 */
export async function forgetEvents(tx: DbExecutor): Promise<void> {
  await tx.execute(sql`delete from domain_events`);
}
