import path from 'node:path';
import ts from 'typescript';
import type { Rule, Violation } from '../rule';
import type { SourceFile, SourceTree } from '../source-tree';

/**
 * Who writes which table (docs/ARCHITECTURE.md, "Who writes which table"). Every table is declared in
 * `db/schema/<owner>.ts`: the file's name is its owner, a module of `modules/` or another room of the
 * API (`db` for jobs and rate limits, `events` for domain events). Only the owner writes it: in
 * `modules/<m>/**`, a Drizzle `.insert(t)`, `.update(t)` or `.delete(t)`, or raw SQL `insert into t`,
 * `update t`, `delete from t`, on a table another room owns is a violation, in `modules/<m>/**` or any other room. Reads are free. A module
 * that needs another's row changed calls the owner's command (exported by its index.ts, with the
 * caller's `tx` when the result is needed in the same transaction) or emits an event the owner handles.
 *
 * Every room of `src/` is checked (a file at the top, `demo-seed.ts`, is a room that owns nothing), with
 * the schema's own tables, link tables included, and SQL names quoted or schema-qualified. Not checked:
 * tests, and the files below that write every table by design.
 */

/** Files that write every table of an academy on purpose: restoring a backup replays whole databases. */
export const WRITES_EVERY_TABLE = [
  'modules/backups/academy-restore.ts',
  'modules/backups/offsite-restore.ts',
];

/**
 * Writes into another room's table allowed by design (`<file> → <table>`, file relative to the API's
 * `src`), each with why. Keep it short: anything else calls the owner's command or emits an event.
 */
export const ALLOWED_FOREIGN_WRITES: Record<string, string> = {
  // None now: a restore's academy row is written by the academies module's commands (createAcademyRow,
  // updateAcademyIdentity), inside the restore's own transaction when it must be.
};

/**
 * Writes into another room's table tolerated for now (`<file> → <table>`): debt, each to move to its
 * owner, never to grow. None now (issue 79): the settings row is made with the academy by the settings
 * module, and reading the settings never writes.
 */
export const KNOWN_FOREIGN_WRITES: string[] = [];

type Table = { name: string; owner: string };
/** A table's Drizzle name and SQL name both lead to it. */
type Tables = { byIdentifier: Map<string, Table>; bySqlName: Map<string, Table> };

const SCHEMA_FOLDER = 'db/schema/';
const SCHEMA_GATHERER = 'db/schema';

/** Every table of `db/schema/*.ts` with its owner (the file's name); and schema files that name no room. */
export function tablesOf(tree: SourceTree): { tables: Tables; violations: Violation[] } {
  const rooms = roomsOf(tree);
  const tables: Tables = { byIdentifier: new Map(), bySqlName: new Map() };
  const violations: Violation[] = [];
  for (const file of tree.files.values()) {
    const inside = file.path.slice(tree.root.length + 1);
    if (!inside.startsWith(SCHEMA_FOLDER)) continue;
    // `academies.signup.ts`: a second file of one owner, where one file would make the schema files import in a circle.
    const owner = path.posix.basename(inside, '.ts').split('.')[0]!;
    // `pgTable('name', …)` and the schema's own table makers (`linkTable('name', …)`): any exported
    // table whose first argument is its SQL name. The rule's test compares this with the schema's tables.
    const declared = [...file.text.matchAll(/export const (\w+)\s*=\s*(?:pgTable|\w+Table)\(\s*'([a-z0-9_]+)'/g)];
    if (declared.length === 0) continue; // a helper (the academy column), no table
    if (!rooms.has(owner)) {
      violations.push({ file: file.path, message: `declares tables but "${owner}" is no module of modules/ and no room of ${tree.root}: name the file after the tables' owner` });
      continue;
    }
    for (const [, identifier, name] of declared) {
      const table = { name: name!, owner };
      tables.byIdentifier.set(identifier!, table);
      tables.bySqlName.set(name!, table);
    }
  }
  return { tables, violations };
}

/** Module names (`fees`) and the other top-level rooms (`db`, `events`, `lib` …) of the API. */
function roomsOf(tree: SourceTree): Set<string> {
  const rooms = new Set<string>();
  for (const file of tree.files.keys()) {
    const [top, second, third] = file.slice(tree.root.length + 1).split('/');
    if (top === 'modules' && third !== undefined) rooms.add(second!);
    else if (second !== undefined) rooms.add(top!);
  }
  return rooms;
}

export type Write = { table: string; line: number };

const DRIZZLE_WRITES = new Set(['insert', 'update', 'delete']);
// `insert into t`, `update t`, `delete from t`, the table named in SQL or interpolated (`${students}`).
// A schema-qualified name (`"public"."academies"`, `public.academies`) is the same table.
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?|\$\{\s*([A-Za-z_$][\w$]*)\s*\})/gi;

/** The tables a file writes: Drizzle calls on imported tables and raw SQL in strings and templates. */
export function writesOf(file: SourceFile, tables: Tables): Write[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  // The names this file gives the schema's tables: `import { students as s }`, `import * as schema`.
  const named = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    // Resolved against the importing file, so `./schema` in db/ and `../../db/schema` in a module both count.
    const text = statement.moduleSpecifier.text.replace(/\.js$/, '');
    const specifier = text.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file.path), text)) : text;
    if (!specifier.endsWith(SCHEMA_GATHERER) && !specifier.includes(`/${SCHEMA_FOLDER}`)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) named.set(element.name.text, (element.propertyName ?? element.name).text);
    }
  }
  const tableOfExpression = (expression: ts.Expression): Table | undefined => {
    if (ts.isIdentifier(expression)) {
      const imported = named.get(expression.text);
      return imported === undefined ? undefined : tables.byIdentifier.get(imported);
    }
    if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression) && namespaces.has(expression.expression.text)) {
      return tables.byIdentifier.get(expression.name.text);
    }
    return undefined;
  };
  const writes: Write[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && DRIZZLE_WRITES.has(node.expression.name.text)) {
      const [first] = node.arguments;
      const table = first && tableOfExpression(first);
      if (table) writes.push({ table: table.name, line: lineOf(node) });
    }
    const isText = ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || ts.isStringLiteral(node);
    if (isText) {
      for (const match of node.getText(source).matchAll(SQL_WRITE)) {
        const [, sqlName, interpolated] = match;
        const table = sqlName ? tables.bySqlName.get(sqlName.toLowerCase()) : interpolated ? (named.has(interpolated) ? tables.byIdentifier.get(named.get(interpolated)!) : undefined) : undefined;
        if (table) writes.push({ table: table.name, line: lineOf(node) });
      }
      return; // a template's own pieces were read with it
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/**
 * Whether a file may write a table `module` does not own, read from its raw text (comments too): parsing
 * is the slow part, so only such files are parsed. A file that renames the schema's tables is parsed.
 */
function mayWriteForeign(file: SourceFile, tables: Tables, module: string): boolean {
  if (/import\s*(?:\*\s*as\b|\{[^}]*\bas\b[^}]*\})[^;]*(?:db\/|\.\/)schema/.test(file.text)) return true;
  const foreign = (table: Table | undefined) => table !== undefined && table.owner !== module;
  for (const [, identifier] of file.text.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z_$][\w$]*)/g)) if (foreign(tables.byIdentifier.get(identifier!))) return true;
  for (const [, sqlName, interpolated] of file.text.matchAll(SQL_WRITE)) {
    if (foreign(sqlName ? tables.bySqlName.get(sqlName.toLowerCase()) : tables.byIdentifier.get(interpolated!))) return true;
  }
  return false;
}

/**
 * The room a file of the API stands in: `modules/<m>/…` is module `m`, `<room>/…` is that room (`db`,
 * `lib`, `academy-settings` …), and a file at the top (`demo-seed.ts`, `cli.ts`) is a room of its own,
 * which owns no table.
 */
export function roomOfFile(inside: string): string {
  const [top, second, third] = inside.split('/');
  if (top === 'modules' && third !== undefined) return second!;
  if (second !== undefined) return top!;
  return top!.replace(/\.tsx?$/, '');
}

/** Each write, in any room of the API, into a table another room owns (the known ones and WRITES_EVERY_TABLE left out). */
export function checkTableOwnership(tree: SourceTree, known: string[] = [...KNOWN_FOREIGN_WRITES, ...Object.keys(ALLOWED_FOREIGN_WRITES)]): Violation[] {
  const { tables, violations } = tablesOf(tree);
  const owners = new Map([...tables.bySqlName].map(([name, table]) => [name, table.owner]));
  const seen = new Set<string>();
  for (const file of tree.files.values()) {
    const inside = file.path.slice(tree.root.length + 1);
    if (inside.startsWith(SCHEMA_FOLDER) || inside === `${SCHEMA_GATHERER}.ts`) continue;
    const room = roomOfFile(inside);
    if (WRITES_EVERY_TABLE.includes(inside) || !mayWriteForeign(file, tables, room)) continue;
    for (const write of writesOf(file, tables)) {
      const owner = owners.get(write.table)!;
      if (owner === room) continue;
      const key = `${inside} → ${write.table}`;
      if (known.includes(key)) {
        seen.add(key);
        continue;
      }
      const where = inside.startsWith('modules/') ? `modules/${room}` : room;
      violations.push({ file: `${file.path}:${write.line}`, message: `${where} writes ${write.table}, owned by ${owner}: call ${owner}'s command (its index.ts) or emit an event it handles` });
    }
  }
  // A known write that is gone: take it off the list, so it cannot come back unseen.
  for (const key of known) if (!seen.has(key)) violations.push({ file: 'scripts/architecture/rules/table-ownership.ts', message: `KNOWN_FOREIGN_WRITES lists "${key}", which is no longer written: remove it` });
  return violations;
}

export const rule: Rule = {
  name: 'table-ownership',
  says: 'each table has one owner, the name of its db/schema file, and only the owning module writes it',
  check: ({ api }) => checkTableOwnership(api),
};
