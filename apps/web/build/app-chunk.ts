import path from 'node:path';
import type { Rolldown } from 'vite';

/*
 * The 'main' chunk (vite.config.ts's codeSplitting group, issue 74, decision 105): the app (src/main.tsx)
 * and everything it runs, in one file. Automatic splitting made three files of it (main, query-client,
 * Box: the app's start-up, what it shares with the screens and the platform's site, Mantine's core),
 * and on slow mobile data each file before a first screen's take-over is a round trip in a queue of six.
 *
 * A group's modules are named one by one, so this follows main.tsx's static imports itself. Through a
 * library's index (`import { Box } from '@mantine/core'`) it follows only the names imported, as the
 * bundler's tree-shaking does: the index imports every component, and the whole of Mantine would
 * otherwise end up in the chunk (600 kB).
 */

/** Modules of another group (vite.config.ts): React's and Zod's. */
const OTHER_GROUP = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod)[\\/]|[\\/]shared[\\/]src[\\/]zod-messages\.ts$/;
const STYLESHEET = /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/;

const IMPORT_STATEMENT = /\bimport\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+([\w$]+))?\s*from\s*["']([^"']+)["']/g;
const EXPORT_FROM = /\bexport\s*(?:\{([^}]*)\}|\*(?:\s*as\s+([\w$]+))?)\s*from\s*["']([^"']+)["']/g;
const EXPORT_LIST = /\bexport\s*\{([^}]*)\}\s*(?!\s*from)(?:;|$)/gm;

/** `a, b as c` → [['a', 'a'], ['b', 'c']] (name before `as`, name after). */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [before, after] = part.split(/\s+as\s+/);
      return [before!.trim(), (after ?? before)!.trim()];
    });
}

/** A library module that only gathers others' exports (an index): imports and exports, no code of its own. */
function isIndex(id: string, code: string): boolean {
  if (!/[\\/]node_modules[\\/]/.test(id)) return false;
  const rest = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(IMPORT_STATEMENT, '')
    .replace(EXPORT_FROM, '')
    .replace(/\bexport\s*\{[^}]*\}/g, '')
    .replace(/["']use client["']/g, '')
    .replace(/[;\s]/g, '');
  return rest === '';
}

/** Whether `specifier`, imported by `importer`, names the module `id`. */
function names(specifier: string, importer: string, id: string): boolean {
  if (specifier.startsWith('.')) {
    const resolved = path.resolve(path.dirname(importer), specifier);
    return id === resolved || id.replace(/\.[cm]?[jt]sx?$/, '') === resolved.replace(/\.[cm]?[jt]sx?$/, '');
  }
  return id.includes(`${path.sep}node_modules${path.sep}${specifier.split('/').join(path.sep)}${path.sep}`) || id.includes(`/node_modules/${specifier}/`);
}

/** The names `importer`'s code takes from the module `id` (null: all of them, a namespace or a re-export of all). */
function namesTaken(importer: string, code: string, id: string): Set<string> | null {
  const taken = new Set<string>();
  for (const match of code.matchAll(IMPORT_STATEMENT)) {
    const [, defaultName, list, namespace, specifier] = match;
    if (!names(specifier!, importer, id)) continue;
    if (namespace) return null;
    if (defaultName) taken.add('default');
    for (const [name] of specifiers(list ?? '')) taken.add(name);
  }
  for (const match of code.matchAll(EXPORT_FROM)) {
    const [, list, , specifier] = match;
    if (!names(specifier!, importer, id)) continue;
    if (list === undefined) return null;
    for (const [name] of specifiers(list)) taken.add(name);
  }
  return taken;
}

/** Where an index's export `name` comes from: the module's specifier and its name there (null: not found). */
function sourceOf(code: string, name: string): { specifier: string; name: string } | { specifier: string; all: true } | null {
  for (const match of code.matchAll(EXPORT_FROM)) {
    const [, list, , specifier] = match;
    if (list === undefined) continue;
    const found = specifiers(list).find(([, exported]) => exported === name);
    if (found) return { specifier: specifier!, name: found[0] };
  }
  let local: string | undefined;
  for (const match of code.matchAll(EXPORT_LIST)) {
    const found = specifiers(match[1]!).find(([, exported]) => exported === name);
    if (found) local = found[0];
  }
  if (local === undefined) return null;
  for (const match of code.matchAll(IMPORT_STATEMENT)) {
    const [, defaultName, list, namespace, specifier] = match;
    if (defaultName === local) return { specifier: specifier!, name: 'default' };
    if (namespace === local) return { specifier: specifier!, all: true };
    const found = specifiers(list ?? '').find(([, as]) => as === local);
    if (found) return { specifier: specifier!, name: found[0] };
  }
  return null;
}

/** The modules `entry` runs: its static imports, all the way down, through an index only what is taken. */
export function modulesRun(entry: string, ctx: Rolldown.ChunkingContext): Set<string> {
  const reached = new Set<string>();
  const indexNames = new Map<string, Set<string>>();
  const queue: { id: string; taken: Set<string> | null }[] = [{ id: entry, taken: null }];
  while (queue.length > 0) {
    const { id, taken } = queue.pop()!;
    const info = ctx.getModuleInfo(id);
    const code = info?.code ?? '';
    if (info && isIndex(id, code) && taken !== null) {
      // An index: only the modules of the names taken.
      const done = indexNames.get(id) ?? new Set<string>();
      indexNames.set(id, done);
      reached.add(id);
      for (const name of taken) {
        if (done.has(name)) continue;
        done.add(name);
        const source = sourceOf(code, name);
        const target = source && info.importedIds.find((imported) => names(source.specifier, id, imported));
        if (!source || !target) {
          // Not understood: everything the index imports, as a plain module.
          queue.push({ id, taken: null });
          continue;
        }
        queue.push({ id: target, taken: 'all' in source ? null : new Set([source.name]) });
      }
      continue;
    }
    if (reached.has(id) && !indexNames.has(id)) continue;
    reached.add(id);
    indexNames.delete(id);
    for (const imported of info?.importedIds ?? []) {
      const importedInfo = ctx.getModuleInfo(imported);
      const isLibraryIndex = importedInfo !== null && isIndex(imported, importedInfo.code ?? '');
      queue.push({ id: imported, taken: isLibraryIndex ? namesTaken(id, code, imported) : null });
    }
  }
  return reached;
}

/**
 * The name function of the group: 'main' for what src/main.tsx runs, except the page's first script's
 * own modules (start.ts, which the landing page loads before anyone uses it: Vite's preload helper, the
 * languages), another group's and stylesheets (each stays where Vite puts it).
 */
export function appChunk(webDir: string): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  const appEntry = path.join(webDir, 'src/main.tsx');
  const pageEntry = path.join(webDir, 'src/start.ts');
  // Rolldown reuses its module records within a chunking pass: the set is made once per pass.
  let ofBuild: { pass: object | null; modules: Set<string> } | null = null;
  return (id, ctx) => {
    const pass = ctx.getModuleInfo(appEntry);
    if (!ofBuild || ofBuild.pass !== pass) {
      const page = modulesRun(pageEntry, ctx);
      const app = [...modulesRun(appEntry, ctx)].filter((module) => !page.has(module) && !OTHER_GROUP.test(module) && !STYLESHEET.test(module));
      ofBuild = { pass, modules: new Set(app) };
    }
    return ofBuild.modules.has(id) ? 'main' : null;
  };
}
