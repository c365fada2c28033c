import { AsyncResource } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { migrationsFolder } from '../paths';
import { distributeOnCitus } from './citus';
import { EVERYTHING_CHANGED, tableChanged, WATCHED_FOR_REMOVALS_ONLY, WATCHED_TABLES } from '../lib/read-cache';
import { AppError } from '../lib/app-error';
import { enteredAcademyId, FIRST_ACADEMY_ID } from '../lib/tenancy';

// DATE columns stay 'YYYY-MM-DD' strings: calendar dates must never shift with a time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: services that may run inside a transaction take this. */
export type DbExecutor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type Database = { db: Db; pool: pg.Pool; close(): Promise<void> };

/**
 * A database that stops answering must not hang requests: a connection is given up after 5 s, the
 * server cancels a statement after 15 s and the client stops waiting after 20 s (a frozen server
 * cancels nothing). Long work (migrations, backups, restores) lifts the statement limit for itself.
 * The error handler turns these failures into 503 with Retry-After.
 */
export const DATABASE_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 15_000,
  query_timeout: 20_000,
  // The backstop (issue 53): a session of the app left inside a transaction for a minute is ended by
  // PostgreSQL, whatever the app forgot. No request's transaction waits a minute between statements.
  idle_in_transaction_session_timeout: 60_000,
} as const;

/**
 * `defaultAcademyId`: the academy of a statement run outside any entered academy (lib/tenancy.ts):
 * the first academy with ACADEMY_HOSTING=one (the default), none (null: academy tables show nothing)
 * with ACADEMY_HOSTING=many.
 */
export function createDatabase(connection: pg.PoolConfig, options: { defaultAcademyId?: string | null; citus?: boolean } = {}): Database {
  const defaultAcademyId = options.defaultAcademyId === undefined ? FIRST_ACADEMY_ID : options.defaultAcademyId;
  const citus = options.citus ?? citusFromEnvironment();
  const pool = new ContextKeepingPool({
    max: 10,
    idleTimeoutMillis: 30_000,
    ...DATABASE_TIMEOUTS,
    ...connection,
    // On Citus a named statement's generic plan (PostgreSQL's choice after its fifth run) reaches every shard when
    // it joins tables: Citus prunes shards by a parameter at run time only in a one-table statement. A plan made
    // for each run's values keeps it on its academy's shard; it is still parsed once (decision 053).
    ...(citus ? { options: [connection.options, '-c plan_cache_mode=force_custom_plan'].filter(Boolean).join(' ') } : {}),
    Client: clientNoticingWrites((table, academyId) => tableChanged(db, table, academyId), defaultAcademyId, citus),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  releaseFailedTransactions(db, pool);
  return { db, pool, close: () => pool.end() };
}

/**
 * pg's pool hands a connection to whichever request waits first, calling it back from inside other
 * work (the release of another request's connection, a tick scheduled by another request's `connect`).
 * The statement then sent would run in that other work's async context, and the database client
 * (below) would give it that other work's academy (issue 55). Here every callback runs in the context
 * of the code that asked for the connection; promise callers need nothing (an `await` resumes in its
 * own context).
 */
class ContextKeepingPool extends pg.Pool {
  override connect(...args: unknown[]): never {
    const connect = super.connect as (...rest: unknown[]) => unknown;
    const callback = args[0];
    if (typeof callback === 'function') {
      // Not AsyncResource.bind: it also makes two deprecated getters (`asyncResource`) on every bound function, a
      // good part of what each statement left for the garbage collector (issue 74, decision 113).
      const callers = new AsyncResource('academy-pg-connect');
      return connect.call(this, (...rest: unknown[]) => callers.runInAsyncScope(callback as (...rest: unknown[]) => unknown, undefined, ...rest)) as never;
    }
    return connect.apply(this, args) as never;
  }
}

type TransactionSession = {
  dialect: unknown;
  schema: unknown;
  options: unknown;
  transaction(work: (tx: unknown) => Promise<unknown>, config?: unknown): Promise<unknown>;
};

/**
 * drizzle's transaction (node-postgres) sends `begin` before its try/finally: when the database
 * stalls and the begin times out, the connection is never given back, and once the begin arrives it
 * sits "idle in transaction" forever, and pool.end() (shutdown) waits for it (issue 53). Here the
 * same transaction, with every failure of begin, commit or rollback ending the connection
 * (release(error) closes it rather than returning a connection in an unknown state to the pool).
 */
function releaseFailedTransactions(db: Db, pool: pg.Pool): void {
  const session = (db as unknown as { session: TransactionSession }).session;
  const SessionClass = session.constructor as new (client: pg.PoolClient, dialect: unknown, schema: unknown, options: unknown) => TransactionSession;
  session.transaction = async (work, config) => {
    const client = await pool.connect();
    const own = new SessionClass(client, session.dialect, session.schema, session.options);
    let broken: Error | undefined;
    try {
      // Nested transactions, the begin with its options and commit/rollback stay drizzle's.
      return await own.transaction(work, config);
    } catch (error) {
      // A refusal of the app's own (AppError) was rolled back cleanly; anything else (a timeout, a
      // lost connection, a failed begin, commit or rollback) closes the connection rather than trust it.
      if (!(error instanceof AppError)) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/** ACADEMY_CITUS=1: the database is a Citus coordinator (decision 053; `npm run proof:citus` sets it). */
function citusFromEnvironment(): boolean {
  return process.env.ACADEMY_CITUS === '1';
}

const TRANSACTION_CONTROL = /^\s*(rollback|commit|end|abort|savepoint|release)\b/i;
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'TRUNCATE', 'COPY']);
/** The tables a statement writes: `insert into "x"`, `update "x"`, `delete from "x"`, also inside `with …`. */
const WRITTEN_TABLES = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into|copy)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const WATCHED = new Set<string>(WATCHED_TABLES);
const REMOVALS_ONLY = new Set<string>(WATCHED_FOR_REMOVALS_ONLY);

/**
 * What a confirmed write changed. Naming too many tables only forgets more. A delete from a watched
 * table may cascade to others (a batch's enrolments and marks): it counts as everything. The tables
 * watched for their removals alone (a session's: lib/read-cache.ts) are named only by a delete, and
 * cascade to nothing.
 */
export function tablesWritten(command: string, text: string): string[] {
  const tables = [...new Set([...text.matchAll(WRITTEN_TABLES)].map((match) => match[1]!.toLowerCase()))];
  if (tables.length === 0) return [EVERYTHING_CHANGED];
  const removal = command === 'DELETE' || command === 'TRUNCATE';
  if (removal && tables.some((table) => WATCHED.has(table) && !REMOVALS_ONLY.has(table))) return [EVERYTHING_CHANGED];
  return removal ? tables : tables.filter((table) => !REMOVALS_ONLY.has(table));
}

type QueryResultLike = { command?: string; rowCount?: number | null } | undefined;

const ROW_WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * A write that changed no row: an INSERT, UPDATE, DELETE or MERGE of one table that answered 0 rows (a sweep
 * that found nothing due, a "mark all read" with nothing unread, an insert whose conflict did nothing). It
 * forgets nothing, as the tables' triggers announce nothing for it (migration 0104). A statement that names
 * more than one written table (a `with …` writing another, which its count leaves out) still counts.
 */
export function changedNothing(command: string, text: string, rowCount: number | null | undefined): boolean {
  if (rowCount !== 0 || !ROW_WRITES.has(command)) return false;
  return new Set([...text.matchAll(WRITTEN_TABLES)].map((match) => match[1]!.toLowerCase())).size === 1;
}

/** What a NoticingClient is told of its server: whom to tell of a write, the academy when none was entered, Citus or not. */
type NoticingOptions = { changed: (table: string, academyId: string | undefined) => void; defaultAcademyId: string | null; citus: boolean };

class NoticingClient extends pg.Client {
  readonly #changed: NoticingOptions['changed'];
  readonly #defaultAcademyId: string | null;
  readonly #citus: boolean;

  constructor(config: pg.ClientConfig | string | undefined, options: NoticingOptions) {
    super(config);
    this.#changed = options.changed;
    this.#defaultAcademyId = options.defaultAcademyId;
    this.#citus = options.citus;
  }

  /** On Citus: inside a transaction (its academy set with SET LOCAL), and which academy. */
  #citusTransaction: string | undefined;
  /** `<academy_id>:<table>` ('' for none: every academy's answers are forgotten). */
  #writtenInTransaction = new Set<string>();
  /** The `app.academy_id` this connection was last given ('' for none); undefined: not known. */
  #academy: string | undefined;

  #noticed(text: string, result: QueryResultLike) {
    const command = result?.command;
    // A rollback also undoes a setting changed inside the transaction: set it again before the next statement.
    if (command === 'ROLLBACK') this.#academy = undefined;
    if (command === 'BEGIN' || command === 'ROLLBACK') this.#writtenInTransaction.clear();
    else if (command === 'COMMIT') {
      for (const written of this.#writtenInTransaction) {
        const colon = written.indexOf(':');
        this.#changed(written.slice(colon + 1), written.slice(0, colon) || undefined);
      }
      this.#writtenInTransaction.clear();
    } else if (command && WRITE_COMMANDS.has(command) && !changedNothing(command, text, result?.rowCount)) {
      // The statement ran in the academy this connection was given just before it (issue 55): only its answers.
      const academyId = this.#academy || undefined;
      for (const table of tablesWritten(command, text)) {
        this.#changed(table, academyId);
        this.#writtenInTransaction.add(`${academyId ?? ''}:${table}`);
      }
    }
  }

  /**
   * The academy this statement belongs to (issue 55): when it is not the one this connection was last
   * given, the setting goes first on the same connection (pg runs a client's statements in order).
   * Answers the setting's own promise, or undefined when the connection already has it. Row-level
   * security reads the setting; a failed setting fails the statement after it (see query).
   */
  #academyFirst(query: (...rest: unknown[]) => unknown): Promise<unknown> | undefined {
    const entered = enteredAcademyId();
    const wanted = (entered === undefined ? this.#defaultAcademyId : entered) ?? '';
    if (wanted === this.#academy) return undefined;
    this.#academy = wanted;
    const setting = query.call(this, 'select set_config($1, $2, false)', ['app.academy_id', wanted]) as Promise<unknown>;
    // Not known any more: the next statement sets it again.
    return setting.catch((error: unknown) => {
      this.#academy = undefined;
      throw error;
    });
  }

  /**
   * A statement with parameters whose connection must first change academy: the setting rides in
   * front of it in the same round trip (AcademyFirstQuery, below), and a failed setting fails the
   * statement. Undefined when the statement cannot go that way (no parameters and no BEGIN, a cursor, rows by pages).
   */
  #withAcademyInFront(args: unknown[], seen: (result: QueryResultLike) => void): Promise<unknown> | null | undefined {
    const entered = enteredAcademyId();
    const wanted = (entered === undefined ? this.#defaultAcademyId : entered) ?? '';
    if (wanted === this.#academy) return undefined;
    const statement = new AcademyFirstQuery(args[0], args[1], args[2], wanted);
    if (!statement.carriesSetting()) return undefined;
    this.#academy = wanted;
    const given = statement.callback as ((error: unknown, result: unknown) => void) | undefined;
    let answered: Promise<unknown> | null = null;
    let done = given;
    if (!done) answered = new Promise((resolve, reject) => (done = (error, result) => (error ? reject(error) : resolve(result))));
    statement.callback = (error: unknown, result: QueryResultLike) => {
      // The setting or the statement failed: which one is not known, so the next statement sets it again.
      if (error) this.#academy = undefined;
      else seen(result);
      done!(error, result);
    };
    (super.query as (...rest: unknown[]) => unknown).call(this, statement);
    return answered;
  }

  /** Settles when this connection's last promise-style statement has (see query). */
  #lastStatement: Promise<unknown> = Promise.resolve();

  /**
   * pg's query has many shapes (text or config, values, callback or promise, submittables). A
   * promise-style statement (Drizzle's) waits for the connection's previous one: two statements sent at
   * once on one connection (a `Promise.all` over one transaction's reads) would otherwise wait in pg's
   * own queue, which pg deprecates and pg@9 removes. Callbacks (pool.query) and cursors have the
   * connection to themselves.
   */
  override query(...args: unknown[]): never {
    const config = args[0] as { submit?: unknown } | string;
    if (this.#citus && !(typeof config === 'object' && typeof config?.submit === 'function')) {
      const statement = this.#lastStatement.then(() => this.#sendOnCitus(args));
      this.#lastStatement = statement.catch(() => {});
      const callback = args.at(-1);
      if (typeof callback !== 'function') return statement as never;
      statement.then(
        (result) => (callback as (error: unknown, result: unknown) => void)(undefined, result),
        (error: unknown) => (callback as (error: unknown, result: unknown) => void)(error, undefined),
      );
      return undefined as never;
    }
    const promiseStyle = typeof args.at(-1) !== 'function' && !(typeof config === 'object' && typeof config?.submit === 'function');
    if (!promiseStyle) return this.#send(args);
    const statement = this.#lastStatement.then(() => this.#send(args) as Promise<unknown>);
    this.#lastStatement = statement.catch(() => {});
    return statement as never;
  }

  /**
   * On a Citus coordinator (decision 053): the workers see only a `SET LOCAL` of a transaction block
   * (`citus.propagate_set_commands = 'local'`), never a session's setting, and the academy's policies run
   * on the workers' shards. So every statement runs in a transaction whose first statement sets the
   * academy: a transaction's BEGIN takes `set local` in the same message; a statement outside one is
   * wrapped in its own (BEGIN with the setting, the statement, COMMIT, or ROLLBACK when it failed), all
   * in one round trip when it has parameters (#inOneTrip).
   */
  async #sendOnCitus(args: unknown[]): Promise<unknown> {
    const query = (...rest: unknown[]) => (super.query as (...more: unknown[]) => Promise<QueryResultLike | QueryResultLike[]>).apply(this, rest);
    const config = args[0] as { text?: string } | string;
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const callback = typeof args.at(-1) === 'function';
    const statementArgs = callback ? args.slice(0, -1) : args;
    const entered = enteredAcademyId();
    const wanted = (entered === undefined ? this.#defaultAcademyId : entered) ?? '';
    if (!ACADEMY_LITERAL.test(wanted)) throw new Error('Not an academy id');
    const setLocal = `set local citus.propagate_set_commands = 'local'; set local app.academy_id = '${wanted}'`;
    const seen = (result: QueryResultLike | QueryResultLike[]) => {
      for (const one of Array.isArray(result) ? result : [result]) {
        this.#noticed(text, one);
        if (one?.command && WRITE_COMMANDS.has(one.command) && !changedNothing(one.command, text, one.rowCount)) for (const table of tablesWritten(one.command, text)) this.#citusWrites.add(`${wanted}:${table}`);
      }
    };
    if (/^\s*(begin|start\s+transaction)\b/i.test(text)) {
      const results = (await query(`${text.replace(/;\s*$/, '')}; ${setLocal}`)) as QueryResultLike[];
      this.#citusTransaction = wanted;
      this.#citusWrites.clear();
      seen(results[0]);
      return results[0];
    }
    if (TRANSACTION_CONTROL.test(text)) {
      const result = await query(...statementArgs);
      const ended = /^\s*(commit|end|abort)\b/i.test(text) || /^\s*rollback\s*;?\s*$/i.test(text);
      if (ended) this.#citusTransaction = undefined;
      seen(result);
      if (ended) await this.#announceCitusWrites(query, (result as QueryResultLike)?.command === 'COMMIT');
      return result;
    }
    if (this.#citusTransaction !== undefined) {
      if (this.#citusTransaction !== wanted) {
        await query(setLocal);
        this.#citusTransaction = wanted;
      }
      const result = await query(...statementArgs);
      seen(result);
      return result;
    }
    const inOneTrip = this.#inOneTrip(statementArgs, text, wanted, seen, query);
    if (inOneTrip) return inOneTrip;
    // No parameters, or rows by pages: the transaction's parts each in their own round trip (CitusStatementQuery says why).
    await query(`begin; ${setLocal}`);
    this.#citusWrites.clear();
    try {
      const result = await query(...statementArgs);
      await query('commit');
      seen(result);
      await this.#announceCitusWrites(query, true);
      return result;
    } catch (error) {
      await query('rollback').catch(() => {});
      this.#citusWrites.clear();
      throw error;
    }
  }

  /**
   * A statement outside a transaction on Citus in ONE round trip (CitusStatementQuery, below): its
   * transaction's begin, academy and commit ride with it, and so does the announcement of what it
   * writes when its text tells that before it runs (writesTold); a write its text did not tell is
   * announced after, as in a transaction. When anything failed, PostgreSQL skipped to the end and the
   * transaction may be left open and failed: the rollback goes before the statement fails (the next
   * statement on this connection must not land in it). Undefined when the statement cannot go this way.
   */
  #inOneTrip(args: unknown[], text: string, wanted: string, seen: (result: QueryResultLike | QueryResultLike[]) => void, query: (...rest: unknown[]) => Promise<unknown>): Promise<unknown> | undefined {
    const told = writesTold(text, wanted);
    const statement = new CitusStatementQuery(args[0], args[1], wanted, told.length > 0 ? announcementOf(told) : undefined);
    if (!statement.fitsOneTrip()) return undefined;
    this.#citusWrites.clear();
    const answered = new Promise<QueryResultLike | QueryResultLike[]>((resolve, reject) => {
      statement.callback = (error: unknown, result: QueryResultLike | QueryResultLike[]) => (error ? reject(error) : resolve(result));
    });
    (super.query as (...rest: unknown[]) => unknown).call(this, statement);
    return answered.then(
      async (result) => {
        seen(result);
        for (const payload of told) this.#citusWrites.delete(payload);
        await this.#announceCitusWrites(query, true);
        return result;
      },
      async (error: unknown) => {
        await query('rollback').catch(() => {});
        this.#citusWrites.clear();
        throw error;
      },
    );
  }

  /** On Citus: `<academy_id>:<table>` written in the open transaction, announced after its commit. */
  #citusWrites = new Set<string>();

  /**
   * The change notices on Citus (decision 053): the tables' NOTIFY triggers would run on the workers,
   * where PostgreSQL refuses NOTIFY in a transaction committed on two nodes, so the distribution step
   * drops them and the coordinator's client announces what its committed transaction wrote, in the
   * triggers' payload (`<academy_id>:<table>`), to the servers listening on the coordinator.
   */
  async #announceCitusWrites(query: (...rest: unknown[]) => Promise<unknown>, committed: boolean): Promise<void> {
    const written = [...this.#citusWrites];
    this.#citusWrites.clear();
    if (!committed || written.length === 0) return;
    await query("select pg_notify('academy_table_changes', payload) from unnest($1::text[]) as payload", [written]);
  }

  #send(args: unknown[]): never {
    const config = args[0] as { text?: string; submit?: unknown } | string;
    const query = super.query as (...rest: unknown[]) => unknown;
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    if (!TRANSACTION_CONTROL.test(text) && !(typeof config === 'object' && typeof config?.submit === 'function')) {
      const inFront = this.#withAcademyInFront(args, (result) => this.#noticed(text, result));
      if (inFront !== undefined) return inFront as never;
    }
    // Ending a transaction or a savepoint reads no table: no setting first (in a failed transaction it
    // would fail too, and hide the error that failed it).
    const setting = TRANSACTION_CONTROL.test(text) ? undefined : this.#academyFirst(query);
    if (typeof config === 'object' && typeof config?.submit === 'function') {
      // Cursors and streams: queued after the setting; a failed setting has also failed the connection's state.
      setting?.catch(() => {});
      return query.apply(this, args) as never;
    }
    const seen = (result: QueryResultLike | QueryResultLike[]) => {
      for (const one of Array.isArray(result) ? result : [result]) this.#noticed(text, one);
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      const done = callback as (error: unknown, result: unknown) => void;
      args[args.length - 1] = (error: unknown, result: QueryResultLike) => {
        if (!error) seen(result);
        done(error, result);
      };
      if (!setting) return query.apply(this, args) as never;
      // pool.query's shape: the statement runs once its academy is set, or fails with the setting.
      void setting.then(
        () => query.apply(this, args),
        (error: unknown) => done(error, undefined),
      );
      return undefined as never;
    }
    // The statement waits for its academy's setting: it never runs under another academy's.
    const run = () => query.apply(this, args) as Promise<QueryResultLike>;
    return (setting ? setting.then(run) : run()).then((result) => {
      seen(result);
      return result;
    }) as never;
  }
}

/**
 * This server's own writes forget the answers it kept from their tables the moment the database
 * confirms them (lib/read-cache.ts): what a request changed, it and the next request read back at
 * once, without waiting for the database's notice (which tells the other servers). A write inside a
 * transaction is announced again when it commits (a read in between may have kept the old answer).
 * A write whose tables cannot be told from its text forgets everything.
 */
function clientNoticingWrites(changed: (table: string, academyId: string | undefined) => void, defaultAcademyId: string | null, citus = false): typeof pg.Client {
  const options: NoticingOptions = { changed, defaultAcademyId, citus };
  return class extends NoticingClient {
    constructor(config?: pg.ClientConfig | string) {
      super(config, options);
    }
  } as unknown as typeof pg.Client;
}

type PgConnection = {
  stream: { cork?(): void; uncork?(): void };
  parse(message: { text: string; name?: string; types?: unknown[] }): void;
  bind(message: { portal?: string; statement?: string; values: unknown[] }): void;
  execute(message: { portal?: string; rows?: number }): void;
  sync(): void;
  /** Named statements whose Parse was sent and not yet confirmed (pg's bookkeeping, read by hasBeenParsed). */
  submittedNamedStatements: Record<string, string | undefined>;
};
type PgQuery = {
  text?: string;
  values?: unknown[];
  rows?: number;
  name?: string;
  types?: unknown[];
  portal: string;
  callback?: unknown;
  requiresPreparation(): boolean;
  hasBeenParsed(connection: PgConnection): boolean;
  submit(connection: PgConnection): Error | null;
  prepare(connection: PgConnection): void;
  _getRows(connection: PgConnection, rows?: number): void;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
  handleEmptyQuery(connection: PgConnection): void;
};
/** A plain BEGIN only: with options (isolation level, read only) it must be the transaction's first statement. */
const TRANSACTION_START = /^\s*begin\s*;?\s*$/i;
/** An academy id (a UUID) or '' (none): the only values ever written into the setting's literal. */
const ACADEMY_LITERAL = /^(|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const PgQueryClass = pg.Query as unknown as new (config: unknown, values?: unknown, callback?: unknown) => PgQuery;

/**
 * A statement preceded by `select set_config('app.academy_id', …)` in ONE round trip (issue 55: the
 * academy's setting costs no extra round trip). Both go in the extended protocol with a single Sync at
 * the end, so they run in one implicit transaction (or inside the open one): when the setting fails,
 * PostgreSQL skips the statement and the caller gets the setting's error — the statement can never run
 * under another academy's setting. The setting's own answer (a row, a CommandComplete) is swallowed; the
 * statement's answer is the query's result as usual. Only statements that use the extended protocol
 * anyway (parameters), in one go (no rows by pages), take this way, and a transaction's BEGIN (as two
 * statements of one simple Query message); others get the setting separately.
 */
class AcademyFirstQuery extends PgQueryClass {
  #academy: string;
  /** The setting's DataRow and CommandComplete are still to come. */
  #settingAnswerPending = true;

  constructor(config: unknown, values: unknown, callback: unknown, academy: string) {
    super(config, values, callback);
    this.#academy = academy;
  }

  carriesSetting(): boolean {
    if (this.rows) return false;
    if (this.requiresPreparation()) return (this.values?.length ?? 0) > 0;
    // A transaction's BEGIN (no parameters: the simple protocol) takes the setting as the first statement of
    // the same Query message; the academy goes as a literal, so only an id of the one known shape.
    return TRANSACTION_START.test(this.text ?? '') && ACADEMY_LITERAL.test(this.#academy);
  }

  override submit(connection: PgConnection & { query(text: string): void }): Error | null {
    if (!this.requiresPreparation()) {
      // `select set_config(…); begin`: one message, one round trip; the setting is then part of the
      // transaction (a rollback undoes it, and the client sets it again after one).
      connection.query(`select set_config('app.academy_id', '${this.#academy}', false); ${this.text}`);
      return null;
    }
    connection.stream.cork?.();
    try {
      connection.parse({ text: 'select set_config($1, $2, false)', name: '', types: [] });
      connection.bind({ portal: '', statement: '', values: ['app.academy_id', this.#academy] });
      connection.execute({ portal: '', rows: 0 });
      // The statement's Parse/Bind/Describe/Execute and the one Sync follow (pg's own Query).
      return super.submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  }

  override handleRowDescription(message: unknown): void {
    if (this.#settingAnswerPending) return;
    super.handleRowDescription(message);
  }

  override handleDataRow(message: unknown): void {
    if (this.#settingAnswerPending) return;
    super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: PgConnection): void {
    if (this.#settingAnswerPending) {
      this.#settingAnswerPending = false;
      return;
    }
    super.handleCommandComplete(message, connection);
  }
}

/** The first word of a statement that writes, and so the command its CommandComplete will name. */
const LEADING_WRITE = /^\s*(insert|update|delete|merge|truncate|copy)\b/i;
/** `<academy_id>:<table>` as tablesWritten and ACADEMY_LITERAL make them: nothing to escape in a literal. */
const TOLD_PAYLOAD = /^[0-9a-f-]*:(\*|[a-z_][a-z0-9_]*)$/;

/**
 * What a statement will announce when it succeeds, told from its text before it runs (issue 77): a
 * statement that begins with a write's word completes as that command, so tablesWritten names the same
 * tables it will once the statement has answered. Nothing for any other (a `with …` that writes, a
 * select): those are announced after the statement, as before.
 */
export function writesTold(text: string, academy: string): string[] {
  const command = LEADING_WRITE.exec(text)?.[1]?.toUpperCase();
  if (!command) return [];
  const told = tablesWritten(command, text).map((table) => `${academy}:${table}`);
  return told.every((payload) => TOLD_PAYLOAD.test(payload)) ? told : [];
}

/** The announcement of #announceCitusWrites as one statement with its payloads as literals (checked by TOLD_PAYLOAD). */
function announcementOf(told: string[]): string {
  return `select pg_notify('academy_table_changes', payload) from unnest(array[${told.map((payload) => `'${payload}'`).join(', ')}]::text[]) as payload`;
}

/** A statement without parameters of its own, in the extended protocol: Parse, Bind and Execute, no Describe (its rows are swallowed). */
function sendUnnamed(connection: PgConnection, text: string): void {
  connection.parse({ text, name: '', types: [] });
  connection.bind({ portal: '', statement: '', values: [] });
  connection.execute({ portal: '', rows: 0 });
}

/**
 * On a Citus coordinator, a statement outside a transaction in ONE round trip (issue 77, decision 053):
 * Citus passes `set local` to the workers only inside a transaction block, so the statement needs
 * `begin`, the two settings in front and `commit` behind; here they are written at once with it (as
 * AcademyFirstQuery does with its setting), with the announcement of what it writes (writesTold) after
 * the commit, which runs only when the commit did. Their answers are swallowed: the caller sees the
 * statement's alone (rows, rowCount, command), as pg gives them. An error skips everything up to the end
 * of the message; the caller then rolls back (#inOneTrip).
 *
 * Only a statement with parameters (the extended protocol) takes this way: begin, set, set, the
 * statement's Parse/Bind/Describe/Execute (pg's own), commit, the announcement, and one Sync. A named
 * statement that this connection has not parsed yet sends its Parse first of all: pg takes the first
 * ParseComplete of a query for its own (client.js), and an error in begin would otherwise leave it
 * believing the statement parsed, failing every later call. Parsing outside the transaction changes
 * nothing: a statement is planned and run at Bind and Execute, after the settings.
 *
 * A statement without parameters (the simple protocol, maybe several statements in one text) keeps the
 * separate round trips: joined into one Query message (`begin; set …; set …; <text>\n; commit`), the
 * migrations' `CREATE SCHEMA` failed on a worker ("operation is not allowed on this node": Citus appears
 * to pass such DDL on with the message's whole text), and the extended protocol refuses a text of
 * several statements. Rows by pages (`rows`) keep them too (fitsOneTrip).
 */
export class CitusStatementQuery extends PgQueryClass {
  readonly #front: string[];
  readonly #behind: string[];
  readonly #fits: boolean;
  /** CommandCompletes of begin and the two settings still to come. */
  #frontPending: number;
  /** The statement has answered: the commit's and the announcement's answers follow. */
  #answered = false;

  constructor(config: unknown, values: unknown, academy: string, announcement: string | undefined) {
    super(config, values);
    this.#front = ['begin', "set local citus.propagate_set_commands = 'local'", `set local app.academy_id = '${academy}'`];
    this.#behind = announcement ? ['commit', announcement] : ['commit'];
    this.#frontPending = this.#front.length;
    this.#fits = this.requiresPreparation() && !this.rows && typeof this.text === 'string' && ACADEMY_LITERAL.test(academy);
  }

  fitsOneTrip(): boolean {
    return this.#fits;
  }

  override prepare(connection: PgConnection): void {
    if (this.name && !this.hasBeenParsed(connection)) {
      connection.parse({ text: this.text!, name: this.name, types: this.types });
      connection.submittedNamedStatements[this.name] = this.text;
    }
    for (const text of this.#front) sendUnnamed(connection, text);
    // The statement's Bind, Describe and Execute (and its Parse when unnamed); _getRows ends it.
    super.prepare(connection);
  }

  override _getRows(connection: PgConnection, rows?: number): void {
    connection.execute({ portal: this.portal, rows });
    for (const text of this.#behind) sendUnnamed(connection, text);
    connection.sync();
  }

  #swallowing(): boolean {
    return this.#frontPending > 0 || this.#answered;
  }

  override handleRowDescription(message: unknown): void {
    if (!this.#swallowing()) super.handleRowDescription(message);
  }

  override handleDataRow(message: unknown): void {
    if (!this.#swallowing()) super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: PgConnection): void {
    if (this.#frontPending > 0) {
      this.#frontPending -= 1;
      return;
    }
    if (this.#answered) return;
    this.#answered = true;
    super.handleCommandComplete(message, connection);
  }

  override handleEmptyQuery(connection: PgConnection): void {
    // A statement of comments only answers EmptyQueryResponse instead of CommandComplete.
    if (this.#frontPending === 0) this.#answered = true;
    super.handleEmptyQuery(connection);
  }
}

/**
 * Long work on one connection (migrations, a restore) runs without the time limits until `restore()`
 * (call it before releasing the client to the pool). pg reads its client-side limit per query from
 * connectionParameters, so lifting it there affects this connection only.
 */
export async function liftTimeouts(client: pg.PoolClient): Promise<{ restore(): Promise<void> }> {
  const parameters = (client as unknown as { connectionParameters: { query_timeout: number | false } }).connectionParameters;
  const queryTimeout = parameters.query_timeout;
  parameters.query_timeout = false;
  await client.query('set statement_timeout = 0');
  return {
    async restore() {
      parameters.query_timeout = queryTimeout;
      // Back to the connection's own setting (the pool's statement_timeout).
      await client.query('reset statement_timeout').catch(() => {});
    },
  };
}

// The database's own naming (drizzle() above): a table's columns named in a statement are written snake_case.
const statementDialect = new PgDialect({ casing: 'snake_case' });

/**
 * A hand-written statement run as a named (prepared) statement: PostgreSQL parses and plans it once per
 * connection instead of at every call (issue 74: 150 saves a second, each a statement of several parts,
 * spent as long planning as running). The name is the prefix and a hash of the text, so a statement
 * whose text varies (another academy helper's form) is another prepared statement, never a clash.
 * On the pool (`db` as createDatabase made it); inside a transaction it is an ordinary statement. The
 * academy's setting rides in front as for every statement (NoticingClient). Timestamps come back as Date.
 */
export function executeNamed<T extends Record<string, unknown>>(db: DbExecutor, prefix: string, statement: SQL): Promise<pg.QueryResult<T>> {
  const client = (db as unknown as { $client?: pg.Pool | pg.Client }).$client;
  if (!client) return db.execute<T>(statement) as Promise<pg.QueryResult<T>>;
  const { sql: text, params } = statementDialect.sqlToQuery(statement);
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return client.query<T>({ name, text, values: params });
}

// Any constant will do; it only has to be the same for every Academy process.
export const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the committed SQL migrations; safe at every start (applied ones are skipped). An advisory
 * lock makes several servers starting together against one database take turns.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  // Migrations may rewrite big tables (and wait for another server's): no time limit while they run.
  const limits = await liftTimeouts(client);
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    if (await migrationsPending(client)) await migrate(drizzle(client, { schema, casing: 'snake_case' }), { migrationsFolder });
    // On a Citus coordinator, the tables the migrations made are distributed by academy (db/citus.ts).
    await distributeOnCitus(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await limits.restore();
    client.release();
  }
}

/**
 * Whether the journal names a migration newer than the newest the database applied: drizzle's own rule
 * (it applies each one made after that). A start with none pending skips drizzle reading and hashing
 * every migration file (a tenth of a cold start: issue 74).
 */
export async function migrationsPending(client: pg.PoolClient): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const { rows: [table] } = await client.query<{ present: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!table?.present) return true;
  const { rows: [applied] } = await client.query<{ newest: string | null }>('select max(created_at)::text as newest from drizzle.__drizzle_migrations');
  return applied?.newest == null || Number(applied.newest) < newest;
}

// The helpers that name the academy and the app's time in a statement (decision 053), at hand where the database is.
export { academySql, joinOn, qualified, sameAcademy, thisAcademy } from './same-academy';
export { appNowSql } from './app-time';
