// npm run tenancy:gaps (issue 55, decision 053): which tables are not ready to be spread over several
// database servers by academy (Citus, with `academy_id` as the distribution column). A distributed
// table's primary key and every unique key must include the distribution column, and so must the
// foreign keys between distributed tables. This reads the Drizzle schema (no database needed) and
// lists, per table, what lacks `academy_id`; the platform's own tables (the academies, their domains,
// the operators) are named once in PLATFORM_TABLES and are expected to lack it.
// Exit code 0 always: the list is a map of the work left, not a gate (the test suite's tenancy check
// is the gate for `academy_id` itself and its row-level security).
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { is, SQL } from 'drizzle-orm';
import * as schema from '../apps/api/src/db/schema';
// Tables of the platform, not of one academy: the only ones without `academy_id` by design.
import { PLATFORM_TABLES } from '../apps/api/src/lib/tenancy';

const TENANT_COLUMN = 'academy_id';

/** Drizzle keys columns by their TypeScript names; the database (casing: 'snake_case') by these. */
function columnName(column: PgColumn): string {
  return column.keyAsName ? column.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) : column.name;
}

function describeIndexColumns(columns: unknown[]): string[] {
  return columns.map((column) => (is(column, SQL) ? '(expression)' : columnName(column as PgColumn)));
}

type Gap = { table: string; problems: string[] };

export function tenancyGaps(): Gap[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const gaps: Gap[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    if (PLATFORM_TABLES.has(config.name)) continue;
    const problems: string[] = [];
    const names = config.columns.map(columnName);
    if (!names.includes(TENANT_COLUMN)) problems.push(`no ${TENANT_COLUMN} column`);

    const primary = config.columns.filter((column) => column.primary).map(columnName);
    for (const key of config.primaryKeys) primary.push(...key.columns.map(columnName));
    if (primary.length > 0 && !primary.includes(TENANT_COLUMN)) problems.push(`primary key (${primary.join(', ')})`);

    for (const column of config.columns.filter((item) => item.isUnique)) problems.push(`unique (${columnName(column)})`);
    for (const constraint of config.uniqueConstraints) {
      const columns = constraint.columns.map(columnName);
      if (!columns.includes(TENANT_COLUMN)) problems.push(`unique ${constraint.name ?? ''} (${columns.join(', ')})`);
    }
    for (const index of config.indexes) {
      if (!index.config.unique) continue;
      const columns = describeIndexColumns(index.config.columns);
      if (!columns.includes(TENANT_COLUMN)) problems.push(`unique index ${index.config.name} (${columns.join(', ')})`);
    }
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      const target = getTableConfig(reference.foreignTable).name;
      if (PLATFORM_TABLES.has(target)) continue;
      const columns = reference.columns.map(columnName);
      if (!columns.includes(TENANT_COLUMN)) problems.push(`foreign key (${columns.join(', ')}) → ${target}`);
    }
    if (problems.length > 0) gaps.push({ table: config.name, problems });
  }
  return gaps.sort((a, b) => a.table.localeCompare(b.table));
}

if (process.argv[1]?.endsWith('tenancy-gaps.ts')) {
  const gaps = tenancyGaps();
  for (const gap of gaps) {
    console.log(gap.table);
    for (const problem of gap.problems) console.log(`  - ${problem}`);
  }
  const total = Object.values(schema).filter((value) => is(value, PgTable)).length;
  console.log(`\n${gaps.length} of ${total} tables have keys without ${TENANT_COLUMN} (platform tables excepted: ${[...PLATFORM_TABLES].join(', ')}).`);
}
