// `npm start` and `npm run academy`: build whatever is missing or older than its sources, then run
// the server (or the operator CLI) from the built files.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [mode, ...args] = process.argv.slice(2);

function newestMtime(entries) {
  let newest = 0;
  for (const entry of entries) {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) continue;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime([path.join(entry, child)]));
    } else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

function ensureBuilt(workspace, output, sources) {
  const outputPath = path.join(root, output);
  if (fs.existsSync(outputPath) && fs.statSync(outputPath).mtimeMs >= newestMtime(sources)) return;
  console.log(`Building ${workspace}...`);
  // Always a production build: a caller's NODE_ENV=development (the e2e server sets it) would
  // otherwise give Vite's development bundle, which then fails the size budget and runs slower.
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['packages/shared/src', 'package-lock.json'];
ensureBuilt('@academy/api', 'apps/api/dist/server.js', ['apps/api/src', 'apps/api/scripts', ...shared]);
if (mode === 'server') {
  // The server build of the public pages is written last (after apps/web/dist): its age is the build's.
  ensureBuilt('@academy/web', 'apps/web/dist-server/entry-server.js', ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/build', 'apps/web/public', ...shared]);
}

// Run the built entry inside this very process: signals (Ctrl+C, SIGTERM, kill -9) reach the server
// itself, with no wrapper left behind. package.json runs this script with `exec` (issue 71): npm passes
// SIGTERM to the shell of its script line, and a shell that had forked node died alone, leaving the
// server and its PostgreSQL running; exec makes this process the shell's own.
const entry = path.join(root, mode === 'cli' ? 'apps/api/dist/cli.js' : 'apps/api/dist/server.js');
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
