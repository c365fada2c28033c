import path from 'node:path';
import type { Plugin } from 'vite';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { FIRST_SCREEN_MESSAGES } from '../src/lib/message-areas';
import { areaFiles, areaFilesOf, inArea, MESSAGE_CHUNKS, type ImportGraph, type MessageChunk } from './message-areas';

const AREA_CHUNK = /\/src\/locales\/(\w+)\/(app|public)\.po\?area=([\w-]+)$/;

/**
 * `import('../locales/mr/app.po?area=student')`: the signed-in catalog's messages in Marathi that the
 * student's screens can reach (build/message-areas.ts; or `?area=student-dashboard`, that first screen's), compiled as @lingui/vite-plugin compiles a whole
 * catalog (a bare `app.po` import still gives all of it). The translations stay in the one app.po.
 * `public.po?area=student-dashboard`: the public catalog's messages that first screen reaches (decision 102).
 */
export function areaMessages(): Plugin {
  const webDir = path.resolve(import.meta.dirname, '..');
  const config = getConfig({ configPath: path.join(webDir, 'lingui.config.ts') });
  // lingui.config.ts names them; the type leaves them optional.
  const [rootDir, sourceLocale, fallbackLocales] = [config.rootDir ?? webDir, config.sourceLocale ?? 'en', config.fallbackLocales || {}];
  let files: Promise<Record<MessageChunk, Set<string>>> | undefined;
  return {
    name: 'academy-area-messages',
    // In development an edit may add an import: the areas are read again at the next request.
    handleHotUpdate() {
      files = undefined;
    },
    // The imports read from the sources must hold every one the build followed: a file an area reaches
    // that the reading missed would show its messages' ids instead of their words. Checked on each build.
    buildEnd(error) {
      if (error || !files) return;
      const graph: ImportGraph = new Map();
      const relative = (id: string) => (id.startsWith(`${webDir}/src/`) && /\.tsx?$/.test(id) ? path.relative(webDir, id) : undefined);
      for (const id of this.getModuleIds()) {
        const file = relative(id);
        const info = this.getModuleInfo(id);
        if (!file || !info) continue;
        const within = (ids: readonly string[]) => ids.map(relative).filter((found): found is string => found !== undefined);
        graph.set(file, { statics: within(info.importedIds), dynamics: within(info.dynamicallyImportedIds) });
      }
      return files.then((read) => {
        const built = areaFilesOf(graph);
        const missed = MESSAGE_CHUNKS.flatMap((area) => [...built[area]].filter((file) => !read[area].has(file)).map((file) => `${area}: ${file}`));
        if (missed.length > 0) throw new Error(`build/message-areas.ts did not see these files reached by an area (their messages would be missing):\n${missed.join('\n')}`);
      });
    },
    async transform(_source, id) {
      const match = AREA_CHUNK.exec(id);
      if (!match) return null;
      const [, locale, catalog, area] = match as unknown as [string, string, 'app' | 'public', MessageChunk];
      if (!MESSAGE_CHUNKS.includes(area)) throw new Error(`${id}: no such message area (build/message-areas.ts)`);
      // The public catalog comes in a part of its own for a drawn first screen only (its public messages, decision 102).
      if (catalog === 'public' && !(area in FIRST_SCREEN_MESSAGES)) throw new Error(`${id}: the public catalog has parts for the first screens only`);
      files ??= Promise.resolve(areaFiles(webDir));
      const reached = (await files)[area];
      const file = id.split('?')[0]!;
      this.addWatchFile(file);
      const found = getCatalogForFile(path.relative(rootDir, file), await getCatalogs(config));
      if (!found) throw new Error(`${id}: not a catalog of lingui.config.ts`);
      const origins = (await found.catalog.read(sourceLocale)) ?? {};
      const { messages } = await found.catalog.getTranslations(locale, { fallbackLocales, sourceLocale });
      const mine = Object.fromEntries(Object.entries(messages).filter(([messageId]) => inArea((origins[messageId]?.origin ?? []).map(([origin]) => origin), reached)));
      const { source: code, errors } = createCompiledCatalog(locale, mine, { namespace: 'es' });
      if (errors.length > 0) throw new Error(`${id}: ${errors.length} messages do not compile`);
      return { code, map: null, moduleType: 'js' };
    },
  };
}
