import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { loadRules, readTrees } from './check';
import { checkMap, MAP, mapSections } from './map';
import { REPOSITORY } from './source-tree';

// The sources as they are keep every rule (each rule's own test plants a violation and sees it caught).
describe('the architecture', async () => {
  const trees = readTrees();
  for (const rule of await loadRules()) {
    it(`${rule.name}: ${rule.says}`, () => {
      expect(rule.check(trees)).toEqual([]);
    }, 60_000);
  }
  it(`${MAP} says the floors, the rules and the events as the code does`, async () => {
    expect(checkMap(fs.readFileSync(path.join(REPOSITORY, MAP), 'utf8'), mapSections(trees, await loadRules()))).toEqual([]);
  });
});
