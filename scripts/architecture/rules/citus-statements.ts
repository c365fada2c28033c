import type { Rule, Violation } from '../rule';
import type { SourceTree } from '../source-tree';

/**
 * Statements a Citus cluster refuses (issue 77, decision 053), reported in the API's sources where the
 * text shows them: a function that is not IMMUTABLE — `now()`, `clock_timestamp()`, `random()`,
 * `gen_random_uuid()` — in an upsert's `DO UPDATE SET` (hand-written `on conflict … do update set`, or
 * Drizzle's `.onConflictDoUpdate({ set })`) or in a hand-written `RETURNING`. The time goes in as a
 * parameter from this server's clock instead (`appNowSql`, db/app-time.ts). And a row lock — Drizzle's
 * `.for('update' | 'no key update' | 'share')` or a hand-written `for update` — in a statement that does not
 * name the academy as a parameter (`thisAcademy(t)`, `academySql()`, `academy_id = ${…}`): Citus locks rows
 * only in a statement that reaches one shard, and it sees no academy through row-level security, a join's
 * `x.academy_id = y.academy_id` alone or a correlated subquery. A lock that needs none says why in a
 * `// citus:` comment inside the statement. Joins without the academy cannot be told from the text as
 * surely: `npm run proof:citus` finds those.
 */

/** SQL's, not JavaScript's: `Date.now()` or `Math.random()` in a parameter is this server's value. */
const NOT_IMMUTABLE = /(?<![.\w])(?:now|clock_timestamp|statement_timestamp|random|gen_random_uuid)\(\)|\bcurrent_timestamp\b/i;
/** A hand-written upsert's SET, up to the statement's end, its RETURNING or its WHERE. */
const DO_UPDATE_SET = /\bdo\s+update\s+set\b[\s\S]*?(?=`|\breturning\b|\bwhere\b)/gi;
/** A hand-written RETURNING, up to the end of the template. */
const RETURNING = /\breturning\b[^`;]*/gi;
/** Drizzle's upsert: its options object. */
const DRIZZLE_UPSERT = /\.onConflictDoUpdate\(\{[\s\S]*?\}\s*\)/g;
/** Drizzle's row lock, at the end of a select chain. */
const DRIZZLE_LOCK = /\.for\(\s*'(?:update|no key update|share|key share)'/g;
/** A hand-written row lock. */
const SQL_LOCK = /\bfor\s+(?:no\s+key\s+)?(?:update|share)\b/gi;
/** What names the academy as a parameter in a statement (or says why it needs not). */
const NAMES_THE_ACADEMY = /thisAcademy\(|academySql\(\)|academy_id = \$\{|\/\/ citus:/;

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

export function checkCitusStatements(tree: SourceTree): Violation[] {
  const violations: Violation[] = [];
  for (const file of tree.files.values()) {
    const report = (pattern: RegExp, where: string) => {
      for (const match of file.text.matchAll(pattern)) {
        if (!NOT_IMMUTABLE.test(match[0])) continue;
        violations.push({ file: `${file.path}:${lineOf(file.text, match.index)}`, message: `now() or another function that is not IMMUTABLE in ${where}: Citus refuses it; pass the time as a parameter (appNowSql, db/app-time.ts)` });
      }
    };
    report(DO_UPDATE_SET, "an upsert's DO UPDATE SET");
    report(DRIZZLE_UPSERT, "an upsert's set");
    report(RETURNING, 'RETURNING');
    const reportLock = (pattern: RegExp, startOf: (index: number) => number) => {
      for (const match of file.text.matchAll(pattern)) {
        const start = startOf(match.index);
        if (start < 0 || NAMES_THE_ACADEMY.test(file.text.slice(start, match.index))) continue;
        violations.push({ file: `${file.path}:${lineOf(file.text, match.index)}`, message: 'a row lock in a statement that does not name the academy as a parameter: Citus refuses it across shards; add thisAcademy(table) or academySql() (db/same-academy.ts)' });
      }
    };
    // The select chain the lock ends; a hand-written statement from its template's start (`(sql\``).
    reportLock(DRIZZLE_LOCK, (index) => file.text.lastIndexOf('.select(', index));
    reportLock(SQL_LOCK, (index) => file.text.lastIndexOf('(sql`', index));
  }
  return violations;
}

export const rule: Rule = {
  name: 'citus-statements',
  says: "no now() or other function that is not IMMUTABLE in an upsert's DO UPDATE SET or in RETURNING: the time is a parameter; no row lock in a statement that does not name the academy as a parameter (Citus refuses them)",
  check: ({ api }) => checkCitusStatements(api),
};
