import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database, type Db } from '../db/client';
import { createTestDatabaseConnection, ownerDatabaseOf } from '../../test/build-test-app';
import { createJobRunner } from '../db/job-runner';
import type { DomainEvent } from './catalog';
import { createEventHandlers, DELIVERY_MAX_ATTEMPTS, DELIVERY_SWEEP_MS, defineEventDelivery } from './delivery';
import { emitEvent } from './emit';

/**
 * Domain events (decision 026) on a database of their own: the handlers here stand in for the real
 * one (the parents' absence alerts, tested in parents/absence-alerts.test.ts), under its catalogued name.
 */
const HANDLER = 'parents.absence-alerts';
let one: Database;
let two: Database;
beforeAll(async () => {
  const connection = await createTestDatabaseConnection();
  one = createDatabase(connection);
  two = createDatabase(connection);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

const marked = (batchId: string) => ({ type: 'attendance.marked' as const, payload: { batchId, date: '2026-06-15', marks: [{ studentId: 'student-1', status: 'absent' }], onTheDay: true } });
const emit = (db: Db, batchId: string) => db.transaction((tx) => emitEvent(tx, marked(batchId)));
const deliveryOf = async (db: Db, eventId: string) =>
  (await db.execute<{ status: string; attempts: number; last_error: string | null; next_attempt_at: Date | null }>(sql`
    select status, attempts, last_error, next_attempt_at from domain_event_deliveries where event_id = ${eventId}::uuid and handler = ${HANDLER}`)).rows[0];

describe('domain events', () => {
  it('an event rolled back with its transaction is never delivered', async () => {
    const db = one.db;
    const seen: string[] = [];
    const events = createEventHandlers(db);
    events.handle('attendance.marked', HANDLER, async (event) => void seen.push(event.payload.batchId));
    await expect(
      db.transaction(async (tx) => {
        await emitEvent(tx, marked('rolled-back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = await emit(db, 'committed');
    expect(await events.deliverDue()).toEqual({ delivered: 1, failed: [] });
    expect(seen).toEqual(['committed']);
    expect((await db.execute(sql`select 1 from domain_events where payload->>'batchId' = 'rolled-back'`)).rows).toHaveLength(0);
    expect(await deliveryOf(db, committed)).toMatchObject({ status: 'done', attempts: 1, next_attempt_at: null });
    // Done is done: never run again.
    await db.execute(sql`update domain_event_deliveries set next_attempt_at = now()`);
    expect(await events.deliverDue()).toEqual({ delivered: 0, failed: [] });
    expect(seen).toEqual(['committed']);
  });

  it('a failing handler is retried with backoff, its work rolled back, then succeeds once; the jobs screen shows the failure', async () => {
    const db = one.db;
    // Made by the tables' owner; the serving role writes it (decision 068).
    const owner = ownerDatabaseOf(one);
    await owner.db.execute(sql`create table if not exists event_test_effects (event_id uuid primary key)`).finally(() => owner.close());
    let calls = 0;
    const events = createEventHandlers(db);
    events.handle('attendance.marked', HANDLER, async (event: DomainEvent<'attendance.marked'>, tx) => {
      calls += 1;
      await tx.execute(sql`insert into event_test_effects (event_id) values (${event.id}::uuid)`);
      if (calls === 1) throw new Error('the mail server is away');
    });
    const runner = createJobRunner({ db });
    defineEventDelivery(runner, db, events);
    const id = await emit(db, 'flaky');
    // Only the periodic run here (the wake-up runs deliver the same way, but do not fail on the screen).
    await db.execute(sql`delete from jobs where name = 'domain-events' and key <> 'domain-events'`);

    // The periodic run (due at once) delivers, the handler fails: recorded, and shown on the jobs screen.
    expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
    const failed = (await deliveryOf(db, id))!;
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'the mail server is away' });
    expect(new Date(failed.next_attempt_at!).getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await db.execute(sql`select 1 from event_test_effects where event_id = ${id}::uuid`)).rows).toHaveLength(0);
    // Its next attempt has a wake-up run of its own at that time (the periodic run comes only every few minutes).
    const { rows: wakeUps } = await db.execute<{ run_at: string }>(sql`select run_at::text from jobs where name = 'domain-events' and key <> 'domain-events'`);
    expect(wakeUps).toHaveLength(1);
    const wakeUpIn = Date.parse(wakeUps[0]!.run_at) - new Date(failed.next_attempt_at!).getTime();
    expect(wakeUpIn).toBeGreaterThanOrEqual(0);
    expect(wakeUpIn).toBeLessThan(5_000);
    const { rows: [periodic] } = await db.execute<{ every_ms: string }>(sql`select every_ms::text from jobs where key = 'domain-events'`);
    expect(periodic!.every_ms).toBe(String(DELIVERY_SWEEP_MS));
    const [status] = (await runner.status()).filter((job) => job.name === 'domain-events');
    expect(status).toMatchObject({ label: 'Follow-up work after a change (absence alerts, fee receipts)', lastRun: { status: 'failed', error: expect.stringContaining('parents.absence-alerts') } });

    // Not before its next attempt; then once, and never again.
    expect(await events.deliverDue()).toEqual({ delivered: 0, failed: [] });
    await db.execute(sql`update domain_event_deliveries set next_attempt_at = now() where event_id = ${id}::uuid`);
    expect(await events.deliverDue()).toEqual({ delivered: 1, failed: [] });
    expect(await deliveryOf(db, id)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect((await db.execute(sql`select 1 from event_test_effects where event_id = ${id}::uuid`)).rows).toHaveLength(1);
    await db.execute(sql`update domain_event_deliveries set next_attempt_at = now() where event_id = ${id}::uuid`);
    expect(await events.deliverDue()).toEqual({ delivered: 0, failed: [] });
    expect(calls).toBe(2);
  });

  it(`gives up after ${DELIVERY_MAX_ATTEMPTS} attempts and keeps the delivery as failed`, async () => {
    const db = one.db;
    const events = createEventHandlers(db);
    events.handle('attendance.marked', HANDLER, async () => {
      throw new Error('always');
    });
    const id = await emit(db, 'hopeless');
    for (let attempt = 1; attempt <= DELIVERY_MAX_ATTEMPTS; attempt += 1) {
      await db.execute(sql`update domain_event_deliveries set next_attempt_at = now() where event_id = ${id}::uuid and status = 'pending'`);
      expect((await events.deliverDue()).failed).toHaveLength(1);
    }
    expect(await deliveryOf(db, id)).toMatchObject({ status: 'failed', attempts: DELIVERY_MAX_ATTEMPTS, next_attempt_at: null, last_error: 'always' });
  });

  it('two servers delivering at the same moment handle each event once', async () => {
    const handled = new Map<string, string[]>();
    const serverOn = (database: Database, name: string) => {
      const events = createEventHandlers(database.db);
      events.handle('attendance.marked', HANDLER, async (event) => {
        handled.set(event.id, [...(handled.get(event.id) ?? []), name]);
        // A little work, so both servers are busy at once.
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      const runner = createJobRunner({ db: database.db });
      defineEventDelivery(runner, database.db, events);
      return runner;
    };
    // Nothing else pending from the tests above.
    await one.db.execute(sql`update domain_event_deliveries set status = 'done' where status = 'pending'`);
    const a = serverOn(one, 'a');
    const b = serverOn(two, 'b');
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => emit(i % 2 === 0 ? one.db : two.db, `batch-${i}`)));
    // Both runners claim the wake-up runs and the periodic run at once, several rounds.
    for (let round = 0; round < 5; round += 1) await Promise.all([a.runDue(), b.runDue()]);
    expect([...handled.keys()].sort()).toEqual([...ids].sort());
    expect([...handled.values()].every((servers) => servers.length === 1)).toBe(true);
    expect(new Set([...handled.values()].flat()).size).toBeGreaterThanOrEqual(1);
    const { rows } = await one.db.execute<{ status: string; n: number }>(sql`
      select status, count(*)::int as n from domain_event_deliveries where event_id = any(${sql.param(ids)}::uuid[]) group by status`);
    expect(rows).toEqual([{ status: 'done', n: 30 }]);
  });
});
