import { defineConfig } from 'vitest/config';
import babel from '@rolldown/plugin-babel';
import { linguiMacro } from './build/lingui-macro';

export default defineConfig({
  // Web files use Lingui's macros; the tests transform them as the build does (vite.config.ts).
  plugins: [babel({ presets: [linguiMacro] })],
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The catalog test extracts every message of the code with Babel.
    testTimeout: 60_000,
  },
});
