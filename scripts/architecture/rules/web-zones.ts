import type { Rule, Violation } from '../rule';
import type { SourceTree } from '../source-tree';

/**
 * The web app's zones (bulletproof-react's "unidirectional codebase"), as docs/ARCHITECTURE.md draws
 * them, from the top:
 *   - the entries (`start.ts`, `main.tsx`, `entry-server.tsx`) start the app and the platform's site;
 *   - `platform/` is the platform's own site: it borrows the app's providers, never a feature;
 *   - `app/` (router, layouts, routes) composes features side by side;
 *   - `features/<name>/` is one thing of the academy; another feature reaches it only through its
 *     `api.ts` (its queries and commands), never into its components or helpers: a piece two features
 *     need moves down to `components/` or `lib/`, or the route passes it in;
 *   - `components/` is shared UI and `lib/` shared logic and hooks; neither knows any feature.
 * Nothing imports upwards, not even a type (a type two zones share lives in lib/ or @academy/shared).
 */

type Zone = 'entry' | 'platform' | 'app' | 'feature' | 'components' | 'lib';

/** The zones each zone may import (itself always, within the rules for features). */
const MAY_IMPORT: Record<Zone, Zone[]> = {
  entry: ['entry', 'platform', 'app', 'feature', 'components', 'lib'],
  platform: ['app', 'components', 'lib'],
  app: ['feature', 'components', 'lib'],
  feature: ['components', 'lib'],
  components: ['lib'],
  lib: [],
};

/** What each zone is, for the message. */
const NAMES: Record<Zone, string> = {
  entry: 'an entry file',
  platform: 'platform/',
  app: 'app/',
  feature: 'features/',
  components: 'components/',
  lib: 'lib/',
};

function zoneOf(tree: SourceTree, file: string): Zone | undefined {
  const [top, ...rest] = file.slice(tree.root.length + 1).split('/');
  if (rest.length === 0) return 'entry';
  if (top === 'features') return 'feature';
  if (top === 'platform' || top === 'app' || top === 'components' || top === 'lib') return top;
  return undefined; // a folder no rule speaks of yet (locales hold no code)
}

/** `features/fees` of `apps/web/src/features/fees/components/x.tsx`. */
function featureOf(tree: SourceTree, file: string): string {
  return file.slice(tree.root.length + 1).split('/').slice(0, 2).join('/');
}

/** A feature's public face: the one file another feature may import. */
function isFeatureApi(tree: SourceTree, file: string): boolean {
  return /^features\/[^/]+\/api\.ts$/.test(file.slice(tree.root.length + 1));
}

export function checkWebZones(tree: SourceTree): Violation[] {
  const violations: Violation[] = [];
  for (const file of tree.files.values()) {
    const from = zoneOf(tree, file.path);
    if (!from) continue;
    for (const target of file.imports) {
      const to = zoneOf(tree, target);
      if (!to) continue;
      const relative = target.slice(tree.root.length + 1);
      if (from === 'feature' && to === 'feature') {
        if (featureOf(tree, file.path) === featureOf(tree, target) || isFeatureApi(tree, target)) continue;
        violations.push({ file: file.path, message: `imports ${relative}: a feature reaches another only through its api.ts (move a shared piece to components/ or lib/, or let the route pass it in)` });
        continue;
      }
      if (from === to || MAY_IMPORT[from].includes(to)) continue;
      violations.push({ file: file.path, message: `imports ${relative}: ${NAMES[from]} may import only ${MAY_IMPORT[from].map((zone) => NAMES[zone]).join(', ') || 'itself'}` });
    }
  }
  return violations;
}

export const rule: Rule = {
  name: 'web-zones',
  says: 'the web imports downwards only (entries → platform → app → features → components → lib), and a feature reaches another only through its api.ts',
  check: ({ web }) => checkWebZones(web),
};
