import os from 'node:os';
import { defineConfig } from 'vitest/config';

// API test files wait on PostgreSQL most of the time (each has its own database cloned from the
// template), so one more file than the machine has cores keeps both busy; Vitest's default (cores - 1)
// ran them one at a time on a 2-core machine (issue 52). Set here for every project: Vitest runs
// projects with different worker counts only in separate groups. API_TEST_WORKERS overrides it.
const workers = Number(process.env.API_TEST_WORKERS) || os.availableParallelism() + 1;

// One run for every workspace: `npx vitest run` at the root (each project has its own config).
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      // The rules docs/ARCHITECTURE.md states, checked against the sources (issue 61).
      { test: { name: 'architecture', include: ['scripts/architecture/**/*.test.ts'] } },
    ],
    maxWorkers: workers,
  },
});
