import os from 'node:os';
import { defineConfig } from 'vitest/config';

// API test files wait on PostgreSQL most of the time (each has its own database cloned from the
// template), so one more file than the machine has cores keeps both busy; Vitest's default (cores - 1)
// ran them one at a time on a 2-core machine (issue 52). API_TEST_WORKERS overrides it.
const workers = Number(process.env.API_TEST_WORKERS) || os.availableParallelism() + 1;

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: workers,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
