import { describe, expect, it } from 'vitest';
import { sourceTreeOf } from '../source-tree';
import { checkFloors } from './floors';

describe('floors', () => {
  const tower = sourceTreeOf('apps/api/src', {
    'apps/api/src/app.ts': "import { a } from './modules/a';",
    'apps/api/src/modules/a/index.ts': "export * from '../b';",
    'apps/api/src/modules/b/index.ts': "import { db } from '../../db/client';",
    'apps/api/src/db/client.ts': 'export const db = 1;',
  });

  it('counts the rooms one above another', () => {
    expect(checkFloors(tower, 4)).toEqual([]);
  });

  it('reports a house taller than allowed, with its tallest chain', () => {
    const violations = checkFloors(tower, 3);
    expect(violations.map((violation) => violation.message)).toEqual(['4 floors, at most 3; the tallest chain: app.ts → modules/a → modules/b → db']);
  });

  it('reports rooms that import each other', () => {
    const circle = sourceTreeOf('apps/web/src', {
      'apps/web/src/features/a/api.ts': "import '../b/api';",
      'apps/web/src/features/b/api.ts': "import '../a/api.ts';",
    });
    expect(checkFloors(circle, 10).map((violation) => violation.message)).toEqual(['rooms import each other in a circle: features/a → features/b → features/a']);
  });
});
