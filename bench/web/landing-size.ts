/**
 * `npm run size`: every JavaScript file the landing page loads until it is idle, gzipped, against a
 * budget of 120 kB (issue 17). Unlike a count of the entry and its imports, this opens `/` in Debian's
 * Chromium against the built app and lists what the page really requested: the entry, its preloads,
 * the lazy layout and screen, and whatever they load after the first paint (popups, forms).
 * The service worker's precache downloads in the background after the load event and is not counted
 * (service workers are blocked here). Sizes are the files in apps/web/dist gzipped, as the server
 * sends them. Run `npm run build` first (npm start builds what is missing).
 * The goal is issue 17's 120 kB. Since session 18 the landing page runs no app until it is used
 * (apps/web/src/start.ts, decision 025): a visitor who reads the first screen loads the page's first
 * script only, about 4 kB; a tap on a control, typing or a scroll past 300 px starts the app (about
 * 180 kB, React, React Router and TanStack Query alone 107 kB), which this count, like Lighthouse,
 * leaves out. It fails over CEILING_KB, today's figure plus a margin, so that the landing page starting
 * its app by itself again does not go unnoticed.
 * It also fails when a signed-in area's first screen loads zod (firstScreensWithZod), and when the code
 * uses a Mantine component whose stylesheet is not imported (mantineClassesWithoutStyles), and when a
 * signed-in first screen outgrows its budget (first-screens-size.ts, issue 56).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { checkFirstScreenBudgets } from './first-screens-size';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startServer, WEB_DIST } from './server';

const GOAL_KB = 120;
// 186 until session 17 (the whole app hydrated the landing page as it loaded). 10 since session 18: the
// landing page's first script and the service worker's registration, 3.6 kB, plus room for the script to grow.
const CEILING_KB = 10;

/**
 * The manifest keys of the first screens of the signed-in areas (the dashboards and the shell around
 * them) whose code holds zod, the validation library: none should. Zod (25 kB gzip) belongs to the
 * forms; a screen that only shows data imports the plain values of @academy/shared (attendance-statuses,
 * schedule, notification-pages), not the schema files that build zod schemas as they load.
 */
export function firstScreensWithZod(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const firstScreens = Object.keys(manifest).filter((key) => /^src\/app\/routes\/[a-z]+\/dashboard\.tsx$|^src\/app\/layouts\/dashboard-shell\.tsx$|notification-bell\.tsx$/.test(key));
  const holdsZod = (key: string, seen = new Set<string>()): boolean => {
    if (seen.has(key) || !manifest[key]) return false;
    seen.add(key);
    // zod's classes name themselves with this string; minifying keeps it (quoted one way or another).
    if (/["'`]\$ZodType["'`]/.test(fs.readFileSync(path.join(WEB_DIST, manifest[key].file), 'utf8'))) return true;
    return (manifest[key].imports ?? []).some((imported) => holdsZod(imported, seen));
  };
  if (firstScreens.length < 6) throw new Error(`Expected the four dashboards, the shell and the bell in the manifest, found ${firstScreens.join(', ')}`);
  return firstScreens.filter((key) => holdsZod(key));
}

/**
 * Mantine's class names (`m_` and 6 to 8 hex digits) the built code uses that no built stylesheet defines:
 * a component whose stylesheet apps/web/src/lib/mantine-styles.css does not import yet.
 */
export function mantineClassesWithoutStyles(): string[] {
  const assets = path.join(WEB_DIST, 'assets');
  const read = (extension: string) => fs.readdirSync(assets).filter((file) => file.endsWith(extension)).map((file) => fs.readFileSync(path.join(assets, file), 'utf8')).join('\n');
  const defined = new Set(read('.css').match(/\bm_[0-9a-f]{6,8}\b/g) ?? []);
  return [...new Set(read('.js').match(/\bm_[0-9a-f]{6,8}\b/g) ?? [])].filter((name) => !defined.has(name));
}

/** Paths (under the site root) of the JavaScript the landing page requests until the network is quiet. */
export async function landingScripts(baseUrl: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' || /\.m?js$/.test(url.pathname)) scripts.add(url.pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    // Idle: what the page schedules after its first screen (requestIdleCallback, timers) has run.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1000))));
    await page.waitForLoadState('networkidle');
    return [...scripts];
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.error('No web build in apps/web/dist: run `npm run build` first.');
    process.exit(1);
  }
  const server = await startServer();
  let scripts: string[];
  try {
    scripts = await landingScripts(server.baseUrl);
  } finally {
    await server.stop();
  }
  const sizes = scripts
    .map((file) => {
      const content = fs.readFileSync(path.join(WEB_DIST, file));
      return { file, raw: content.length, gzip: zlib.gzipSync(content).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const kb = (bytes: number) => (bytes / 1000).toFixed(2).padStart(8);
  console.log('Landing page, all JavaScript loaded until idle (kB; gzip as served):');
  for (const { file, raw, gzip } of sizes) console.log(`${kb(raw)} raw ${kb(gzip)} gzip  ${file}`);
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  console.log(`\nTotal: ${(total / 1000).toFixed(2)} kB gzipped in ${sizes.length} files (goal ${GOAL_KB} kB: ${total > GOAL_KB * 1000 ? 'NOT met' : 'met'}; fails over ${CEILING_KB} kB).`);
  if (total > CEILING_KB * 1000) {
    console.error(`Over the ceiling by ${((total - CEILING_KB * 1000) / 1000).toFixed(2)} kB.`);
    process.exitCode = 1;
  }
  const withZod = firstScreensWithZod();
  if (withZod.length > 0) {
    console.error(`These first screens of the signed-in areas load zod (import values from @academy/shared's plain modules, not from schemas/): ${withZod.join(', ')}`);
    process.exitCode = 1;
  } else console.log('The dashboards, the shell and the notification bell load no zod.');
  // Issue 56: each signed-in first screen's download, against its budget.
  if (!(await checkFirstScreenBudgets())) {
    console.error('A signed-in first screen is over its budget (bench/web/first-screens-size.ts): keep what it does not show at once out of its code.');
    process.exitCode = 1;
  }
  const unstyled = mantineClassesWithoutStyles();
  if (unstyled.length > 0) {
    console.error(`The code uses Mantine classes no stylesheet defines (${unstyled.join(', ')}): find them in node_modules/@mantine/core/styles/*.css and import that file in apps/web/src/lib/mantine-styles.css.`);
    process.exitCode = 1;
  } else console.log("Every Mantine class the code uses has its stylesheet.");
}
