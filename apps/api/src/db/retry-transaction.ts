import { setTimeout as sleep } from 'node:timers/promises';
import { isConcurrencyConflict } from '../lib/postgres-errors';
import type { Db } from './client';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Tries in all, and the first wait between two (doubled each time, ± half at random). */
export const TRANSACTION_TRIES = 4;
const FIRST_WAIT_MS = 20;

/**
 * A transaction that collided on every try. The error handler answers it 503 with Retry-After (its
 * cause is PostgreSQL's 40P01/40001: isConcurrencyConflict), never 500: the client may send the same
 * request again.
 */
export class TransactionCollisionError extends Error {
  constructor(cause: unknown) {
    super(`The transaction collided with another one ${TRANSACTION_TRIES} times`, { cause });
    this.name = 'TransactionCollisionError';
  }
}

/**
 * THE way to run a transaction that locks several rows others lock too (fees: payments, cancellations,
 * concessions, plan changes): `work` runs in a transaction, and when PostgreSQL aborts it for a
 * deadlock or a serialization failure it runs again from the start after a short random wait, up to
 * TRANSACTION_TRIES times. `work` must do nothing but database work (no mail, no job): a try that
 * failed has left no trace. Any other error is thrown at once.
 *
 * Locking rows in one total order (e.g. fee dues by due date, …, id) is what keeps deadlocks away;
 * this is the net for what remains.
 */
export async function transactionWithRetry<T>(db: Db, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      // A deadlock (40P01) or a serialization failure (40001): PostgreSQL rolled it back, nothing of it
      // was written and nothing was wrong with the request, so running it again is safe.
      if (!isConcurrencyConflict(error)) throw error;
      if (attempt >= TRANSACTION_TRIES) throw new TransactionCollisionError(error);
      // Jitter: the transactions that collided do not all come back at the same instant.
      const wait = FIRST_WAIT_MS * 2 ** (attempt - 1);
      await sleep(wait / 2 + Math.random() * wait);
    }
  }
}
