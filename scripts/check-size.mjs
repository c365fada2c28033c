// `npm run size`: the JavaScript a phone downloads before the landing page shows, gzipped, against
// a budget. It is the entry script and its modulepreloads (dist/index.html), plus the chunks the
// landing route loads at once (the public layout and the landing screen, with their static imports,
// from Vite's manifest). Chunks loaded later (popups, the newsletter form, other screens) do not count.
// Run `npm run build` first. Exits 1 over budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 150;
// The lazy routes that render `/` (apps/web/src/app/router.tsx).
const LANDING_MODULES = ['src/components/layouts/public-layout.tsx', 'src/app/routes/public/landing.tsx'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(manifestFile)) {
  console.error('No web build with a manifest in apps/web/dist: run `npm run build` first.');
  process.exit(1);
}

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const files = new Set();
for (const match of html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="\/([^"]+\.js)"/g)) files.add(match[1]);
for (const match of html.matchAll(/<link[^>]*\srel="modulepreload"[^>]*\shref="\/([^"]+\.js)"/g)) files.add(match[1]);
if (files.size === 0) {
  console.error('dist/index.html names no module script.');
  process.exit(1);
}

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function addWithImports(key, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Vite's manifest has no ${key}`);
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) addWithImports(imported, seen);
}
for (const key of Object.keys(manifest).filter((key) => manifest[key].isEntry)) addWithImports(key);
for (const key of LANDING_MODULES) addWithImports(key);

const sizes = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const content = fs.readFileSync(path.join(dist, file));
    return { file, raw: content.length, gzip: zlib.gzipSync(content).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(8);
console.log('Landing page, initial JavaScript (kB; gzip as served):');
for (const { file, raw, gzip } of sizes) console.log(`${kb(raw)} raw ${kb(gzip)} gzip  ${file}`);
const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);

// Not counted, but worth seeing: the stylesheet also blocks the first paint.
const css = [...html.matchAll(/<link[^>]*\srel="stylesheet"[^>]*\shref="\/([^"]+\.css)"/g)].map((match) => match[1]);
const cssGzip = css.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length, 0);

console.log(`\nTotal: ${(total / 1000).toFixed(2)} kB gzipped (budget ${BUDGET_KB} kB); stylesheet ${(cssGzip / 1000).toFixed(2)} kB gzipped, not counted.`);
if (total > BUDGET_KB * 1000) {
  console.error(`Over budget by ${((total - BUDGET_KB * 1000) / 1000).toFixed(2)} kB: lazy-load what the first screen does not need (forms, zod, popups, other screens).`);
  process.exit(1);
}
