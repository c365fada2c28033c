import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ownerDatabaseOf } from '../../test/build-test-app';
import { AppError } from '../lib/app-error';
import { findPostgresError, isConcurrencyConflict } from '../lib/postgres-errors';
import type { Database } from './client';
import { TRANSACTION_TRIES, TransactionCollisionError, transactionWithRetry } from './retry-transaction';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  // Tables are made by their owner; the serving role the test runs as then uses it (decision 068).
  const owner = ownerDatabaseOf(database);
  await owner.db.execute(sql`create table retry_probe (n int not null)`).finally(() => owner.close());
});
afterAll(() => database.close());

/** PostgreSQL itself raising `code`, as it does for a deadlock (40P01) or a serialization failure (40001). */
const raise = (code: string) => sql.raw(`do $$ begin raise exception 'collided' using errcode = '${code}'; end $$`);
const probeCount = async () => Number((await database.db.execute<{ count: string }>(sql`select count(*) as count from retry_probe`)).rows[0]!.count);

describe('transactionWithRetry', () => {
  it('runs a transaction that collided again from the start, leaving only the try that committed', async () => {
    await database.db.execute(sql`delete from retry_probe`);
    let tries = 0;
    const result = await transactionWithRetry(database.db, async (tx) => {
      tries += 1;
      await tx.execute(sql`insert into retry_probe values (${tries})`);
      if (tries < 3) await tx.execute(raise(tries === 1 ? '40P01' : '40001'));
      return 'done';
    });
    expect({ result, tries, rows: await probeCount() }).toEqual({ result: 'done', tries: 3, rows: 1 });
  });

  it('gives up after a few tries with a TransactionCollisionError that still carries PostgreSQL’s code', async () => {
    let tries = 0;
    const failure = await transactionWithRetry(database.db, async (tx) => {
      tries += 1;
      await tx.execute(raise('40P01'));
    }).catch((error: unknown) => error);
    expect(tries).toBe(TRANSACTION_TRIES);
    expect(failure).toBeInstanceOf(TransactionCollisionError);
    // What the error handler reads to answer 503 with Retry-After.
    expect(findPostgresError(failure)?.code).toBe('40P01');
    expect(isConcurrencyConflict(failure)).toBe(true);
  });

  it('throws any other error at once', async () => {
    let tries = 0;
    const refused = transactionWithRetry(database.db, async () => {
      tries += 1;
      throw new AppError('CONFLICT', 'Nothing left to pay');
    });
    await expect(refused).rejects.toThrow('Nothing left to pay');
    const unique = transactionWithRetry(database.db, async (tx) => {
      tries += 1;
      await tx.execute(raise('23505'));
    });
    await expect(unique).rejects.not.toBeInstanceOf(TransactionCollisionError);
    expect(tries).toBe(2);
  });
});
