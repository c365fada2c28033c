import { describe, expect, it } from 'vitest';
import { changedNothing, CitusStatementQuery, tablesWritten, writesTold } from './client';

describe('the tables a confirmed write changed (forgets this server’s kept answers)', () => {
  it('reads them from drizzle’s and hand-written statements, inside `with` too', () => {
    expect(tablesWritten('INSERT', 'insert into "batches" ("name") values ($1) returning "id"')).toEqual(['batches']);
    expect(tablesWritten('UPDATE', 'update "public"."students" set "status" = $1')).toEqual(['students']);
    expect(tablesWritten('INSERT', 'with marked as (insert into attendance_records (student_id) values ($1) on conflict (id) do update set status = excluded.status returning 1) insert into audit_log select 1')).toEqual(['attendance_records', 'set', 'audit_log']);
  });

  it('a delete from a watched table may cascade: everything; elsewhere only that table', () => {
    expect(tablesWritten('DELETE', 'delete from "batches" where "id" = $1')).toEqual(['*']);
    expect(tablesWritten('DELETE', 'delete from "sessions" where "expires_at" < now()')).toEqual(['sessions']);
  });

  it('a session is named by its removal alone: a sign-in or a renewal forgets no kept session (issue 77)', () => {
    expect(tablesWritten('INSERT', 'insert into "sessions" ("token_hash", "user_id") values ($1, $2)')).toEqual([]);
    expect(tablesWritten('UPDATE', 'update "sessions" set "expires_at" = $1, "last_seen_at" = $2 where "id" = $3')).toEqual([]);
    expect(tablesWritten('DELETE', 'delete from "sessions" where "user_id" = $1')).toEqual(['sessions']);
    expect(tablesWritten('TRUNCATE', 'truncate "sessions"')).toEqual(['sessions']);
    expect(writesTold('update "sessions" set "last_seen_at" = $1', '')).toEqual([]);
    // A removal that cascades to a session counts as everything, as any watched table's.
    expect(tablesWritten('DELETE', 'delete from "users" where "id" = $1')).toEqual(['*']);
  });

  it('a write whose table cannot be told forgets everything', () => {
    expect(tablesWritten('COPY', 'copy (select 1) to stdout')).toEqual(['*']);
  });

  it('a write of one table that changed no row forgets nothing; any other write does (migration 0104)', () => {
    expect(changedNothing('UPDATE', 'update "announcements" set "published" = true where "publish_at" <= now()', 0)).toBe(true);
    expect(changedNothing('DELETE', 'delete from "batches" where "id" = $1', 0)).toBe(true);
    expect(changedNothing('INSERT', 'insert into "standards" ("name") values ($1) on conflict do nothing', 0)).toBe(true);
    expect(changedNothing('UPDATE', 'update "batches" set "name" = $1 where "id" = $2', 1)).toBe(false);
    // A write inside `with …` is not in the statement's count; a truncate or a copy has no count of rows changed.
    expect(changedNothing('INSERT', 'with gone as (delete from "notes" returning id) insert into "audit_log" select 1 from gone', 0)).toBe(false);
    expect(changedNothing('TRUNCATE', 'truncate "batches"', 0)).toBe(false);
    expect(changedNothing('COPY', 'copy "batches" from stdin', 0)).toBe(false);
    expect(changedNothing('UPDATE', 'update "batches" set "name" = $1', null)).toBe(false);
  });
});

/** A connection that writes down the messages a query sends (pg's Connection's methods, by name). */
function recordingConnection() {
  const sent: string[] = [];
  const connection = {
    stream: { cork: () => sent.push('cork'), uncork: () => sent.push('uncork') },
    parsedStatements: {} as Record<string, string>,
    submittedNamedStatements: {} as Record<string, string>,
    parse: (message: { text: string; name?: string }) => sent.push(`Parse ${message.name ?? ''}: ${message.text}`),
    bind: (message: { statement?: string; values?: unknown[] }) => sent.push(`Bind ${message.statement ?? ''} ${JSON.stringify(message.values ?? [])}`),
    describe: () => sent.push('Describe'),
    execute: () => sent.push('Execute'),
    sync: () => sent.push('Sync'),
    flush: () => sent.push('Flush'),
    close: () => sent.push('Close'),
    query: (text: string) => sent.push(`Query: ${text}`),
  };
  return { connection, sent };
}

type Answering = {
  callback?: unknown;
  submit(connection: unknown): Error | null;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: unknown): void;
  handleReadyForQuery(connection: unknown): void;
};

/** The server's answers, as pg's Connection hands them to the active query; resolves with what the caller gets. */
function answer(query: Answering, connection: unknown, answers: (string | { fields: string[] } | { row: (string | null)[] })[]): Promise<unknown> {
  const result = new Promise((resolve, reject) => (query.callback = (error: unknown, value: unknown) => (error ? reject(error) : resolve(value))));
  for (const one of answers) {
    if (typeof one === 'string') query.handleCommandComplete({ text: one }, connection);
    else if ('fields' in one) query.handleRowDescription({ fields: one.fields.map((name) => ({ name, dataTypeID: 23, format: 'text' })) });
    else query.handleDataRow({ fields: one.row });
  }
  query.handleReadyForQuery(connection);
  return result;
}

const ACADEMY = '0b7e4a52-3f41-4c1e-9d0a-6a1d2c3b4e5f';
const FRONT = ['begin', "set local citus.propagate_set_commands = 'local'", `set local app.academy_id = '${ACADEMY}'`];
const unnamed = (text: string) => [`Parse : ${text}`, 'Bind  []', 'Execute'];

describe('a statement outside a transaction on Citus: one round trip (issue 77)', () => {
  it('with parameters: begin, the settings, the statement, commit and its announcement before one Sync; the caller sees the statement only', async () => {
    const text = 'insert into "batches" ("name") values ($1) returning "id"';
    const told = writesTold(text, ACADEMY);
    expect(told).toEqual([`${ACADEMY}:batches`]);
    const announcement = `select pg_notify('academy_table_changes', payload) from unnest(array['${ACADEMY}:batches']::text[]) as payload`;
    const query = new CitusStatementQuery({ text, values: ['Physics'] }, undefined, ACADEMY, announcement) as unknown as Answering;
    const { connection, sent } = recordingConnection();
    expect(query.submit(connection)).toBeNull();
    expect(sent).toEqual([
      'cork',
      ...FRONT.flatMap(unnamed),
      `Parse : ${text}`,
      'Bind  ["Physics"]',
      'Describe',
      'Execute',
      ...unnamed('commit'),
      ...unnamed(announcement),
      'Sync',
      'uncork',
    ]);
    const result = (await answer(query, connection, ['BEGIN', 'SET', 'SET', { fields: ['id'] }, { row: ['7'] }, 'INSERT 0 1', 'COMMIT', { row: [''] }, 'SELECT 1'])) as { command: string; rowCount: number; rows: unknown[] };
    expect(result).toMatchObject({ command: 'INSERT', rowCount: 1, rows: [{ id: 7 }] });
  });

  it("a named statement not yet parsed sends its Parse first (pg takes a query's first ParseComplete for its own); once parsed, none", () => {
    const config = { name: 'save_abc', text: 'update "students" set "name" = $1', values: ['A'] };
    const first = recordingConnection();
    new CitusStatementQuery(config, undefined, ACADEMY, undefined).submit(first.connection as never);
    expect(first.sent).toEqual(['cork', `Parse save_abc: ${config.text}`, ...FRONT.flatMap(unnamed), 'Bind save_abc ["A"]', 'Describe', 'Execute', ...unnamed('commit'), 'Sync', 'uncork']);
    expect(first.connection.submittedNamedStatements).toEqual({ save_abc: config.text });
    const again = recordingConnection();
    again.connection.parsedStatements.save_abc = config.text;
    new CitusStatementQuery(config, undefined, ACADEMY, undefined).submit(again.connection as never);
    expect(again.sent).toEqual(['cork', ...FRONT.flatMap(unnamed), 'Bind save_abc ["A"]', 'Describe', 'Execute', ...unnamed('commit'), 'Sync', 'uncork']);
  });

  it('a statement without parameters, or reading rows by pages, keeps the separate round trips', () => {
    expect(new CitusStatementQuery('create schema if not exists drizzle', undefined, ACADEMY, undefined).fitsOneTrip()).toBe(false);
    expect(new CitusStatementQuery({ text: 'select 1', values: [] }, undefined, ACADEMY, undefined).fitsOneTrip()).toBe(false);
    expect(new CitusStatementQuery({ text: 'select $1::int', values: [1], rows: 10 }, undefined, ACADEMY, undefined).fitsOneTrip()).toBe(false);
    expect(new CitusStatementQuery('select $1::int', [1], ACADEMY, undefined).fitsOneTrip()).toBe(true);
  });

  it('tells the writes of a statement that begins with a write, nothing for others', () => {
    expect(writesTold('delete from "batches" where "id" = $1', ACADEMY)).toEqual([`${ACADEMY}:*`]);
    expect(writesTold('update "students" set "name" = $1', '')).toEqual([':students']);
    expect(writesTold('with x as (insert into marks values (1)) select 1', ACADEMY)).toEqual([]);
    expect(writesTold('select * from students', ACADEMY)).toEqual([]);
  });
});
