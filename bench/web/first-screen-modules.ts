/**
 * What each signed-in first screen's take-over download is made of: `npx tsx bench/web/first-screen-modules.ts [en|mr] [top]`
 * after `npm run build` (which writes dist/.vite/module-stats.json, apps/web/build/module-stats.ts).
 * Each script file's sent bytes (brotli, as first-screens-size.ts counts them) are shared among its modules
 * in proportion to their length before minifying: an estimate, good to find the big ones. Prints, per
 * screen, the packages (and the app's own folders) by size, then the largest modules; stylesheets and
 * message chunks as whole files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { firstScreenSizes } from './first-screens-size';
import { WEB_DIST } from './server';

type ModuleStats = Record<string, Record<string, number>>;

/** A module's group: its package (`@mantine/core`), or the app's folder (`web: features/attendance`). */
function groupOf(id: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (inPackage) return inPackage[1]!;
  const inWeb = /apps\/web\/src\/((?:features|app\/routes|app|components|lib|locales)\/?[^/]*|[^/]+$)/.exec(clean);
  if (inWeb) return `web: ${inWeb[1]}`;
  const inShared = /packages\/shared\/src\/(.*)/.exec(clean);
  if (inShared) return `shared: ${inShared[1]!.split('/')[0]}`;
  return clean;
}

/** A module's short name for the list. */
function nameOf(id: string): string {
  return id.replace(/\?.*$/, '').replace(/^\0/, '').replace(/^.*node_modules\//, '').replace(/^.*\/apps\/web\/src\//, 'web/').replace(/^.*\/packages\/shared\/src\//, 'shared/');
}

const language = process.argv[2] ?? 'en';
const top = Number(process.argv[3] ?? 25);
const statsFile = path.join(WEB_DIST, '.vite/module-stats.json');
if (!fs.existsSync(statsFile)) throw new Error(`No ${statsFile}: run npm run build first`);
const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as ModuleStats;

for (const screen of await firstScreenSizes(language)) {
  const groups = new Map<string, number>();
  const modules = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, bytes: number) => map.set(key, (map.get(key) ?? 0) + bytes);
  for (const { file, bytes } of screen.files) {
    const chunk = stats[file];
    if (!chunk || Object.keys(chunk).length === 0) {
      add(groups, file.endsWith('.css') ? `stylesheet ${file}` : `file ${file}`, bytes);
      continue;
    }
    const total = Object.values(chunk).reduce((sum, length) => sum + length, 0) || 1;
    for (const [id, length] of Object.entries(chunk)) {
      const share = (bytes * length) / total;
      add(groups, groupOf(id), share);
      add(modules, nameOf(id), share);
    }
  }
  const kb = (bytes: number) => (bytes / 1000).toFixed(1).padStart(6);
  console.log(`\n${kb(screen.bytes)} kB  ${screen.path} (${language}), ${screen.files.length} files`);
  console.log('  by package or folder:');
  for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${kb(bytes)}  ${group}`);
  console.log('  largest modules:');
  for (const [module, bytes] of [...modules].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${kb(bytes)}  ${module}`);
}
