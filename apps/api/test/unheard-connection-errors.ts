import pg from 'pg';

/*
 * Every API test file's set-up (vitest.config.ts, setupFiles). A connection of a pool that is checked
 * out (inside a transaction, between two statements) has no 'error' listener: pg's pool listens only
 * to idle ones. When the database server goes away then — a Citus coordinator ending every session
 * after a crash, `npm run proof:citus` — pg emits 'error' on the client with nobody listening, which
 * Node turns into an uncaught exception that ends the whole test worker, and with it the run. Here such
 * an error is written to the test's output instead: the statements waiting on that connection fail
 * ("Connection terminated unexpectedly"), so the test and its file fail, and the other files go on.
 */
const HANDLED = Symbol.for('academy.test.unheardConnectionErrors');
const prototype = pg.Client.prototype as unknown as Record<symbol, boolean> & { emit(event: string | symbol, ...args: unknown[]): boolean; listenerCount(event: string): number };

if (!prototype[HANDLED]) {
  prototype[HANDLED] = true;
  const emit = prototype.emit;
  prototype.emit = function emitHeard(this: typeof prototype, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'error' && this.listenerCount('error') === 0) {
      const error = args[0] as Error | undefined;
      console.error(`PostgreSQL connection lost in a test (its statements fail): ${error?.message ?? String(error)}`);
      return true;
    }
    return emit.call(this, event, ...args);
  };
}
