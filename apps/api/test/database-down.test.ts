import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { createDatabase } from '../src/db/client';
import { registerErrorHandler } from '../src/plugins/error-handler';
import { buildTestApp, createTestDatabase, type TestApp } from './build-test-app';

// Issue 35, finding 8: with the bundled PostgreSQL's Unix socket gone, requests answered 500 (pg's
// connect fails with ENOENT, which was not counted as "the database did not answer").

describe('a database whose Unix socket is gone', () => {
  let t: TestApp;
  beforeAll(async () => {
    // As the bundled server's folder after it was removed: pg connects to <host>/.s.PGSQL.5432.
    const socketFolder = path.join(os.tmpdir(), `academy-no-such-folder-${randomBytes(4).toString('hex')}`);
    t = await buildTestApp({ database: createDatabase({ host: socketFolder, user: 'academy', database: 'academy', connectionTimeoutMillis: 300 }) });
  });
  afterAll(() => t.close());

  const requests = [
    { method: 'GET', url: '/api/settings/public' },
    { method: 'GET', url: '/api/public/courses' },
    { method: 'GET', url: '/api/public/notes' },
    { method: 'POST', url: '/api/auth/login', payload: { email: 'someone@example.com', password: 'a-password-123' } },
    // A session cookie makes the sign-in check read the database before any route runs.
    { method: 'GET', url: '/api/auth/me', cookies: { [SESSION_COOKIE]: 'a'.repeat(43) } },
    { method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'reader@example.com' } },
  ] as const;

  for (const request of requests) {
    it(`${request.method} ${request.url} answers 503 with Retry-After`, async () => {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('30');
      expect(response.json()).toEqual({ success: false, message: 'The database is not answering right now. Please try again in a minute.' });
    });
  }

  it('answers in the reader\'s language', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/courses', headers: { 'x-academy-language': 'hi' } });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('डेटाबेस अभी जवाब नहीं दे रहा. कृपया एक मिनट बाद फिर से कोशिश करें.');
  });
});

describe('a transaction that collided with another', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** A real deadlock: two transactions each wait for the other's advisory lock; PostgreSQL ends one. */
  async function deadlockError(): Promise<unknown> {
    const [first, second] = [await database.pool.connect(), await database.pool.connect()];
    try {
      await first.query('begin');
      await second.query('begin');
      await first.query('select pg_advisory_xact_lock(35001)');
      await second.query('select pg_advisory_xact_lock(35002)');
      const results = await Promise.allSettled([first.query('select pg_advisory_xact_lock(35002)'), second.query('select pg_advisory_xact_lock(35001)')]);
      return results.find((result) => result.status === 'rejected')?.reason;
    } finally {
      await first.query('rollback').catch(() => {});
      await second.query('rollback').catch(() => {});
      first.release();
      second.release();
    }
  }

  it('answers 503 with Retry-After for a deadlock or a serialization failure, never 500', async () => {
    const deadlock = await deadlockError();
    expect((deadlock as { code?: string }).code).toBe('40P01');
    const serialization = Object.assign(new Error('could not serialize access due to concurrent update'), { severity: 'ERROR', code: '40001' });
    const app = Fastify();
    registerErrorHandler(app);
    // As Drizzle throws a failed query: the driver's error as `cause`.
    app.get('/deadlock', async () => {
      throw Object.assign(new Error('Failed query'), { cause: deadlock });
    });
    app.get('/serialization', async () => {
      throw serialization;
    });
    try {
      for (const url of ['/deadlock', '/serialization']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['retry-after'], url).toBe('1');
        expect(response.json(), url).toEqual({ success: false, message: 'Someone else was saving at the same moment. Please try again.' });
      }
    } finally {
      await app.close();
    }
  });
});
