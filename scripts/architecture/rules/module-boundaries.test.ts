import { describe, expect, it } from 'vitest';
import { sourceTreeOf } from '../source-tree';
import { checkModuleBoundaries } from './module-boundaries';

describe('module boundaries', () => {
  const files = {
    'apps/api/src/modules/fees/index.ts': "export { pay } from './pay.service';",
    'apps/api/src/modules/fees/pay.service.ts': "import { today } from '../../lib/today';\nexport const pay = 1;",
    'apps/api/src/modules/batches/index.ts': "import { pay } from '../fees';",
    'apps/api/src/lib/today.ts': 'export const today = 1;',
  };

  it('lets a module use another through its index.ts, and the lower rooms use each other', () => {
    expect(checkModuleBoundaries(sourceTreeOf('apps/api/src', files))).toEqual([]);
  });

  it('reports a module reaching into another module’s files', () => {
    const tree = sourceTreeOf('apps/api/src', { ...files, 'apps/api/src/modules/batches/index.ts': "import { pay } from '../fees/pay.service';" });
    expect(checkModuleBoundaries(tree).map((violation) => violation.message)).toEqual(['imports modules/fees/pay.service.ts: reach modules/fees through its index.ts (add what you need to its face)']);
  });

  it('reports a lower room importing a module', () => {
    const tree = sourceTreeOf('apps/api/src', { ...files, 'apps/api/src/lib/today.ts': "import { pay } from '../modules/fees';\nexport const today = pay;" });
    expect(checkModuleBoundaries(tree).map((violation) => violation.message)).toEqual(['lib stands below the modules and imports none: modules/fees/index.ts']);
  });
});
