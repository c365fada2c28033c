import type { EventEmitter } from 'node:events';
import pg, { type PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabaseConnection } from '../../test/build-test-app';
import { buildAcademies, buildStudent } from '../../test/factories';
import { academySql, createDatabase, executeNamed, type Database } from './client';
import { academies, students } from './schema';
import { withAcademy } from '../lib/tenancy';
import { citusWorkers } from '../../test/citus-cluster';

const A = '00000000-0000-4000-8000-0000000000c1';
const B = '00000000-0000-4000-8000-0000000000c2';

/** A database of this test's own, with `poolSize` connections and the academies A and B (no students yet). */
async function databaseOfAcademiesAB(poolSize: number): Promise<Database> {
  const database = createDatabase({ ...(await createTestDatabaseConnection()), max: poolSize }, { defaultAcademyId: null });
  await buildAcademies(database.db, [{ id: A, slug: 'ctx-a', name: 'A' }, { id: B, slug: 'ctx-b', name: 'B' }]);
  return database;
}

/**
 * Each statement runs with its own academy's setting, however pg's pool hands connections around
 * (issue 55): with two connections and hundreds of statements of two academies asked for at once,
 * a waiting statement is given a connection from inside another's work, and must still be its own.
 */
describe('the academy of a statement under a busy pool', () => {
  let database: Database;
  beforeAll(async () => {
    database = await databaseOfAcademiesAB(2);
    await withAcademy(A, () => buildStudent(database.db));
    await withAcademy(B, async () => {
      await buildStudent(database.db);
      await buildStudent(database.db);
    });
  });
  afterAll(() => database.close());

  it('never runs a statement as another academy', async () => {
    const asked = Array.from({ length: 300 }, (_, n) => (n % 3 === 0 ? A : B));
    const answers = await Promise.all(
      asked.map((academy, n) =>
        withAcademy(academy, async () => {
          // Some statements alone, some in a transaction, some after a pause: every path through the pool.
          if (n % 5 === 0) await new Promise((resolve) => setTimeout(resolve, n % 7));
          const read = (db: Pick<Database['db'], 'execute'>) => db.execute<{ academy: string; students: number }>(sql`select current_setting('app.academy_id') as academy, (select count(*)::int from students) as students`);
          const { rows } = n % 4 === 0 ? await database.db.transaction((tx) => read(tx)) : await read(database.db);
          return rows[0]!;
        }),
      ),
    );
    expect(answers.map((answer) => answer.academy)).toEqual(asked);
    expect(answers.map((answer) => answer.students)).toEqual(asked.map((academy) => (academy === A ? 1 : 2)));
    // Outside every academy afterwards: nothing, whichever connection answers.
    const { rows } = await database.db.execute<{ students: number }>(sql`select count(*)::int as students from students`);
    expect(rows[0]!.students).toBe(0);
  });
});

/**
 * The academy's setting costs no extra round trip (issue 55's Speed): when a connection last served
 * another academy, the setting goes in front of a statement with parameters in the same round trip
 * (one ReadyForQuery per statement), and a failed setting fails the statement instead of letting it
 * run under the previous academy.
 */
describe('the academy setting rides with the statement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await databaseOfAcademiesAB(1);
    await withAcademy(A, () => buildStudent(database.db));
  });
  afterAll(() => database.close());

  /** Round trips on this one connection while `run` runs: PostgreSQL ends each with ReadyForQuery. */
  async function roundTrips<T>(client: PoolClient, run: () => Promise<T>): Promise<{ result: T; trips: number }> {
    const connection = (client as unknown as { connection: EventEmitter }).connection;
    let trips = 0;
    const count = () => trips++;
    connection.on('readyForQuery', count);
    try {
      return { result: await run(), trips };
    } finally {
      connection.off('readyForQuery', count);
    }
  }

  // On Citus (ACADEMY_CITUS=1) the academy is a SET LOCAL in each statement's own BEGIN instead (db/client.ts,
  // decision 053: two more round trips), so this counts plain PostgreSQL's way only.
  it.skipIf(citusWorkers().length > 0)('changes academy in the same round trip as a statement with parameters', async () => {
    const client = await database.pool.connect();
    try {
      const ask = (academy: string) =>
        withAcademy(academy, () => client.query<{ academy: string; n: number }>(`select current_setting('app.academy_id') as academy, $1::int as n`, [7]));
      const first = await roundTrips(client, () => ask(A));
      expect(first.result.rows).toEqual([{ academy: A, n: 7 }]);
      expect(first.trips).toBe(1);
      const second = await roundTrips(client, () => ask(B));
      expect(second.result.rows).toEqual([{ academy: B, n: 7 }]);
      expect(second.trips).toBe(1);
      // A transaction's BEGIN (no parameters) carries it too: one round trip, and the transaction is B's... then A's.
      const begun = await roundTrips(client, () => withAcademy(A, () => client.query('begin')));
      expect(begun.trips).toBe(1);
      expect(begun.result.command).toBe('BEGIN');
      const inside = await roundTrips(client, () => withAcademy(A, () => client.query<{ academy: string }>(`select current_setting('app.academy_id') as academy`)));
      expect(inside.result.rows[0]!.academy).toBe(A);
      expect(inside.trips).toBe(1);
      await client.query('commit');
      // The same academy twice: nothing in front the second time.
      await ask(B);
      const third = await roundTrips(client, () => ask(B));
      expect(third.result.rows).toEqual([{ academy: B, n: 7 }]);
      expect(third.trips).toBe(1);
    } finally {
      client.release();
    }
    // Also through drizzle (the connection last served B): the setting's own row never reaches the answer.
    const students = await withAcademy(A, () => database.db.execute<{ n: number }>(sql`select count(*)::int as n from students where ${1} = 1`));
    expect(students.rows).toEqual([{ n: 1 }]);
    const names = await withAcademy(B, () => database.db.select({ id: academies.id }).from(academies).where(sql`${academies.slug} = ${'ctx-b'}`));
    expect(names).toEqual([{ id: B }]);
  });

  // On Citus each statement outside a transaction is a transaction of its own, its academy a SET LOCAL after its
  // BEGIN (decision 053): begin, the settings, the statement, commit and the announcement of what it wrote go in
  // one round trip (issue 77, CitusStatementQuery in db/client.ts).
  it.runIf(citusWorkers().length > 0)('on Citus, a statement outside a transaction is one round trip, its transaction included', async () => {
    const listener = new pg.Client(database.pool.options as pg.ClientConfig);
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('listen academy_table_changes');
    const client = await database.pool.connect();
    try {
      const count = (academy: string) =>
        roundTrips(client, () => withAcademy(academy, () => client.query<{ academy: string; n: number }>(`select current_setting('app.academy_id') as academy, count(*)::int as n from students where $1::int = 1`, [1])));
      const inA = await count(A);
      expect(inA.result.rows).toEqual([{ academy: A, n: 1 }]);
      expect(inA.trips).toBe(1);
      expect((await count(B)).result.rows).toEqual([{ academy: B, n: 0 }]);
      // Without parameters (the simple protocol, maybe several statements): begin and settings, the text, commit.
      const plain = await roundTrips(client, () => withAcademy(A, () => client.query(`select count(*)::int as n from students; select current_setting('app.academy_id') as academy`)));
      expect(plain.trips).toBe(3);
      expect((plain.result as unknown as { rows: unknown[] }[]).map((one) => one.rows)).toEqual([[{ n: 1 }], [{ academy: A }]]);
      // A named statement: parsed the first time, reused the second, one round trip each.
      for (let time = 0; time < 2; time++) {
        const named = await roundTrips(client, () => withAcademy(A, () => client.query<{ n: number }>({ name: 'ctx_count', text: 'select count(*)::int as n from students where $1::int = 1', values: [1] })));
        expect([named.result.rows, named.trips]).toEqual([[{ n: 1 }], 1]);
      }
      // A write: one round trip with the announcement of what it wrote, after its commit.
      const write = await roundTrips(client, () => withAcademy(A, () => client.query(`update students set address = address where $1::int = 1`, [1])));
      expect(write.trips).toBe(1);
      expect(write.result).toMatchObject({ command: 'UPDATE', rowCount: 1 });
      await expect.poll(() => heard).toContain(`${A}:students`);
      // A failed statement is rolled back before it fails: the next one is in no failed transaction.
      await expect(withAcademy(A, () => client.query('select 1 / $1::int', [0]))).rejects.toThrow(/division by zero/);
      expect((client as unknown as { _txStatus: string })._txStatus).toBe('I');
      const after = await withAcademy(A, () => client.query<{ n: number }>(`select count(*)::int as n from students where $1::int = 1`, [1]));
      expect(after.rows).toEqual([{ n: 1 }]);
    } finally {
      client.release();
      await listener.end();
    }
  });

  it('a failed setting fails its statement, and the next statement sets the academy again', async () => {
    const client = await database.pool.connect();
    try {
      await withAcademy(A, () => client.query('select $1::int', [1]));
      await client.query('begin');
      await expect(client.query('select 1/0')).rejects.toThrow(/division by zero/);
      // The transaction is aborted: the setting in front fails, and so does the statement with it.
      await expect(withAcademy(B, () => client.query(`select current_setting('app.academy_id') as academy, $1::int as n`, [1]))).rejects.toThrow(/aborted/);
      await client.query('rollback');
      const { rows } = await withAcademy(B, () => client.query<{ academy: string }>(`select current_setting('app.academy_id') as academy, $1::int as n`, [1]));
      expect(rows[0]!.academy).toBe(B);
    } finally {
      client.release();
    }
  });
});

/**
 * Statements sent at once on one connection (a `Promise.all` over one transaction's reads) take turns in
 * the client, each under its own academy, and never wait in pg's own queue (deprecated; pg@9 removes it).
 */
describe('statements sent at once on one connection', () => {
  let database: Database;
  beforeAll(async () => {
    database = createDatabase({ ...(await createTestDatabaseConnection()), max: 1 }, { defaultAcademyId: null });
  });
  afterAll(() => database.close());

  it('run one after another in the order asked, and never queue in pg', async () => {
    const client = (await database.pool.connect()) as PoolClient & { _queryQueue: unknown[] };
    let mostWaiting = 0;
    const queue = client._queryQueue;
    const push = queue.push.bind(queue);
    queue.push = (...items: unknown[]) => {
      mostWaiting = Math.max(mostWaiting, queue.length);
      return push(...items);
    };
    client.release();
    const answers = await database.db.transaction(async (tx) =>
      withAcademy(A, () =>
        Promise.all([
          tx.execute<{ n: number }>(sql`select pg_sleep(0.05), 1 as n`),
          tx.execute<{ n: number; academy: string }>(sql`select 2 as n, current_setting('app.academy_id') as academy`),
          tx.execute<{ n: number }>(sql`select ${3}::int as n`),
        ]),
      ),
    );
    expect(answers.map(({ rows }) => Number(rows[0]!.n))).toEqual([1, 2, 3]);
    expect(answers[1]!.rows[0]).toMatchObject({ academy: A });
    expect(mostWaiting).toBe(0);
  });
});

/**
 * executeNamed (a statement parsed and planned once per connection, issue 74): a table's column named
 * in it is written as the database names it (snake_case, as db.execute writes it), and the same
 * prepared statement run for two academies reads each one's own rows.
 */
describe('a named statement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await databaseOfAcademiesAB(1);
    await withAcademy(A, () => buildStudent(database.db));
    await withAcademy(B, async () => {
      await buildStudent(database.db);
      await buildStudent(database.db);
    });
  });
  afterAll(() => database.close());

  it('writes columns as the database names them and keeps each academy to its own rows', async () => {
    const read = (academy: string) =>
      withAcademy(academy, async () => {
        const { rows } = await executeNamed<{ students: number; admitted: number }>(
          database.db,
          'academy_test_named',
          sql`select count(*)::int as students, count(${students.admissionDate})::int as admitted from ${students} where ${students.academyId} = ${academySql()}`,
        );
        return rows[0];
      });
    // Over five runs on the one connection PostgreSQL turns to its generic plan: still each academy's own.
    for (let run = 0; run < 7; run += 1) {
      expect(await read(A)).toEqual({ students: 1, admitted: 1 });
      expect(await read(B)).toEqual({ students: 2, admitted: 2 });
    }
  });
});
