import type pg from 'pg';
import { PLATFORM_TABLES } from '../lib/tenancy';

/*
 * The distribution step (issue 77, decision 053): after the migrations, on a Citus coordinator (`citus`
 * in pg_extension) the academy tables are distributed by `academy_id` and colocated with `users` (an
 * academy's rows of every table live on one worker, so every statement of one academy goes to one
 * node), and the platform tables become reference tables (a copy on every node: the academy tables'
 * keys point at `academies`). On plain PostgreSQL it does nothing. It runs at every start, after the
 * migrations, and distributes only what is not yet distributed (a new migration's new table).
 *
 * What Citus refuses, and what is done here instead (decision 053 lists the consequences):
 * - `ON DELETE SET NULL (x_id)` on a key that includes the distribution column: such a key becomes
 *   `NO ACTION` on Citus (deleting a row still pointed at is refused instead of clearing the links);
 * - triggers on distributed tables run on the workers: allowed for this step
 *   (`citus.enable_unsafe_triggers`); a trigger's NOTIFY is then heard on the worker, not the coordinator.
 */

/** The table all academy tables are colocated with. */
const ANCHOR = 'users';

export type DistributionReport = { reference: string[]; distributed: string[]; setNullKeys: string[]; droppedTriggers: string[] };

export async function isCitus(client: pg.ClientBase): Promise<boolean> {
  const { rowCount } = await client.query("select 1 from pg_extension where extname = 'citus'");
  return (rowCount ?? 0) > 0;
}

/** Distributes what is not yet distributed; undefined on plain PostgreSQL. */
export async function distributeOnCitus(client: pg.ClientBase): Promise<DistributionReport | undefined> {
  if (!(await isCitus(client))) return undefined;
  const report: DistributionReport = { reference: [], distributed: [], setNullKeys: [], droppedTriggers: [] };
  await client.query('begin');
  try {
    await client.query('set local citus.enable_unsafe_triggers = on');
    // Reference and distributed tables are made in one transaction with the keys between them.
    await client.query("set local citus.multi_shard_modify_mode = 'sequential'");
    const { rows: tables } = await client.query<{ name: string; academy: boolean; citus: boolean }>(`
      select c.relname as name,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'academy_id' and not a.attisdropped) as academy,
        exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid) as citus
      from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition order by 1`);
    // The policies' function, on every node (the policies run on the workers' shards).
    await client.query("select create_distributed_function('current_academy_id()')").catch(() => undefined);

    // Triggers that would run on the workers and cannot there (decision 053): the change notices' NOTIFY
    // (PostgreSQL refuses it in a transaction Citus commits on two nodes; the client sends the notices from
    // the coordinator after its commit instead, db/client.ts) and the job heads' upsert into a reference
    // table (a distributed write from a shard; the job runner writes the head itself on Citus). And the
    // marks' backstops (migration 0072), which read the other table from a shard ("cannot execute a
    // distributed query from a query on a shard"): on Citus the app's check stands alone, made under the
    // exam's row lock (exams.service.ts lockExamForStaff) by every save of marks and change of the maximum.
    const { rows: onWorkers } = await client.query<{ table: string; name: string }>(`
      select t.tgrelid::regclass::text as table, t.tgname as name from pg_trigger t
      where not t.tgisinternal and t.tgfoid in ('announce_table_change'::regproc, 'announce_rows_changed'::regproc, 'note_job_due'::regproc, 'exam_marks_within_maximum'::regproc, 'exams_maximum_above_marks'::regproc)
        and t.tgrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`);
    for (const trigger of onWorkers) {
      await client.query(`drop trigger ${client.escapeIdentifier(trigger.name)} on ${trigger.table}`);
      report.droppedTriggers.push(`${trigger.table}.${trigger.name}`);
    }

    const platform = tables.filter((table) => PLATFORM_TABLES.has(table.name) && !table.citus);
    const academy = tables.filter((table) => !PLATFORM_TABLES.has(table.name) && table.academy && !table.citus);
    const unknown = tables.filter((table) => !PLATFORM_TABLES.has(table.name) && !table.academy);
    if (unknown.length > 0) throw new Error(`Not an academy table and not a platform table: ${unknown.map((table) => table.name).join(', ')}`);

    for (const table of referenceOrder(platform.map((t) => t.name), await foreignKeys(client))) {
      await client.query('select create_reference_table($1)', [table]);
      report.reference.push(table);
    }

    // SET NULL keys between academy tables: NO ACTION on Citus.
    const { rows: setNull } = await client.query<{ table: string; name: string; definition: string }>(`
      select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where contype = 'f' and confdeltype = 'n' and connamespace = 'public'::regnamespace and array_length(conkey, 1) > 1`);
    for (const key of setNull) {
      await client.query(`alter table ${key.table} drop constraint ${client.escapeIdentifier(key.name)}`);
      const definition = key.definition.replace(/ ON DELETE SET NULL( \([^)]*\))?/, '');
      await client.query(`alter table ${key.table} add constraint ${client.escapeIdentifier(key.name)} ${definition}`);
      report.setNullKeys.push(`${key.table}.${key.name}`);
    }

    // Citus takes no subquery in a policy: the policies read `current_academy_id()` as they did before
    // decision 074 (on the workers a statement's shard query is short; the per-row setting read is cheap there).
    const { rows: policies } = await client.query<{ table: string }>(
      `select tablename as table from pg_policies where schemaname = 'public' and policyname = 'academy_only' and qual like '%SELECT current_academy_id()%'`,
    );
    for (const policy of policies) {
      if (!academy.some((table) => table.name === policy.table)) continue;
      const table = client.escapeIdentifier(policy.table);
      await client.query(`alter policy academy_only on ${table} using (academy_id = current_academy_id()) with check (academy_id = current_academy_id())`);
    }

    const keys = await foreignKeys(client);
    const names = academy.map((table) => table.name);
    for (const table of referenceOrder(names, keys)) {
      // A table with rows (academy_settings' first row, migration 0098) is copied into its shards by a COPY,
      // which Citus refuses under forced row-level security: forced again once its rows are in the shards.
      const name = client.escapeIdentifier(table);
      const { rows: forced } = await client.query<{ forced: boolean }>('select relforcerowsecurity as forced from pg_class where oid = $1::regclass', [table]);
      let forceAfter = false;
      if (forced[0]?.forced) {
        await client.query(`alter table ${name} no force row level security`);
        const { rowCount } = await client.query(`select 1 from ${name} limit 1`);
        if ((rowCount ?? 0) > 0) forceAfter = true;
        else await client.query(`alter table ${name} force row level security`);
      }
      await client.query("select create_distributed_table($1, 'academy_id', colocate_with => $2)", [table, table === ANCHOR ? 'none' : ANCHOR]);
      if (forceAfter) await client.query(`alter table ${name} force row level security`);
      report.distributed.push(table);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
  return report;
}

/** Which table's keys point at which (tables of the public schema; a key to itself left out). */
async function foreignKeys(client: pg.ClientBase): Promise<Map<string, Set<string>>> {
  const { rows } = await client.query<{ from: string; to: string }>(`
    select conrelid::regclass::text as from, confrelid::regclass::text as to from pg_constraint
    where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`);
  const map = new Map<string, Set<string>>();
  for (const row of rows) map.set(row.from, (map.get(row.from) ?? new Set()).add(row.to));
  return map;
}

/**
 * The tables in an order where every table comes after the tables its keys point at (Citus distributes
 * a table only when the tables it points at are already Citus tables); the anchor first when present.
 */
export function referenceOrder(tables: string[], keys: Map<string, Set<string>>): string[] {
  const wanted = new Set(tables);
  const done: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (done.includes(table) || !wanted.has(table)) return;
    if (visiting.has(table)) throw new Error(`The keys of ${table} go round in a circle: Citus cannot take them one by one`);
    visiting.add(table);
    for (const target of keys.get(table) ?? []) visit(target);
    visiting.delete(table);
    done.push(table);
  };
  if (wanted.has(ANCHOR)) visit(ANCHOR);
  for (const table of [...tables].sort()) visit(table);
  return done;
}
