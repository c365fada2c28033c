import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { batches } from '../src/db/schema';
import { addStudentToBatch } from '../src/modules/batches/batches.service';
import { buildTestApp, type TestApp } from './build-test-app';
import { buildBatch, buildStudent } from './factories';

// One test per finding of the security review (issue 15, part 4): each failed before its fix.

describe('M1: only the configured proxy may name the client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One reverse proxy in front, on this machine (inject connects from 127.0.0.1): it appends the
    // address it saw to X-Forwarded-For.
    t = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => t.close());

  it('a client rotating its own X-Forwarded-For keeps one rate-limit key', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        // What the client sent, then what the proxy appended (the real client address).
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        payload: { email: `reader${i}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    // NEWSLETTER_RATE_LIMIT allows 5 a minute per client.
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });

  it('another real client (another proxy-appended address) has its own allowance', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'x-forwarded-for': '203.0.113.8' }, payload: { email: 'other@example.com' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('M2: no SQL text is built from stored data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a weekday holding SQL (as a crafted backup could store) is compared as a value, never run', async () => {
    const student = await buildStudent(t.database.db);
    const batch = await buildBatch(t.database.db);
    // Before the fix this text was pasted into the query: a syntax error here, any statement in a crafted one.
    const crafted = "mon']::text[] and (select 1/0 from pg_sleep(0)) = 1 or array['x";
    await t.database.db.update(batches).set({ scheduleDays: [crafted as 'mon'] }).where(eq(batches.id, batch.id));
    await expect(addStudentToBatch(t.database.db, batch.id, student.id, false)).resolves.toBeDefined();
  });
});
