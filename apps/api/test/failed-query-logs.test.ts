import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { collectLogLines } from './log-lines';

// Issue 53 point 9d: a failed query's log line carried its parameters (session hashes, emails).
describe('a failed query is logged by its statement, never its values', () => {
  let t: TestApp;
  const { lines, logger } = collectLogLines();
  beforeAll(async () => {
    t = await buildTestApp({ logger });
  });
  afterAll(() => t.close());

  it('keeps the SQL and the code, drops the parameters and the detail', async () => {
    const secret = 'session-hash-0123456789abcdef';
    const error = await t.database.db.execute(sql`select 1 / 0 where ${secret} = ${'reader@example.com'}`).catch((caught: unknown) => caught);
    t.app.log.error({ err: error }, 'query failed');
    const log = lines.join('');
    expect(log).toContain('query failed');
    expect(log).toContain('select 1 / 0 where $1 = $2');
    expect(log).toContain('22012');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('reader@example.com');
  });
});
