import { getTableName, is } from 'drizzle-orm';
import {
  foreignKey,
  pgTable,
  primaryKey,
  PrimaryKeyBuilder,
  unique,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core';
import type { BuildExtraConfigColumns } from 'drizzle-orm';

/*
 * An academy table (issue 77, decision 053): every key of it is led by `academy_id`, so the table can be
 * spread over several database servers by academy (Citus: a distributed table's primary, unique and
 * foreign keys must include the distribution column), and a row can only ever point at a row of its own
 * academy — the database refuses a cross-academy link, not only row-level security.
 *
 * Columns are written as for `pgTable`; `academyTable` turns their keys into academy keys:
 * - a column's `.primaryKey()` → the table's primary key `(academy_id, column)`, named `<table>_pkey`;
 * - a column's `.unique()` → `unique (academy_id, column)`, named `<table>_<columnKey>_unique` as before (Drizzle's own name);
 * - a column's `.references(() => other.id)` to another academy table → the foreign key
 *   `(academy_id, column) → other (academy_id, id)`, keeping the name the single-column key had
 *   (`<table>_<column>_<other>_id_fk`), with the same `on delete` (the migrations write `set null` as
 *   `set null (column)`: the academy is never cleared). References to platform tables stay as they are.
 * Keys written in the table's own list (`primaryKey`, `uniqueIndex`) name `academy_id` themselves.
 *
 * Drizzle keeps a column's key settings on its builder; they are read here before the table is built
 * (the builder fields below are Drizzle's own, checked so that a Drizzle upgrade fails loudly).
 */

type ReferenceConfig = { ref: () => AnyPgColumn; actions: { onDelete?: UpdateDeleteAction; onUpdate?: UpdateDeleteAction } };
type BuilderInternals = { foreignKeyConfigs: ReferenceConfig[]; config: { name: string; primaryKey?: boolean; isUnique?: boolean; uniqueName?: string } };

/** The tables built by `academyTable`: a reference to one of them becomes an `(academy_id, x)` key. */
const academyTables = new WeakSet<object>();

/** The database's name of a column (drizzle.config.ts: snake_case from the key). */
const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function internals(builder: PgColumnBuilderBase, table: string, key: string): BuilderInternals {
  const found = builder as unknown as Partial<BuilderInternals>;
  if (!Array.isArray(found.foreignKeyConfigs) || typeof found.config !== 'object') {
    throw new Error(`academyTable(${table}): column ${key} is not a Drizzle column builder this code knows`);
  }
  return found as BuilderInternals;
}

export function academyTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase> & { academyId: PgColumnBuilderBase }>(
  name: TName,
  columns: TColumns,
  extraConfig?: (self: BuildExtraConfigColumns<TName, TColumns, 'pg'>) => PgTableExtraConfigValue[],
) {
  let primary: string | undefined;
  const uniques: { key: string; name: string }[] = [];
  const references: { key: string; ref: () => AnyPgColumn; actions: ReferenceConfig['actions'] }[] = [];
  for (const [key, builder] of Object.entries(columns)) {
    if (key === 'academyId') continue;
    const column = internals(builder, name, key);
    if (column.config.primaryKey) {
      if (primary) throw new Error(`academyTable(${name}): two primary key columns`);
      primary = key;
      column.config.primaryKey = false; // notNull stays
    }
    if (column.config.isUnique) {
      uniques.push({ key, name: column.config.uniqueName ?? `${name}_${key}_unique` });
      column.config.isUnique = false;
    }
    for (const reference of column.foreignKeyConfigs.splice(0)) references.push({ key, ...reference });
  }

  const table = pgTable(name, columns, (self) => {
    const own = (self as unknown as Record<string, AnyPgColumn>);
    const academy = own.academyId!;
    const keys: PgTableExtraConfigValue[] = extraConfig?.(self) ?? [];
    if (primary) {
      if (keys.some((key) => is(key, PrimaryKeyBuilder))) throw new Error(`academyTable(${name}): a column and the list both name a primary key`);
      keys.push(primaryKey({ name: `${name}_pkey`, columns: [academy, own[primary]!] }));
    }
    for (const item of uniques) keys.push(unique(item.name).on(academy, own[item.key]!));
    for (const reference of references) {
      const column = own[reference.key]!;
      const target = reference.ref();
      const targetTable = target.table as PgTable & Record<string, AnyPgColumn>;
      const targetName = getTableName(targetTable);
      const fkName = `${name}_${snake(reference.key)}_${targetName}_${snake(target.name)}_fk`;
      const isAcademyTarget = academyTables.has(targetTable);
      const builder = isAcademyTarget
        ? foreignKey({ name: fkName, columns: [academy, column], foreignColumns: [targetTable.academyId!, target] })
        : foreignKey({ name: fkName, columns: [column], foreignColumns: [target] });
      if (reference.actions.onDelete) builder.onDelete(reference.actions.onDelete);
      if (reference.actions.onUpdate) builder.onUpdate(reference.actions.onUpdate);
      keys.push(builder);
    }
    return keys;
  });
  academyTables.add(table);
  return table;
}
