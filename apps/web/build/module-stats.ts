import type { Plugin } from 'vite';

/** Where the browser build's module list goes (read by bench/web/first-screen-modules.ts). */
export const MODULE_STATS_FILE = '.vite/module-stats.json';

/** One built chunk's modules: source id → its rendered length (characters, before minifying). */
export type ModuleStats = Record<string, Record<string, number>>;

/**
 * `dist/.vite/module-stats.json`: which modules each built chunk holds and how much of it each one is
 * (Rolldown's rendered length, before minifying), for `npx tsx bench/web/first-screen-modules.ts`, which
 * shares each first screen's sent bytes among them. Beside Vite's manifest, never served or cached.
 */
export function moduleStats(): Plugin {
  return {
    name: 'academy-module-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const stats: ModuleStats = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        stats[output.fileName] = Object.fromEntries(Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]));
      }
      this.emitFile({ type: 'asset', fileName: MODULE_STATS_FILE, source: JSON.stringify(stats) });
    },
  };
}
