import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { FIRST_ACADEMY_ID } from '../src/lib/tenancy';
import { createTestDatabase, ownerDatabaseOf } from './build-test-app';
import { onCitus } from './citus-cluster';

// Migration 0086 (issue 79, decision 083): a delivery of an event that became a job, still pending at the
// upgrade, becomes that job in its academy; nothing is lost, and no delivery is left for no handler.
const MIGRATION = fs.readFileSync(path.join(import.meta.dirname, '../drizzle/0086_removed-events-to-jobs.sql'), 'utf8');

describe('migration 0086: pending deliveries of the removed events become their jobs', () => {
  let database: Database;
  let owner: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    owner = ownerDatabaseOf(database);
  });
  afterAll(async () => {
    await owner.pool.end();
    await database.pool.end();
  });

  // Not on Citus (npm run proof:citus): tables can only be distributed from migration 0092 on (every key with its
  // academy), so 0086 never meets a distributed table; the test database there is distributed at the latest schema.
  it.skipIf(onCitus())('queues the fee receipt of a pending payment.recorded in its academy, and leaves done ones alone', async () => {
    const client = await owner.pool.connect();
    try {
      await client.query("select set_config('app.academy_id', $1, false)", [FIRST_ACADEMY_ID]);
      const pending = await client.query<{ id: string }>(`insert into domain_events (type, payload) values ('payment.recorded', '{"receiptId":"5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c","studentId":"x"}') returning id`);
      const done = await client.query<{ id: string }>(`insert into domain_events (type, payload) values ('payment.recorded', '{"receiptId":"6c0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c","studentId":"y"}') returning id`);
      await client.query("insert into domain_event_deliveries (event_id, handler) values ($1, 'fees.receipt-mail')", [pending.rows[0]!.id]);
      await client.query("insert into domain_event_deliveries (event_id, handler, status) values ($1, 'fees.receipt-mail', 'done')", [done.rows[0]!.id]);
      // The migration runs as the owner, outside any academy.
      await client.query("select set_config('app.academy_id', '', false)");
      for (const statement of MIGRATION.split('--> statement-breakpoint')) await client.query(statement);
      await client.query("select set_config('app.academy_id', $1, false)", [FIRST_ACADEMY_ID]);
      const jobs = await client.query<{ name: string; payload: unknown; academy_id: string }>("select name, payload, academy_id from jobs where name = 'fee-receipt'");
      expect(jobs.rows).toEqual([{ name: 'fee-receipt', payload: { receiptId: '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c' }, academy_id: FIRST_ACADEMY_ID }]);
      const left = await client.query("select 1 from domain_event_deliveries where handler = 'fees.receipt-mail'");
      expect(left.rows).toHaveLength(0);
    } finally {
      await client.query("select set_config('app.academy_id', '', false)");
      client.release();
    }
  });
});
