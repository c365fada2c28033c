import { defineConfig } from 'vitest/config';

// One run for every workspace: `npx vitest run` at the root (each project has its own config).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
  },
});
