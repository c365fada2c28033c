/**
 * Rooms and floors: the house as ARCHITECTURE.md draws it. A room is a module of the API
 * (`modules/<name>/`), a feature of the web (`features/<name>/`), any other top-level folder of an app's
 * `src` (`db/`, `lib/`, `components/` …) or a top-level file (`app.ts`). A room that imports no other
 * stands on floor 1; every other stands one floor above the highest room it imports. Rooms that import
 * each other in a circle have no floor: the rule reports the circle instead.
 */
import type { SourceTree } from './source-tree';

export function roomOf(tree: SourceTree, file: string): string {
  const inside = file.slice(tree.root.length + 1).split('/');
  const [top = file, second] = inside;
  if (inside.length === 1) return top;
  if ((top === 'modules' || top === 'features') && inside.length > 2) return `${top}/${second}`;
  return top;
}

/** Which rooms each room imports (itself left out). */
export function roomImports(tree: SourceTree): Map<string, Set<string>> {
  const rooms = new Map<string, Set<string>>();
  for (const file of tree.files.values()) {
    const room = roomOf(tree, file.path);
    const targets = rooms.get(room) ?? new Set<string>();
    rooms.set(room, targets);
    for (const target of file.imports) {
      const other = roomOf(tree, target);
      if (other !== room) targets.add(other);
    }
  }
  return rooms;
}

export type Floors = { floors: Map<string, number>; circles: string[][] };

/** Each room's floor, and the circles (rooms importing each other) that have none. */
export function floorsOf(tree: SourceTree): Floors {
  const imports = roomImports(tree);
  const floors = new Map<string, number>();
  const circles: string[][] = [];
  const visiting: string[] = [];
  const floorOf = (room: string): number => {
    const known = floors.get(room);
    if (known !== undefined) return known;
    const at = visiting.indexOf(room);
    if (at >= 0) {
      circles.push([...visiting.slice(at), room]);
      return 0;
    }
    visiting.push(room);
    let floor = 1;
    for (const target of imports.get(room) ?? []) floor = Math.max(floor, floorOf(target) + 1);
    visiting.pop();
    floors.set(room, floor);
    return floor;
  };
  for (const room of [...imports.keys()].sort()) floorOf(room);
  return { floors, circles };
}

/** The longest chain of rooms up to `room`, top first: what to read when a house has too many floors. */
export function tallestChain(tree: SourceTree, floors: Map<string, number>): string[] {
  const imports = roomImports(tree);
  let room = [...floors].sort((a, b) => b[1] - a[1])[0]?.[0];
  const chain: string[] = [];
  while (room) {
    chain.push(room);
    const below = [...(imports.get(room) ?? [])].sort((a, b) => (floors.get(b) ?? 0) - (floors.get(a) ?? 0))[0];
    room = below && (floors.get(below) ?? 0) === (floors.get(room) ?? 0) - 1 ? below : undefined;
  }
  return chain;
}
