import { createHash } from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import type pg from 'pg';

/**
 * The database side of backups, written against PostgreSQL's catalogue rather than our Drizzle
 * tables, so a table added by any later change is covered without touching this file.
 * Rows travel as JSON made by PostgreSQL itself (row_to_json) and are read back by it
 * (json_populate_recordset): timestamps keep their microseconds, bytea its bytes, arrays and json
 * their exact text, and no value passes through JavaScript numbers or dates on the way.
 */
export type Queryable = Pick<pg.PoolClient, 'query'>;

export type TableInfo = {
  name: string;
  /** Every column, in table order; generated ones are dumped but never inserted. */
  columns: string[];
  insertColumns: string[];
  primaryKey: string[];
  /** Other tables this one has foreign keys to. */
  dependsOn: string[];
  /** Whether it carries `academy_id` (every academy table, issue 55): its rows are one academy's. */
  hasAcademyId: boolean;
  /** Its serial or identity columns. */
  serialColumns: string[];
  /** Whether another table's foreign key points at it. */
  referenced: boolean;
};

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: string, schema = 'public') => `${quoteIdent(schema)}.${quoteIdent(table)}`;

/** Every ordinary table of the public schema (or `schema`; drizzle's migration log lives in its own schema). */
export async function listTables(client: Queryable, schema = 'public'): Promise<TableInfo[]> {
  const { rows } = await client.query<{
    name: string;
    columns: { name: string; generated: boolean; serial: boolean }[];
    primary_key: string[];
    depends_on: string[];
    referenced: boolean;
  }>(
    `
    select c.relname as name,
      (select json_agg(json_build_object('name', a.attname, 'generated', a.attgenerated <> '',
           'serial', a.attidentity <> '' or pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) is not null) order by a.attnum)
         from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
      exists (select 1 from pg_constraint rf where rf.confrelid = c.oid and rf.contype = 'f' and rf.conrelid <> c.oid) as referenced,
      coalesce((select json_agg(a.attname order by k.ord)
         from pg_constraint pk cross join lateral unnest(pk.conkey) with ordinality as k(attnum, ord)
         join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
         where pk.conrelid = c.oid and pk.contype = 'p'), '[]'::json) as primary_key,
      coalesce((select json_agg(distinct r.relname)
         from pg_constraint fk join pg_class r on r.oid = fk.confrelid
         where fk.conrelid = c.oid and fk.contype = 'f' and fk.confrelid <> c.oid), '[]'::json) as depends_on
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`,
    [schema],
  );
  return rows.map((row) => ({
    name: row.name,
    columns: row.columns.map((column) => column.name),
    insertColumns: row.columns.filter((column) => !column.generated).map((column) => column.name),
    primaryKey: row.primary_key,
    dependsOn: row.depends_on,
    hasAcademyId: row.columns.some((column) => column.name === 'academy_id'),
    serialColumns: row.columns.filter((column) => column.serial).map((column) => column.name),
    referenced: row.referenced,
  }));
}

/**
 * Tables ordered so that every table comes after the ones it references (parents first), names
 * breaking ties so the order is stable. Tables in a reference cycle (none today) come last, in name
 * order; their inserts would then fail and roll the whole restore back rather than half-restore.
 */
export function dependencyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const placed = new Set<string>();
  const ordered: TableInfo[] = [];
  let progress = true;
  while (progress) {
    progress = false;
    for (const table of [...byName.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      if (placed.has(table.name)) continue;
      if (table.dependsOn.every((parent) => placed.has(parent) || !byName.has(parent))) {
        ordered.push(table);
        placed.add(table.name);
        progress = true;
      }
    }
  }
  for (const table of tables) if (!placed.has(table.name)) ordered.push(table);
  return ordered;
}

/**
 * The same rows always give the same text in the same order, on any server: UTC, ISO dates and
 * intervals, and an order by the primary key's text in byte order ("C"), not by a locale.
 */
export async function useCanonicalOutput(client: Queryable): Promise<void> {
  await client.query(`set local timezone = 'UTC'; set local datestyle = 'ISO, YMD'; set local intervalstyle = 'iso_8601'; set local extra_float_digits = 1`);
}

const FETCH_SIZE = 500;

/**
 * Streams one table as JSON Lines (one row per line) through a cursor, so a big table never sits in
 * memory. Must run inside a transaction (the backup's snapshot) after useCanonicalOutput.
 * With `academyId`, a table that carries `academy_id` gives that academy's rows only (row-level
 * security already shows no other academy's rows; the filter says so in the statement too).
 */
export async function dumpTable(client: Queryable, table: TableInfo, writeLine: (line: string) => Promise<void> | void, academyId?: string): Promise<number> {
  // `|| ''`: the same text, made by a function; a varchar key's plain `::text` is a relabelling that a Citus
  // cursor over several shards reads back with the column's own type, and refuses (decision 053).
  const orderBy = table.primaryKey.length > 0 ? table.primaryKey.map((column) => `((r.${quoteIdent(column)})::text || '') collate "C"`).join(', ') : `row_to_json(r.*)::text collate "C"`;
  const cursor = `backup_${table.name.replace(/[^a-z0-9_]/gi, '_')}`.slice(0, 60);
  const filtered = academyId !== undefined && table.hasAcademyId;
  await client.query(
    `declare ${quoteIdent(cursor)} no scroll cursor for select row_to_json(r.*)::text as line from ${qualified(table.name)} r ${filtered ? 'where r.academy_id = $1::uuid' : ''} order by ${orderBy}`,
    filtered ? [academyId] : [],
  );
  let count = 0;
  for (;;) {
    const { rows } = await client.query<{ line: string }>(`fetch ${FETCH_SIZE} from ${quoteIdent(cursor)}`);
    for (const row of rows) await writeLine(row.line);
    count += rows.length;
    if (rows.length < FETCH_SIZE) break;
  }
  await client.query(`close ${quoteIdent(cursor)}`);
  return count;
}

/** sha256 and row count of a table's JSON Lines, as the manifest records them (each line ends with \n). */
export async function tableDigest(client: Queryable, table: TableInfo, academyId?: string): Promise<{ rows: number; sha256: string }> {
  const hash = createHash('sha256');
  const rows = await dumpTable(
    client,
    table,
    (line) => {
      hash.update(line);
      hash.update('\n');
    },
    academyId,
  );
  return { rows, sha256: hash.digest('hex') };
}

const INSERT_BATCH_ROWS = 500;
const INSERT_BATCH_CHARS = 4 * 1024 * 1024;

/**
 * Inserts a table's JSON Lines file (validated beforehand) in batches; PostgreSQL parses every value.
 * `schema`: the schema whose table of that name receives them; `transform`: rewrites each line first
 * (a restore as a new academy gives every id a new value).
 */
export async function loadTable(client: Queryable, table: TableInfo, file: string, options: { schema?: string; transform?: (line: string) => string } = {}): Promise<number> {
  const columns = table.insertColumns.map(quoteIdent).join(', ');
  const target = qualified(table.name, options.schema);
  const sql = `insert into ${target} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${target}, $1::json)`;
  let batch: string[] = [];
  let chars = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(sql, [`[${batch.join(',')}]`]);
    count += batch.length;
    batch = [];
    chars = 0;
  };
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(options.transform ? options.transform(line) : line);
    chars += line.length;
    if (batch.length >= INSERT_BATCH_ROWS || chars >= INSERT_BATCH_CHARS) await flush();
  }
  await flush();
  return count;
}

/**
 * Serial and identity sequences continue after the restored rows instead of handing out used numbers.
 * `onlyForward`: a sequence is never moved back (other academies' rows share it, issue 55).
 */
export async function resetSequences(client: Queryable, options: { onlyForward?: boolean } = {}): Promise<void> {
  const { rows } = await client.query<{ table_name: string; column_name: string; sequence: string }>(`
    select c.relname as table_name, a.attname as column_name, pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      and pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) is not null`);
  for (const row of rows) {
    const column = quoteIdent(row.column_name);
    if (options.onlyForward) {
      // Moved only when the rows now hold a larger number than it would hand out next.
      const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${row.sequence}`);
      await client.query(
        `select setval($1, m, true) from (select max(${column}) as m from ${qualified(row.table_name)}) t where m is not null and m > $2::bigint`,
        [row.sequence, state[0]!.is_called ? state[0]!.last_value : String(BigInt(state[0]!.last_value) - 1n)],
      );
      continue;
    }
    await client.query(`select setval($1, coalesce((select max(${column}) from ${qualified(row.table_name)}), 1), (select max(${column}) from ${qualified(row.table_name)}) is not null)`, [
      row.sequence,
    ]);
  }
}

/**
 * Removes everything the migrations made in the public schema (tables, views, sequences, types,
 * functions), but not what extensions own (pg_trgm's functions stay, as does the extension).
 * Runs inside the restore's transaction, so a failure later brings it all back.
 */
export async function dropPublicSchemaObjects(client: Queryable): Promise<void> {
  const notExtensionMember = (catalog: string, column: string) =>
    `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${column} and d.deptype = 'e')`;
  const { rows: relations } = await client.query<{ name: string; kind: string }>(`
    select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${notExtensionMember('pg_class', 'c.oid')}`);
  const dropKind: Record<string, string> = { r: 'table', p: 'table', v: 'view', m: 'materialized view', S: 'sequence', f: 'foreign table' };
  // Tables first: their cascade takes the views, owned sequences and constraints with them. `sessions`
  // first: every request reads it before the other tables of its session lookup, so once the restore
  // holds it, requests wait on it holding nothing the restore needs (no deadlock). `academies` last:
  // every academy table references it, so dropping it early would lock them all at once.
  const order = (item: { name: string }) => (item.name === 'sessions' ? 0 : item.name === 'academies' ? 2 : 1);
  const academiesLast = (a: { name: string }, b: { name: string }) => order(a) - order(b);
  for (const kind of ['r', 'p', 'f', 'm', 'v', 'S']) {
    for (const relation of relations.filter((item) => item.kind === kind).sort(academiesLast)) {
      await client.query(`drop ${dropKind[kind]} if exists ${qualified(relation.name)} cascade`);
    }
  }
  const { rows: functions } = await client.query<{ signature: string; kind: string }>(`
    select p.oid::regprocedure::text as signature, p.prokind as kind from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and ${notExtensionMember('pg_proc', 'p.oid')}`);
  for (const fn of functions) await client.query(`drop ${fn.kind === 'p' ? 'procedure' : fn.kind === 'a' ? 'aggregate' : 'function'} if exists ${fn.signature} cascade`);
  const { rows: types } = await client.query<{ name: string; kind: string }>(`
    select t.typname as name, t.typtype as kind from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'public' and t.typtype in ('e', 'd', 'c', 'r') and (t.typrelid = 0 or (select relkind from pg_class where oid = t.typrelid) = 'c')
      and ${notExtensionMember('pg_type', 't.oid')}`);
  for (const type of types) await client.query(`drop ${type.kind === 'd' ? 'domain' : 'type'} if exists "public".${quoteIdent(type.name)} cascade`);
}
