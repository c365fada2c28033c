import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from './build-test-app';
import { migrateTo } from './migrate-to';
import type { Database } from '../src/db/client';
import { withoutAcademy } from '../src/lib/tenancy';

/**
 * Migration 0071 (issue 61): `attendance.marked` events written before carry `onTheDay` too, decided by
 * their own time in the academy's time zone (India's when the academy has no settings row yet), so
 * their pending deliveries still run as the new handler expects. Migrated as the tables' owner, held by
 * row-level security like the app's serving role, which writes the rows.
 */
const FIRST_ACADEMY_ID = '00000000-0000-4000-8000-000000000001';
let database: Database;

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  await migrateTo(database, '0070_gst_payer_exempt');
});
afterAll(() => database.close());

describe('migration 0071: attendance.marked decides onTheDay', () => {
  it("sets onTheDay by the event's time in the academy's zone and leaves other events alone", async () => {
    const client = await database.pool.connect();
    try {
      await client.query(`select set_config('app.academy_id', $1, false)`, [FIRST_ACADEMY_ID]);
      const add = (type: string, payload: object, createdAt: string) =>
        client.query(`insert into domain_events (type, payload, created_at) values ($1, $2::jsonb, $3::timestamptz)`, [type, JSON.stringify(payload), createdAt]);
      const marks = [{ studentId: 'student-1', status: 'absent' }];
      await add('attendance.marked', { batchId: 'saved-that-morning', date: '2026-06-15', marks }, '2026-06-15T10:00:00+05:30');
      // 00:10 in Latur is still the 14th in UTC: the academy's zone decides.
      await add('attendance.marked', { batchId: 'saved-just-after-midnight', date: '2026-06-15', marks }, '2026-06-15T00:10:00+05:30');
      await add('attendance.marked', { batchId: 'yesterday-corrected', date: '2026-06-14', marks }, '2026-06-15T00:10:00+05:30');
      await add('payment.recorded', { receiptId: 'receipt-1', studentId: 'student-1' }, '2026-06-15T10:00:00+05:30');

      await migrateTo(database);

      const { rows } = await client.query<{ type: string; payload: Record<string, unknown> }>(`select type, payload from domain_events order by type, payload->>'batchId'`);
      expect(rows.map((row) => [row.payload.batchId ?? row.payload.receiptId, row.payload.onTheDay])).toEqual([
        ['saved-just-after-midnight', true],
        ['saved-that-morning', true],
        ['yesterday-corrected', false],
        ['receipt-1', undefined],
      ]);
      // Row-level security is forced again: without an academy, nothing is seen. Outside every academy as the
      // app leaves it (withoutAcademy): a session's set_config would never reach Citus' workers, where the
      // policies run, and on Citus the client sets the academy per transaction (db/client.ts, decision 053).
      expect((await withoutAcademy(() => client.query(`select 1 from domain_events`))).rows).toHaveLength(0);
    } finally {
      client.release();
    }
  });
});
