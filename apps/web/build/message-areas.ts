import fs from 'node:fs';
import path from 'node:path';
import { FIRST_SCREEN_MESSAGES, MESSAGE_AREAS, MESSAGE_CHUNKS, type MessageArea, type MessageChunk } from '../src/lib/message-areas';

/**
 * The signed-in catalog (`app`, lingui.config.ts) is translated as one file per language but sent as one
 * chunk per area (docs/decisions/093-a-message-chunk-per-area-and-per-first-screen.md): an area's chunk holds the messages
 * of the files its screens can reach, following the code's imports from the area's screens. A student's
 * first screen then no longer brings the office's messages. Shared by the build (build/area-messages.ts)
 * and the unit test that holds every message of the catalog to an area (src/locales/message-areas.test.ts).
 */
export { MESSAGE_AREAS, MESSAGE_CHUNKS, type MessageArea, type MessageChunk };

/** Where each area's screens are (a folder ends with `/`), relative to apps/web. */
const AREA_SCREENS: Record<MessageArea, string[]> = {
  admin: ['src/app/routes/admin/', 'src/app/routes/staff/'],
  teacher: ['src/app/routes/teacher/', 'src/app/routes/staff/', 'src/app/routes/reader/'],
  student: ['src/app/routes/student/', 'src/app/routes/reader/'],
  parent: ['src/app/routes/parent/', 'src/app/routes/reader/'],
  // A fee reminder's pay link: a public page that shows the Fees screen's words (router.tsx, withCatalog).
  pay: ['src/app/routes/public/pay.tsx'],
  operator: ['src/app/routes/operator/'],
};

/** Around every signed-in area's screens (router.tsx's `area`): the shell and the area's not-found. */
const SIGNED_IN_FRAME = ['src/app/layouts/dashboard-shell.tsx', 'src/app/routes/signed-in-not-found.tsx', 'src/app/signed-in-shell.ts', 'src/features/i18n/follow-language.tsx'];

/** Every page's code: the app's entry and what it imports, but not the screens the router loads lazily. */
const ENTRY = 'src/main.tsx';
const ROUTER = 'src/app/router.tsx';

const IMPORT = /(?:\bimport|\bexport)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The source files of apps/web/src (tests left out), relative to apps/web. */
function sourceFiles(webDir: string): string[] {
  return (fs.readdirSync(path.join(webDir, 'src'), { recursive: true }) as string[])
    .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
}

function resolveImport(from: string, specifier: string, files: Set<string>): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return EXTENSIONS.map((extension) => base + extension).find((candidate) => files.has(candidate));
}

/** Each source file's imports within apps/web/src (relative to apps/web): static ones, and `import()`s. */
export type ImportGraph = Map<string, { statics: string[]; dynamics: string[] }>;

function importGraph(webDir: string): ImportGraph {
  const files = sourceFiles(webDir);
  const known = new Set(files);
  const graph = new Map<string, { statics: string[]; dynamics: string[] }>();
  for (const file of files) {
    const code = fs.readFileSync(path.join(webDir, file), 'utf8');
    const resolve = (pattern: RegExp) => [...code.matchAll(pattern)].map((match) => resolveImport(file, match[1]!, known)).filter((found): found is string => found !== undefined);
    graph.set(file, { statics: resolve(IMPORT), dynamics: resolve(DYNAMIC_IMPORT) });
  }
  return graph;
}

function reach(graph: ImportGraph, roots: string[], skipDynamicsOf = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !graph.has(file)) continue;
    seen.add(file);
    const { statics, dynamics } = graph.get(file)!;
    queue.push(...statics, ...(skipDynamicsOf.has(file) ? [] : dynamics));
  }
  return seen;
}

/** For each chunk (an area, a first screen), the source files (relative to apps/web) its pages can reach. */
export function areaFiles(webDir: string): Record<MessageChunk, Set<string>> {
  return areaFilesOf(importGraph(webDir));
}

/** The same, in a given graph of imports (the build's own, to check the one read here: build/area-messages.ts). */
export function areaFilesOf(graph: ImportGraph): Record<MessageChunk, Set<string>> {
  const files = [...graph.keys()];
  const common = reach(graph, [ENTRY], new Set([ROUTER]));
  const rootsOf = (prefixes: string[]) => files.filter((file) => prefixes.some((prefix) => (prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix)));
  const result = {} as Record<MessageChunk, Set<string>>;
  for (const area of MESSAGE_AREAS) {
    const frame = area === 'pay' || area === 'operator' ? [] : SIGNED_IN_FRAME;
    result[area] = new Set([...common, ...reach(graph, [...frame, ...rootsOf(AREA_SCREENS[area])])]);
  }
  // A first screen's: the shell and the screen, with everything it may load later too (a form it
  // downloads after the take-over shows before the area's chunk may have come).
  for (const [name, screen] of Object.entries(FIRST_SCREEN_MESSAGES) as [keyof typeof FIRST_SCREEN_MESSAGES, string][]) {
    result[name] = new Set([...common, ...reach(graph, [...SIGNED_IN_FRAME, screen])]);
  }
  return result;
}

/**
 * The files the public site's pages can reach without a chunk of `app` (all of app/routes/public but the
 * pay link's page, their layout): none may be in the `app` catalog (src/locales/message-areas.test.ts).
 */
export function publicPageFiles(webDir: string): Set<string> {
  const graph = importGraph(webDir);
  const roots = [...graph.keys()].filter((file) => (file.startsWith('src/app/routes/public/') && !AREA_SCREENS.pay.includes(file)) || file === 'src/app/layouts/public-layout.tsx');
  // Not the shell the sign-in page downloads ahead (signed-in-shell.ts): it is shown only after signing in.
  const notShown = new Set([ROUTER, 'src/app/signed-in-shell.ts']);
  return new Set([...reach(graph, [ENTRY], notShown), ...reach(graph, roots, notShown)]);
}

/** Whether a message, by the files the catalog names it in (its `#:` origins), belongs in an area's chunk. */
export function inArea(origins: string[], files: Set<string>): boolean {
  return origins.some((origin) => files.has(origin));
}
