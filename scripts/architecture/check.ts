/**
 * `npm run check:architecture`: every rule in `rules/` checked against the sources as they are; exits 1
 * and names each violation when one is broken. Part of `npm run lint`, so of `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Rule, Trees } from './rule';
import { readSourceTree } from './source-tree';

const rulesFolder = path.join(path.dirname(new URL(import.meta.url).pathname), 'rules');

export async function loadRules(): Promise<Rule[]> {
  const files = fs.readdirSync(rulesFolder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).sort();
  const modules = await Promise.all(files.map((name) => import(path.join(rulesFolder, name)) as Promise<{ rule: Rule }>));
  return modules.map((module) => module.rule);
}

export function readTrees(): Trees {
  return { api: readSourceTree('apps/api/src'), web: readSourceTree('apps/web/src'), shared: readSourceTree('packages/shared/src') };
}

async function main() {
  const trees = readTrees();
  let broken = 0;
  for (const rule of await loadRules()) {
    const violations = rule.check(trees);
    if (violations.length === 0) {
      console.log(`ok    ${rule.name}: ${rule.says}`);
      continue;
    }
    broken += 1;
    console.log(`FAIL  ${rule.name}: ${rule.says}`);
    for (const violation of violations) console.log(`        ${violation.file}: ${violation.message}`);
  }
  if (broken > 0) {
    console.log(`\n${broken} architecture rule(s) broken (docs/ARCHITECTURE.md says why each holds).`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) await main();
