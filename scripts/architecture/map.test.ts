import { describe, expect, it } from 'vitest';
import { checkMap, mapSections, writeMap } from './map';
import type { Rule } from './rule';
import { sourceTreeOf } from './source-tree';

const trees = {
  api: sourceTreeOf('apps/api/src', {
    'apps/api/src/app.ts': "import { a } from './modules/fees';",
    'apps/api/src/modules/fees/index.ts': "import { db } from '../../db/client';",
    'apps/api/src/db/client.ts': 'export const db = 1;',
    'apps/api/src/events/catalog.ts':
      "export type JobPayloads = {\n  /** A receipt mailed. Then more. */\n  'fee-receipt': { id: string };\n  'pruning': Nothing;\n};\nexport const SUBSCRIBERS = {\n  'fee.paid': ['parents.thanks'],\n} as const;",
  }),
  web: sourceTreeOf('apps/web/src', { 'apps/web/src/main.tsx': "import './lib/a';", 'apps/web/src/lib/a.ts': 'export const a = 1;' }),
};
const rules: Rule[] = [{ name: 'floors', says: 'no circle', check: () => [] }];
const sections = mapSections(trees, rules);
const document = '# Architecture\n<!-- check:architecture floors -->\nold\n<!-- /check:architecture floors -->\n<!-- check:architecture rules -->\n<!-- /check:architecture rules -->\n<!-- check:architecture events -->\n<!-- /check:architecture events -->\nThe end.\n';

describe('the map in ARCHITECTURE.md', () => {
  it('says the floors of each app, the rules and the catalog', () => {
    expect(sections.floors.split('\n').slice(2)).toEqual(['| 3 | app.ts |  |', '| 2 | fees | main.tsx |', '| 1 | db · events | lib |']);
    expect(sections.rules).toBe('- `floors` (scripts/architecture/rules/floors.ts): no circle.');
    expect(sections.events).toBe("- event `fee.paid` → `parents.thanks`\n- job `fee-receipt`: A receipt mailed\n- job `pruning`");
  });

  it('reports a section that is stale or missing, and writes them so that the check passes', () => {
    expect(checkMap(document, sections).map((violation) => violation.message.split(':')[0])).toEqual([
      'section floors is not what the code says now',
      'section rules is not what the code says now',
      'section events is not what the code says now',
    ]);
    expect(checkMap('# Architecture\n', sections)).toHaveLength(3);
    const written = writeMap(document, sections);
    expect(checkMap(written, sections)).toEqual([]);
    expect(written.endsWith('<!-- /check:architecture events -->\nThe end.\n')).toBe(true);
  });
});
