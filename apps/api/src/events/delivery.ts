import { sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../db/client';
import { queueJobRun, retryDelayMs } from '../db/job-runner';
import { SUBSCRIBERS, type DomainEvent, type DomainEventType, type Jobs, type SubscriberOf } from './catalog';
import { DOMAIN_EVENTS_JOB } from './emit';
import { academySql } from '../db/same-academy';

/**
 * A handler reacts to one event. It may run more than once for the same event (a server dying after
 * the handler but before its "done" is committed), so it must be idempotent: check before acting, or
 * use keys that make a second run a no-op. Its database work should go through `tx`: it then commits
 * together with the delivery's "done", and is rolled back if the handler throws.
 */
export type EventHandler<T extends DomainEventType> = (event: DomainEvent<T>, tx: DbExecutor) => Promise<void>;

/** Tries of one delivery before it is marked failed (then the admin sees it; it is not tried again). */
export const DELIVERY_MAX_ATTEMPTS = 5;
const ERROR_LENGTH = 1000;
/** Events (and their deliveries) older than this are removed by the delivery job. */
const KEEP_DAYS = 30;
/**
 * The periodic run's interval: events are delivered at once by their wake-up runs and retried by the
 * wake-up queued at a failure; this run only catches what those missed (a server stopped in between),
 * removes old events and shows a handler's failure on the jobs screen. Every minute it cost 300
 * academies 300 runs a minute that found nothing (issue 74).
 */
export const DELIVERY_SWEEP_MS = 5 * 60_000;

export type EventHandlers = {
  /** Registers the implementation of a handler listed in SUBSCRIBERS (catalog.ts) for this type. */
  handle<T extends DomainEventType>(type: T, name: SubscriberOf<T>, handler: EventHandler<T>): void;
  /** Throws unless every subscriber in the catalog has been registered (app.ts, after all modules). */
  assertComplete(): void;
  /** Runs every due delivery once (one at a time); returns how many succeeded and the failures. */
  deliverDue(): Promise<{ delivered: number; failed: string[] }>;
};

type DueDelivery = { event_id: string; handler: string; attempts: number; type: DomainEventType; payload: unknown; created_at: Date };

export function createEventHandlers(db: Db): EventHandlers {
  const handlers = new Map<string, { type: DomainEventType; run: EventHandler<DomainEventType> }>();

  /**
   * Takes the oldest due delivery, locked (FOR UPDATE SKIP LOCKED: another server takes the next one),
   * and runs its handler while holding the lock, in a savepoint of the same transaction. Success marks
   * it done; a failure is rolled back and recorded with its next attempt. A server that dies meanwhile
   * rolls everything back: the delivery is pending again for another server.
   */
  /** Whether a delivery of a registered handler is due now (deliverOne takes it, locked). */
  async function anythingDue(): Promise<boolean> {
    const names = [...handlers.keys()];
    if (names.length === 0) return false;
    const { rows } = await db.execute<{ due: boolean }>(sql`
      select exists (select 1 from domain_event_deliveries d
        where d.academy_id = ${academySql()} and d.status = 'pending' and d.next_attempt_at <= now()
          and d.handler in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})) as due`);
    return rows[0]?.due === true;
  }

  async function deliverOne(): Promise<{ handled: boolean; failure?: string; retryInMs?: number }> {
    const names = [...handlers.keys()];
    if (names.length === 0) return { handled: false };
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<DueDelivery>(sql`
        select d.event_id, d.handler, d.attempts, e.type, e.payload, e.created_at
        from domain_event_deliveries d join domain_events e on e.id = d.event_id and e.academy_id = d.academy_id
        where d.academy_id = ${academySql()} and d.status = 'pending' and d.next_attempt_at <= now()
          and d.handler in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})
        order by e.created_at, d.event_id
        limit 1
        for update of d skip locked`);
      const due = rows[0];
      if (!due) return { handled: false };
      const registered = handlers.get(due.handler)!;
      const event = { id: due.event_id, type: due.type, payload: due.payload, createdAt: new Date(due.created_at) } as DomainEvent;
      const where = sql`event_id = ${due.event_id}::uuid and handler = ${due.handler}`;
      const attempts = due.attempts + 1;
      try {
        await tx.transaction((savepoint) => registered.run(event, savepoint));
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH);
        const giveUp = attempts >= DELIVERY_MAX_ATTEMPTS;
        await tx.execute(sql`
          update domain_event_deliveries set attempts = ${attempts}, last_error = ${message},
            status = ${giveUp ? 'failed' : 'pending'},
            next_attempt_at = ${giveUp ? null : sql`now() + ${retryDelayMs(attempts)}::float8 * interval '1 millisecond'`}
          where ${where}`);
        return { handled: true, failure: `${due.handler} (${due.type} ${due.event_id}, attempt ${attempts}): ${message}`, ...(giveUp ? {} : { retryInMs: retryDelayMs(attempts) }) };
      }
      await tx.execute(sql`
        update domain_event_deliveries set attempts = ${attempts}, status = 'done', done_at = now(), next_attempt_at = null, last_error = null
        where ${where}`);
      return { handled: true };
    });
  }

  return {
    handle(type, name, handler) {
      const listed: readonly string[] = SUBSCRIBERS[type];
      if (!listed.includes(name)) throw new Error(`event handler ${name} is not listed for ${type} in events/catalog.ts`);
      if (handlers.has(name)) throw new Error(`event handler ${name} is registered twice`);
      handlers.set(name, { type, run: handler as EventHandler<DomainEventType> });
    },
    assertComplete() {
      for (const [type, names] of Object.entries(SUBSCRIBERS))
        for (const name of names) if (handlers.get(name)?.type !== type) throw new Error(`event handler ${name} (${type}) is listed in events/catalog.ts but not registered`);
    },
    async deliverDue() {
      let delivered = 0;
      const failed: string[] = [];
      // Most minutes most academies have nothing due: one plain read says so, instead of a transaction's
      // three round trips (BEGIN, the locking read, COMMIT) in each academy every minute (issue 74).
      if (!(await anythingDue())) return { delivered, failed };
      let retryInMs: number | undefined;
      // Bounded, so one run cannot go on forever while events keep arriving (the next run goes on).
      for (let i = 0; i < 500; i += 1) {
        const result = await deliverOne();
        if (!result.handled) break;
        if (result.failure) failed.push(result.failure);
        else delivered += 1;
        if (result.retryInMs !== undefined) retryInMs = Math.min(retryInMs ?? Infinity, result.retryInMs);
      }
      // A failed delivery is tried again at its time by a wake-up run (one for the soonest), not when the
      // periodic run next comes: that one is the safety net, every few minutes (DELIVERY_SWEEP_MS).
      if (retryInMs !== undefined) await queueJobRun(db, DOMAIN_EVENTS_JOB, { wakeUp: true }, new Date(Date.now() + retryInMs + 1000));
      return { delivered, failed };
    },
  };
}

/**
 * The "Domain events" job: every five minutes, at once after each emitted event (its wake-up run), and
 * when a failed delivery's next attempt is due (the wake-up deliverDue queues), it delivers what is due. The periodic run also removes old events, and fails visibly on the admin's
 * jobs screen when a handler failed (the delivery itself is retried on its own schedule). Wake-up runs
 * never fail: their failed deliveries are left to that schedule and to the periodic run.
 */
export function defineEventDelivery(jobs: Jobs, db: Db, events: EventHandlers): void {
  jobs.define(DOMAIN_EVENTS_JOB, {
    label: 'Follow-up work after a change (absence alerts, fee receipts)',
    everyMs: DELIVERY_SWEEP_MS,
    maxAttempts: 1,
    run: async (payload) => {
      const wakeUp = payload.wakeUp === true;
      const { failed } = await events.deliverDue();
      if (wakeUp) return;
      await db.execute(sql`delete from domain_events where created_at < now() - ${KEEP_DAYS}::int * interval '1 day'`);
      if (failed.length > 0) throw new Error(`${failed.length} event handler(s) failed: ${failed.join('; ')}`);
    },
  });
}
