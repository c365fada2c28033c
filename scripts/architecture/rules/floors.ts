import { floorsOf, tallestChain } from '../rooms';
import type { Rule, Violation } from '../rule';
import type { SourceTree } from '../source-tree';

/**
 * How many floors each app's house may have (issue 61 asks for 10 each). Lower a number when the
 * house gets lower; never raise it to let a change in: move the import down instead.
 */
export const MAX_FLOORS = { api: 10, web: 10 };

/** Circles found when this rule was written, to be taken apart (issue 61); never add one. */
export const KNOWN_CIRCLES: string[] = [];

export function checkFloors(tree: SourceTree, most: number): Violation[] {
  const { floors, circles } = floorsOf(tree);
  const violations: Violation[] = circles.filter((circle) => !KNOWN_CIRCLES.includes(circle.join(' → '))).map((circle) => ({ file: `${tree.root}/${circle[0]}`, message: `rooms import each other in a circle: ${circle.join(' → ')}` }));
  const highest = Math.max(0, ...floors.values());
  if (highest > most) {
    violations.push({ file: tree.root, message: `${highest} floors, at most ${most}; the tallest chain: ${tallestChain(tree, floors).join(' → ')}` });
  }
  return violations;
}

export const rule: Rule = {
  name: 'floors',
  says: `rooms import each other in no circle, and each app's house has at most its floors (API ${MAX_FLOORS.api}, web ${MAX_FLOORS.web})`,
  check: ({ api, web }) => [...checkFloors(api, MAX_FLOORS.api), ...checkFloors(web, MAX_FLOORS.web)],
};
