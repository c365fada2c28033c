import { is } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, PgArray, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { InvalidBackupError } from './backup-archive';
import { quoteIdent } from './database-tables';

type Queryable = { query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }> };

/** Columns whose allowed values only the application knows (text with an `enum`): PostgreSQL accepts any text. */
function applicationEnumColumns() {
  const found: { table: string; column: string; isArray: boolean; allowed: string[] }[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    for (const column of config.columns) {
      const base: PgColumn = is(column, PgArray) ? (column as PgArray<never, never>).baseColumn : column;
      if (!base.enumValues?.length || base.columnType === 'PgEnumColumn') continue;
      // The database is used with casing 'snake_case': a column named by its key is snake_cased.
      found.push({ table: config.name, column: column.keyAsName ? toSnakeCase(column.name) : column.name, isArray: is(column, PgArray), allowed: [...base.enumValues] });
    }
  }
  return found;
}

/**
 * A restore's last check, inside its transaction: PostgreSQL has already parsed every value by its
 * column's type and checked constraints and references; this adds the rules only the application
 * knows (a weekday, a role, a status). A value outside them refuses the archive and rolls back.
 * Names come from our own schema and are quoted; the allowed values travel as a bound parameter.
 */
export async function assertRestoredValuesAllowed(client: Queryable): Promise<void> {
  for (const { table, column, isArray, allowed } of applicationEnumColumns()) {
    const name = quoteIdent(column);
    const outside = isArray ? `not (${name} <@ $1::text[])` : `${name} <> all($1::text[])`;
    const { rows } = await client.query<{ value: string }>(`select ${name}::text as value from "public".${quoteIdent(table)} where ${outside} limit 1`, [allowed]);
    if (rows[0]) {
      const shown = rows[0].value.length > 60 ? `${rows[0].value.slice(0, 60)}…` : rows[0].value;
      throw new InvalidBackupError(`The backup's table ${table} has a value its column ${column} does not allow (${shown}); it was not made by Academy. Nothing was changed.`);
    }
  }
}
