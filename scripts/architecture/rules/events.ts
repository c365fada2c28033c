import type { Rule, Violation } from '../rule';
import type { SourceTree } from '../source-tree';

/**
 * The events catalog and the code say the same (decision 026): read from the source texts, the way a
 * person would check it. The compiler already refuses an event, a payload or a handler name the catalog
 * does not know; what it cannot see is an event nobody emits, a listed handler no module registers
 * (the app would stop at start), and which module a handler lives in.
 */
export const CATALOG = 'events/catalog.ts';

/** `'type': ['module.what', …],` inside `export const SUBSCRIBERS = { … }`. */
export function subscribersOf(catalog: string): Map<string, string[]> {
  const body = /export const SUBSCRIBERS\b[^=]*=\s*\{([\s\S]*?)\n\}/.exec(catalog)?.[1] ?? '';
  const subscribers = new Map<string, string[]>();
  for (const [, type, names] of body.matchAll(/'([^']+)':\s*\[([^\]]*)\]/g)) subscribers.set(type!, [...names!.matchAll(/'([^']+)'/g)].map((name) => name[1]!));
  return subscribers;
}

/** `emitEvent(tx, { type: '…'` */
const EMIT = /emitEvent\(\s*\w+\s*,\s*\{\s*type:\s*'([^']+)'/g;
/** `.handle('type', 'module.what'` */
const HANDLE = /\.handle\(\s*'([^']+)'\s*,\s*'([^']+)'/g;

export function checkEvents(api: SourceTree): Violation[] {
  const catalogPath = `${api.root}/${CATALOG}`;
  const catalog = api.files.get(catalogPath);
  if (!catalog) return [{ file: catalogPath, message: 'the events catalog is missing' }];
  const subscribers = subscribersOf(catalog.text);
  // A catalog this rule cannot read would pass it silently: say so instead.
  if (subscribers.size === 0) return [{ file: catalogPath, message: "no event found in SUBSCRIBERS ('type': ['module.what'], one a line): keep the catalog in the form this rule reads" }];
  const emitted = new Set<string>();
  const registered: { file: string; type: string; name: string }[] = [];
  for (const file of api.files.values()) {
    for (const [, type] of file.text.matchAll(EMIT)) emitted.add(type!);
    for (const [, type, name] of file.text.matchAll(HANDLE)) registered.push({ file: file.path, type: type!, name: name! });
  }
  const violations: Violation[] = [];
  for (const [type, names] of subscribers) {
    if (!emitted.has(type)) violations.push({ file: catalogPath, message: `event ${type} is in the catalog but nothing emits it: emit it where the change is written, or remove it` });
    for (const name of names) {
      const owner = `${api.root}/modules/${name.split('.')[0]}/`;
      if (!registered.some((handler) => handler.type === type && handler.name === name && handler.file.startsWith(owner)))
        violations.push({ file: catalogPath, message: `handler ${name} of ${type} is listed but not registered in ${owner} (events.handle('${type}', '${name}', …))` });
    }
  }
  for (const handler of registered) {
    if (!subscribers.get(handler.type)?.includes(handler.name))
      violations.push({ file: handler.file, message: `handler ${handler.name} of ${handler.type} is registered but not listed under ${handler.type} in ${CATALOG}` });
  }
  return violations;
}

export const rule: Rule = {
  name: 'events',
  says: `every event in ${CATALOG} is emitted somewhere, every handler listed there is registered by the module its name begins with (modules/<module>/), and every handler registered is listed`,
  check: ({ api }) => checkEvents(api),
};
