import { roomOf } from '../rooms';
import type { Rule, Violation } from '../rule';
import type { SourceTree } from '../source-tree';

/**
 * The API's modules stand side by side on the rooms below them (docs/ARCHITECTURE.md, decision 026):
 * a module uses another only through its public face, `modules/<name>/index.ts`, and the rooms every
 * module stands on import no module at all (they would pull a module's whole chain under everyone).
 * eslint.config.js says the first in the editor; this rule keeps both true in `npm test`.
 */
export const BELOW_THE_MODULES = ['lib', 'db', 'events', 'access', 'academy-settings', 'read-models', 'plugins', 'config.ts', 'paths.ts'];

export function checkModuleBoundaries(tree: SourceTree): Violation[] {
  const violations: Violation[] = [];
  for (const file of tree.files.values()) {
    const room = roomOf(tree, file.path);
    for (const target of file.imports) {
      const other = roomOf(tree, target);
      if (other === room || !other.startsWith('modules/')) continue;
      const inside = target.slice(tree.root.length + 1);
      if (BELOW_THE_MODULES.includes(room)) {
        violations.push({ file: file.path, message: `${room} stands below the modules and imports none: ${inside}` });
      } else if (room.startsWith('modules/') && inside !== `${other}/index.ts`) {
        violations.push({ file: file.path, message: `imports ${inside}: reach ${other} through its index.ts (add what you need to its face)` });
      }
    }
  }
  return violations;
}

export const rule: Rule = {
  name: 'module-boundaries',
  says: `an API module reaches another only through its index.ts, and ${BELOW_THE_MODULES.join(', ')} import no module`,
  check: ({ api }) => checkModuleBoundaries(api),
};
