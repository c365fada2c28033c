import { index, primaryKey, type AnyPgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { academyId } from './academy-column';

/*
 * Link tables: two rows of one academy joined, many to many (a standard's subjects, a parent's students).
 * No table here, only the shape they share, so each link table reads as the two rows it joins.
 */

/**
 * The keys of a link table: the academy and the pair are the primary key, which also finds the links of the first side;
 * the second side and the academy get an index each, named `<table>_<secondSide>_idx` and
 * `<table>_academy_idx` as the migrations made them.
 */
export const linkTableKeys = (tableName: string, [first, second]: [AnyPgColumn, AnyPgColumn], secondSide: string, academy: AnyPgColumn) => [
  primaryKey({ name: `${tableName}_pkey`, columns: [academy, first, second] }),
  index(`${tableName}_${secondSide}_idx`).on(second),
  index(`${tableName}_academy_idx`).on(academy),
];

type Columns = Record<string, PgColumnBuilderBase>;

/**
 * A link table with its keys (`linkTableKeys`): the academy's column, then `pair`, the two linked rows'
 * columns (the first leads the primary key, the second is indexed as `secondSide`), then `more` columns
 * a link carries (a position, an amount).
 */
export const linkTable = <TName extends string, TPair extends Columns, TMore extends Columns = Record<never, never>>(
  name: TName,
  secondSide: string,
  pair: TPair,
  more?: TMore,
) =>
  academyTable(name, { academyId: academyId(), ...pair, ...(more ?? ({} as TMore)) }, (table) => {
    const columns = table as unknown as Record<string, AnyPgColumn>;
    const [first, second, ...others] = Object.keys(pair).map((key) => columns[key]);
    if (!first || !second || others.length > 0) throw new Error(`${name}: a link table joins exactly two columns`);
    return linkTableKeys(name, [first, second], secondSide, table.academyId);
  });
