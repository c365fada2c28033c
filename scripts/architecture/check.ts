/**
 * `npm run check:architecture`: every rule in `rules/` checked against the sources as they are, and the
 * parts of docs/ARCHITECTURE.md the code says (map.ts: floors, rules, events and jobs) compared with it;
 * exits 1 and names each violation when one is broken. Part of `npm run lint`, so of `npm test`.
 * `npm run check:architecture -- --write` writes those parts of the document again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkMap, MAP, mapSections, writeMap } from './map';
import type { Rule, Trees } from './rule';
import { readSourceTree, REPOSITORY } from './source-tree';

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
  const rules = await loadRules();
  const mapFile = path.join(REPOSITORY, MAP);
  const sections = mapSections(trees, rules);
  if (process.argv.includes('--write')) {
    fs.writeFileSync(mapFile, writeMap(fs.readFileSync(mapFile, 'utf8'), sections));
    console.log(`wrote the floors, the rules and the events into ${MAP}`);
  }
  let broken = 0;
  const map = checkMap(fs.readFileSync(mapFile, 'utf8'), sections);
  if (map.length === 0) console.log(`ok    map: ${MAP}'s floors, rules and events are what the code says`);
  else {
    broken += 1;
    console.log(`FAIL  map: ${MAP}'s floors, rules and events are what the code says`);
    for (const violation of map) console.log(`        ${violation.file}: ${violation.message}`);
  }
  for (const rule of rules) {
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
