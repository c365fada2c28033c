import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { createTestDatabaseConnection } from './build-test-app';

/**
 * A TCP proxy in front of PostgreSQL that can stop passing the app's bytes on (a stalled database:
 * issue 53 point 8) and let them through again later.
 */
function stallingProxy(target: { host: string; port: number }) {
  let stalled = false;
  const held: (() => void)[] = [];
  const server = net.createServer((client) => {
    // The bundled test server listens on a Unix socket only (its host is that socket's folder).
    const upstream = target.host.startsWith('/') ? net.connect({ path: `${target.host}/.s.PGSQL.${target.port}` }) : net.connect(target.port, target.host);
    client.on('data', (chunk) => (stalled ? held.push(() => upstream.write(chunk)) : upstream.write(chunk)));
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    stall: () => (stalled = true),
    resume: () => {
      stalled = false;
      for (const send of held.splice(0)) send();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a database that stalls while a transaction begins', () => {
  let connection: pg.PoolConfig;
  let proxy: ReturnType<typeof stallingProxy>;
  let database: Database;
  let watcher: pg.Client;
  const name = `stall-${process.pid}`;

  beforeAll(async () => {
    connection = await createTestDatabaseConnection();
    const url = connection.connectionString ? new URL(connection.connectionString) : undefined;
    proxy = stallingProxy({ host: url?.hostname ?? String(connection.host ?? '127.0.0.1'), port: Number(url?.port || connection.port || 5432) });
    const port = await proxy.listen();
    if (url) url.host = `127.0.0.1:${port}`;
    const through = url ? { connectionString: url.toString() } : { host: '127.0.0.1', port };
    database = createDatabase({ ...connection, ...through, application_name: name, query_timeout: 500 });
    watcher = new pg.Client(connection);
    await watcher.connect();
  });
  afterAll(async () => {
    await watcher.end();
    await database.close().catch(() => {});
    await proxy.close();
  });

  const idleInTransaction = async () =>
    Number((await watcher.query(`select count(*) from pg_stat_activity where application_name = $1 and state like 'idle in transaction%'`, [name])).rows[0].count);

  it('gives the connection back (closed) when its begin failed, so none stays idle in transaction', async () => {
    await database.db.execute(sql`select 1`);
    proxy.stall();
    await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    proxy.resume();
    // The begin now reaches the server; a connection kept by nobody would sit there in its transaction.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(database.pool.totalCount - database.pool.idleCount, 'connections checked out and never released').toBe(0);
    expect(await idleInTransaction()).toBe(0);
    // The pool works on.
    expect((await database.db.transaction(async (tx) => tx.execute(sql`select 2 as n`))).rows[0]).toEqual({ n: 2 });
  });

  it('tells PostgreSQL to end any session of the app left idle in a transaction', async () => {
    const { rows } = await database.db.execute<{ setting: string }>(sql`select current_setting('idle_in_transaction_session_timeout') as setting`);
    expect(rows[0]!.setting).toBe('1min');
  });
});
