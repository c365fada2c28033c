import path from 'node:path';
import { getConfig } from '@lingui/conf';
import { defineRolldownBabelPreset } from '@rolldown/plugin-babel';

// Named explicitly: Lingui otherwise searches from the working directory, and the unit tests run from
// the repository's root, where there is no lingui.config.ts.
const linguiConfig = getConfig({ configPath: path.join(import.meta.dirname, '..', 'lingui.config.ts') });

/**
 * Lingui 5's macro plugin as a Babel preset that runs only on files importing a Lingui macro, so the
 * other few hundred modules skip Babel entirely (Vite 8's React plugin no longer uses Babel).
 * Shared by the build (vite.config.ts) and the web unit tests (vitest.config.ts).
 */
export const linguiMacro = defineRolldownBabelPreset({
  preset: () => ({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] }),
  rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro|@lingui\/macro/ } },
});
