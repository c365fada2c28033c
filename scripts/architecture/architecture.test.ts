import { describe, expect, it } from 'vitest';
import { loadRules, readTrees } from './check';

// The sources as they are keep every rule (each rule's own test plants a violation and sees it caught).
describe('the architecture', async () => {
  const trees = readTrees();
  for (const rule of await loadRules()) {
    it(`${rule.name}: ${rule.says}`, () => {
      expect(rule.check(trees)).toEqual([]);
    });
  }
});
