import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the file `name` beside the module at `besideUrl` (its import.meta.url). From
 * the sources (tsx in development, Vitest in tests) that file is TypeScript: a few lines register tsx's
 * loader in the new thread, then import it (a worker's `--import` is not applied on Node 20). The build
 * bundles each worker as dist/<name>.js beside server.js, cli.js and their chunks
 * (apps/api/scripts/build.mjs), which is where the calling code then runs from.
 */
export function workerBeside(besideUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (!besideUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, besideUrl), options);
  const tsx = pathToFileURL(path.join(path.dirname(createRequire(besideUrl).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const entry = new URL(`./${name}.ts`, besideUrl).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, { ...options, eval: true });
}
