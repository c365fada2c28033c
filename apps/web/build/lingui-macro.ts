import { defineRolldownBabelPreset } from '@rolldown/plugin-babel';

/**
 * Lingui 5's macro plugin as a Babel preset that runs only on files importing a Lingui macro, so the
 * other few hundred modules skip Babel entirely (Vite 8's React plugin no longer uses Babel).
 * Shared by the build (vite.config.ts) and the web unit tests (vitest.config.ts).
 */
export const linguiMacro = defineRolldownBabelPreset({
  preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro|@lingui\/macro/ } },
});
