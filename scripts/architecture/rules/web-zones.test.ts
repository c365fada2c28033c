import { describe, expect, it } from 'vitest';
import { sourceTreeOf } from '../source-tree';
import { checkWebZones } from './web-zones';

// A small web app that keeps every zone; each test below plants one import that breaks one.
const house = {
  'apps/web/src/start.ts': "import './main';\nimport('./platform/main');",
  'apps/web/src/main.tsx': "import { router } from './app/router';",
  'apps/web/src/platform/main.tsx': "import { AppProviders } from '../app/providers';",
  'apps/web/src/app/providers.tsx': "import { theme } from '../lib/theme';",
  'apps/web/src/app/router.tsx': "import('./routes/fees');",
  'apps/web/src/app/routes/fees.tsx': "import { DuesPanel } from '../../features/fees/components/dues-panel';\nimport { useStudents } from '../../features/students/api';",
  'apps/web/src/features/fees/components/dues-panel.tsx': "import { useDues } from '../api';\nimport { useStudents } from '../../students/api';\nimport { PageHeader } from '../../../components/ui/page-header';",
  'apps/web/src/features/fees/api.ts': "import { apiRequest } from '../../lib/api-client';",
  'apps/web/src/features/students/api.ts': "import { apiRequest } from '../../lib/api-client';",
  'apps/web/src/features/students/student-form.ts': 'export const x = 1;',
  'apps/web/src/components/ui/page-header.tsx': "import { theme } from '../../lib/theme';",
  'apps/web/src/lib/theme.ts': "import { apiRequest } from './api-client';",
  'apps/web/src/lib/api-client.ts': 'export const apiRequest = 1;',
};

function plant(file: string, text: string) {
  return checkWebZones(sourceTreeOf('apps/web/src', { ...house, [file]: text })).map((violation) => `${violation.file}: ${violation.message}`);
}

describe('web-zones', () => {
  it('lets each zone import downwards, and features meet through api.ts', () => {
    expect(checkWebZones(sourceTreeOf('apps/web/src', house))).toEqual([]);
  });

  it("reports a feature importing another feature's file other than its api.ts", () => {
    expect(plant('apps/web/src/features/fees/components/dues-panel.tsx', "import { x } from '../../students/student-form';")).toEqual([
      'apps/web/src/features/fees/components/dues-panel.tsx: imports features/students/student-form.ts: a feature reaches another only through its api.ts (move a shared piece to components/ or lib/, or let the route pass it in)',
    ]);
  });

  it('reports a feature importing the app, even a type', () => {
    expect(plant('apps/web/src/features/fees/api.ts', "import type { Router } from '../../app/router';")).toEqual([
      'apps/web/src/features/fees/api.ts: imports app/router.tsx: features/ may import only components/, lib/',
    ]);
  });

  it('reports components importing a feature', () => {
    expect(plant('apps/web/src/components/ui/page-header.tsx', "import { useDues } from '../../features/fees/api';")).toEqual([
      'apps/web/src/components/ui/page-header.tsx: imports features/fees/api.ts: components/ may import only lib/',
    ]);
  });

  it('reports lib importing components, a feature or the app', () => {
    expect(plant('apps/web/src/lib/theme.ts', "import '../components/ui/page-header';\nimport '../features/students/api';\nimport '../app/providers';")).toEqual([
      'apps/web/src/lib/theme.ts: imports components/ui/page-header.tsx: lib/ may import only itself',
      'apps/web/src/lib/theme.ts: imports features/students/api.ts: lib/ may import only itself',
      'apps/web/src/lib/theme.ts: imports app/providers.tsx: lib/ may import only itself',
    ]);
  });

  it('reports the app importing the platform, and the platform importing a feature', () => {
    expect(plant('apps/web/src/app/router.tsx', "import('../platform/main');")).toEqual(['apps/web/src/app/router.tsx: imports platform/main.tsx: app/ may import only features/, components/, lib/']);
    expect(plant('apps/web/src/platform/main.tsx', "import { useStudents } from '../features/students/api';")).toEqual([
      'apps/web/src/platform/main.tsx: imports features/students/api.ts: platform/ may import only app/, components/, lib/',
    ]);
  });

  it('reports any zone importing an entry file', () => {
    expect(plant('apps/web/src/app/providers.tsx', "import '../main';")).toEqual(['apps/web/src/app/providers.tsx: imports main.tsx: app/ may import only features/, components/, lib/']);
  });
});
